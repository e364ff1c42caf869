import { sep } from "node:path";
import { absolutePath, type PermissionContext } from "../../../permission/index.js";

/**
 * Whether the path *as written* is inside a working directory (the process cwd or a key of
 * `working_directories`), before any symlink is followed: what a user reading the path believes.
 */
export function lexicallyInWorkingDirectory(
  filePath: string,
  context: Pick<PermissionContext, "working_directories">,
): boolean {
  const target = absolutePath(filePath);
  return [process.cwd(), ...Object.keys(context.working_directories)].some((directory) => {
    const root = absolutePath(directory);
    return target === root || target.startsWith(root + sep);
  });
}
