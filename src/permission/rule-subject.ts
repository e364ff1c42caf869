import { z } from "zod";

/**
 * One part of a tool call that permission rules are matched against on its own (departure 7):
 * for Bash, one subcommand of a compound command, or a program a wrapper or `sh -c` runs.
 *
 * - `input` is what the tool's `matchRule` sees for this part, in the tool's own input shape
 *   (`{ command: "git status" }`); `null` marks a part nobody can name (a program the analysis
 *   cannot see), which only a rule without content — one for the whole tool — covers.
 * - `read_only` parts need no allow rule.
 *
 * Plain data with wire names, so a tool served on the bus can answer with it.
 */
export const RuleSubjectSchema = z.object({
  input: z.record(z.string(), z.unknown()).nullable(),
  read_only: z.boolean(),
});
export type RuleSubject = z.output<typeof RuleSubjectSchema>;
