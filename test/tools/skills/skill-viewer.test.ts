import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createToolState,
  DeveloperOrientedError,
  LocalSkillLoader,
  SKILL_VIEWER_DESCRIPTION,
  ToolGroup,
  Toolkit,
  type ToolResponse,
  type Skill,
  type SkillLoader,
} from "../../../src/tools/index.js";
import { collect, textOf } from "../fixtures.js";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "actorscope-viewer-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function skillDir(name: string, description: string, body: string): Promise<string> {
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, "SKILL.md"),
    `---\nname: ${name}\ndescription: ${description}\n---\n${body}`,
  );
  return dir;
}

function skill(name: string, dir = `/skills/${name}`): Skill {
  return {
    name,
    description: `About ${name}`,
    dir,
    markdown: `# ${name}`,
    updated_at: 0,
    metadata: {},
  };
}

async function view(kit: Toolkit, name: string, activated: string[] = []) {
  const state = createToolState({ tool_context: { activated_groups: activated } });
  const items = await collect(
    kit.callTool({ id: "s", name: "Skill", input: JSON.stringify({ skill: name }) }, { state }),
  );
  return items.at(-1) as ToolResponse;
}

describe("Skill viewer and skill instructions (§6.5)", () => {
  it("§11.83 a toolkit with a skill loader offers exactly the Skill tool", async () => {
    await skillDir("pdf", "Read PDF files", "# PDF\nUse pdftotext.");
    const kit = new Toolkit({
      skills: [new LocalSkillLoader({ directory: root, scanSubdir: true })],
    });
    expect(await kit.getToolSchemas()).toEqual([
      {
        type: "function",
        function: {
          name: "Skill",
          description: SKILL_VIEWER_DESCRIPTION,
          parameters: {
            type: "object",
            properties: {
              skill: { type: "string", description: "The exact name of the skill to view. " },
            },
            required: ["skill"],
          },
        },
      },
    ]);
    expect(SKILL_VIEWER_DESCRIPTION).toBe(
      "Retrieve a skill within the conversation. When users asks you to perform tasks, check if " +
        "any of the available skills match. Skills provide specialized capabilities and domain knowledge.",
    );
  });

  it("§11.83 returns the skill's markdown", async () => {
    await skillDir("pdf", "Read PDF files", "# PDF\nUse pdftotext.");
    const kit = new Toolkit({
      skills: [new LocalSkillLoader({ directory: root, scanSubdir: true })],
    });
    const response = await view(kit, "pdf");
    expect(response.state).toBe("success");
    expect(textOf([response])).toBe("# PDF\nUse pdftotext.");
  });

  it("§11.83 reports an unknown skill", async () => {
    const kit = new Toolkit({ skills: [skill("known")] });
    const response = await view(kit, "non_existent_skill");
    expect(response.state).toBe("error");
    expect(textOf([response])).toBe("SkillNotFoundError: Skill 'non_existent_skill' not found.");
  });

  it("§11.83 has no instructions and no Skill tool without skills", async () => {
    const kit = new Toolkit();
    expect(await kit.getSkillInstructions()).toBeNull();
    expect(await kit.getToolSchemas()).toEqual([]);
  });

  it("renders the instructions exactly", async () => {
    const kit = new Toolkit({ skills: [skill("a", "/s/a"), skill("b", "/s/b")] });
    expect(await kit.getSkillInstructions()).toBe(
      "<agent-skills>\n" +
        "Skills are a collection of instructions, scripts, and resources to extend your capabilities.\n\n" +
        "**IMPORTANT**: Skills are NOT tools, and you cannot call a skill directly. To use a skill, " +
        "you MUST use the `Skill` tool to read the skill's full instructions, and then follow those " +
        "instructions to use the tools and resources provided by the skill.\n\n" +
        "# Available Skills:\n" +
        "<skill>\n<name>a</name>\n<description>About a</description>\n<dir>/s/a</dir>\n</skill>\n" +
        "<skill>\n<name>b</name>\n<description>About b</description>\n<dir>/s/b</dir>\n</skill>\n" +
        "</agent-skills>",
    );
  });

  it("§11.84 leaves skills of inactive groups out of the instructions and the Skill tool", async () => {
    const kit = new Toolkit({
      skills: [skill("basic_skill")],
      toolGroups: [
        new ToolGroup({ name: "extra", description: "Extra", skills: [skill("hidden")] }),
      ],
    });
    const basicOnly = await kit.getSkillInstructions([]);
    expect(basicOnly).toContain("<name>basic_skill</name>");
    expect(basicOnly).not.toContain("hidden");
    expect((await view(kit, "hidden")).state).toBe("error");

    expect(await kit.getSkillInstructions(["extra"])).toContain("<name>hidden</name>");
    expect(textOf([await view(kit, "hidden", ["extra"])])).toBe("# hidden");
  });

  it("§11.84 offers no Skill tool when the only skills are in inactive groups", async () => {
    const kit = new Toolkit({
      toolGroups: [
        new ToolGroup({ name: "extra", description: "Extra", skills: [skill("hidden")] }),
      ],
    });
    expect((await kit.getToolSchemas()).map((s) => s.function.name)).toEqual(["reset_tools"]);
    expect((await kit.getToolSchemas(["extra"])).map((s) => s.function.name)).toEqual([
      "Skill",
      "reset_tools",
    ]);
  });

  it("lists every group's skills when no activated groups are given", async () => {
    const kit = new Toolkit({
      toolGroups: [
        new ToolGroup({ name: "extra", description: "Extra", skills: [skill("hidden")] }),
      ],
    });
    expect(await kit.getSkillInstructions()).toContain("<name>hidden</name>");
  });

  it("lets a later skill with the same name replace an earlier one", async () => {
    const kit = new Toolkit({
      skills: [skill("dup", "/first")],
      toolGroups: [
        new ToolGroup({ name: "g", description: "G", skills: [skill("dup", "/second")] }),
      ],
    });
    const skills = await kit.getAvailableSkills(["g"]);
    expect([...skills.values()].map((s) => s.dir)).toEqual(["/second"]);
  });

  it("accepts a directory path as a skill source, without scanning subdirectories", async () => {
    await writeFile(join(root, "SKILL.md"), "---\nname: top\ndescription: Top\n---\nTop body");
    await skillDir("nested", "Nested", "Nested body");
    const kit = new Toolkit({ skills: [root] });
    expect([...(await kit.getAvailableSkills()).keys()]).toEqual(["top"]);
  });

  it("skips a failing custom loader", async () => {
    const broken: SkillLoader = { listSkills: () => Promise.reject(new Error("offline")) };
    const kit = new Toolkit({ skills: [broken, skill("ok")] });
    expect([...(await kit.getAvailableSkills()).keys()]).toEqual(["ok"]);
  });

  it("rejects an entry that is no skill, loader or path", () => {
    expect(() => new Toolkit({ skills: [{ name: "half" } as never] })).toThrow(
      'Invalid skill or loader: {"name":"half"}. Must be a skill, skill loader, or directory path.',
    );
  });

  it("is read-only, always allowed, and needs the agent state", async () => {
    const viewer = new Toolkit().skillViewer;
    expect([viewer.isReadOnly, viewer.isStateInjected, viewer.isConcurrencySafe]).toEqual([
      true,
      true,
      true,
    ]);
    expect(viewer.checkPermissions()).toMatchObject({
      behavior: "allow",
      message: "The skill viewer is always allowed to be called.",
    });
    await expect(collect(viewer.invoke({ skill: "x" }))).rejects.toThrow(DeveloperOrientedError);
  });

  it("renders through a custom renderer when given one", async () => {
    const kit = new Toolkit({
      skills: [skill("a")],
      renderSkillInstructions: (skills, tool) => `${tool}: ${skills.map((s) => s.name).join()}`,
    });
    expect(await kit.getSkillInstructions()).toBe("Skill: a");
  });
});
