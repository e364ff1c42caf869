import { afterEach, describe, expect, it } from "vitest";
import { MCPClient, MCPErrorCode, type MCPClientOptions } from "../../src/mcp/index.js";
import { Toolkit } from "../../src/tools/index.js";
import { ALL_CONTENT_KINDS, callTool, invokeAll } from "./mcp-test-kit.js";
import {
  startHttpFixture,
  type HttpFixture,
  type HttpFixtureOptions,
} from "../harness/mcp/http-fixture.js";
import { useQuietLogger } from "../harness/quiet-logger.js";
import { freePort } from "../harness/free-port.js";

useQuietLogger();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function fixture(options: HttpFixtureOptions): Promise<HttpFixture> {
  const started = await startHttpFixture(options);
  cleanups.push(() => started.close());
  return started;
}

async function client(options: Partial<MCPClientOptions> & { url: string }): Promise<MCPClient> {
  const { url, ...rest } = options;
  const made = new MCPClient({
    name: "fixture",
    isStateful: true,
    mcpConfig: { type: "http_mcp", url, timeout: 10 },
    ...rest,
  });
  if (made.isStateful) {
    await made.connect();
    cleanups.push(async () => {
      if (made.isConnected) await made.close();
    });
  }
  return made;
}

const calls = (server: HttpFixture, tool: string) =>
  server.events.filter((e) => e.type === "called" && e.tool === tool).length;

for (const transport of ["streamable", "sse"] as const) {
  describe(`MCPClient over ${transport === "sse" ? "SSE" : "streamable HTTP"} (a real loopback server)`, () => {
    it("lists and calls tools; every content kind arrives", async () => {
      const server = await fixture({ transport });
      const mcp = await client({ url: server.url });
      const toolkit = new Toolkit({ mcps: [mcp] });
      const names = (await toolkit.view()).schemas.map((s) => s.function.name);
      expect(names).toEqual(
        expect.arrayContaining(["mcp__fixture__echo", "mcp__fixture__getxweather"]),
      );
      expect((await callTool(toolkit, "mcp__fixture__echo", { text: "over http" })).text).toBe(
        "echo: over http",
      );
      const [all] = await invokeAll(await mcp.getTool("all_content"), {});
      expect(all?.content.map((b) => b.type)).toEqual(ALL_CONTENT_KINDS);
    });

    it("headers reach the server: without the token the connect fails, with it it works", async () => {
      const server = await fixture({
        transport,
        requiredHeaders: { authorization: "Bearer s3cret" },
      });
      const refused = new MCPClient({
        name: "fixture",
        isStateful: true,
        mcpConfig: { type: "http_mcp", url: server.url, timeout: 5 },
      });
      await expect(refused.connect()).rejects.toMatchObject({
        code: MCPErrorCode.MCP_CONNECT_FAILED,
        server: "fixture",
      });
      expect(refused.isConnected).toBe(false);
      const mcp = await client({
        url: server.url,
        mcpConfig: {
          type: "http_mcp",
          url: server.url,
          headers: { authorization: "Bearer s3cret" },
        },
      });
      expect((await mcp.listTools()).length).toBeGreaterThan(3);
    });

    it("an abort cancels the call on the server", async () => {
      const server = await fixture({ transport });
      const toolkit = new Toolkit({ mcps: [await client({ url: server.url })] });
      const controller = new AbortController();
      const running = callTool(toolkit, "mcp__fixture__slow", { ms: 20_000 }, controller.signal);
      await server.waitForEvent((e) => e.type === "started" && e.tool === "slow");
      controller.abort();
      expect((await running).response.state).toBe("interrupted");
      await server.waitForEvent((e) => e.type === "cancelled" && e.tool === "slow");
    });

    it("a restart mid-session is reconnected once, transparently, on the next call", async () => {
      const server = await fixture({ transport });
      const mcp = await client({ url: server.url });
      const toolkit = new Toolkit({ mcps: [mcp] });
      expect((await callTool(toolkit, "mcp__fixture__echo", { text: "before" })).text).toBe(
        "echo: before",
      );
      await server.restart();
      const after = await callTool(toolkit, "mcp__fixture__echo", { text: "after" });
      expect(after.text).toBe("echo: after");
      expect(after.response.state).toBe("success");
      expect(after.text).toBe("echo: after");
      expect(calls(server, "echo")).toBe(2);
      expect(mcp.isConnected).toBe(true);
    });

    it("tools/list_changed refreshes the toolkit's view", async () => {
      const server = await fixture({ transport });
      const mcp = await client({ url: server.url });
      const toolkit = new Toolkit({ mcps: [mcp] });
      expect((await toolkit.view()).schemas.map((s) => s.function.name)).not.toContain(
        "mcp__fixture__late",
      );
      const changed = new Promise<void>((resolve) => {
        const sub = mcp.changes$?.subscribe(() => {
          sub?.unsubscribe();
          resolve();
        });
      });
      expect(mcp.changes$).toBeDefined();
      await callTool(toolkit, "mcp__fixture__add_tool", {});
      await changed;
      expect((await toolkit.view()).schemas.map((s) => s.function.name)).toContain(
        "mcp__fixture__late",
      );
      expect((await callTool(toolkit, "mcp__fixture__late", {})).text).toBe("late tool");
    });
  });
}

describe("MCPClient over streamable HTTP: sessions", () => {
  it("a lost session (HTTP 404) is retried once on a new session: the call runs exactly once", async () => {
    const server = await fixture({ transport: "streamable" });
    const mcp = await client({ url: server.url });
    const toolkit = new Toolkit({ mcps: [mcp] });
    await callTool(toolkit, "mcp__fixture__echo", { text: "one" });
    server.dropSessions();
    const again = await callTool(toolkit, "mcp__fixture__echo", { text: "two" });
    expect(again.text).toBe("echo: two");
    expect(calls(server, "echo")).toBe(2);
  });

  it("a stateless client opens a session per listing and call and keeps none", async () => {
    const server = await fixture({ transport: "streamable", stateless: true });
    const mcp = await client({ url: server.url, isStateful: false });
    expect(mcp.isConnected).toBe(true);
    const toolkit = new Toolkit({ mcps: [mcp] });
    expect((await callTool(toolkit, "mcp__fixture__echo", { text: "a" })).text).toBe("echo: a");
    expect((await callTool(toolkit, "mcp__fixture__echo", { text: "b" })).text).toBe("echo: b");
    expect(server.sessionCount()).toBe(0);
  });

  it("a stateless client against a stateful server leaves no session behind", async () => {
    const server = await fixture({ transport: "streamable" });
    const mcp = await client({ url: server.url, isStateful: false });
    expect((await mcp.listTools()).length).toBeGreaterThan(3);
    expect(
      (await mcp.callRaw("echo", { text: "x" }, new AbortController().signal)).content,
    ).toEqual([{ type: "text", text: "echo: x" }]);
    expect(server.sessionCount()).toBe(0);
  });

  it("§11 #85 an unreachable stateless server yields no tools and no exception", async () => {
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    const mcp = await client({ url, isStateful: false });
    const toolkit = new Toolkit({ mcps: [mcp] });
    expect((await toolkit.view()).schemas).toEqual([]);
  });
});
