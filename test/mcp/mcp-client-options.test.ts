import { describe, expect, it } from "vitest";
import {
  MCPClient,
  MCPError,
  MCPErrorCode,
  MCPTool,
  httpTransportOf,
  mcpToolName,
  type MCPClientOptions,
} from "../../src/mcp/index.js";
import { Toolkit } from "../../src/tools/index.js";
import { ValidationError } from "../../src/errors/index.js";

const stdio = { type: "stdio_mcp", command: "node", args: ["server.js"] } as const;
const http = { type: "http_mcp", url: "http://127.0.0.1:1/mcp" } as const;

function refusal(options: MCPClientOptions): MCPError {
  try {
    new MCPClient(options);
  } catch (error) {
    expect(error).toBeInstanceOf(MCPError);
    return error as MCPError;
  }
  throw new Error("the client was built");
}

describe("MCPClient construction (spec §7, §11 #87, the seed's common errors)", () => {
  it("§11 #87 a name outside [a-zA-Z0-9_-] is refused with the reference's text", () => {
    const error = refusal({ name: "a.b", isStateful: true, mcpConfig: stdio });
    expect(error.code).toBe(MCPErrorCode.MCP_INVALID_CONFIG);
    expect(error.message).toBe(
      "MCPClient name 'a.b' contains characters not allowed by LLM providers " +
        "(only [a-zA-Z0-9_-] are permitted). Please rename it.",
    );
    expect(refusal({ name: "my.server", isStateful: true, mcpConfig: stdio }).message).toContain(
      "'my.server'",
    );
    expect(refusal({ name: "", isStateful: true, mcpConfig: stdio }).code).toBe(
      MCPErrorCode.MCP_INVALID_CONFIG,
    );
  });

  it("§11 #87 stdio configured stateless is refused: STDIO MCP must be stateful", () => {
    const error = refusal({ name: "fs", isStateful: false, mcpConfig: stdio });
    expect(error.message).toBe("STDIO MCP must be stateful (is_stateful=True).");
  });

  it("§11 #87 overlapping enable and disable lists are refused, naming the overlap", () => {
    const error = refusal({
      name: "srv",
      isStateful: false,
      mcpConfig: http,
      enableTools: ["a", "b", "c"],
      disableTools: ["c", "b"],
    });
    expect(error.message).toBe(
      "The tools in enable_tools and disable_tools should not overlap, but got {'b', 'c'}.",
    );
  });

  it("enable and disable lists must be lists of strings", () => {
    const enable = refusal({
      name: "srv",
      isStateful: false,
      mcpConfig: http,
      enableTools: ["a", 1] as unknown as string[],
    });
    expect(enable.message).toBe("Enable tools should be a list of strings, but got ['a', 1].");
    const disable = refusal({
      name: "srv",
      isStateful: false,
      mcpConfig: http,
      disableTools: "a" as unknown as string[],
    });
    expect(disable.message).toBe("Disable tools should be a list of strings, but got 'a'.");
  });

  it("executionTimeout must be a positive number of seconds", () => {
    for (const bad of [0, -1, Number.NaN, "5", Number.POSITIVE_INFINITY]) {
      const error = refusal({
        name: "srv",
        isStateful: false,
        mcpConfig: http,
        executionTimeout: bad as number,
      });
      expect(error.code).toBe(MCPErrorCode.MCP_INVALID_CONFIG);
    }
  });

  it("a malformed config is a ValidationError naming the bad field", () => {
    expect(
      () =>
        new MCPClient({
          name: "srv",
          isStateful: false,
          mcpConfig: { type: "http_mcp", url: "ftp://h/x" },
        }),
    ).toThrow(ValidationError);
    expect(
      () =>
        new MCPClient({
          name: "srv",
          isStateful: true,
          mcpConfig: { type: "stdio_mcp", command: "x", shell: true } as never,
        }),
    ).toThrow(/shell/);
    expect(
      () => new MCPClient({ name: "srv", isStateful: true, mcpConfig: stdio, extra: 1 } as never),
    ).toThrow(ValidationError);
  });

  it("a stateful client not connected is refused by the toolkit with the reference's text", () => {
    const client = new MCPClient({ name: "filesystem", isStateful: true, mcpConfig: stdio });
    expect(client.isConnected).toBe(false);
    expect(() => new Toolkit({ mcps: [client] })).toThrow(
      "The MCP client 'filesystem' is stateful, but not connected.",
    );
  });

  it("a stateless client is connected and its connect and close are no-ops", async () => {
    const client = new MCPClient({ name: "weather", isStateful: false, mcpConfig: http });
    expect(client.isConnected).toBe(true);
    await client.connect();
    await client.close();
    expect(() => new Toolkit({ mcps: [client] })).not.toThrow();
  });

  it("close and calls of a stateful client that is not connected give the not-connected error", async () => {
    const client = new MCPClient({ name: "fs", isStateful: true, mcpConfig: stdio });
    const text = "MCP 'fs' is not connected. Call connect() first.";
    await expect(client.close()).rejects.toThrow(text);
    await expect(client.listTools()).rejects.toMatchObject({
      code: MCPErrorCode.MCP_NOT_CONNECTED,
      message: text,
    });
    await expect(client.getTool("x")).rejects.toThrow(text);
    await expect(client.callRaw("x", {}, new AbortController().signal)).rejects.toThrow(text);
  });
});

describe("MCP naming and transports (spec §7, §11 #88, #89)", () => {
  it("§11 #88 tool 'get.weather' on 'srv' is mcp__srv__getxweather", () => {
    expect(mcpToolName("srv", "get.weather")).toBe("mcp__srv__getxweather");
    expect(mcpToolName("srv", "a b:c/d")).toBe("mcp__srv__axbxcxd");
    // One replacement per character, as Python's re.sub over code points.
    expect(mcpToolName("srv", "tool😀")).toBe("mcp__srv__toolx");
    expect(mcpToolName("srv", "keep_-ME9")).toBe("mcp__srv__keep_-ME9");
  });

  it("§11 #89 the URL path picks SSE or streamable HTTP; the query string is ignored", () => {
    expect(httpTransportOf("https://h/sse?key=1")).toBe("sse");
    expect(httpTransportOf("https://h/api/messages/")).toBe("sse");
    expect(httpTransportOf("https://h/mcp")).toBe("streamable-http");
    expect(httpTransportOf("https://h/mcp?x=/sse")).toBe("streamable-http");
    expect(httpTransportOf("https://h/sse/")).toBe("streamable-http");
  });

  it("§11 #88 a readOnlyHint tool allows, any other asks with the reference's message", () => {
    const host = { name: "srv", callRaw: () => Promise.reject(new Error("unused")) };
    const readOnly = new MCPTool({
      host,
      tool: { name: "look", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
    });
    expect(readOnly.isReadOnly).toBe(true);
    expect(readOnly.checkPermissions()).toMatchObject({
      behavior: "allow",
      message: "This is a read-only MCP tool. Allowing execution.",
    });
    const writer = new MCPTool({
      host,
      tool: { name: "get.weather", inputSchema: { type: "object" } },
    });
    expect(writer.name).toBe("mcp__srv__getxweather");
    expect(writer.toolName).toBe("get.weather");
    expect(writer.isMcp).toBe(true);
    expect(writer.mcpName).toBe("srv");
    expect(writer.isConcurrencySafe).toBe(false);
    expect(writer.isStateInjected).toBe(false);
    expect(writer.description).toBe("");
    expect(writer.inputSchema).toEqual({ type: "object", properties: {}, required: [] });
    expect(writer.checkPermissions()).toMatchObject({
      behavior: "ask",
      message: "MCP tools must be explicitly allowed by the user.",
    });
  });

  it("the full input schema is kept ($defs, anyOf), with defaults filled only when absent", () => {
    const host = { name: "srv", callRaw: () => Promise.reject(new Error("unused")) };
    const inputSchema = {
      type: "object" as const,
      properties: {
        p: { $ref: "#/$defs/P" },
        q: { anyOf: [{ type: "string" }, { type: "null" }] },
      },
      required: ["p"],
      $defs: { P: { type: "object", properties: { x: { type: "integer" } } } },
    };
    const tool = new MCPTool({ host, tool: { name: "t", description: "d", inputSchema } });
    expect(tool.inputSchema).toEqual(inputSchema);
    expect(tool.description).toBe("d");
  });

  it("a schema that is not valid JSON Schema is refused naming the server and tool", () => {
    const host = { name: "srv", callRaw: () => Promise.reject(new Error("unused")) };
    const build = (inputSchema: Record<string, unknown>) => () =>
      new MCPTool({ host, tool: { name: "bad", inputSchema: inputSchema as never } });
    for (const schema of [
      { type: "object", properties: { x: { type: "no-such-type" } } },
      { type: "object", properties: { x: { minimum: "three" } } },
      { type: "object", properties: [] },
      { type: "string" },
    ]) {
      let caught: unknown;
      try {
        build(schema)();
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(MCPError);
      expect(caught).toMatchObject({
        code: MCPErrorCode.MCP_INVALID_TOOL_SCHEMA,
        server: "srv",
        tool: "bad",
      });
      expect((caught as Error).message).toContain("tool 'bad' of MCP server 'srv'");
    }
    // A draft-07 schema is checked by draft-07's rules (tuple items are valid there).
    expect(
      build({
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: { pair: { type: "array", items: [{ type: "string" }, { type: "number" }] } },
      }),
    ).not.toThrow();
  });
});
