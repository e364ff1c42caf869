import { describe, expect, it } from "vitest";
import { ActorscopeError } from "../../src/errors/index.js";
import {
  AgentOrientedError,
  createToolState,
  DeveloperOrientedError,
  RESET_TOOLS_DESCRIPTION,
  TOOL_INTERRUPTED_REMINDER,
  ToolErrorCode,
  ToolGroup,
  ToolGroupInactiveError,
  Toolkit,
  ToolNotFoundError,
  ToolResponse,
  type ToolChunk,
} from "../../src/tools/index.js";
import { collect, FakeSource, ScriptedTool, textOf, recordWarnings } from "./fixtures.js";

const warnings = recordWarnings();

const tool = (name: string, options: ConstructorParameters<typeof ScriptedTool>[0] = {}) =>
  new ScriptedTool({ name, ...options });

function group(name: string, options: Partial<ConstructorParameters<typeof ToolGroup>[0]> = {}) {
  return new ToolGroup({ name, description: `Group ${name}`, ...options });
}

/** Splits a callTool stream into its chunks and its final response. */
async function call(
  toolkit: Toolkit,
  name: string,
  input: string,
  options: Parameters<Toolkit["callTool"]>[1] = {},
): Promise<{ chunks: ToolChunk[]; response: ToolResponse }> {
  const items = await collect(toolkit.callTool({ id: "call_1", name, input }, options));
  const response = items.at(-1);
  expect(response).toBeInstanceOf(ToolResponse);
  for (const item of items.slice(0, -1)) expect(item).not.toBeInstanceOf(ToolResponse);
  return { chunks: items.slice(0, -1) as ToolChunk[], response: response as ToolResponse };
}

describe("Toolkit (§6.3)", () => {
  describe("construction", () => {
    it("§11.73 reserves the 'basic' group name", () => {
      expect(() => new Toolkit({ toolGroups: [new ToolGroup({ name: "basic" })] })).toThrow(
        "The 'basic' tool group is reserved for the default tool group. Don't include 'basic' in " +
          "the tool_groups argument when you also provide tools, skills or mcps in the constructor.",
      );
    });

    it("§11.73 rejects duplicate group names", () => {
      expect(() => new Toolkit({ toolGroups: [group("g"), group("g")] })).toThrow(
        "Tool groups must not contain duplicate tool groups.",
      );
    });

    it("§11.73 requires a description for a non-basic group", () => {
      expect(() => new ToolGroup({ name: "g" })).toThrow(
        "The tool group description is required for tool group 'g' (Only the 'basic' tool group " +
          "can have an optional description).",
      );
      expect(() => new ToolGroup({ name: "g" })).toThrow(
        expect.objectContaining({ code: ToolErrorCode.INVALID_TOOLKIT_CONFIG }),
      );
    });

    it("rejects a stateful source that is not connected", () => {
      const source = new FakeSource("fs", () => [], true, false);
      expect(() => new Toolkit({ mcps: [source] })).toThrow(
        "The MCP client 'fs' is stateful, but not connected.",
      );
      expect(() => new Toolkit({ toolGroups: [group("g", { sources: [source] })] })).toThrow(
        "The MCP client 'fs' is stateful, but not connected.",
      );
      expect(
        () => new Toolkit({ mcps: [new FakeSource("fs", () => [], true, true)] }),
      ).not.toThrow();
    });

    it("puts what it is given directly in the basic group, first", () => {
      const toolkit = new Toolkit({ tools: [tool("a")], toolGroups: [group("g")] });
      expect(toolkit.toolGroups.map((g) => g.name)).toEqual(["basic", "g"]);
      expect(toolkit.toolGroups[0]?.tools.map((t) => t.name)).toEqual(["a"]);
    });
  });

  describe("getToolSchemas", () => {
    it("§11.72 is empty for an empty toolkit", async () => {
      expect(await new Toolkit().getToolSchemas()).toEqual([]);
    });

    it("§11.72 offers exactly reset_tools when the only tools are in a non-basic group", async () => {
      const toolkit = new Toolkit({
        toolGroups: [group("group_1", { description: "Group 1", tools: [tool("hidden")] })],
      });
      expect(await toolkit.getToolSchemas()).toEqual([
        {
          type: "function",
          function: {
            name: "reset_tools",
            description: RESET_TOOLS_DESCRIPTION,
            parameters: {
              properties: {
                group_1: { default: false, description: "Group 1", type: "boolean" },
              },
              type: "object",
            },
          },
        },
      ]);
    });

    it("lists the basic tools, in order, with their schemas", async () => {
      const schema = {
        type: "object",
        title: "Input",
        properties: { q: { type: "string", title: "Q" } },
      };
      const toolkit = new Toolkit({
        tools: [tool("tool_1"), tool("tool_2", { inputSchema: schema })],
      });
      expect(await toolkit.getToolSchemas()).toEqual([
        {
          type: "function",
          function: {
            name: "tool_1",
            description: "The tool_1 tool.",
            parameters: { type: "object", properties: {} },
          },
        },
        {
          type: "function",
          function: {
            name: "tool_2",
            description: "The tool_2 tool.",
            parameters: { type: "object", properties: { q: { type: "string" } } },
          },
        },
      ]);
      expect(schema.title).toBe("Input");
    });

    it("orders reset_tools first, then basic, then activated groups in toolkit order", async () => {
      const toolkit = new Toolkit({
        tools: [tool("b1")],
        toolGroups: [group("g1", { tools: [tool("x")] }), group("g2", { tools: [tool("y")] })],
      });
      const names = async (groups: string[]) =>
        (await toolkit.getToolSchemas(groups)).map((s) => s.function.name);
      expect(await names([])).toEqual(["reset_tools", "b1"]);
      expect(await names(["g2"])).toEqual(["reset_tools", "b1", "y"]);
      expect(await names(["g2", "g1"])).toEqual(["reset_tools", "b1", "x", "y"]);
    });

    it("gives each tool's schema as the same frozen object while the tool is unchanged", async () => {
      const toolkit = new Toolkit({ tools: [tool("t")] });
      const [first] = await toolkit.getToolSchemas();
      const [second] = await toolkit.getToolSchemas();
      expect(second).toBe(first);
      expect(Object.isFrozen(first)).toBe(true);
      expect(Object.isFrozen(first?.function)).toBe(true);
    });

    it("is known at once (getStaticToolSchemas) only when no group has skills or sources", async () => {
      const plain = new Toolkit({
        tools: [tool("b1")],
        toolGroups: [group("g1", { tools: [tool("x")] })],
      });
      expect(plain.isStatic).toBe(true);
      expect(plain.getStaticToolSchemas(["g1"])).toEqual(await plain.getToolSchemas(["g1"]));
      const source = new FakeSource("srv", () => [tool("mcp__srv__t")]);
      const withSource = new Toolkit({ tools: [tool("local")], mcps: [source] });
      expect(withSource.isStatic).toBe(false);
      expect(withSource.getStaticToolSchemas()).toBeNull();
      expect(source.listings).toBe(0);
    });

    it("lists a group's tools before its sources' tools", async () => {
      const source = new FakeSource("srv", () => [tool("mcp__srv__t")]);
      const toolkit = new Toolkit({ tools: [tool("local")], mcps: [source] });
      expect((await toolkit.getToolSchemas()).map((s) => s.function.name)).toEqual([
        "local",
        "mcp__srv__t",
      ]);
    });

    it("asks the sources for their tools every time", async () => {
      let n = 0;
      const source = new FakeSource("srv", () => [tool(`t${++n}`)]);
      const toolkit = new Toolkit({ sources: [source] });
      expect((await toolkit.getToolSchemas()).map((s) => s.function.name)).toEqual(["t1"]);
      expect((await toolkit.getToolSchemas()).map((s) => s.function.name)).toEqual(["t2"]);
      expect(source.listings).toBe(2);
    });

    it("§11.85 skips an unreachable source with a warning instead of failing", async () => {
      const down = new FakeSource("down", () => Promise.reject(new Error("ECONNREFUSED")));
      const toolkit = new Toolkit({ mcps: [down] });
      expect(await toolkit.getToolSchemas()).toEqual([]);
      expect(warnings.some((w) => w.includes("'down'"))).toBe(true);
    });

    it("§11.85 keeps the other tools when one source fails", async () => {
      const down = new FakeSource("down", () => {
        throw new Error("boom");
      });
      const up = new FakeSource("up", () => [tool("remote")]);
      const toolkit = new Toolkit({ tools: [tool("local")], mcps: [down, up] });
      expect((await toolkit.getToolSchemas()).map((s) => s.function.name)).toEqual([
        "local",
        "remote",
      ]);
    });

    it("skips a source tool whose schema is not an object schema, with a warning", async () => {
      const source = new FakeSource("srv", () => [
        tool("bad", { inputSchema: { type: "array" } }),
        tool("good"),
      ]);
      const toolkit = new Toolkit({ sources: [source] });
      expect((await toolkit.getToolSchemas()).map((s) => s.function.name)).toEqual(["good"]);
      expect(warnings.some((w) => w.includes("'bad'"))).toBe(true);
    });

    it("rejects a local tool whose schema is not an object schema with properties", async () => {
      const toolkit = new Toolkit({ tools: [tool("bad", { inputSchema: { type: "array" } })] });
      await expect(toolkit.getToolSchemas()).rejects.toThrow(
        expect.objectContaining({
          code: ToolErrorCode.INVALID_INPUT_SCHEMA,
          message: "Invalid input_schema: {'type': 'array'}. ",
        }),
      );
    });

    it("lets a later tool with the same name replace an earlier one, keeping its position", async () => {
      const first = tool("dup", { run: () => "first" });
      const second = tool("dup", { run: () => "second" });
      const toolkit = new Toolkit({
        tools: [first, tool("other")],
        toolGroups: [group("g", { tools: [second] })],
      });
      const available = await toolkit.getAvailableTools(["g"]);
      expect([...available.keys()]).toEqual(["reset_tools", "dup", "other"]);
      expect(available.get("dup")).toEqual({ tool: second, group: "g" });
      expect(warnings).toContain("Duplicate tool name 'dup' found in group 'g', overwriting it.");
      expect(await toolkit.getTool("dup")).toBe(second);
    });

    it("shares frozen schema copies between listings", async () => {
      const toolkit = new Toolkit({ tools: [tool("a")] });
      const [first] = await toolkit.getToolSchemas();
      const [second] = await toolkit.getToolSchemas();
      expect(first?.function.parameters).toBe(second?.function.parameters);
      expect(Object.isFrozen(first?.function.parameters)).toBe(true);
    });
  });

  describe("getTool and checkToolAvailable", () => {
    const inGroup = tool("in_group");
    const toolkit = new Toolkit({
      tools: [tool("basic_tool")],
      toolGroups: [group("group_1", { tools: [inGroup] })],
    });

    it("finds a tool in any group, active or not", async () => {
      expect(await toolkit.getTool("in_group")).toBe(inGroup);
      expect(await toolkit.getTool("reset_tools")).toBe(toolkit.metaTool);
      expect(await toolkit.getTool("nope")).toBeUndefined();
    });

    it("§11.75 reports a tool of an inactive group, naming the group and reset_tools", async () => {
      const error = await toolkit.checkToolAvailable("in_group", []).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ToolGroupInactiveError);
      expect(error).toMatchObject({
        code: ToolErrorCode.TOOL_GROUP_INACTIVE,
        groupName: "group_1",
        message:
          "ToolGroupInactiveError: The tool 'in_group' in group 'group_1' is currently inactive. " +
          "You should first activate the group by calling the 'reset_tools' tool.",
      });
    });

    it("§11.75 resolves the tool once its group is activated", async () => {
      expect(await toolkit.checkToolAvailable("in_group", ["group_1"])).toBe(inGroup);
      expect(await toolkit.checkToolAvailable("basic_tool", [])).toBeDefined();
    });

    it("reports an unknown tool", async () => {
      const error = await toolkit.checkToolAvailable("x", ["group_1"]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ToolNotFoundError);
      expect((error as Error).message).toBe("ToolNotFoundError: The tool named 'x' doesn't exist.");
      expect(String(error)).toBe("ToolNotFoundError: The tool named 'x' doesn't exist.");
    });

    it("resolves a name to the same tool as the listing does", async () => {
      const a = tool("same");
      const b = tool("same");
      const c = tool("same");
      const kit = new Toolkit({
        tools: [a],
        sources: [new FakeSource("s", () => [b])],
        toolGroups: [group("g", { tools: [c] })],
      });
      expect(await kit.checkToolAvailable("same", [])).toBe(b);
      expect(await kit.checkToolAvailable("same", ["g"])).toBe(c);
      expect((await kit.getAvailableTools(["g"])).get("same")?.tool).toBe(c);
    });
  });

  describe("callTool", () => {
    it("§11.74 answers an unknown tool with one error chunk, then an error response", async () => {
      const { chunks, response } = await call(new Toolkit(), "x", "{}");
      expect(chunks).toHaveLength(1);
      expect(chunks[0]?.state).toBe("error");
      expect(textOf(chunks)).toBe("ToolNotFoundError: The tool named 'x' doesn't exist.");
      expect(response.toJSON()).toMatchObject({ id: "call_1", state: "error" });
      expect(textOf([response])).toBe("ToolNotFoundError: The tool named 'x' doesn't exist.");
    });

    it("answers a tool of an inactive group with the inactive text", async () => {
      const toolkit = new Toolkit({ toolGroups: [group("g", { tools: [tool("t")] })] });
      const { response } = await call(toolkit, "t", "{}");
      expect(response.state).toBe("error");
      expect(textOf([response])).toBe(
        "ToolGroupInactiveError: The tool 't' in group 'g' is currently inactive. You should " +
          "first activate the group by calling the 'reset_tools' tool.",
      );
      const state = createToolState({ tool_context: { activated_groups: ["g"] } });
      expect((await call(toolkit, "t", "{}", { state })).response.state).toBe("success");
    });

    it("streams the chunks, then the accumulated response with the call's id", async () => {
      const toolkit = new Toolkit({
        tools: [
          tool("stream", {
            async *run() {
              yield "1";
              yield "2";
            },
          }),
        ],
      });
      const { chunks, response } = await call(toolkit, "stream", "{}");
      expect(chunks.map((c) => textOf([c]))).toEqual(["1", "2"]);
      expect(response.toJSON()).toMatchObject({
        id: "call_1",
        state: "success",
        content: [expect.objectContaining({ text: "12" })],
      });
    });

    it("repairs malformed argument JSON", async () => {
      const toolkit = new Toolkit({ tools: [tool("echo")] });
      const { response } = await call(toolkit, "echo", "{'city': 'Chengdu',");
      expect(textOf([response])).toBe('{"city":"Chengdu"}');
    });

    it("answers unparsable arguments with the JSON reminder", async () => {
      const toolkit = new Toolkit({ tools: [tool("echo")] });
      const { chunks, response } = await call(toolkit, "echo", "[1]");
      expect(chunks).toHaveLength(1);
      expect(response.state).toBe("error");
      expect(textOf([response])).toMatch(
        /^<system-reminder>Error: Your argument string is decoded into a <class 'list'> object/,
      );
    });

    it("answers arguments that break the schema with the validation message, without running", async () => {
      let ran = false;
      const toolkit = new Toolkit({
        tools: [
          tool("GenerateStructuredOutput", {
            inputSchema: {
              type: "object",
              properties: { temperature: { type: "number" } },
              required: ["temperature"],
            },
            run: () => {
              ran = true;
              return "ok";
            },
          }),
        ],
      });
      const { response } = await call(
        toolkit,
        "GenerateStructuredOutput",
        '{"temperature": "hot"}',
      );
      expect(response.state).toBe("error");
      expect(textOf([response])).toBe(
        "Input validation failed for tool 'GenerateStructuredOutput': 'hot' is not of type 'number'",
      );
      expect(ran).toBe(false);
    });

    it("turns an error thrown by the tool into an error chunk with its message", async () => {
      const toolkit = new Toolkit({
        tools: [
          tool("failing", {
            async *run() {
              yield "partial ";
              throw new Error("disk full");
            },
          }),
        ],
      });
      const { chunks, response } = await call(toolkit, "failing", "{}");
      expect(chunks.map((c) => c.state)).toEqual(["running", "error"]);
      expect(response.state).toBe("error");
      expect(textOf([response])).toBe("partial disk full");
    });

    it("names agent-oriented errors by class, as Python's str() does", async () => {
      class QuotaExceededError extends AgentOrientedError {
        constructor() {
          super("QUOTA", "Try again tomorrow.");
        }
      }
      const toolkit = new Toolkit({
        tools: [
          tool("quota", {
            run: () => {
              throw new QuotaExceededError();
            },
          }),
        ],
      });
      expect(textOf([(await call(toolkit, "quota", "{}")).response])).toBe(
        "QuotaExceededError: Try again tomorrow.",
      );
    });

    it("prefixes errors of an MCP session as the reference does", async () => {
      const mcpError = Object.assign(new Error("MCP error -32603: boom"), { name: "McpError" });
      const toolkit = new Toolkit({
        tools: [
          tool("mcp_tool", {
            run: () => {
              throw mcpError;
            },
          }),
        ],
      });
      expect(textOf([(await call(toolkit, "mcp_tool", "{}")).response])).toBe(
        "Error occurred when calling MCP tool: MCP error -32603: boom",
      );
    });

    it("re-throws developer-oriented errors instead of showing them to the model", async () => {
      const toolkit = new Toolkit({
        tools: [tool("broken", { run: () => 7 as unknown as string })],
      });
      await expect(
        collect(toolkit.callTool({ id: "c", name: "broken", input: "{}" })),
      ).rejects.toThrow(DeveloperOrientedError);
    });

    it("gives the state only to state-injected tools", async () => {
      const seen: unknown[] = [];
      const record = (_input: unknown, context: { state: unknown }) => {
        seen.push(context.state);
        return "ok";
      };
      const state = createToolState();
      const toolkit = new Toolkit({
        tools: [
          tool("plain", { run: record }),
          tool("injected", { stateInjected: true, run: record }),
        ],
      });
      await call(toolkit, "plain", "{}", { state });
      await call(toolkit, "injected", "{}", { state });
      expect(seen).toEqual([undefined, state]);
    });

    it("ends an aborted call with the interruption reminder, keeping earlier output", async () => {
      const controller = new AbortController();
      let stopped = false;
      const toolkit = new Toolkit({
        tools: [
          tool("slow", {
            async *run(_input, { signal }) {
              yield "working";
              controller.abort();
              if (!signal.aborted) {
                await new Promise((resolve) => {
                  signal.addEventListener("abort", resolve);
                });
              }
              stopped = true;
              yield "never seen";
            },
          }),
        ],
      });
      const { chunks, response } = await call(toolkit, "slow", "{}", { signal: controller.signal });
      expect(chunks.map((c) => c.state)).toEqual(["running", "interrupted"]);
      expect(textOf([chunks[1]!])).toBe(TOOL_INTERRUPTED_REMINDER);
      expect(TOOL_INTERRUPTED_REMINDER).toBe(
        "<system-reminder>The tool call has been interrupted by the user.</system-reminder>",
      );
      expect(response.state).toBe("interrupted");
      expect(textOf([response])).toBe(`working${TOOL_INTERRUPTED_REMINDER}`);
      expect(stopped).toBe(true);
    });

    it("interrupts a tool that ignores the signal, without waiting for it", async () => {
      const controller = new AbortController();
      let release: () => void = () => undefined;
      const toolkit = new Toolkit({
        tools: [
          tool("stubborn", {
            run: () => {
              controller.abort();
              return new Promise<string>((resolve) => {
                release = () => {
                  resolve("too late");
                };
              });
            },
          }),
        ],
      });
      const { chunks, response } = await call(toolkit, "stubborn", "{}", {
        signal: controller.signal,
      });
      expect(chunks.map((c) => c.state)).toEqual(["interrupted"]);
      expect(response.state).toBe("interrupted");
      release();
    });

    it("interrupts a tool blocked in an await when the caller aborts between chunks", async () => {
      const controller = new AbortController();
      const toolkit = new Toolkit({
        tools: [
          tool("blocked", {
            async *run() {
              yield "first";
              await new Promise<never>(() => undefined);
            },
          }),
        ],
      });
      const states: string[] = [];
      for await (const item of toolkit.callTool(
        { id: "c", name: "blocked", input: "{}" },
        { signal: controller.signal },
      )) {
        states.push(item instanceof ToolResponse ? `response:${item.state}` : item.state);
        controller.abort();
      }
      expect(states).toEqual(["running", "interrupted", "response:interrupted"]);
    });

    it("lets the tool clean up when the caller stops reading early", async () => {
      let cleaned = false;
      const toolkit = new Toolkit({
        tools: [
          tool("endless", {
            async *run() {
              try {
                for (let i = 0; ; i++) yield String(i);
              } finally {
                cleaned = true;
              }
            },
          }),
        ],
      });
      for await (const item of toolkit.callTool({ id: "c", name: "endless", input: "{}" })) {
        expect(item).not.toBeInstanceOf(ToolResponse);
        break;
      }
      await new Promise((resolve) => setImmediate(resolve));
      expect(cleaned).toBe(true);
    });

    it("treats an error thrown because of the abort as an interruption", async () => {
      const controller = new AbortController();
      const toolkit = new Toolkit({
        tools: [
          tool("fetcher", {
            run: (_input, { signal }) => {
              controller.abort();
              signal.throwIfAborted();
              return "unreachable";
            },
          }),
        ],
      });
      const { response } = await call(toolkit, "fetcher", "{}", { signal: controller.signal });
      expect(response.state).toBe("interrupted");
      expect(textOf([response])).toBe(TOOL_INTERRUPTED_REMINDER);
    });

    it("does not start a tool when the signal has already fired", async () => {
      let ran = false;
      const toolkit = new Toolkit({
        tools: [
          tool("t", {
            run: () => {
              ran = true;
              return "ran";
            },
          }),
        ],
      });
      const { chunks, response } = await call(toolkit, "t", "{}", { signal: AbortSignal.abort() });
      expect(ran).toBe(false);
      expect(chunks.map((c) => c.state)).toEqual(["interrupted"]);
      expect(response.state).toBe("interrupted");
    });

    it("exposes the pre-run checks on their own", async () => {
      const toolkit = new Toolkit({ tools: [tool("echo")] });
      await expect(
        toolkit.prepareToolCall({ id: "c", name: "echo", input: '{"a": 1' }, []),
      ).resolves.toMatchObject({ input: { a: 1 } });
      await expect(
        toolkit.prepareToolCall({ id: "c", name: "zz", input: "{}" }, []),
      ).rejects.toThrow(ToolNotFoundError);
    });
  });

  describe("addTool, removeTool, clear", () => {
    it("adds tools to basic by default", async () => {
      const toolkit = new Toolkit();
      toolkit.addTool(tool("a"));
      toolkit.addTool([tool("b"), tool("c")]);
      expect((await toolkit.getToolSchemas()).map((s) => s.function.name)).toEqual(["a", "b", "c"]);
    });

    it("replaces a same-name tool in the group and moves it to the end, with a warning", async () => {
      const toolkit = new Toolkit({ tools: [tool("a"), tool("b")] });
      const newer = tool("a", { run: () => "newer" });
      toolkit.addTool(newer);
      expect(toolkit.toolGroups[0]?.tools.map((t) => t.name)).toEqual(["b", "a"]);
      expect(await toolkit.getTool("a")).toBe(newer);
      expect(warnings).toContain("Duplicate tool name 'a' found in group 'basic', replacing it.");
    });

    it("adds to a named group", async () => {
      const toolkit = new Toolkit({ toolGroups: [group("g")] });
      toolkit.addTool(tool("x"), "g");
      expect(await toolkit.checkToolAvailable("x", ["g"])).toBeDefined();
    });

    it("refuses an unknown group, listing the known ones", () => {
      const toolkit = new Toolkit({ toolGroups: [group("g")] });
      expect(() => {
        toolkit.addTool(tool("x"), "nope");
      }).toThrow(
        expect.objectContaining({
          code: ToolErrorCode.INVALID_TOOLKIT_CONFIG,
          message: "Cannot find group 'nope' in toolkit, only ['basic', 'g'] are available.",
        }),
      );
      expect(() => {
        toolkit.addTool(tool("x"), "nope");
      }).toThrow(ActorscopeError);
    });

    it("removes tools by name from every group, leaving sources alone", async () => {
      const toolkit = new Toolkit({
        tools: [tool("a"), tool("b")],
        sources: [new FakeSource("s", () => [tool("a")])],
        toolGroups: [group("g", { tools: [tool("a")] })],
      });
      toolkit.removeTool("a");
      toolkit.removeTool(["b"]);
      expect(toolkit.toolGroups.flatMap((g) => g.tools)).toEqual([]);
      expect((await toolkit.getToolSchemas(["g"])).map((s) => s.function.name)).toEqual([
        "reset_tools",
        "a",
      ]);
    });

    it("clears every group, basic included", async () => {
      const toolkit = new Toolkit({ tools: [tool("a")], toolGroups: [group("g")] });
      toolkit.clear();
      expect(toolkit.toolGroups).toEqual([]);
      expect(await toolkit.getToolSchemas(["g"])).toEqual([]);
      const { response } = await call(toolkit, "a", "{}");
      expect(textOf([response])).toBe("ToolNotFoundError: The tool named 'a' doesn't exist.");
    });
  });
});
