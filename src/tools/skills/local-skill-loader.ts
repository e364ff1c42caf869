import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { getLogger } from "../../errors/index.js";
import { absolutePath } from "../../permission/index.js";
import { parseFrontMatter } from "./front-matter.js";
import type { Skill } from "./skill.js";
import type { SkillLoader } from "./skill-loader.js";

const SKILL_FILE = "SKILL.md";

/** Options of `LocalSkillLoader`. */
export interface LocalSkillLoaderOptions {
  /** The skills directory (`~` expanded, made absolute). */
  directory: string;
  /** Also look for `SKILL.md` in every subdirectory, at any depth (default: only the root). */
  scanSubdir?: boolean | undefined;
}

/**
 * Loads skills from a local directory (spec §6.5): the directory's own `SKILL.md`, and with
 * `scanSubdir` every subdirectory's. A `SKILL.md` needs `name` and `description` in its YAML
 * front-matter, else it is skipped with a warning; the body is the skill's markdown. Each skill is
 * cached by its file's mtime, so listing again only re-reads files that changed. A missing
 * directory yields no skills.
 *
 * @example
 * const toolkit = new Toolkit({ skills: [new LocalSkillLoader({ directory: "./skills", scanSubdir: true })] });
 */
export class LocalSkillLoader implements SkillLoader {
  readonly directory: string;
  readonly scanSubdir: boolean;
  private readonly cache = new Map<string, Skill>();

  constructor(options: LocalSkillLoaderOptions | string) {
    const { directory, scanSubdir } =
      typeof options === "string" ? { directory: options, scanSubdir: false } : options;
    this.directory = absolutePath(directory);
    this.scanSubdir = scanSubdir ?? false;
  }

  async listSkills(): Promise<Skill[]> {
    try {
      if (!(await isDirectory(this.directory))) {
        getLogger().warn(`Skill directory ${this.directory} does not exist.`);
        return [];
      }
      const roots = await this.skillRoots();
      const skills = await Promise.all(roots.map((root) => this.loadSkill(root)));
      return skills.filter((skill): skill is Skill => skill !== null);
    } catch (error) {
      getLogger().warn(`Failed to list skills from directory ${this.directory}`, {
        error: (error as Error).message,
      });
      return [];
    }
  }

  /** The directories holding a `SKILL.md`: the root first, then subdirectories top-down. */
  private async skillRoots(): Promise<string[]> {
    const roots: string[] = [];
    if (await isFile(join(this.directory, SKILL_FILE))) roots.push(this.directory);
    if (this.scanSubdir) await collectSubdirs(this.directory, roots);
    return roots;
  }

  private async loadSkill(root: string): Promise<Skill | null> {
    const path = join(root, SKILL_FILE);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      const updatedAt = info.mtimeMs / 1000;
      const cached = this.cache.get(root);
      if (cached?.updated_at === updatedAt) return cached;
      const { metadata, body } = parseFrontMatter(await readFile(path, "utf8"));
      const name = metadata["name"];
      const description = metadata["description"];
      if (!name || !description) {
        getLogger().warn(
          `SKILL.md in ${root} is missing required fields (name or description). Skipping.`,
        );
        return null;
      }
      const skill: Skill = {
        name: scalarText(name),
        description: scalarText(description),
        dir: root,
        markdown: body,
        updated_at: updatedAt,
        metadata,
      };
      this.cache.set(root, skill);
      return skill;
    } catch (error) {
      getLogger().warn(`Failed to load skill from ${root}`, { error: (error as Error).message });
      return null;
    }
  }
}

/** Walks below `dir` (not following symlinked directories), in name order, top-down. */
async function collectSubdirs(dir: string, roots: string[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const sub = join(dir, entry.name);
    if (await isFile(join(sub, SKILL_FILE))) roots.push(sub);
    await collectSubdirs(sub, roots);
  }
}

function scalarText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
