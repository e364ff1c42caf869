import { z } from "zod";
import type { ToolSchema } from "../message/index.js";
import { ModelError } from "./errors/model-error.js";
import { ModelErrorCode } from "./errors/model-error-code.js";

/** The literal tool-choice modes; any other string names the one tool the model must call. */
export const ToolChoiceMode = {
  AUTO: "auto",
  NONE: "none",
  REQUIRED: "required",
} as const;
export type ToolChoiceMode = (typeof ToolChoiceMode)[keyof typeof ToolChoiceMode];

/**
 * Which tools the model may call: `"auto"` (its choice), `"none"`, `"required"` (at least one),
 * or a tool's name (exactly that tool).
 */
export const ToolChoiceSchema = z.string().min(1);
export type ToolChoice = ToolChoiceMode | (string & {});

const MODES: ReadonlySet<string> = new Set(Object.values(ToolChoiceMode));

/** True when `choice` is one of the literal modes rather than a tool name. */
export function isToolChoiceMode(choice: ToolChoice): choice is ToolChoiceMode {
  return MODES.has(choice);
}

/**
 * Checks that a tool choice naming a tool names one of `tools` (as the reference does before
 * calling the API). Throws a `MODEL_INVALID_REQUEST` {@link ModelError} otherwise.
 */
export function validateToolChoice(
  toolChoice: ToolChoice | undefined,
  tools: readonly ToolSchema[] | undefined,
  model: string,
): void {
  if (toolChoice === undefined || isToolChoiceMode(toolChoice)) return;
  const names = (tools ?? []).map((tool) => tool.function.name);
  if (names.includes(toolChoice)) return;
  const available = names.length === 0 ? "(no tools given)" : [...names].sort().join(", ");
  throw new ModelError(
    ModelErrorCode.INVALID_REQUEST,
    `Invalid tool name '${toolChoice}' in toolChoice. Available tools: ${available}`,
    { model, retryable: false },
  );
}
