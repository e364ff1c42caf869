import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { InvokeOptions, ToolBase, ToolChunk } from "../../../../src/tools/index.js";

const made: string[] = [];

/**
 * Makes a temporary directory and returns its real path (so comparisons hold where the temp dir
 * is itself a symlink). {@link removeTempDirs} deletes every one made so far.
 */
export async function makeTempDir(prefix = "actorscope-"): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  made.push(dir);
  return dir;
}

/** Deletes the directories {@link makeTempDir} made (call it in `afterEach`). */
export async function removeTempDirs(): Promise<void> {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
}

/** Runs a tool and returns its one chunk. */
export async function runOnce(
  tool: ToolBase,
  input: Record<string, unknown>,
  options: InvokeOptions = {},
): Promise<ToolChunk> {
  const chunks: ToolChunk[] = [];
  for await (const chunk of tool.invoke(input, options)) chunks.push(chunk);
  if (chunks.length !== 1) throw new Error(`expected one chunk, got ${chunks.length}`);
  return chunks[0] as ToolChunk;
}

/** The text of a chunk's first block (`""` when it is not a text block). */
export function textOf(chunk: ToolChunk): string {
  const block = chunk.content[0];
  return block?.type === "text" ? block.text : "";
}
