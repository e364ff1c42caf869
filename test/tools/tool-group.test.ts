import { describe, expect, it } from "vitest";
import { BASIC_GROUP, LocalSkillLoader, ToolGroup } from "../../src/tools/index.js";
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
