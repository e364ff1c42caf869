import { z } from "zod";
import type { JsonSchema } from "../../json-schema.js";

/** The default timeout of a Bash call, in milliseconds (2 minutes). */
export const DEFAULT_BASH_TIMEOUT_MS = 120_000;

/** The longest a Bash call may run, in milliseconds (10 minutes); longer timeouts are clamped. */
export const MAX_BASH_TIMEOUT_MS = 600_000;

/** The Bash tool's input (spec §5.1): the command, what it does, and a timeout in ms. */
export const BashInputSchema = z.object({
  command: z.string().describe("The bash command to execute."),
  description: z
    .string()
    .describe(
      "Clear, concise description of what this command does. For simple commands, keep it brief (5-10 words). For complex commands, include enough context.",
    )
    .optional(),
  timeout: z
    .number()
    .int()
    .min(0)
    .max(MAX_BASH_TIMEOUT_MS)
    .default(DEFAULT_BASH_TIMEOUT_MS)
    .describe("Optional timeout in milliseconds (default: 120000, max: 600000)"),
});
export type BashInput = z.output<typeof BashInputSchema>;

/** The JSON schema the model sees, built from {@link BashInputSchema}. */
export function bashInputJsonSchema(): JsonSchema {
  const schema: JsonSchema = z.toJSONSchema(BashInputSchema, { io: "input" });
  delete schema["$schema"];
  return schema;
}

/** What the model reads about the tool (the reference's text). */
export const BASH_DESCRIPTION = `Executes a bash command and returns its output.

The working directory persists between commands, but shell state does
not. The shell environment is initialized from the user's profile
(bash or zsh).

IMPORTANT: Avoid using this tool to run \`find\`, \`grep\`, \`cat\`, \`head\`,
\`tail\`, \`sed\`, \`awk\`, or \`echo\` commands, unless explicitly instructed
or after you have verified that a dedicated tool cannot accomplish your
task. Instead, use the appropriate dedicated tool as this will provide
a much better experience for the user:

 - File search: Use Glob (NOT find or ls)
 - Content search: Use Grep (NOT grep or rg)
 - Read files: Use Read (NOT cat/head/tail)
 - Edit files: Use Edit (NOT sed/awk)
 - Write files: Use Write (NOT echo >/cat <<EOF)
 - Communication: Output text directly (NOT echo/printf)

While the Bash tool can do similar things, it's better to use the
built-in tools as they provide a better user experience and make it
easier to review tool calls and give permission.

# Instructions
 - If your command will create new directories or files, first use
   this tool to run \`ls\` to verify the parent directory exists and is
   the correct location.
 - Always quote file paths that contain spaces with double quotes in
   your command (e.g., cd "path with spaces/file.txt")
 - Try to maintain your current working directory throughout the
   session by using absolute paths and avoiding usage of \`cd\`. You may
   use \`cd\` if the User explicitly requests it.
 - You may specify an optional timeout in milliseconds (up to 600000ms
   / 10 minutes). By default, your command will timeout after 120000ms
   (2 minutes).
 - A command meant to keep running — a dev server, a file watcher, a
   queue worker — must be detached AND have its output redirected to a
   file:

     nohup npm run dev > /tmp/dev.log 2>&1 < /dev/null &

   The redirection is what lets this tool return. A detached process
   that still holds the output stream keeps it open, so the call blocks
   until that process exits — for a server, that means burning the whole
   timeout and then reporting a failure that never happened. Writing
   just \`npm run dev &\` hits exactly this.
   Afterwards, read the log file to confirm it came up, and to diagnose
   it when it did not.
 - Write a clear, concise description of what your command does. For
   simple commands, keep it brief (5-10 words). For complex commands
   (piped commands, obscure flags, or anything hard to understand at a
   glance), include enough context so that the user can understand what
   your command will do.
 - When issuing multiple commands:
  - If the commands are independent and can run in parallel, make
    multiple Bash tool calls in a single message. Example: if you need
    to run "git status" and "git diff", send a single message with two
    Bash tool calls in parallel.
  - If the commands depend on each other and must run sequentially,
    use a single Bash call with '&&' to chain them together.
  - Use ';' only when you need to run commands sequentially but don't
    care if earlier commands fail.
  - DO NOT use newlines to separate commands (newlines are ok in
    quoted strings).
 - For git commands:
  - Prefer to create a new commit rather than amending an existing
    commit.
  - Before running destructive operations (e.g., git reset --hard, git
    push --force, git checkout --), consider whether there is a safer
    alternative that achieves the same goal. Only use destructive
    operations when they are truly the best approach.
  - Never skip hooks (--no-verify) or bypass signing (--no-gpg-sign,
    -c commit.gpgsign=false) unless the user has explicitly asked for
    it. If a hook fails, investigate and fix the underlying issue.
 - Avoid unnecessary \`sleep\` commands:
  - Do not sleep between commands that can run immediately — just run
    them.
  - Do not retry failing commands in a sleep loop — diagnose the root
    cause or consider an alternative approach.
  - If you must sleep, keep the duration short (1-5 seconds) to avoid
    blocking the user.`;
