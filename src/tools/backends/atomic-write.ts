import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/*
 * Durable, atomic file writes for the stores built on the local file system (session storage,
 * the local workspace): a reader or a crash sees the old file or the new one, never half of one.
 */

/**
 * Writes `data` to a fresh temporary file beside `file` (same directory, so a rename or link
 * into place is atomic), fsynced, and returns its path. The name starts with a dot and ends
 * `.tmp`, so readers listing the directory can skip leftovers of a crashed writer.
 */
export async function writeTempBeside(
  file: string,
  data: string | Uint8Array,
  mode = 0o600,
): Promise<string> {
  const dir = dirname(file);
  const temp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(temp, "wx", mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  return temp;
}

/**
 * Replaces (or creates) `file` with `data`: the data goes to a temporary file beside it
 * ({@link writeTempBeside}), which is renamed over `file`, and the directory is fsynced so the
 * rename itself survives a power cut. Missing directories are created (and made durable).
 */
export async function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  mode = 0o600,
): Promise<void> {
  const dir = dirname(file);
  const created = await mkdir(dir, { recursive: true });
  if (created !== undefined) await syncCreatedDirectories(dir, created);
  const temp = await writeTempBeside(file, data, mode);
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

/** fsyncs a directory, so the entries just created or renamed in it are durable. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** After `mkdir -p` made `created` … `dir`: fsyncs each new directory's parent, deepest first. */
async function syncCreatedDirectories(dir: string, created: string): Promise<void> {
  for (let current = dir; ; current = dirname(current)) {
    await syncDirectory(dirname(current));
    if (current === created || dirname(current) === current) return;
  }
}
