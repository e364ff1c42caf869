import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/**
 * Replaces `file` with `text` so that a crash at any point leaves either the old file or the new
 * one, never a half-written one: the text goes to a temporary file in the same directory (a
 * rename is atomic only within one file system), which is fsynced, renamed over `file`, and the
 * directory is fsynced so the rename itself survives a power cut. The temporary name starts with
 * a dot, which no stored session's name does, so readers skip leftovers of a crashed writer.
 */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const dir = dirname(file);
  const created = await mkdir(dir, { recursive: true });
  if (created !== undefined) await syncCreatedDirectories(dir, created);
  const temp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(temp, "wx", 0o600);
  try {
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
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
