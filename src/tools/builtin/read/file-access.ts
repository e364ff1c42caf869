import type { ExecutionBackend } from "../../backends/execution-backend.js";
import type { FilePathGuard } from "./file-path-guard.js";

/** Where one call of a file tool acts: the requested path and the real path the guard admitted. */
export interface FileAccess {
  readonly backend: ExecutionBackend;
  readonly guard: FilePathGuard;
  /** The path as the model gave it (used in every text the model reads). */
  readonly filePath: string;
  /** Its real path, where the I/O goes. */
  readonly real: string;
  readonly signal: AbortSignal;
}

/** The file's bytes, or `null` when a symlink was swapped into its path during the read. */
export async function readBytes(access: FileAccess): Promise<Uint8Array | null> {
  const bytes = await access.backend.readFile(access.real, { signal: access.signal });
  return (await access.guard.unchanged(access.real)) ? bytes : null;
}

/**
 * Writes the file (parents created); `false` when a symlink was swapped into its path during
 * the write (the content may then have gone elsewhere).
 */
export async function writeText(access: FileAccess, content: string): Promise<boolean> {
  await access.backend.writeFile(access.real, content, { signal: access.signal });
  return access.guard.unchanged(access.real);
}
