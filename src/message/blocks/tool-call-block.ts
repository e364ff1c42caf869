import { z } from "zod";
import { PermissionRuleSchema } from "../permission-rule.js";
import { createdAtField, openFinishedAtField } from "./block-base.js";

/**
 * Where a tool call is in its life: pending →(DENY / invalid input)→ finished; pending →(ASK)→
 * asking →(denied)→ finished | (approved)→ allowed; pending →(ALLOW)→ allowed →(local run)→
 * finished; allowed →(external tool)→ submitted →(external result)→ finished.
 */
export const ToolCallState = {
  PENDING: "pending",
  ASKING: "asking",
  ALLOWED: "allowed",
  SUBMITTED: "submitted",
  FINISHED: "finished",
} as const;
export const ToolCallStateSchema = z.enum([
  "pending",
  "asking",
  "allowed",
  "submitted",
  "finished",
]);
export type ToolCallState = z.output<typeof ToolCallStateSchema>;

/** A model's request to run a tool. `input` is the raw JSON text (accumulated while streaming). */
export const ToolCallBlockSchema = z.object({
  type: z.literal("tool_call"),
  id: z.string(),
  name: z.string(),
  input: z.string(),
  state: ToolCallStateSchema.default("pending"),
  suggested_rules: z.array(PermissionRuleSchema).default(() => []),
  created_at: createdAtField,
  finished_at: openFinishedAtField,
});
export type ToolCallBlock = z.output<typeof ToolCallBlockSchema>;
export type ToolCallBlockInput = z.input<typeof ToolCallBlockSchema>;
