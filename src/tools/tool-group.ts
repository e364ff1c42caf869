import { ActorscopeError, ValidationError, getLogger } from "../errors/index.js";
import { readOptions } from "../message/index.js";
import { ToolErrorCode } from "./errors/tool-error-code.js";
import { LocalSkillLoader } from "./skills/local-skill-loader.js";
import { isSkill, type Skill, SkillSchema, type SkillInput } from "./skills/skill.js";
import { isSkillLoader, type SkillLoader } from "./skills/skill-loader.js";
import { ToolBase } from "./tool-base.js";
import type { ToolSource } from "./tool-source.js";

/** The group that is always active and holds what the toolkit is given directly. */
export const BASIC_GROUP = "basic";

/** Every key `new ToolGroup(…)` takes. */
const TOOL_GROUP_OPTIONS: ReadonlySet<string> = new Set([
  "name",
  "description",
  "instructions",
  "tools",
  "skills",
  "mcps",
  "sources",
]);

/** A skill given to a group: a directory path, a skill, or a loader. */
export type SkillEntry = string | SkillInput | SkillLoader;

/** Options of `ToolGroup`. */
export interface ToolGroupOptions {
  name: string;
  /** Required except for `basic`: the model reads it in the `reset_tools` schema. */
  description?: string | null | undefined;
  /** Returned to the model when the group is activated. */
  instructions?: string | null | undefined;
  tools?: readonly ToolBase[] | undefined;
  /** Directories (loaded without subdirectory scan), skills or skill loaders. */
  skills?: readonly SkillEntry[] | undefined;
  /** MCP clients (any `ToolSource`). */
  mcps?: readonly ToolSource[] | undefined;
  /** Other tool sources (remote workers); listed after `mcps`. */
  sources?: readonly ToolSource[] | undefined;
}

/**
 * A named bundle of tools, tool sources and skills that the agent activates and deactivates as a
 * unit with `reset_tools` (spec §6.3). The `basic` group is always active.
 *
 * @example
 * new ToolGroup({
 *   name: "database",
 *   description: "Tools for database operations.",
 *   instructions: "Always wrap mutations in a transaction.",
 *   tools: [dbQuery, dbMigrate],
 * });
 */
export class ToolGroup {
  readonly name: string;
  readonly description: string | null;
  readonly instructions: string | null;
  /** The group's own tools, in order (the toolkit's `addTool`/`removeTool` change it). */
  tools: ToolBase[];
  /** Skills and skill loaders, in order. */
  readonly skills: (Skill | SkillLoader)[];
  /** MCP clients and other sources, in order. */
  readonly sources: ToolSource[];

  /** Strict options: an unknown key or a wrong type is a `ValidationError` naming it. */
  constructor(options: ToolGroupOptions) {
    options = readOptions(options, TOOL_GROUP_OPTIONS, "ToolGroup options");
    if (typeof options.name !== "string" || options.name === "") {
      throw new ValidationError("ToolGroup options", [
        { path: "name", message: "Expected a non-empty string" },
      ]);
    }
    assertListOptions(options, ["tools", "skills", "mcps", "sources"], "ToolGroup options");
    assertEntries(options, "ToolGroup options");
    const description = options.description ?? null;
    if (options.name !== BASIC_GROUP && !description) {
      throw new ActorscopeError(
        ToolErrorCode.INVALID_TOOLKIT_CONFIG,
        `The tool group description is required for tool group '${options.name}' (Only the ` +
          "'basic' tool group can have an optional description).",
        { data: { group: options.name } },
      );
    }
    this.name = options.name;
    this.description = description;
    this.instructions = options.instructions ?? null;
    this.tools = [...(options.tools ?? [])];
    this.skills = (options.skills ?? []).map(skillOrLoader);
    this.sources = [...(options.mcps ?? []), ...(options.sources ?? [])];
  }

  /** The group's skills now: given skills as they are, loaders asked again (a failing one skipped). */
  async listSkills(): Promise<Skill[]> {
    const lists = await Promise.all(
      this.skills.map(async (entry) => {
        if (!isSkillLoader(entry)) return [entry];
        try {
          return [...(await entry.listSkills())];
        } catch (error) {
          getLogger().warn(`A skill loader of tool group '${this.name}' failed; skipping it`, {
            error: (error as Error).message,
          });
          return [];
        }
      }),
    );
    return lists.flat();
  }
}

/**
 * Checks that each of `keys` is an array when given (a string would spread into characters).
 * Shared by `Toolkit`, whose list options are the `basic` group's.
 */
export function assertListOptions(options: object, keys: readonly string[], what: string): void {
  for (const key of keys) {
    const value = (options as Record<string, unknown>)[key];
    if (value !== undefined && !Array.isArray(value)) {
      throw new ValidationError(what, [
        {
          path: key,
          message: `Expected an array, received ${value === null ? "null" : typeof value}`,
        },
      ]);
    }
  }
}

/** Checks the entries of the lists: tools are `ToolBase`s, sources list tools. */
function assertEntries(options: ToolGroupOptions, what: string): void {
  const badTool = (options.tools ?? []).findIndex((tool) => !(tool instanceof ToolBase));
  if (badTool >= 0) {
    throw new ValidationError(what, [{ path: `tools.${badTool}`, message: "Expected a tool" }]);
  }
  for (const key of ["mcps", "sources"] as const) {
    const bad = (options[key] ?? []).findIndex((source) => !isToolSource(source));
    if (bad >= 0) {
      throw new ValidationError(what, [
        { path: `${key}.${bad}`, message: "Expected a tool source (with listTools())" },
      ]);
    }
  }
}

/** Whether a value can serve as a tool source (has a name and `listTools()`). */
export function isToolSource(value: unknown): value is ToolSource {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Partial<ToolSource>).listTools === "function" &&
    typeof (value as Partial<ToolSource>).name === "string"
  );
}

function skillOrLoader(entry: SkillEntry): Skill | SkillLoader {
  if (typeof entry === "string") return new LocalSkillLoader({ directory: entry });
  if (isSkillLoader(entry)) return entry;
  if (isSkill(entry)) return SkillSchema.parse(entry);
  throw new ActorscopeError(
    ToolErrorCode.INVALID_TOOLKIT_CONFIG,
    `Invalid skill or loader: ${describe(entry)}. Must be a skill, skill loader, or directory path.`,
  );
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
