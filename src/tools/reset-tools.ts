import type { PermissionDecision, ToolInput } from "../permission/index.js";
import { DeveloperOrientedError } from "./errors/developer-oriented-error.js";
import { ToolErrorCode } from "./errors/tool-error-code.js";
import { pyTypeRepr } from "./input/py-repr.js";
import type { JsonSchema } from "./json-schema.js";
import { ToolBase, type ToolBaseOptions } from "./tool-base.js";
import type { ToolCallContext } from "./tool-call-context.js";
import { textChunk, type ToolChunk } from "./tool-chunk.js";
import { BASIC_GROUP, type ToolGroup } from "./tool-group.js";

/** The meta tool's description, verbatim from the reference (its tests pin it). */
export const RESET_TOOLS_DESCRIPTION =
  "This tool allows you to reset your equipped tools based on your current task requirements. " +
  "These tools are organized into different groups, and you can activate/deactivate them by " +
  "specifying the boolean values for each group in the input.\n\n" +
  "**Important: The input booleans are the final state of their corresponding tool groups, not " +
  "incremental changes.** Any group not explicitly set to True will be deactivated, regardless " +
  "of its previous state.\n\n" +
  "**Best practice**: Actively manage your tool groups\u2014\u2014activate only what you need for " +
  "the current task, and promptly deactivate groups as soon as they are no longer needed to " +
  "conserve context space.\n\n" +
  "This tool will return the usage instructions for the activated tool groups, which you **MUST " +
  "pay attention to and follow**. You can also reuse this tool to re-check the instructions.";

/** Renders the meta tool's answer from the groups now active, in toolkit order. */
export type MetaToolResponseRenderer = (activeGroups: readonly ToolGroup[]) => string;

/**
 * The reference's default answer: which groups are active and, when any has instructions, a
 * `<tool-instructions>` block with one `<group>` element per group with non-empty instructions.
 */
export const renderMetaToolResponse: MetaToolResponseRenderer = (groups) => {
  if (groups.length === 0) return "All tool groups are currently deactivated.";
  let text = `The currently activated tool group(s): ${groups.map((g) => g.name).join(", ")}.`;
  if (groups.some((g) => g.instructions !== null)) {
    text +=
      "\n<tool-instructions>\nThe tool instructions are a collection of suggestions, rules and " +
      "notifications about how to use the tools in the activated groups.\n";
    for (const g of groups) {
      if (g.instructions) text += `<group name="${g.name}">${g.instructions}</group>`;
    }
    text += "\n</tool-instructions>";
  }
  return text;
};

/** Options of `ResetTools`. */
export interface ResetToolsOptions extends ToolBaseOptions {
  /** The toolkit's live group list (read on every call, so later changes are seen). */
  groups: () => readonly ToolGroup[];
  render?: MetaToolResponseRenderer | undefined;
}

/**
 * The meta tool `reset_tools` (spec §6.4): the agent states which non-basic groups should be
 * active (one boolean per group, the final state, not a change) and gets back the instructions
 * of the groups now active. The toolkit registers it whenever a non-basic group exists; it writes
 * `state.tool_context.activated_groups`.
 */
export class ResetTools extends ToolBase {
  readonly name = "reset_tools";
  readonly description = RESET_TOOLS_DESCRIPTION;
  readonly isConcurrencySafe = true;
  readonly isReadOnly = false;
  override readonly isStateInjected = true;
  private readonly groups: () => readonly ToolGroup[];
  private readonly render: MetaToolResponseRenderer;
  private schemaKey = "";
  private schema: JsonSchema = { type: "object", properties: {} };

  constructor(options: ResetToolsOptions) {
    super(options);
    this.groups = options.groups;
    this.render = options.render ?? renderMetaToolResponse;
  }

  /** One boolean property per non-basic group (`default: false`, its description), none required. */
  get inputSchema(): JsonSchema {
    const groups = this.selectable();
    const key = JSON.stringify(groups.map((g) => [g.name, g.description]));
    if (key !== this.schemaKey) {
      const properties: JsonSchema = {};
      for (const g of groups) {
        properties[g.name] = { default: false, description: g.description, type: "boolean" };
      }
      // A new object when the groups change, so validators and schema caches keyed by identity
      // see the change.
      this.schema = { properties, type: "object" };
      this.schemaKey = key;
    }
    return this.schema;
  }

  checkPermissions(): PermissionDecision {
    return {
      behavior: "allow",
      message: "The meta tool is always allowed to be called.",
      decision_reason: null,
      updated_input: null,
      suggested_rules: null,
      bypass_immune: false,
    };
  }

  override call(input: ToolInput, context: ToolCallContext): ToolChunk {
    const state = context.state;
    if (state === undefined) {
      throw new DeveloperOrientedError(
        ToolErrorCode.TOOL_STATE_MISSING,
        "Error: ResetTools requires state to be provided.",
      );
    }
    const groups = this.selectable();
    const names = new Set(groups.map((g) => g.name));
    const unknown = Object.keys(input).filter((key) => !names.has(key));
    if (unknown.length > 0) {
      return textChunk(
        `Invalid group name(s): ${unknown.join(", ")}. The current available groups are: ` +
          groups.map((g) => g.name).join(", "),
        { state: "error" },
      );
    }
    for (const [key, value] of Object.entries(input)) {
      if (typeof value !== "boolean") {
        return textChunk(
          `Invalid arguments: the argument '${key}' should be a bool value, but got ` +
            `${pyTypeRepr(value)}.`,
          { state: "error" },
        );
      }
    }
    const active = Object.keys(input).filter((key) => input[key] === true);
    state.tool_context.activated_groups = active;
    const activeSet = new Set(active);
    return textChunk(this.render(groups.filter((g) => activeSet.has(g.name))));
  }

  private selectable(): ToolGroup[] {
    return this.groups().filter((g) => g.name !== BASIC_GROUP);
  }
}
