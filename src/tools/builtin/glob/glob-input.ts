import { z } from "zod";
import type { JsonSchema } from "../../json-schema.js";
import { inputJsonSchema } from "../read/input-json-schema.js";

/** The Glob tool's input (spec §5.5). */
export const GlobInputSchema = z.object({
  pattern: z
    .string()
    .describe("The glob pattern to match against (e.g., '**/*.py', 'src/**/*.ts')"),
  path: z
    .string()
    .describe("The base directory to search from (defaults to current working directory)")
    .optional(),
});
export type GlobInput = z.output<typeof GlobInputSchema>;

/** The JSON schema the model sees, built from {@link GlobInputSchema}. */
export function globInputJsonSchema(): JsonSchema {
  return inputJsonSchema(GlobInputSchema);
}

/** What the model reads about Glob (the reference's text). */
export const GLOB_DESCRIPTION = `Fast file pattern matching tool that works with
any codebase size.

Supports glob patterns like "**/*.js" or "src/**/*.ts" and returns
matching file paths sorted by modification time (newest first).

Use this tool when you need to find files by pattern across the
codebase.`;
