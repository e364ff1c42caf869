import { isInWorkingDirectory, type PermissionContext } from "../../../permission/index.js";
import type { PathRefusal } from "./file-path-guard.js";
import { FileToolErrorCode } from "./file-tool-error-code.js";
import { lexicallyInWorkingDirectory } from "./lexical-working-directory.js";

/*
 * What a file tool's call re-checks when no permission check of its process recorded the path
 * (see `FilePathGuard.admit`): the safety questions its permission check asks about a symlink,
 * asked again of the real path as it is now. Each returns the refusal, or `null`.
 */

/**
 * A harmless-looking path that leads through a symlink to a sensitive one
 * (`/wd/notes.txt → ~/.ssh/id_rsa`): the check would have asked about the real path.
 */
export function sensitiveLinkRefusal(
  filePath: string,
  real: string,
  isSensitive: (path: string) => boolean,
): PathRefusal | null {
  if (!isSensitive(real) || isSensitive(filePath)) return null;
  return {
    code: FileToolErrorCode.SYMLINK_TO_SENSITIVE_PATH,
    message:
      `Error: ${filePath} resolves through a symbolic link to ${real}, a sensitive file or ` +
      "directory the permission check did not see. The file was not touched; request " +
      `${real} directly so it can be checked.`,
  };
}

/**
 * A path inside a working directory whose real path is outside them (`/wd/x → /etc/x`): the check
 * of Write and Edit would have asked, since a rule or mode that trusts the working directory
 * must not reach past it.
 */
export async function workingDirectoryEscapeRefusal(
  filePath: string,
  real: string,
  context: Pick<PermissionContext, "working_directories">,
): Promise<PathRefusal | null> {
  if (!lexicallyInWorkingDirectory(filePath, context)) return null;
  if (await isInWorkingDirectory(real, context)) return null;
  return {
    code: FileToolErrorCode.SYMLINK_OUTSIDE_WORKING_DIRECTORIES,
    message:
      `Error: ${filePath} resolves through a symbolic link to ${real}, outside the working ` +
      "directories, and no permission check approved that. The file was not touched; request " +
      `${real} directly so it can be checked.`,
  };
}
