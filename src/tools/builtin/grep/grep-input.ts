import { z } from "zod";
import type { JsonSchema } from "../../json-schema.js";
import { inputJsonSchema } from "../read/input-json-schema.js";

/** The Grep tool's input (spec §5.6). */
export const GrepInputSchema = z.object({
  pattern: z.string().describe("The regular expression pattern to search for in file contents."),
  path: z
    .string()
    .describe("File or directory to search in. Defaults to current working directory.")
    .optional(),
  output_mode: z
    .enum(["content", "files_with_matches", "count"])
    .default("files_with_matches")
    .describe(
      "Output mode: 'content' shows matching lines (supports -A/-B/-C context, -n line numbers, " +
        "head_limit), 'files_with_matches' shows file paths (supports head_limit), 'count' " +
        "shows match counts (supports head_limit). Defaults to 'files_with_matches'.",
    ),
  glob: z
    .string()
    .describe("Glob pattern to filter files (e.g., '*.js', '*.{ts,tsx}').")
    .optional(),
  type: z
    .string()
    .describe("File type to search (rg --type). Common types: js, py, rust, go, java, etc.")
    .optional(),
  "-A": z
    .number()
    .int()
    .describe("Number of lines to show after each match. Requires output_mode: 'content'.")
    .optional(),
  "-B": z
    .number()
    .int()
    .describe("Number of lines to show before each match. Requires output_mode: 'content'.")
    .optional(),
  "-C": z.number().int().describe("Alias for context.").optional(),
  context: z
    .number()
    .int()
    .describe(
      "Number of context lines to show before and after matches. Requires output_mode: 'content'.",
    )
    .optional(),
  n: z
    .boolean()
    .default(true)
    .describe("Show line numbers in output. Requires output_mode: 'content'. Defaults to true."),
  i: z.boolean().default(false).describe("Case insensitive search."),
  case_insensitive: z.boolean().default(false).describe("Case insensitive search (alias for i)."),
  multiline: z
    .boolean()
    .default(false)
    .describe(
      "Enable multiline mode where . matches newlines and patterns can span lines. Default: false.",
    ),
  head_limit: z
    .number()
    .int()
    .min(0)
    .describe(
      "Limit output to first N lines/entries. Defaults to 250 when unspecified. Pass 0 for unlimited.",
    )
    .optional(),
  offset: z
    .number()
    .int()
    .default(0)
    .describe("Skip first N lines/entries before applying head_limit. Defaults to 0."),
});
export type GrepInput = z.output<typeof GrepInputSchema>;

/** The JSON schema the model sees, built from {@link GrepInputSchema}. */
export function grepInputJsonSchema(): JsonSchema {
  return inputJsonSchema(GrepInputSchema);
}

/** What the model reads about Grep (the reference's text). */
export const GREP_DESCRIPTION = `A powerful search tool built on ripgrep

  Usage:
- ALWAYS use Grep for search tasks. NEVER invoke \`grep\` or \`rg\` as a Bash command. The Grep tool has been optimized for correct permissions and access.
- Supports full regex syntax (e.g., "log.*Error", "function\\s+\\w+")
- Filter files with glob parameter (e.g., "*.js", "**/*.tsx") or type parameter (e.g., "js", "py", "rust")
- Output modes: "content" shows matching lines, "files_with_matches" shows only file paths (default), "count" shows match counts per file
- Context lines: use context parameter or -A/-B/-C for lines after/before/around matches
- Case-insensitive search: set i to true
- Multiline regex: set multiline to true for patterns spanning multiple lines
- Limit results: use head_limit to cap the number of results returned`;
