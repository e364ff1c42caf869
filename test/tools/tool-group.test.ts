import { describe, expect, it } from "vitest";
import { ValidationError } from "../../src/errors/index.js";
import { BASIC_GROUP, LocalSkillLoader, ToolGroup, Toolkit } from "../../src/tools/index.js";
import { FakeSource, ScriptedTool } from "./fixtures.js";

describe("ToolGroup (§6.3)", () => {
  it("lets only the basic group go without a description", () => {
    expect(new ToolGroup({ name: BASIC_GROUP }).description).toBeNull();
    expect(() => new ToolGroup({ name: "g", description: "" })).toThrow(/description is required/);
  });

  it("keeps its tools, instructions and sources (MCP clients first)", () => {
    const mcp = new FakeSource("mcp", () => []);
    const worker = new FakeSource("worker", () => []);
    const tool = new ScriptedTool();
    const group = new ToolGroup({
      name: "g",
      description: "G",
      instructions: "Use carefully.",
      tools: [tool],
      sources: [worker],
      mcps: [mcp],
    });
    expect(group.tools).toEqual([tool]);
    expect(group.instructions).toBe("Use carefully.");
    expect(group.sources).toEqual([mcp, worker]);
  });

  it("turns a directory path into a local loader without subdirectory scan", () => {
    const group = new ToolGroup({ name: "g", description: "G", skills: ["/tmp/skills"] });
    const [loader] = group.skills;
    expect(loader).toBeInstanceOf(LocalSkillLoader);
    expect((loader as LocalSkillLoader).scanSubdir).toBe(false);
  });

  it("lists given skills and loaded skills in order", async () => {
    const skill = { name: "s", description: "S", dir: "/s", markdown: "m", updated_at: 1 };
    const group = new ToolGroup({
      name: "g",
      description: "G",
      skills: [skill, { listSkills: async () => [{ ...skill, name: "loaded", metadata: {} }] }],
    });
    expect((await group.listSkills()).map((s) => s.name)).toEqual(["s", "loaded"]);
  });
});

describe("ToolGroup and Toolkit options are strict", () => {
  it("refuses an unknown ToolGroup option, naming the nearest known one", () => {
    expect(() => new ToolGroup({ name: "g", description: "G", instruction: "x" } as never)).toThrow(
      'Unknown option "instruction"; did you mean "instructions"?',
    );
  });

  it("refuses a ToolGroup without a name, and list options that are not lists", () => {
    expect(() => new ToolGroup({ description: "G" } as never)).toThrow(ValidationError);
    expect(() => new ToolGroup({ name: "g", description: "G", tools: "Bash" } as never)).toThrow(
      "Expected an array, received string",
    );
  });

  it("refuses an unknown Toolkit option, naming the nearest known one", () => {
    expect(() => new Toolkit({ toolgroups: [] } as never)).toThrow(
      'Unknown option "toolgroups"; did you mean "toolGroups"?',
    );
    expect(() => new Toolkit({ tool: [] } as never)).toThrow(/did you mean "tools"/);
  });

  it("refuses Toolkit tool groups that are not ToolGroups", () => {
    expect(() => new Toolkit({ toolGroups: [{ name: "x" }] } as never)).toThrow(
      expect.objectContaining({
        issues: [{ path: "toolGroups.0", message: "Expected a ToolGroup" }],
      }),
    );
  });

  it("refuses an unknown callTool option, naming the nearest known one", async () => {
    const toolkit = new Toolkit({});
    const call = toolkit.callTool({ id: "c", name: "x", input: "{}" }, {
      signall: undefined,
    } as never);
    await expect(call.next()).rejects.toThrow('Unknown option "signall"; did you mean "signal"?');
  });
});
