import { z } from "zod";
import { PermissionBehaviorSchema, PermissionRuleSchema } from "../message/index.js";

/**
 * The outcome of a permission check. `bypass_immune` marks a safety ASK (a dangerous path or
 * command): allow rules cannot turn it into ALLOW in DEFAULT or ACCEPT_EDITS.
 */
export const PermissionDecisionSchema = z.object({
  behavior: PermissionBehaviorSchema,
  message: z.string(),
  decision_reason: z.string().nullable().default(null),
  updated_input: z.record(z.string(), z.unknown()).nullable().default(null),
  suggested_rules: z.array(PermissionRuleSchema).nullable().default(null),
  bypass_immune: z.boolean().default(false),
});
export type PermissionDecision = z.output<typeof PermissionDecisionSchema>;
export type PermissionDecisionInput = z.input<typeof PermissionDecisionSchema>;
