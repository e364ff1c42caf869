import { describe, expect, it } from "vitest";
import {
  createToolState,
  DeveloperOrientedError,
  RESET_TOOLS_DESCRIPTION,
  ResetTools,
  ToolGroup,
  Toolkit,
  ToolResponse,
} from "../../src/tools/index.js";
import { collect, ScriptedTool, textOf } from "./fixtures.js";

function toolkit(): Toolkit {
  return new Toolkit({
    toolGroups: [
      new ToolGroup({ name: "group_1", description: "Group 1" }),
      new ToolGroup({
        name: "group_2",
        description: "Group 2",
        tools: [new ScriptedTool({ name: "tool_1" }), new ScriptedTool({ name: "tool_2" })],
        instructions: "This is group 2.",
      }),
    ],
  });
}

async function reset(kit: Toolkit, input: string, state = createToolState()) {
  const items = await collect(kit.callTool({ id: "xxx", name: "reset_tools", input }, { state }));
  expect(items).toHaveLength(2);
  const response = items[1] as ToolResponse;
  expect(response).toBeInstanceOf(ToolResponse);
  return { state, response, text: textOf([response]) };
}

const INSTRUCTIONS_PREAMBLE =
  "The tool instructions are a collection of suggestions, rules and notifications about how to " +
  "use the tools in the activated groups.";

describe("reset_tools (§6.4)", () => {
  it("pins the reference description", () => {
    expect(RESET_TOOLS_DESCRIPTION).toBe(
      "This tool allows you to reset your equipped tools based on your current task requirements. " +
        "These tools are organized into different groups, and you can activate/deactivate them by " +
        "specifying the boolean values for each group in the input.\n\n" +
        "**Important: The input booleans are the final state of their corresponding tool groups, " +
        "not incremental changes.** Any group not explicitly set to True will be deactivated, " +
        "regardless of its previous state.\n\n" +
        "**Best practice**: Actively manage your tool groups——activate only what you need for the " +
        "current task, and promptly deactivate groups as soon as they are no longer needed to " +
        "conserve context space.\n\n" +
        "This tool will return the usage instructions for the activated tool groups, which you " +
        "**MUST pay attention to and follow**. You can also reuse this tool to re-check the " +
        "instructions.",
    );
  });

  it("§11.72 has one boolean property per non-basic group, none required", () => {
    const kit = toolkit();
    expect(kit.metaTool.inputSchema).toEqual({
      type: "object",
      properties: {
        group_1: { default: false, description: "Group 1", type: "boolean" },
        group_2: { default: false, description: "Group 2", type: "boolean" },
      },
    });
    expect(kit.metaTool.inputSchema).toBe(kit.metaTool.inputSchema);
  });

  it("follows groups added to the toolkit later", () => {
    const kit = toolkit();
    const before = kit.metaTool.inputSchema;
    kit.toolGroups.push(new ToolGroup({ name: "group_3", description: "Group 3" }));
    expect(Object.keys(kit.metaTool.inputSchema["properties"] as object)).toEqual([
      "group_1",
      "group_2",
      "group_3",
    ]);
    expect(kit.metaTool.inputSchema).not.toBe(before);
  });

  it("is always allowed, concurrency-safe, state-injected and not read-only", () => {
    const meta = toolkit().metaTool;
    expect(meta.checkPermissions()).toMatchObject({
      behavior: "allow",
      message: "The meta tool is always allowed to be called.",
    });
    expect([meta.isConcurrencySafe, meta.isStateInjected, meta.isReadOnly]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("§11.76 activates a group and returns its instructions", async () => {
    const { state, response, text } = await reset(toolkit(), '{"group_2": true}');
    expect(response.toJSON()).toMatchObject({ id: "xxx", state: "success", metadata: {} });
    expect(text).toBe(
      "The currently activated tool group(s): group_2.\n<tool-instructions>\n" +
        `${INSTRUCTIONS_PREAMBLE}\n<group name="group_2">This is group 2.</group>\n</tool-instructions>`,
    );
    expect(state.tool_context.activated_groups).toEqual(["group_2"]);
  });

  it("names active groups in toolkit order and stores them in input order", async () => {
    const { state, text } = await reset(toolkit(), '{"group_2": true, "group_1": true}');
    expect(text).toBe(
      "The currently activated tool group(s): group_1, group_2.\n<tool-instructions>\n" +
        `${INSTRUCTIONS_PREAMBLE}\n<group name="group_2">This is group 2.</group>\n</tool-instructions>`,
    );
    expect(state.tool_context.activated_groups).toEqual(["group_2", "group_1"]);
  });

  it("omits the instructions block when no active group has instructions", async () => {
    const { text } = await reset(toolkit(), '{"group_1": true, "group_2": false}');
    expect(text).toBe("The currently activated tool group(s): group_1.");
  });

  it("§11.77 deactivates every group with an empty input", async () => {
    const state = createToolState({ tool_context: { activated_groups: ["group_1"] } });
    const { text } = await reset(toolkit(), "{}", state);
    expect(text).toBe("All tool groups are currently deactivated.");
    expect(state.tool_context.activated_groups).toEqual([]);
  });

  it("§11.77 rejects unknown group names, listing the available ones", async () => {
    const state = createToolState({ tool_context: { activated_groups: ["group_1"] } });
    const { response, text } = await reset(toolkit(), '{"nope": true, "basic": true}', state);
    expect(response.state).toBe("error");
    expect(text).toBe(
      "Invalid group name(s): nope, basic. The current available groups are: group_1, group_2",
    );
    expect(state.tool_context.activated_groups).toEqual(["group_1"]);
  });

  it("rejects a value that is not a boolean", async () => {
    const meta = toolkit().metaTool;
    const chunks = await collect(meta.invoke({ group_1: "yes" }, { state: createToolState() }));
    expect(chunks[0]?.state).toBe("error");
    expect(textOf(chunks)).toBe(
      "Invalid arguments: the argument 'group_1' should be a bool value, but got <class 'str'>.",
    );
  });

  it("makes the activated group's tools callable", async () => {
    const kit = toolkit();
    const { state } = await reset(kit, '{"group_2": true}');
    const names = (await kit.getToolSchemas(state.tool_context.activated_groups)).map(
      (s) => s.function.name,
    );
    expect(names).toEqual(["reset_tools", "tool_1", "tool_2"]);
  });

  it("needs the agent state", async () => {
    await expect(collect(toolkit().metaTool.invoke({}))).rejects.toThrow(DeveloperOrientedError);
    await expect(collect(toolkit().metaTool.invoke({}))).rejects.toThrow(
      "Error: ResetTools requires state to be provided.",
    );
  });

  it("renders through a custom renderer when given one", async () => {
    const kit = new Toolkit({
      toolGroups: [new ToolGroup({ name: "g", description: "G" })],
      renderMetaToolResponse: (groups) => `on: ${groups.map((g) => g.name).join("+")}`,
    });
    expect((await reset(kit, '{"g": true}')).text).toBe("on: g");
  });

  it("can be built on its own over any group list", () => {
    const groups = [
      new ToolGroup({ name: "basic" }),
      new ToolGroup({ name: "x", description: "X" }),
    ];
    const meta = new ResetTools({ groups: () => groups });
    expect(Object.keys(meta.inputSchema["properties"] as object)).toEqual(["x"]);
  });
});
