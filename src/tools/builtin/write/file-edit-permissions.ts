import { isAbsolute } from "node:path";
import {
  absolutePath,
  type DangerousPathOptions,
  isDangerousPath,
  isInWorkingDirectory,
  type PermissionContext,
  type PermissionDecision,
} from "../../../permission/index.js";
import type { FilePathGuard } from "../read/file-path-guard.js";
import { lexicallyInWorkingDirectory } from "../read/lexical-working-directory.js";
import { safetyAsk, toolDecision as decision } from "../tool-decisions.js";

/** Which tool is asking, for the texts: `Write`/`writing` or `Edit`/`editing`. */
export interface FileEditOperation {
  readonly tool: "Write" | "Edit";
  readonly verb: "writing" | "editing";
}

/** Why a safety ASK on a sensitive path was raised (the reference's reason). */
export const SENSITIVE_PATH_REASON = "Safety check: dangerous file or directory";
/** Why a safety ASK on a symlink out of the working directories was raised. */
export const SYMLINK_ESCAPE_REASON =
  "Safety check: symbolic link leads outside the working directories";

/**
 * The permission check Write and Edit share (spec §4), made stricter where a symlink could take
 * the write elsewhere than the path the user sees:
 *
 * 1. no path → PASSTHROUGH `"No file path provided"`;
 * 2. a sensitive path (`.bashrc`, `.git/…`, `.env` …) → safety ASK (bypass-immune: allow rules
 *    cannot silence it), `"Permission required: Write operation on sensitive file {p}"`;
 * 3. a path whose *real* path (symlinks resolved) is sensitive → the same safety ASK, naming it;
 * 4. a path inside a working directory whose real path is outside them (`/wd/link → /etc/x`) →
 *    safety ASK: a rule or mode that trusts the working directory must not reach past it;
 * 5. mode `accept_edits` or `dont_ask` and inside a working directory (compared by real paths)
 *    → ALLOW `"Permission granted for writing {p} (in working directory)"`;
 * 6. else PASSTHROUGH `""` (rules, then the mode's fallback, decide).
 *
 * The real path seen here is recorded in `guard`, so the call refuses a symlink swapped later.
 */
export async function checkFileEditPermissions(
  operation: FileEditOperation,
  filePath: string,
  context: PermissionContext,
  guard: FilePathGuard,
  dangerous: DangerousPathOptions,
): Promise<PermissionDecision> {
  if (filePath === "") return decision("passthrough", "No file path provided");
  if (isDangerousPath(filePath, dangerous)) {
    return safetyAsk(
      `Permission required: ${operation.tool} operation on sensitive file ${filePath}`,
      SENSITIVE_PATH_REASON,
    );
  }
  if (isAbsolute(filePath)) {
    const real = await guard.inspect(filePath);
    if (real !== null && real !== absolutePath(filePath)) {
      if (isDangerousPath(real, dangerous)) {
        return safetyAsk(
          `Permission required: ${operation.tool} operation on sensitive file ${real} ` +
            `(through the symbolic link ${filePath})`,
          SENSITIVE_PATH_REASON,
        );
      }
      if (
        lexicallyInWorkingDirectory(filePath, context) &&
        !(await isInWorkingDirectory(real, context))
      ) {
        return safetyAsk(
          `Permission required: ${operation.tool} operation on ${filePath}, a symbolic link to ` +
            `${real} outside the working directories`,
          SYMLINK_ESCAPE_REASON,
        );
      }
    }
  }
  if (
    (context.mode === "accept_edits" || context.mode === "dont_ask") &&
    (await isInWorkingDirectory(filePath, context))
  ) {
    return {
      ...decision(
        "allow",
        `Permission granted for ${operation.verb} ${filePath} (in working directory)`,
      ),
      decision_reason: "File is in working directory and not a dangerous path",
    };
  }
  return decision("passthrough", "");
}
