import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setLogger } from "../../../src/errors/index.js";
import { LocalSkillLoader } from "../../../src/tools/index.js";

let root: string;
let warnings: string[];
let restore: () => void;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "actorscope-skills-"));
  warnings = [];
  restore = setLogger({ warn: (m) => warnings.push(m), error: (m) => warnings.push(m) });
});
afterEach(async () => {
  restore();
  await rm(root, { recursive: true, force: true });
});

async function skill(dir: string, frontMatter: string, body = "Body."): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, "SKILL.md");
  await writeFile(path, `---\n${frontMatter}\n---\n\n${body}\n`);
  return path;
}

describe("LocalSkillLoader (§6.5)", () => {
  it("loads the directory's own SKILL.md", async () => {
    await skill(root, "name: root-skill\ndescription: At the root", "# Root\n\nSteps.");
    const skills = await new LocalSkillLoader(root).listSkills();
    expect(skills).toEqual([
      {
        name: "root-skill",
        description: "At the root",
        dir: root,
        markdown: "# Root\n\nSteps.",
        updated_at: expect.any(Number) as number,
        metadata: { name: "root-skill", description: "At the root" },
      },
    ]);
  });

  it("ignores subdirectories unless scanSubdir is set", async () => {
    await skill(join(root, "a"), "name: a\ndescription: A");
    await skill(join(root, "b", "deep"), "name: deep\ndescription: Deep");
    expect(await new LocalSkillLoader({ directory: root }).listSkills()).toEqual([]);
    const scanned = await new LocalSkillLoader({ directory: root, scanSubdir: true }).listSkills();
    expect(scanned.map((s) => [s.name, s.dir])).toEqual([
      ["a", join(root, "a")],
      ["deep", join(root, "b", "deep")],
    ]);
  });

  it("lists the root first, then subdirectories top-down in name order", async () => {
    await skill(root, "name: r\ndescription: R");
    await skill(join(root, "z"), "name: z\ndescription: Z");
    await skill(join(root, "m"), "name: m\ndescription: M");
    await skill(join(root, "m", "n"), "name: n\ndescription: N");
    const skills = await new LocalSkillLoader({ directory: root, scanSubdir: true }).listSkills();
    expect(skills.map((s) => s.name)).toEqual(["r", "m", "n", "z"]);
  });

  it("does not follow symlinked directories", async () => {
    const outside = await mkdtemp(join(tmpdir(), "actorscope-outside-"));
    try {
      await skill(outside, "name: outside\ndescription: O");
      await symlink(outside, join(root, "link"));
      expect(
        await new LocalSkillLoader({ directory: root, scanSubdir: true }).listSkills(),
      ).toEqual([]);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it("skips a SKILL.md without name or description, with a warning", async () => {
    await skill(join(root, "nameless"), "description: No name");
    await skill(join(root, "empty"), "name: ''\ndescription: Empty name");
    await skill(join(root, "ok"), "name: ok\ndescription: Fine");
    const skills = await new LocalSkillLoader({ directory: root, scanSubdir: true }).listSkills();
    expect(skills.map((s) => s.name)).toEqual(["ok"]);
    expect(warnings.filter((w) => w.includes("missing required fields"))).toHaveLength(2);
  });

  it("skips a SKILL.md with invalid YAML, with a warning", async () => {
    await skill(root, "name: [unclosed\ndescription: x");
    expect(await new LocalSkillLoader(root).listSkills()).toEqual([]);
    expect(warnings.some((w) => w.startsWith("Failed to load skill from"))).toBe(true);
  });

  it("yields nothing for a missing directory", async () => {
    expect(await new LocalSkillLoader(join(root, "missing")).listSkills()).toEqual([]);
  });

  it("expands ~ and resolves relative paths", () => {
    expect(new LocalSkillLoader("~/skills").directory).toBe(join(homedir(), "skills"));
    expect(new LocalSkillLoader("skills").directory).toBe(join(process.cwd(), "skills"));
  });

  it("keeps a skill cached while its file's mtime is unchanged, and re-reads it after", async () => {
    const path = await skill(root, "name: v1\ndescription: First");
    const loader = new LocalSkillLoader(root);
    const [first] = await loader.listSkills();
    const [again] = await loader.listSkills();
    expect(again).toBe(first);

    await writeFile(path, "---\nname: v2\ndescription: Second\n---\nNew body");
    const later = new Date(Date.now() + 60_000);
    await utimes(path, later, later);
    const [updated] = await loader.listSkills();
    expect(updated).not.toBe(first);
    expect([updated?.name, updated?.markdown]).toEqual(["v2", "New body"]);
  });
});
