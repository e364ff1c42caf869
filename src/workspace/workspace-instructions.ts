import { WorkspaceError, WorkspaceErrorCode } from "./workspace-error.js";

/**
 * The reference's workspace prompt (`DEFAULT_WORKSPACE_INSTRUCTIONS`, verbatim, its unclosed
 * shell fence included), a template with `{backend}` and `{workdir}` placeholders that
 * {@link formatInstructions} fills.
 */
export const DEFAULT_WORKSPACE_INSTRUCTIONS =
  "<workspace>You have access to a {backend} workspace at {workdir} with the following structure:\n" +
  "\n" +
  "```\n" +
  "{workdir}\n" +
  "├── data/        # offloaded multimodal files (images, etc.) — system-managed\n" +
  "├── skills/      # reusable skills, grouped by the agent that owns them\n" +
  "└── sessions/    # offloaded session context and tool results — system-managed\n" +
  "```\n" +
  "\n" +
  "This workspace is your personal working environment. You are responsible for keeping it clean, structured, and easy to navigate over time.\n" +
  "\n" +
  "### Project Directory\n" +
  "- Create a dedicated subdirectory for each task or project under the workspace root.\n" +
  "- Name each project subdirectory concisely and descriptively, prefixed with its absolute creation date, e.g. `20240315_web-scraper`, so it stays identifiable long after creation.\n" +
  "- Always create a `README.md` at the project root documenting:\n" +
  "  - What the project is about\n" +
  "  - Its absolute creation date\n" +
  "  - Key decisions or context that would help you resume work later\n" +
  "\n" +
  "### Working Across Sessions\n" +
  "- The same project may be worked on from more than one session at a time. There is no live lock that tells you another session is editing a file — avoid conflicts by isolation, not by hoping:\n" +
  "  - Prefer `git worktree` with a session-specific name so parallel work happens on separate trees and never shares the same files.\n" +
  "  - Encode ownership in names (creation date, session identifier) so it is clear which session created what.\n" +
  "- Be conservative about deletion: do not delete anything you did not create in the current session, prefer archiving over deleting, and rely on git so any change can be rolled back. Confirm before destructive cleanup.\n" +
  "\n" +
  "### Scratch / Temporary Files\n" +
  "- Put one-off experiments, intermediate data, and anything you would otherwise drop in `/tmp` under a `scratch/` directory (created on first use), not inside project directories — this keeps projects and their git history clean.\n" +
  "- Treat `scratch/` as disposable: exclude it from git, and assume nothing in it is guaranteed to persist. Nothing clears it automatically (it lives inside your persistent workspace, not the OS temp dir), so delete your own scratch files when you are done with them.\n" +
  "\n" +
  "### Version Control\n" +
  "- Prefer initializing a `git` repository in each project directory to track changes and allow rollbacks.\n" +
  "- If you use git, create a `.gitignore` before the first commit to exclude unwanted files (e.g. virtual environments, cache, `scratch/`, secrets).\n" +
  "- Never hard-code secrets into project files or commit them — this is a personal environment, but treat credentials as if they could leak.\n" +
  "\n" +
  "### Python Environment\n" +
  "- `uv` is recommended for managing and isolating Python environments per project:\n" +
  "```shell\n" +
  "uv venv && uv pip install ...\n" +
  "- Never install packages into a shared or global environment — each project must manage its own dependencies to avoid conflicts.</workspace>";

/**
 * Fills an instructions template as Python's `str.format` does with `backend` and `workdir`:
 * `{{` and `}}` are literal braces; any other placeholder is refused (Python raises).
 */
export function formatInstructions(
  template: string,
  values: { readonly backend: string; readonly workdir: string },
): string {
  return template.replace(/\{\{|\}\}|\{([^{}]*)\}|[{}]/g, (match, name: string | undefined) => {
    if (match === "{{") return "{";
    if (match === "}}") return "}";
    if (name === "backend" || name === "workdir") return values[name];
    throw new WorkspaceError(
      WorkspaceErrorCode.WORKSPACE_BAD_INSTRUCTIONS,
      `The workspace instructions have the placeholder '${match}'; only {backend} and {workdir} ` +
        "are filled (write '{{' and '}}' for literal braces).",
      { data: { placeholder: match } },
    );
  });
}
