import type { PermissionRule } from "../../../permission/index.js";
import type { ExecutionBackend } from "../../backends/execution-backend.js";
import { pathFlavour } from "../read/python-path.js";

/** The rule Glob and Grep suggest: the searched directory (or the cwd) and everything below. */
export function searchDirectoryRule(
  toolName: string,
  path: string,
  cwd: string,
  backend: Pick<ExecutionBackend, "platform">,
): PermissionRule {
  const absolute = pathFlavour(backend).resolve(cwd, path === "" ? cwd : path);
  return {
    tool_name: toolName,
    rule_content: absolute.replace(/[/\\]+$/, "") + "/**",
    behavior: "allow",
    source: "suggested",
  };
}

/** A searched directory as rules may name it: as given, and with one trailing `/`. */
export function directoryCandidates(path: string): string[] {
  return [path, path.replace(/[/\\]+$/, "") + "/"];
}
