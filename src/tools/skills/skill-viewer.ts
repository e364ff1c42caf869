import type { PermissionDecision, ToolInput } from "../../permission/index.js";
import { DeveloperOrientedError } from "../errors/developer-oriented-error.js";
import { ToolErrorCode } from "../errors/tool-error-code.js";
import { ToolBase, type ToolBaseOptions } from "../tool-base.js";
import type { ToolCallContext } from "../tool-call-context.js";
import { textChunk, type ToolChunk } from "../tool-chunk.js";
import { pyTypeRepr } from "../input/py-repr.js";
import type { Skill } from "./skill.js";

/** The skill viewer's description, verbatim from the reference. */
export const SKILL_VIEWER_DESCRIPTION =
  "Retrieve a skill within the conversation. When users asks you to perform tasks, check if any " +
  "of the available skills match. Skills provide specialized capabilities and domain knowledge.";

/** Options of `SkillViewer`. */
export interface SkillViewerOptions extends ToolBaseOptions {
  /** The skills available with these activated groups, by name (`basic` always included). */
  getSkills: (activatedGroups: readonly string[]) => Promise<ReadonlyMap<string, Skill>>;
}

/**
 * The `Skill` tool (spec §6.5): returns the full markdown of a skill available in the basic group
 * or an activated group. The toolkit registers it whenever such a skill exists.
 */
export class SkillViewer extends ToolBase {
  readonly name = "Skill";
  readonly description = SKILL_VIEWER_DESCRIPTION;
  readonly inputSchema = {
    type: "object",
    properties: {
      skill: { type: "string", description: "The exact name of the skill to view. " },
    },
    required: ["skill"],
  };
  readonly isConcurrencySafe = true;
  readonly isReadOnly = true;
  override readonly isStateInjected = true;
  private readonly getSkills: SkillViewerOptions["getSkills"];

  constructor(options: SkillViewerOptions) {
    super(options);
    this.getSkills = options.getSkills;
  }

  checkPermissions(): PermissionDecision {
    return {
      behavior: "allow",
      message: "The skill viewer is always allowed to be called.",
      decision_reason: null,
      updated_input: null,
      suggested_rules: null,
      bypass_immune: false,
    };
  }

  override async call(input: ToolInput, context: ToolCallContext): Promise<ToolChunk> {
    const state = context.state;
    if (state === undefined) {
      throw new DeveloperOrientedError(
        ToolErrorCode.TOOL_STATE_MISSING,
        `Expected AgentState but got ${pyTypeRepr(state)} instead for the Skill viewer tool.`,
      );
    }
    const name = String(input["skill"]);
    const skills = await this.getSkills(state.tool_context.activated_groups);
    const skill = skills.get(name);
    if (skill === undefined) {
      return textChunk(`SkillNotFoundError: Skill '${name}' not found.`, { state: "error" });
    }
    return textChunk(skill.markdown);
  }
}
