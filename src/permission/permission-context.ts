import { z } from "zod";
import { PermissionRuleSchema } from "../message/index.js";
import { PermissionModeSchema } from "./permission-mode.js";

/** A directory the user allowed besides the process cwd; its key in the map is what counts. */
export const AdditionalWorkingDirectorySchema = z.object({
  path: z.string(),
  source: z.string(),
});
export type AdditionalWorkingDirectory = z.output<typeof AdditionalWorkingDirectorySchema>;

/** `{ tool_name: rules }`, each list tried in order (first match wins). */
export const RulesByToolSchema = z.record(z.string(), z.array(PermissionRuleSchema));
export type RulesByTool = z.output<typeof RulesByToolSchema>;

/** Everything the permission engine decides with: the mode, working directories and rules. */
export const PermissionContextSchema = z.object({
  mode: PermissionModeSchema.default("default"),
  working_directories: z.record(z.string(), AdditionalWorkingDirectorySchema).default(() => ({})),
  allow_rules: RulesByToolSchema.default(() => ({})),
  deny_rules: RulesByToolSchema.default(() => ({})),
  ask_rules: RulesByToolSchema.default(() => ({})),
});
export type PermissionContext = z.output<typeof PermissionContextSchema>;
export type PermissionContextInput = z.input<typeof PermissionContextSchema>;
