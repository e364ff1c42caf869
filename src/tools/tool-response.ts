import { z } from "zod";
import {
  assignOwn,
  readOptions,
  copyJson,
  type DataBlock,
  type DataSource,
  JsonObjectSchema,
  mergeBase64Chunks,
  newId,
  type TextBlock,
  type TextOrDataBlock,
  TextOrDataBlockSchema,
} from "../message/index.js";
import { ActorscopeError, ValidationError, parseOrThrow } from "../errors/index.js";
import { ToolErrorCode } from "./errors/tool-error-code.js";
import { pyRepr } from "./input/py-repr.js";
import type { ToolChunk } from "./tool-chunk.js";

/** How a whole tool call ended. */
export const ToolResponseStateSchema = z.enum(["success", "error", "interrupted", "denied"]);
export type ToolResponseState = z.output<typeof ToolResponseStateSchema>;

/** The complete result of one tool call, as data (what `ToolResponse.toJSON()` gives). */
export const ToolResponseSchema = z.object({
  content: z.array(TextOrDataBlockSchema).default(() => []),
  state: ToolResponseStateSchema.default("success"),
  metadata: JsonObjectSchema.default(() => ({})),
  id: z.string().default(() => newId()),
});
export type ToolResponseData = z.output<typeof ToolResponseSchema>;
export type ToolResponseInit = z.input<typeof ToolResponseSchema>;

const TOOL_RESPONSE_OPTIONS: ReadonlySet<string> = new Set(Object.keys(ToolResponseSchema.shape));

/** Which chunk states override the response's state, strongest first. */
const STATE_PRIORITY: Readonly<Record<string, number>> = {
  error: 3,
  interrupted: 2,
  denied: 1,
};

/**
 * The accumulated result of a tool call (spec §6.1): `Toolkit.callTool` appends every chunk a
 * tool streams and yields the response last, with `id` = the tool call's id.
 *
 * @example
 * const response = new ToolResponse({ id: "call_1" });
 * response.appendChunk(textChunk("12")).appendChunk(textChunk("3"));
 * response.content; // [{ type: "text", text: "123", … }]
 */
export class ToolResponse implements ToolResponseData {
  content: TextOrDataBlock[];
  state: ToolResponseState;
  metadata: Record<string, unknown>;
  id: string;

  /**
   * Validates `init` (strict keys; blocks and metadata checked and copied, so the response shares
   * nothing with it); a `ValidationError` names the bad field.
   */
  constructor(init: ToolResponseInit = {}) {
    init = readOptions(init, TOOL_RESPONSE_OPTIONS, "ToolResponse options");
    const data =
      Object.keys(init).length === 1 && typeof init.id === "string"
        ? { content: [], state: "success" as const, metadata: {}, id: init.id } // the toolkit's case
        : parseOrThrow(ToolResponseSchema, init, "ToolResponse options");
    this.content = data.content;
    this.state = data.state;
    this.metadata = data.metadata;
    this.id = data.id;
  }

  /**
   * Accumulates a chunk, following the reference exactly:
   * - a block whose id is already present continues it: text is appended; base64 data is merged
   *   by bytes (texts concatenated when either side is not valid base64), taking the newer name
   *   and media type; URL or mixed sources cannot be merged (`CHUNK_MERGE_CONFLICT`); a block of
   *   another type with that id is appended as a copy with a new id;
   * - a block with a new id is appended as a copy (the chunk is never modified);
   * - state: an `error` chunk makes the response `error` for good; otherwise `interrupted`, then
   *   `denied`, win over what was there (running chunks change nothing);
   * - the chunk's metadata is merged in as a copy, and must be bounded JSON (else a
   *   `ValidationError`: it ends up in the agent's state, which must stay savable); a
   *   `__proto__` key stays data, never a prototype;
   * - finally, consecutive text blocks are merged into the first (keeping its id).
   */
  appendChunk(chunk: ToolChunk): this {
    const index = new Map<string, number>();
    this.content.forEach((block, i) => index.set(block.id, i));
    for (const block of chunk.content) {
      const at = index.get(block.id);
      const target = at === undefined ? undefined : this.content[at];
      if (target === undefined) {
        this.content.push(copyBlock(block));
        index.set(block.id, this.content.length - 1);
      } else if (target.type === "text" && block.type === "text") {
        target.text += block.text;
      } else if (target.type === "data" && block.type === "data") {
        mergeData(target, block);
      } else {
        this.content.push({ ...copyBlock(block), id: newId() });
      }
    }
    const incoming = STATE_PRIORITY[chunk.state] ?? 0;
    if (incoming > 0 && incoming >= (STATE_PRIORITY[this.state] ?? 0)) {
      this.state = chunk.state as ToolResponseState;
    }
    mergeMetadata(this.metadata, chunk.metadata);
    this.content = mergeConsecutiveText(this.content);
    return this;
  }

  /** The response as plain data (wire names). */
  toJSON(): ToolResponseData {
    return { content: this.content, state: this.state, metadata: this.metadata, id: this.id };
  }
}

function mergeMetadata(target: Record<string, unknown>, metadata: Record<string, unknown>): void {
  for (const _key in metadata) {
    // Only a chunk with metadata pays for the copy (most chunks have none).
    const copied = copyJson(metadata);
    if (!copied.ok) {
      const path = ["metadata", ...copied.problem.path].join(".");
      throw new ValidationError("tool chunk", [{ path, message: copied.problem.message }]);
    }
    assignOwn(target, copied.value as Record<string, unknown>);
    return;
  }
}

function copyBlock(block: TextOrDataBlock): TextOrDataBlock {
  return block.type === "text" ? { ...block } : { ...block, source: { ...block.source } };
}

function mergeData(target: DataBlock, incoming: DataBlock): void {
  const a = target.source;
  const b = incoming.source;
  if (a.type !== "base64" || b.type !== "base64") {
    throw new ActorscopeError(
      ToolErrorCode.CHUNK_MERGE_CONFLICT,
      "Cannot append DataBlock with URL source or different source types: " +
        `${sourceText(a)} vs ${sourceText(b)}`,
      { data: { blockId: target.id } },
    );
  }
  a.data = mergeBase64Chunks(a.data, b.data);
  target.name = incoming.name || target.name;
  a.media_type = b.media_type || a.media_type;
}

/** A source as pydantic prints a model: `type='url' url='https://…' media_type='image/png'`. */
function sourceText(source: DataSource): string {
  return Object.entries(source)
    .map(([key, value]) => `${key}=${pyRepr(value)}`)
    .join(" ");
}

function mergeConsecutiveText(blocks: TextOrDataBlock[]): TextOrDataBlock[] {
  const merged: TextOrDataBlock[] = [];
  let last: TextBlock | undefined;
  for (const block of blocks) {
    if (block.type === "text" && last !== undefined) {
      last.text += block.text;
      continue;
    }
    merged.push(block);
    last = block.type === "text" ? block : undefined;
  }
  return merged;
}
