import { z } from "zod";
import { ToolCallBlockSchema } from "../blocks/tool-call-block.js";
import { ToolResultBlockSchema } from "../blocks/tool-result-block.js";
import { PermissionRuleSchema } from "../permission-rule.js";
import { replyEventShape } from "./event-base.js";

/** The agent pauses: the user must confirm these calls (one per event, as the agent emits them). */
export const RequireUserConfirmEventSchema = z.object({
  type: z.literal("REQUIRE_USER_CONFIRM"),
  ...replyEventShape,
  tool_calls: z.array(ToolCallBlockSchema),
});
export type RequireUserConfirmEvent = z.output<typeof RequireUserConfirmEventSchema>;

/** The agent pauses: these calls run outside the agent (one per event, as the agent emits them). */
export const RequireExternalExecutionEventSchema = z.object({
  type: z.literal("REQUIRE_EXTERNAL_EXECUTION"),
  ...replyEventShape,
  tool_calls: z.array(ToolCallBlockSchema),
});
export type RequireExternalExecutionEvent = z.output<typeof RequireExternalExecutionEventSchema>;

/**
 * The user's answer for one call: `tool_call` may carry a modified name or input; `rules`
 * (only meaningful when confirmed) are persisted into the permission context.
 */
export const ConfirmResultSchema = z.object({
  confirmed: z.boolean(),
  tool_call: ToolCallBlockSchema,
  rules: z.array(PermissionRuleSchema).nullable().default(null),
});
export type ConfirmResult = z.output<typeof ConfirmResultSchema>;

/** An input event answering REQUIRE_USER_CONFIRM. */
export const UserConfirmResultEventSchema = z.object({
  type: z.literal("USER_CONFIRM_RESULT"),
  ...replyEventShape,
  confirm_results: z.array(ConfirmResultSchema),
});
export type UserConfirmResultEvent = z.output<typeof UserConfirmResultEventSchema>;

/** An input event answering REQUIRE_EXTERNAL_EXECUTION with the tools' results. */
export const ExternalExecutionResultEventSchema = z.object({
  type: z.literal("EXTERNAL_EXECUTION_RESULT"),
  ...replyEventShape,
  execution_results: z.array(ToolResultBlockSchema),
});
export type ExternalExecutionResultEvent = z.output<typeof ExternalExecutionResultEventSchema>;
