import { afterAll, afterEach, describe, expect, it } from "vitest";
import { MCPClient, MCPError, MCPErrorCode } from "../../src/mcp/index.js";
import { Toolkit } from "../../src/tools/index.js";
import { ALL_CONTENT_KINDS, callTool, invokeAll } from "./mcp-test-kit.js";
import {
  BLOB_BYTES_0_TO_15_BASE64,
  PNG_1X1_BASE64,
  WAV_SILENCE_BASE64,
} from "../harness/mcp/fixture-content.js";
import {
  createFixtureScratch,
  readEvents,
  stdioFixtureCommand,
  waitForEvent,
} from "../harness/mcp/stdio-fixture-command.js";
import { useQuietLogger } from "../harness/quiet-logger.js";

useQuietLogger();

const scratch = createFixtureScratch();
afterAll(() => {
  scratch.remove();
});
const newEventsFile = () => scratch.eventsFile();
const fixtureCommand = (options: { eventsFile: string; badSchema?: boolean }) =>
  stdioFixtureCommand({ ...options, cwd: scratch.cwd, home: scratch.home });

const clients: MCPClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => (c.isConnected ? c.close() : Promise.resolve())));
});

async function connected(
  options: { badSchema?: boolean; executionTimeout?: number } = {},
): Promise<{ client: MCPClient; events: string }> {
  const events = newEventsFile();
  const client = new MCPClient({
    name: "fixture",
    isStateful: true,
    mcpConfig: {
      type: "stdio_mcp",
      ...fixtureCommand({ eventsFile: events, badSchema: options.badSchema ?? false }),
    },
    executionTimeout: options.executionTimeout,
  });
  clients.push(client);
  await client.connect();
  return { client, events };
}

describe("MCPClient over stdio (a real child process)", () => {
  it("connects, lists the tools with their annotations, and refuses a second connect", async () => {
    const { client } = await connected();
    expect(client.isConnected).toBe(true);
    const tools = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "mcp__fixture__echo",
        "mcp__fixture__getxweather",
        "mcp__fixture__slow",
      ]),
    );
    expect(tools.find((t) => t.toolName === "echo")?.isReadOnly).toBe(true);
    expect(tools.find((t) => t.toolName === "get.weather")?.isReadOnly).toBe(false);
    await expect(client.connect()).rejects.toMatchObject({
      code: MCPErrorCode.MCP_ALREADY_CONNECTED,
      message: "MCP 'fixture' is already connected. Call close() before reconnecting.",
    });
    await client.close();
    expect(client.isConnected).toBe(false);
    // connect → close → connect starts a fresh session.
    await client.connect();
    expect((await client.getTool("echo")).name).toBe("mcp__fixture__echo");
  });

  it("enableTools and disableTools filter the listing; getTool still finds filtered tools", async () => {
    const events = newEventsFile();
    const client = new MCPClient({
      name: "fixture",
      isStateful: true,
      mcpConfig: { type: "stdio_mcp", ...fixtureCommand({ eventsFile: events }) },
      enableTools: ["echo", "fail"],
    });
    clients.push(client);
    await client.connect();
    expect((await client.listTools()).map((t) => t.toolName)).toEqual(["echo", "fail"]);
    expect((await client.getTool("slow")).toolName).toBe("slow");
    const all = (await client.listRawTools()).length;
    const disabling = new MCPClient({
      name: "fixture",
      isStateful: true,
      mcpConfig: { type: "stdio_mcp", ...fixtureCommand({ eventsFile: events }) },
      disableTools: ["slow", "hang"],
    });
    clients.push(disabling);
    await disabling.connect();
    const left = (await disabling.listTools()).map((t) => t.toolName);
    expect(left).not.toContain("slow");
    expect(left).not.toContain("hang");
    expect(left.length).toBeGreaterThan(2);
    expect(all).toBe(2);
    await expect(client.getTool("nope")).rejects.toMatchObject({
      code: MCPErrorCode.MCP_TOOL_NOT_FOUND,
      message: "Tool 'nope' not found in MCP server 'fixture'",
    });
  });

  it("calls a tool and converts every content kind and structuredContent", async () => {
    const { client } = await connected();
    const [echo] = await invokeAll(await client.getTool("echo"), { text: "hi" });
    expect(echo).toMatchObject({ state: "running", content: [{ type: "text", text: "echo: hi" }] });
    const [all] = await invokeAll(await client.getTool("all_content"), {});
    expect(all?.content.map((b) => b.type)).toEqual(ALL_CONTENT_KINDS);
    expect(all?.content[1]).toMatchObject({
      source: { data: PNG_1X1_BASE64, media_type: "image/png" },
    });
    expect(all?.content[2]).toMatchObject({ source: { data: WAV_SILENCE_BASE64 } });
    const resource = all?.content[3];
    expect(resource?.type === "text" ? resource.text : "").toContain('"text": "resource text"');
    expect(all?.content[4]).toMatchObject({ source: { data: BLOB_BYTES_0_TO_15_BASE64 } });
    expect(all?.content[5]).toMatchObject({
      source: { type: "url", url: "https://example.com/doc.pdf" },
    });
    expect(all?.metadata).toEqual({ structured_content: { temperature: 21, unit: "C" } });
  });

  it("an isError result is an error chunk; the toolkit's response is in the error state", async () => {
    const { client } = await connected();
    const [chunk] = await invokeAll(await client.getTool("fail"), {});
    expect(chunk).toMatchObject({
      state: "error",
      content: [{ text: "the tool failed on purpose" }],
    });
    const toolkit = new Toolkit({ mcps: [client] });
    const response = (await callTool(toolkit, "mcp__fixture__fail", {})).response;
    expect(response.state).toBe("error");
  });

  it("an abort cancels the request on the server (notifications/cancelled seen there)", async () => {
    const { client, events } = await connected();
    const controller = new AbortController();
    const toolkit = new Toolkit({ mcps: [client] });
    const running = callTool(toolkit, "mcp__fixture__slow", { ms: 20_000 }, controller.signal);
    await waitForEvent(events, (e) => e.type === "started" && e.tool === "slow");
    controller.abort();
    expect((await running).response.state).toBe("interrupted");
    await waitForEvent(events, (e) => e.type === "cancelled" && e.tool === "slow");
    // The session is still good.
    expect(
      (await invokeAll(await client.getTool("echo"), { text: "after" }))[0]?.content[0],
    ).toMatchObject({
      text: "echo: after",
    });
  });

  it("a server that ignores cancellation is cut off at executionTimeout with a typed ERROR", async () => {
    const { client, events } = await connected({ executionTimeout: 0.3 });
    const toolkit = new Toolkit({ mcps: [client] });
    const response = (await callTool(toolkit, "mcp__fixture__hang", {})).response;
    expect(response.state).toBe("error");
    const text = response.content.map((b) => (b.type === "text" ? b.text : "")).join("");
    expect(text).toBe(
      "Error occurred when calling MCP tool: MCP server 'fixture' did not finish tool 'hang' " +
        "within 0.3 s; the request was cancelled.",
    );
    await waitForEvent(events, (e) => e.type === "cancel-ignored" && e.tool === "hang");
    const echo = (await callTool(toolkit, "mcp__fixture__echo", { text: "still" })).response;
    expect(echo.state).toBe("success");
  });

  it("a server that exits mid-call fails that call as lost, then reconnects once on the next", async () => {
    const { client, events } = await connected();
    const crash = await client.getTool("crash");
    let caught: unknown;
    try {
      await client.callRaw("crash", {}, new AbortController().signal);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MCPError);
    expect(caught).toMatchObject({
      code: MCPErrorCode.MCP_SESSION_LOST,
      server: "fixture",
      tool: "crash",
    });
    expect(crash.name).toBe("mcp__fixture__crash");
    // The next call starts a new server process, transparently.
    const [echo] = await invokeAll(await client.getTool("echo"), { text: "back" });
    expect(echo?.content[0]).toMatchObject({ text: "echo: back" });
    expect(readEvents(events).filter((e) => e.type === "crash")).toHaveLength(1);
    expect(client.isConnected).toBe(true);
  });

  it("malformed JSON-RPC: the unanswered call fails with a typed error naming server and tool", async () => {
    const { client } = await connected({ executionTimeout: 1 });
    await expect(client.callRaw("garble", {}, new AbortController().signal)).rejects.toMatchObject({
      code: MCPErrorCode.MCP_PROTOCOL_ERROR,
      server: "fixture",
      tool: "garble",
    });
    const [echo] = await invokeAll(await client.getTool("echo"), { text: "ok" });
    expect(echo?.content[0]).toMatchObject({ text: "echo: ok" });
  });

  it("a tool whose schema is not JSON Schema is left out; getTool names it; others work", async () => {
    const { client } = await connected({ badSchema: true });
    const names = (await client.listTools()).map((t) => t.toolName);
    expect(names).not.toContain("bad_schema");
    expect(names).toContain("echo");
    await expect(client.getTool("bad_schema")).rejects.toMatchObject({
      code: MCPErrorCode.MCP_INVALID_TOOL_SCHEMA,
      server: "fixture",
      tool: "bad_schema",
    });
    const toolkit = new Toolkit({ mcps: [client] });
    const schemas = (await toolkit.view()).schemas.map((s) => s.function.name);
    expect(schemas).toContain("mcp__fixture__echo");
    expect(schemas).not.toContain("mcp__fixture__bad_schema");
  });

  it("stderr is captured, bounded, and never inherited; a failed start quotes it", async () => {
    const { client } = await connected();
    const [noisy] = await invokeAll(await client.getTool("stderr_noise"), {});
    expect(noisy?.content[0]).toMatchObject({ text: "noisy" });
    const broken = new MCPClient({
      name: "broken",
      isStateful: true,
      mcpConfig: {
        type: "stdio_mcp",
        command: process.execPath,
        args: ["-e", "process.stderr.write('cannot start: missing config\\n'); process.exit(2)"],
      },
    });
    const error = await broken.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: MCPErrorCode.MCP_CONNECT_FAILED, server: "broken" });
    expect((error as Error).message).toContain("cannot start: missing config");
    expect(broken.isConnected).toBe(false);
  });

  it("tools/list_changed refreshes the toolkit's view", async () => {
    const { client } = await connected();
    const toolkit = new Toolkit({ mcps: [client] });
    const before = (await toolkit.view()).schemas.map((s) => s.function.name);
    expect(before).not.toContain("mcp__fixture__late");
    const changed = new Promise<void>((resolve) => {
      const sub = client.changes$?.subscribe(() => {
        sub?.unsubscribe();
        resolve();
      });
    });
    await callTool(toolkit, "mcp__fixture__add_tool", {});
    await changed;
    const after = (await toolkit.view()).schemas.map((s) => s.function.name);
    expect(after).toContain("mcp__fixture__late");
  });
});
