import type { ExecutionBackend } from "../../backends/execution-backend.js";
import { pathFlavour } from "./python-path.js";

/**
 * The real path of `path` on the backend: every symlink resolved, as far as the path exists; the
 * missing rest (a file about to be created) is appended to the deepest existing ancestor. `..`
 * is resolved physically (after the symlink before it), as the OS does when it opens the path.
 *
 * Returns `null` when a symlink on the way cannot be resolved (it dangles or loops): writing
 * through a dangling link would create its target, wherever it points, and the backend offers no
 * way to read the link, so callers refuse such paths.
 */
export async function resolveRealPath(
  backend: Pick<ExecutionBackend, "realpath" | "stat" | "platform">,
  path: string,
): Promise<string | null> {
  const flavour = pathFlavour(backend);
  const missing: string[] = [];
  let current = path;
  for (;;) {
    try {
      const real = await backend.realpath(current);
      return missing.length === 0 ? real : flavour.join(real, ...missing.reverse());
    } catch {
      // Either `current` does not exist (go up) or it is a link that cannot be followed.
      if (await isSymlink(backend, current)) return null;
      const parent = flavour.dirname(current);
      if (parent === current) return flavour.normalize(path);
      missing.push(flavour.basename(current));
      current = parent;
    }
  }
}

async function isSymlink(backend: Pick<ExecutionBackend, "stat">, path: string): Promise<boolean> {
  try {
    return (await backend.stat(path, { followSymlinks: false }))?.kind === "symlink";
  } catch {
    return false;
  }
}
