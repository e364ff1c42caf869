import { z } from "zod";

/**
 * How the permission engine treats calls no rule settles: `default` asks, `accept_edits` lets
 * tools auto-allow edits inside the working directories, `explore` is read-only, `bypass`
 * allows, `dont_ask` denies (the user is not there to answer).
 */
export const PermissionMode = {
  DEFAULT: "default",
  ACCEPT_EDITS: "accept_edits",
  EXPLORE: "explore",
  BYPASS: "bypass",
  DONT_ASK: "dont_ask",
} as const;
export const PermissionModeSchema = z.enum([
  "default",
  "accept_edits",
  "explore",
  "bypass",
  "dont_ask",
]);
export type PermissionMode = z.output<typeof PermissionModeSchema>;
