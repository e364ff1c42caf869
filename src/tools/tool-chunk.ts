import { z } from "zod";
import {
  JsonObjectSchema,
  newId,
  now,
  TextOrDataBlockSchema,
  type TextOrDataBlock,
  ToolResultStateSchema,
  type ToolResultState,
} from "../message/index.js";
import { parseOrThrow } from "../errors/index.js";

/**
 * One piece of a tool's output (spec §6.1), plain data with AgentScope's wire names:
 * `content` (text and data blocks), `state` (`"running"` unless the tool reports `error`,
 * `interrupted` or `denied`), `is_last`, `metadata` (for the agent, not the model) and `id`.
 *
 * Blocks that continue one another share an id: text blocks with the same id are appended,
 * base64 data blocks with the same id are merged by bytes (see `ToolResponse.appendChunk`).
 */
export const ToolChunkSchema = z.object({
  content: z.array(TextOrDataBlockSchema),
  state: ToolResultStateSchema.default("running"),
  is_last: z.boolean().default(true),
  metadata: JsonObjectSchema.default(() => ({})),
  id: z.string().default(() => newId()),
});

/** A complete chunk: every field present. What `ToolBase.invoke` yields. */
export type ToolChunk = z.output<typeof ToolChunkSchema>;

/**
 * A chunk as a tool may write it: only `content` is required, and blocks may omit their ids and
 * timestamps (`{ content: [{ type: "text", text: "done" }] }`).
 */
export type ToolChunkInput = z.input<typeof ToolChunkSchema>;

const CHUNK_KEYS = new Set(["content", "state", "is_last", "metadata", "id"]);
const STATES: ReadonlySet<string> = new Set(ToolResultStateSchema.options);

/**
 * A chunk with one text block.
 *
 * @example
 * yield textChunk("50% done");
 * return textChunk("File not found", { state: "error" });
 */
export function textChunk(
  text: string,
  options: { state?: ToolResultState; metadata?: Record<string, unknown>; blockId?: string } = {},
): ToolChunk {
  const at = now();
  return {
    content: [
      { type: "text", text, id: options.blockId ?? newId(), created_at: at, finished_at: null },
    ],
    state: options.state ?? "running",
    is_last: true,
    metadata: options.metadata ?? {},
    id: newId(),
  };
}

/**
 * Completes a chunk written by a tool: fills missing fields and block ids. A chunk that is already
 * complete is returned as is (no copy: this runs for every chunk of every call). A malformed one
 * throws a `ValidationError` naming the bad field.
 */
export function toToolChunk(input: ToolChunkInput): ToolChunk {
  const content = input.content;
  if (!Array.isArray(content)) return parseOrThrow(ToolChunkSchema, input, "tool chunk");
  let blocks = content as TextOrDataBlock[];
  for (const block of content) {
    if (!isCompleteBlock(block)) {
      blocks = content.map((b) =>
        isCompleteBlock(b) ? b : parseOrThrow(TextOrDataBlockSchema, b, "tool chunk block"),
      );
      break;
    }
  }
  const { state, is_last, metadata, id } = input;
  if (
    blocks === content &&
    state !== undefined &&
    STATES.has(state) &&
    typeof is_last === "boolean" &&
    typeof metadata === "object" &&
    metadata !== null &&
    typeof id === "string"
  ) {
    return input as ToolChunk;
  }
  const wellTyped =
    (state === undefined || STATES.has(state)) &&
    (is_last === undefined || typeof is_last === "boolean") &&
    (metadata === undefined ||
      (typeof metadata === "object" && metadata !== null && !Array.isArray(metadata))) &&
    (id === undefined || typeof id === "string");
  // Wrong types are rare: the schema reports them precisely.
  if (!wellTyped) return parseOrThrow(ToolChunkSchema, { ...input, content: blocks }, "tool chunk");
  return {
    content: blocks,
    state: state ?? "running",
    is_last: is_last ?? true,
    metadata: metadata ?? {},
    id: id ?? newId(),
  };
}

/**
 * Whether a value is shaped like a chunk: an object with a `content` array of text/data blocks
 * and no keys a chunk does not have. `FunctionTool` uses it to tell a returned chunk from a plain
 * object it should render as JSON.
 */
export function isToolChunkLike(value: unknown): value is ToolChunkInput {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const content = (value as { content?: unknown }).content;
  if (!Array.isArray(content)) return false;
  for (const key of Object.keys(value)) if (!CHUNK_KEYS.has(key)) return false;
  return content.every(
    (b: unknown) =>
      typeof b === "object" &&
      b !== null &&
      ((b as { type?: unknown }).type === "text" || (b as { type?: unknown }).type === "data"),
  );
}

/** A block with every field present, which needs neither defaults nor a copy. */
function isCompleteBlock(block: unknown): block is TextOrDataBlock {
  if (typeof block !== "object" || block === null) return false;
  const b = block as Partial<Record<string, unknown>>;
  if (
    typeof b["id"] !== "string" ||
    typeof b["created_at"] !== "string" ||
    (b["finished_at"] !== null && typeof b["finished_at"] !== "string")
  ) {
    return false;
  }
  if (b["type"] === "text") return typeof b["text"] === "string";
  if (b["type"] !== "data" || (b["name"] !== null && typeof b["name"] !== "string")) return false;
  const source = b["source"] as Partial<Record<string, unknown>> | null | undefined;
  if (typeof source !== "object" || source === null) return false;
  if (typeof source["media_type"] !== "string") return false;
  // URL sources always go through the schema, which normalises the URL as the reference does.
  return source["type"] === "base64" && typeof source["data"] === "string";
}
