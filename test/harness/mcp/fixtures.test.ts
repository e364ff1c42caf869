/**
 * Self-tests of the MCP test servers, driven by the SDK's own `Client`: each fixture behaves as its
 * brief says, and the SDK client reacts to its faults the way `MCPClient` (src/mcp) relies on.
 */
/* eslint-disable @typescript-eslint/no-deprecated -- the legacy SSE transport is under test */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  ErrorCode,
  LATEST_PROTOCOL_VERSION,
  McpError,
  ToolListChangedNotificationSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ALL_CONTENT_RESULT, STRUCTURED_CONTENT } from "./fixture-content.js";
import { startHttpFixture, type HttpFixture, type HttpFixtureOptions } from "./http-fixture.js";
import {
  createFixtureScratch,
  readEvents,
  stdioFixtureCommand,
  waitForEvent,
} from "./stdio-fixture-command.js";

const BUILT_IN_TOOLS = [
  "echo",
  "get.weather",
  "all_content",
  "fail",
  "slow",
  "hang",
  "add_tool",
  "stderr_noise",
  "crash",
  "garble",
];

// vi.waitFor's default (1 s) is too short for a child that starts in more than a second under load.
const WAIT = { timeout: 10_000, interval: 20 };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  const all = cleanups.splice(0).reverse();
  for (const cleanup of all) await cleanup();
});

/** A connected SDK client that counts `tools/list_changed` and keeps what `onerror` saw. */
interface Connected {
  readonly client: Client;
  readonly errors: Error[];
  readonly listChanged: { count: number };
}

/** `each`: closed after this test; `all`: the caller closes it (a shared client, in `afterAll`). */
async function connect(transport: Transport, scope: "each" | "all" = "each"): Promise<Connected> {
  const client = new Client({ name: "fixtures-test", version: "1.0.0" });
  const errors: Error[] = [];
  const listChanged = { count: 0 };
  client.onerror = (error) => errors.push(error);
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    listChanged.count += 1;
  });
  if (scope === "each") cleanups.push(() => client.close());
  await client.connect(transport);
  return { client, errors, listChanged };
}

const scratch = createFixtureScratch();
afterAll(() => {
  scratch.remove();
});

async function stdio(options: { badSchema?: boolean } = {}, scope: "each" | "all" = "each") {
  const eventsFile = scratch.eventsFile();
  const transport = new StdioClientTransport({
    ...stdioFixtureCommand({ eventsFile, cwd: scratch.cwd, home: scratch.home, ...options }),
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const connected = await connect(transport, scope);
  return { ...connected, transport, eventsFile, stderr: () => stderr };
}

async function http(options: HttpFixtureOptions): Promise<HttpFixture> {
  const fixture = await startHttpFixture(options);
  // Registered first, so it runs after the clients (cleanups run in reverse).
  cleanups.unshift(() => fixture.close());
  return fixture;
}

const clientTransport = (fixture: HttpFixture, kind: HttpFixtureOptions["transport"]) =>
  kind === "sse"
    ? new SSEClientTransport(new URL(fixture.url))
    : new StreamableHTTPClientTransport(new URL(fixture.url));

const texts = (result: unknown): string[] =>
  (result as CallToolResult).content.flatMap((block) =>
    block.type === "text" ? [block.text] : [],
  );

describe("the stdio fixture", () => {
  // A child costs a second or more to start (node, tsx, the SDK), so the tests that leave the
  // server usable share one, in this order; `crash` gets its own.
  let shared: Awaited<ReturnType<typeof stdio>>;
  beforeAll(async () => {
    shared = await stdio({ badSchema: true }, "all");
  });
  afterAll(async () => {
    await shared.client.close();
  });
  /** The events recorded from now on. */
  const eventsFrom = () => {
    const seen = readEvents(shared.eventsFile).length;
    return () => readEvents(shared.eventsFile).slice(seen);
  };

  it("says it is ready on stderr and lists the catalogue with bad_schema, verbatim", async () => {
    expect(shared.stderr()).toContain("fixture ready\n");
    const listed = await shared.client.listTools();
    expect(listed.tools.map((tool) => tool.name)).toEqual([...BUILT_IN_TOOLS, "bad_schema"]);
    expect(listed.tools.find((tool) => tool.name === "echo")).toMatchObject({
      description: "Echo the text back.",
      annotations: { readOnlyHint: true },
      inputSchema: { required: ["text"] },
    });
    expect(listed.tools.find((tool) => tool.name === "get.weather")?.annotations).toBeUndefined();
    // Finding: Client.listTools checks only `type: "object"` and that properties are objects, so a
    // property type JSON Schema does not have reaches the caller verbatim.
    expect(listed.tools.find((tool) => tool.name === "bad_schema")?.inputSchema).toEqual({
      type: "object",
      properties: { x: { type: "no-such-type" } },
    });
    expect(texts(await shared.client.callTool({ name: "bad_schema", arguments: {} }))).toEqual([
      "should not be called",
    ]);
  });

  it("echoes, reports the weather, fails on purpose, and records every call", async () => {
    const { client } = shared;
    const recorded = eventsFrom();
    expect(texts(await client.callTool({ name: "echo", arguments: { text: "hi" } }))).toEqual([
      "echo: hi",
    ]);
    expect(
      texts(await client.callTool({ name: "get.weather", arguments: { city: "Oslo" } })),
    ).toEqual(["The weather in Oslo is sunny."]);
    const failed = await client.callTool({ name: "fail", arguments: {} });
    expect(failed.isError).toBe(true);
    expect(texts(failed)).toEqual(["the tool failed on purpose"]);
    await expect(client.callTool({ name: "nope", arguments: {} })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
    });
    expect(recorded().map((event) => [event.type, event.tool])).toEqual([
      ["called", "echo"],
      ["called", "get.weather"],
      ["called", "fail"],
      ["called", "nope"],
    ]);
  });

  it("returns all six content kinds in order, with structured content matching its output schema", async () => {
    // The SDK client validates structured content against the output schema of listed tools (the
    // first test listed them).
    const result = await shared.client.callTool({ name: "all_content", arguments: {} });
    expect(result.content).toEqual(ALL_CONTENT_RESULT.content);
    expect(result.structuredContent).toEqual(STRUCTURED_CONTENT);
  });

  it("records the cancellation of slow when the client aborts the call", async () => {
    const { client, eventsFile } = shared;
    const controller = new AbortController();
    const call = client.callTool({ name: "slow", arguments: { ms: 20_000 } }, undefined, {
      signal: controller.signal,
    });
    const started = await waitForEvent(
      eventsFile,
      (e) => e.type === "started" && e.tool === "slow",
    );
    controller.abort();
    // Finding: an aborted call rejects with McpError RequestTimeout (-32001) carrying the reason.
    await expect(call).rejects.toMatchObject({ code: ErrorCode.RequestTimeout });
    const cancelled = await waitForEvent(eventsFile, (e) => e.type === "cancelled");
    expect(cancelled).toMatchObject({ tool: "slow", requestId: started.requestId });
    expect(texts(await client.callTool({ name: "slow", arguments: { ms: 1 } }))).toEqual([
      "slept 1",
    ]);
    expect(readEvents(eventsFile).some((e) => e.type === "completed")).toBe(true);
  });

  it("hang never answers and records that it ignored the cancellation", async () => {
    const { client, eventsFile } = shared;
    const controller = new AbortController();
    const call = client.callTool({ name: "hang", arguments: {} }, undefined, {
      signal: controller.signal,
    });
    await waitForEvent(eventsFile, (e) => e.type === "started" && e.tool === "hang");
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(McpError);
    await waitForEvent(eventsFile, (e) => e.type === "cancel-ignored");
  });

  it("stderr_noise writes 200 KB to stderr and still answers", async () => {
    const before = shared.stderr().length;
    expect(texts(await shared.client.callTool({ name: "stderr_noise", arguments: {} }))).toEqual([
      "noisy",
    ]);
    await vi.waitFor(() => {
      expect(shared.stderr().length - before).toBeGreaterThanOrEqual(200 * 1024);
    }, WAIT);
  });

  it("garble writes a non-JSON line and a non-JSON-RPC line, each reaching onerror", async () => {
    const { client, errors } = shared;
    const seen = errors.length;
    const controller = new AbortController();
    const call = client.callTool({ name: "garble", arguments: {} }, undefined, {
      signal: controller.signal,
    });
    await vi.waitFor(() => {
      expect(errors.length - seen).toBe(2);
    }, WAIT);
    // Finding: the line that is not JSON gives JSON.parse's SyntaxError; the JSON that is not a
    // JSON-RPC message gives the SDK schema's ZodError. The connection stays up.
    const [notJson, notJsonRpc] = errors.slice(seen);
    expect(notJson).toBeInstanceOf(SyntaxError);
    expect(notJson?.message).toContain("this is not json-rpc");
    expect(notJsonRpc?.name).toBe("ZodError");
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(McpError);
    expect(texts(await client.callTool({ name: "echo", arguments: { text: "up" } }))).toEqual([
      "echo: up",
    ]);
  });

  it("add_tool announces a changed list and lists late afterwards", async () => {
    const { client, listChanged } = shared;
    expect(texts(await client.callTool({ name: "add_tool", arguments: {} }))).toEqual(["added"]);
    await vi.waitFor(() => {
      expect(listChanged.count).toBe(1);
    }, WAIT);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("late");
    expect(texts(await client.callTool({ name: "late", arguments: {} }))).toEqual(["late tool"]);
  });

  it("crash exits the process with code 3 before answering", async () => {
    const command = stdioFixtureCommand({ cwd: scratch.cwd, home: scratch.home });
    const child = spawn(command.command, command.args, {
      cwd: command.cwd,
      env: command.env,
      stdio: ["pipe", "pipe", "ignore"],
    });
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    });
    const exited = once(child, "exit");
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: LATEST_PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: "raw", version: "1.0.0" },
      },
    });
    await vi.waitFor(() => {
      expect(stdout).toContain('"id":1');
    }, WAIT);
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "crash", arguments: {} } });
    expect(await exited).toEqual([3, null]);
    expect(stdout).not.toContain('"id":2');
  });

  it("crash ends the child under the SDK client; the call in flight rejects with ConnectionClosed", async () => {
    const { client, transport, eventsFile } = await stdio();
    // Without MCP_FIXTURE_BAD_SCHEMA the catalogue has no bad_schema.
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(BUILT_IN_TOOLS);
    const pid = transport.pid;
    const closed = new Promise<void>((resolve) => (client.onclose = resolve));
    // Finding: the SDK rejects every pending request with McpError ConnectionClosed (-32000).
    await expect(client.callTool({ name: "crash", arguments: {} })).rejects.toMatchObject({
      code: ErrorCode.ConnectionClosed,
    });
    await closed;
    expect(readEvents(eventsFile).map((event) => event.type)).toEqual(["called", "crash"]);
    expect(pid).not.toBeNull();
    expect(() => process.kill(pid!, 0)).toThrow();
  });
});

describe.each(["streamable", "sse"] as const)("the HTTP fixture over %s", (kind) => {
  it("lists the catalogue and echoes", async () => {
    const fixture = await http({ transport: kind, badSchema: true });
    const { client } = await connect(clientTransport(fixture, kind));
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual([...BUILT_IN_TOOLS, "bad_schema"]);
    expect(texts(await client.callTool({ name: "echo", arguments: { text: "hi" } }))).toEqual([
      "echo: hi",
    ]);
    expect(fixture.sessionCount()).toBe(1);
    expect(fixture.events.map((event) => event.type)).toEqual(["called"]);
  });

  it("returns all six content kinds, and says crash and garble are stdio only", async () => {
    const fixture = await http({ transport: kind });
    const { client } = await connect(clientTransport(fixture, kind));
    await client.listTools();
    const result = await client.callTool({ name: "all_content", arguments: {} });
    expect(result.content).toEqual(ALL_CONTENT_RESULT.content);
    expect(result.structuredContent).toEqual(STRUCTURED_CONTENT);
    for (const name of ["crash", "garble"]) {
      const refused = await client.callTool({ name, arguments: {} });
      expect(refused.isError).toBe(true);
      expect(texts(refused)).toEqual([`${name} is stdio only`]);
    }
    expect(texts(await client.callTool({ name: "stderr_noise", arguments: {} }))).toEqual([
      "noisy",
    ]);
  });

  it("records the cancellation of slow", async () => {
    const fixture = await http({ transport: kind });
    const { client } = await connect(clientTransport(fixture, kind));
    const controller = new AbortController();
    const call = client.callTool({ name: "slow", arguments: { ms: 20_000 } }, undefined, {
      signal: controller.signal,
    });
    await fixture.waitForEvent((e) => e.type === "started");
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: ErrorCode.RequestTimeout });
    await fixture.waitForEvent((e) => e.type === "cancelled" && e.tool === "slow");
  });

  it("add_tool notifies the calling session and every other one", async () => {
    const fixture = await http({ transport: kind });
    const caller = await connect(clientTransport(fixture, kind));
    const other = await connect(clientTransport(fixture, kind));
    // The other session hears it on its notification stream (GET), which must be open first.
    await vi.waitFor(() => {
      expect(fixture.notificationStreams()).toBe(2);
    }, WAIT);
    await caller.client.callTool({ name: "add_tool", arguments: {} });
    await vi.waitFor(() => {
      expect([caller.listChanged.count, other.listChanged.count]).toEqual([1, 1]);
    }, WAIT);
    expect((await other.client.listTools()).tools.map((tool) => tool.name)).toContain("late");
  });

  it("a dropped session makes the next call fail with HTTP 404", async () => {
    const fixture = await http({ transport: kind });
    const { client } = await connect(clientTransport(fixture, kind));
    await client.listTools();
    fixture.dropSessions();
    expect(fixture.sessionCount()).toBe(0);
    const failure: unknown = await client.callTool({ name: "echo", arguments: { text: "x" } }).then(
      () => undefined,
      (error: unknown) => error,
    );
    // Findings: Streamable HTTP rejects with StreamableHTTPError whose `code` is the HTTP status;
    // the SSE transport rejects with a plain Error whose message names the status.
    if (kind === "streamable") {
      expect(failure).toBeInstanceOf(StreamableHTTPError);
      expect((failure as StreamableHTTPError).code).toBe(404);
    } else {
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toContain("HTTP 404");
    }
  });

  it("restart keeps the port and forgets the sessions", async () => {
    const fixture = await http({ transport: kind });
    const first = await connect(clientTransport(fixture, kind));
    await first.client.callTool({ name: "add_tool", arguments: {} });
    await fixture.restart();
    expect(fixture.sessionCount()).toBe(0);
    const second = await connect(clientTransport(fixture, kind));
    const names = (await second.client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(BUILT_IN_TOOLS);
    expect(new URL(fixture.url).port).toBe(String(fixture.port));
  });

  it("requiredHeaders answers 401 without them and serves with them", async () => {
    const headers = { authorization: "Bearer fixture-token" };
    const fixture = await http({ transport: kind, requiredHeaders: headers });
    const bare = new Client({ name: "fixtures-test", version: "1.0.0" });
    cleanups.push(() => bare.close());
    const refused: unknown = await bare.connect(clientTransport(fixture, kind)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: 401 });
    const url = new URL(fixture.url);
    const transport =
      kind === "sse"
        ? new SSEClientTransport(url, { requestInit: { headers } })
        : new StreamableHTTPClientTransport(url, { requestInit: { headers } });
    const { client } = await connect(transport);
    expect(texts(await client.callTool({ name: "echo", arguments: { text: "in" } }))).toEqual([
      "echo: in",
    ]);
  });
});

describe("the SSE fixture", () => {
  it("after a restart, the SDK's SSE client re-attaches to a fresh, never initialised session", async () => {
    const fixture = await http({ transport: "sse" });
    const { client, errors } = await connect(clientTransport(fixture, "sse"));
    await fixture.restart();
    // Finding: the first call after the restart names the lost session and gets 404; then the
    // EventSource reconnects by itself, the new stream names a new session, and calls succeed
    // on it without any `initialize` (a server that insists on one would refuse them).
    await expect(client.callTool({ name: "echo", arguments: { text: "lost" } })).rejects.toThrow(
      "HTTP 404",
    );
    await vi.waitFor(async () => {
      const result = await client.callTool({ name: "echo", arguments: { text: "back" } });
      expect(texts(result)).toEqual(["echo: back"]);
    }, WAIT);
    expect(fixture.sessionCount()).toBe(1);
    expect(errors.some((error) => error.message.startsWith("SSE error"))).toBe(true);
  });
});

describe("the streamable HTTP fixture", () => {
  it("ends a session on DELETE", async () => {
    const fixture = await http({ transport: "streamable" });
    const transport = new StreamableHTTPClientTransport(new URL(fixture.url));
    await connect(transport);
    expect(fixture.sessionCount()).toBe(1);
    await transport.terminateSession();
    expect(fixture.sessionCount()).toBe(0);
  });

  it("serves statelessly: no session, and add_tool's notification rides on the call's own stream", async () => {
    const fixture = await http({ transport: "streamable", stateless: true });
    const transport = new StreamableHTTPClientTransport(new URL(fixture.url));
    const { client, listChanged } = await connect(transport);
    expect(transport.sessionId).toBeUndefined();
    expect(texts(await client.callTool({ name: "echo", arguments: { text: "s" } }))).toEqual([
      "echo: s",
    ]);
    await client.callTool({ name: "add_tool", arguments: {} });
    expect(listChanged.count).toBe(1);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("late");
    expect(fixture.sessionCount()).toBe(0);
  });

  it("closes with a call still hanging", async () => {
    const fixture = await http({ transport: "streamable" });
    const { client } = await connect(new StreamableHTTPClientTransport(new URL(fixture.url)));
    const call = client.callTool({ name: "hang", arguments: {} }).then(
      () => "answered",
      () => "failed",
    );
    await fixture.waitForEvent((e) => e.type === "started");
    await fixture.close();
    await client.close();
    expect(await call).toBe("failed");
  });
});
