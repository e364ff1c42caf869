import { z } from "zod";
import { WireErrorSchema } from "../../errors/index.js";
import { PermissionRuleSchema } from "../../message/index.js";
import {
  PermissionContextSchema,
  PermissionDecisionSchema,
  RuleSubjectSchema,
} from "../../permission/index.js";
import { ToolInputSchema } from "./tool-call-request.js";

/** At most this many rule contents in one check (a permission context has a handful per tool). */
export const MAX_CHECK_RULES = 1_000;

/**
 * A request to `as.tool.<name>.check`: the tool's permission view of `input`, everything one
 * permission decision may need, in one round trip. With `context` the answer holds the tool's
 * own decision (`checkPermissions(input, context)`); each of `rule_contents` is matched against
 * the input and against each of its rule parts (`matchRule`); the answer always holds
 * `checkReadOnly`, `generateSuggestions` (whose rules' contents are matched too, for the batch
 * deferral of spec §3.7) and, for a tool with the hook, `ruleSubjects`. The hooks are queries:
 * answering the ones a decision ends up not needing costs the worker a little, never an effect.
 */
export const ToolCheckRequestSchema = z.object({
  input: ToolInputSchema,
  context: PermissionContextSchema.nullable().default(null),
  rule_contents: z
    .array(z.string())
    .max(MAX_CHECK_RULES)
    .default(() => []),
});
export type ToolCheckRequest = z.output<typeof ToolCheckRequestSchema>;
export type ToolCheckRequestInput = z.input<typeof ToolCheckRequestSchema>;

/** One hook's answer: its value, or the error it threw (raised again on the caller's side). */
function answer<T extends z.ZodType>(value: T) {
  return z.union([z.object({ value }), z.object({ error: WireErrorSchema })]);
}

/** A `matchRule` answer: true/false, or the error it threw. */
const MatchSchema = z.union([z.boolean(), WireErrorSchema]);
export type CheckMatch = z.output<typeof MatchSchema>;

/** The worker's answer to a {@link ToolCheckRequestSchema} (see there). */
export const ToolCheckAnswerSchema = z.object({
  read_only: answer(z.boolean()),
  /** `checkPermissions(input, context)`, when the request had a context. */
  decision: answer(PermissionDecisionSchema).nullable(),
  suggestions: answer(z.array(PermissionRuleSchema)),
  /** `ruleSubjects(input)`; null for a tool without the hook. */
  rule_subjects: answer(z.array(RuleSubjectSchema).nullable()).nullable(),
  /** The contents matched: the request's, then the suggestions' not already among them. */
  rule_contents: z.array(z.string()),
  /** Per content, whether it covers the whole input. */
  matches: z.array(MatchSchema),
  /** Per rule part (in `rule_subjects` order), per content, whether it covers the part; [] for a part without input. */
  part_matches: z.array(z.array(MatchSchema)),
});
export type ToolCheckAnswer = z.output<typeof ToolCheckAnswerSchema>;
