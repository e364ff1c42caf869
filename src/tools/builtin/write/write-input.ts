import { z } from "zod";
import type { JsonSchema } from "../../json-schema.js";
import { inputJsonSchema } from "../read/input-json-schema.js";

/** The Write tool's input (spec §5.3). */
export const WriteInputSchema = z.object({
  file_path: z
    .string()
    .describe("The absolute path to the file to write (must be absolute, not relative)"),
  content: z.string().describe("The content to write to the file"),
});
export type WriteInput = z.output<typeof WriteInputSchema>;

/** The JSON schema the model sees, built from {@link WriteInputSchema}. */
export function writeInputJsonSchema(): JsonSchema {
  return inputJsonSchema(WriteInputSchema);
}

/** What the model reads about Write (the reference's text). */
export const WRITE_DESCRIPTION = `Writes a file to the local filesystem.

Usage:
- This tool will overwrite the existing file if there is one at the provided path.
- If this is an existing file, you MUST use the Read tool first to read the file's contents. This tool will fail if you did not read the file first.
- ALWAYS prefer editing existing files in the codebase. NEVER write new files unless explicitly required.
- NEVER proactively create documentation files (*.md) or README files. Only create documentation files if explicitly requested by the User.
- Only use emojis if the user explicitly requests it. Avoid writing emojis to files unless asked.`;
