import { z } from "zod";

/**
 * The wire shape of a permission rule. It lives here, at the bottom of the layer table, because
 * tool-call blocks carry `suggested_rules`; `src/permission` re-exports it and owns its meaning.
 */
export const PermissionBehavior = {
  ALLOW: "allow",
  DENY: "deny",
  ASK: "ask",
  PASSTHROUGH: "passthrough",
} as const;
export const PermissionBehaviorSchema = z.enum(["allow", "deny", "ask", "passthrough"]);
export type PermissionBehavior = z.output<typeof PermissionBehaviorSchema>;

/** A rule: which tool, which inputs (`rule_content`, null = all), what to do, and who said so. */
export const PermissionRuleSchema = z.object({
  tool_name: z.string(),
  rule_content: z.string().nullable().default(null),
  behavior: PermissionBehaviorSchema,
  source: z.string(),
});
export type PermissionRule = z.output<typeof PermissionRuleSchema>;
export type PermissionRuleInput = z.input<typeof PermissionRuleSchema>;
