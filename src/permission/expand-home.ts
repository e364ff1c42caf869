import { homedir } from "node:os";
import { isAbsolute, resolve } from "node:path";

/** `~` and `~/x` → the home directory (Python's `expanduser`, for the current user only). */
export function expandHome(path: string): string {
  if (path === "~") return homedir();
  if (path.startsWith("~/")) return homedir() + path.slice(1);
  return path;
}

/** Python's `abspath(expanduser(path))`: absolute and normalised, without touching the disk. */
export function absolutePath(path: string, cwd: string = process.cwd()): string {
  const expanded = expandHome(path);
  return isAbsolute(expanded) ? resolve(expanded) : resolve(cwd, expanded);
}
