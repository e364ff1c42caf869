import { createHash } from "node:crypto";
import { lstat, mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Offloader } from "../context/index.js";
import type { ContentBlock, DataBlock, Msg, ToolResultBlock } from "../message/index.js";
import { createFileAtomically, errno, readOwnFile, replaceFileAtomically } from "./atomic-file.js";
import { extensionOf } from "./media-extension.js";
import { pathSegment } from "./path-segment.js";
import { WorkspaceError, WorkspaceErrorCode } from "./workspace-error.js";

/** The workspace-relative folders of the layout (spec §8.5). */
export const DATA_DIR = "data";
export const SESSIONS_DIR = "sessions";
export const SKILLS_DIR = "skills";

/** How many `tool_result-<id>(n).txt` names are tried before giving up. */
const MAX_COLLISIONS = 10_000;

/** Appends to one file run one after another in this process (read, then rewrite). */
const appendQueues = new Map<string, Promise<void>>();

/**
 * The offloading half of a local workspace (spec §8.5, the reference's `WorkspaceBase` offload
 * methods): files under `workdir` on the local file system. Ids become path segments through
 * {@link pathSegment}, every folder on the way is checked to be a real directory (a planted
 * symlink is refused), and every file appears whole (see `atomic-file.ts`).
 */
export class LocalOffloadStore implements Offloader {
  constructor(readonly workdir: string) {}

  /**
   * Stores a base64 block as `data/<sha256 of the base64 text><ext>` (written once per hash) and
   * returns it with a `workspace:///data/…` URL source; a URL block comes back unchanged.
   */
  async offloadDataBlock(block: DataBlock): Promise<DataBlock> {
    const source = block.source;
    if (source.type !== "base64") return block;
    const hash = createHash("sha256").update(source.data, "utf8").digest("hex");
    const name = `${hash}${extensionOf(source.media_type)}`;
    const path = join(await this.folder([DATA_DIR]), name);
    // Same base64 text, same file: a second offload writes nothing.
    if (!(await exists(path))) await createFileAtomically(path, Buffer.from(source.data, "base64"));
    return {
      type: "data",
      id: block.id,
      name: block.name,
      source: {
        type: "url",
        url: `workspace:///${DATA_DIR}/${name}`,
        media_type: source.media_type,
      },
      created_at: block.created_at,
      finished_at: block.finished_at,
    };
  }

  /**
   * Appends the messages to `sessions/<id>/context.jsonl`, one Msg JSON per line, their
   * top-level base64 data blocks offloaded first (the messages themselves are not changed).
   * Returns the file's path.
   */
  async offloadContext(sessionId: string, msgs: readonly Msg[]): Promise<string> {
    const path = join(await this.sessionFolder(sessionId), "context.jsonl");
    const lines: string[] = [];
    for (const msg of msgs) {
      const data = msg.toJSON();
      const content: string | readonly ContentBlock[] = data.content;
      if (typeof content !== "string") {
        const blocks: ContentBlock[] = [];
        for (const block of content) {
          const base64 = block.type === "data" && block.source.type === "base64";
          blocks.push(base64 ? await this.offloadDataBlock(block) : block);
        }
        data.content = blocks;
      }
      lines.push(JSON.stringify(data));
    }
    const appended = lines.join("\n") + "\n";
    await serially(path, async () => {
      const existing = await readOwnFile(path);
      await replaceFileAtomically(path, existing + appended);
    });
    return path;
  }

  /**
   * Writes the result's text to `sessions/<id>/tool_result-<call id>.txt` (then `…(1).txt`,
   * `…(2).txt` when the name is taken): text blocks verbatim, data blocks as
   * `<data url='…' name='…' media_type='…'/>` (base64 ones offloaded first). Returns the path.
   */
  async offloadToolResult(sessionId: string, result: ToolResultBlock): Promise<string> {
    const folder = await this.sessionFolder(sessionId);
    const id = pathSegment(result.id, "tool call id");
    let text = "";
    if (typeof result.output === "string") text = result.output;
    else {
      for (const block of result.output) {
        if (block.type === "text") {
          text += block.text;
          continue;
        }
        const stored = await this.offloadDataBlock(block);
        const url = stored.source.type === "url" ? stored.source.url : "";
        // `None` for a nameless block, as the reference's f-string writes it.
        text += `<data url='${url}' name='${block.name ?? "None"}' media_type='${block.source.media_type}'/>`;
      }
    }
    for (let n = 0; n <= MAX_COLLISIONS; n++) {
      const path = join(folder, n === 0 ? `tool_result-${id}.txt` : `tool_result-${id}(${n}).txt`);
      if (await createFileAtomically(path, text)) return path;
    }
    throw new WorkspaceError(
      WorkspaceErrorCode.WORKSPACE_NAME_EXHAUSTED,
      `No free name for tool result '${result.id}' in '${folder}' after ${MAX_COLLISIONS} tries; ` +
        "clear old results of the session.",
      { path: folder },
    );
  }

  /** `sessions/<id>/`, created if needed. */
  sessionFolder(sessionId: string): Promise<string> {
    return this.folder([SESSIONS_DIR, pathSegment(sessionId, "session id")]);
  }

  /**
   * The folder `workdir/<segments…>`, created if needed; each step must be a real directory
   * (not a symlink that would carry the writes elsewhere).
   */
  async folder(segments: readonly string[]): Promise<string> {
    await mkdir(this.workdir, { recursive: true });
    let current = this.workdir;
    for (const segment of segments) {
      current = join(current, segment);
      try {
        await mkdir(current);
      } catch (error) {
        if (errno(error) !== "EEXIST") throw error;
      }
      const stat = await lstat(current);
      if (!stat.isDirectory()) {
        throw new WorkspaceError(
          WorkspaceErrorCode.WORKSPACE_PATH_ESCAPE,
          `'${current}' is not a directory of the workspace (a symlink or a file); remove it.`,
          { path: current },
        );
      }
    }
    return current;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if (errno(error) === "ENOENT") return false;
    throw error;
  }
}

/** Runs `body` after every earlier body for `key` has settled. */
async function serially(key: string, body: () => Promise<void>): Promise<void> {
  const previous = appendQueues.get(key) ?? Promise.resolve();
  const next = previous.then(body);
  // The queue only orders the bodies; each failure reaches its own caller through `next`.
  const settled = next.then(
    () => undefined,
    () => undefined,
  );
  appendQueues.set(key, settled);
  try {
    await next;
  } finally {
    if (appendQueues.get(key) === settled) appendQueues.delete(key);
  }
}
