import { z } from "zod";
import type { JsonSchema } from "../../json-schema.js";
import { inputJsonSchema } from "../read/input-json-schema.js";

/** The Edit tool's input (spec §5.3). */
export const EditInputSchema = z.object({
  file_path: z.string().describe("The absolute path to the file to edit."),
  old_string: z
    .string()
    .describe(
      "The exact string to replace. Must match exactly including whitespace and indentation.",
    ),
  new_string: z.string().describe("The string to replace old_string with."),
  replace_all: z
    .boolean()
    .default(false)
    .describe(
      "If true, replace all occurrences. If false (default), only replace if there is exactly " +
        "one occurrence.",
    ),
});
export type EditInput = z.output<typeof EditInputSchema>;

/** The JSON schema the model sees, built from {@link EditInputSchema}. */
export function editInputJsonSchema(): JsonSchema {
  return inputJsonSchema(EditInputSchema);
}

/** What the model reads about Edit (the reference's text). */
export const EDIT_DESCRIPTION = `Performs exact string replacements in files.

Usage:
- You must use your \`Read\` tool at least once in the conversation
  before editing. This tool will error if you attempt an edit without
  reading the file.
- When editing text from Read tool output, ensure you preserve the
  exact indentation (tabs/spaces) as it appears AFTER the line number
  prefix. The line number prefix format is: line number + tab.
  Everything after that is the actual file content to match. Never
  include any part of the line number prefix in the old_string or
  new_string.
- ALWAYS prefer editing existing files in the codebase. NEVER write
  new files unless explicitly required.
- Only use emojis if the user explicitly requests it. Avoid adding
  emojis to files unless asked.
- The edit will FAIL if \`old_string\` is not unique in the file.`;
