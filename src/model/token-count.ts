import { Buffer } from "node:buffer";
import { pythonJsonDumps, type ContentBlock } from "../message/index.js";

/** What token counting reads from a message: its blocks (names, roles and ids are not counted). */
export interface TokenCountable {
  readonly content: readonly ContentBlock[];
}

/** The flat estimate for one data block (an image, audio, a file), whatever its size. */
export const DATA_BLOCK_TOKENS = 2000;

/** The default context window of a model, in tokens (spec §8.1). */
export const DEFAULT_CONTEXT_SIZE = 32_768;

const toolBytesCache = new WeakMap<object, number>();

/**
 * The reference's quick token estimate (spec §8.1): the UTF-8 bytes of all text — text and
 * thinking blocks, hints (string or their text items), tool-call inputs, tool-result output
 * (string or text items) — plus the tool schemas as Python-spaced JSON, divided by 4 and rounded
 * half up; plus 2000 per data block (top-level, inside hints and inside tool results).
 *
 * @example
 * estimateTokens([new UserMsg({ name: "u", content: "a".repeat(400) })]); // 100
 */
export function estimateTokens(
  messages: readonly TokenCountable[],
  tools?: readonly unknown[] | null,
): number {
  let bytes = 0;
  let dataBlocks = 0;
  for (const msg of messages) {
    for (const block of msg.content) {
      switch (block.type) {
        case "text":
          bytes += utf8(block.text);
          break;
        case "thinking":
          bytes += utf8(block.thinking);
          break;
        case "tool_call":
          bytes += utf8(block.input);
          break;
        case "data":
          dataBlocks += 1;
          break;
        case "hint":
        case "tool_result": {
          const payload = block.type === "hint" ? block.hint : block.output;
          if (typeof payload === "string") {
            bytes += utf8(payload);
            break;
          }
          for (const item of payload) {
            if (item.type === "text") bytes += utf8(item.text);
            else dataBlocks += 1;
          }
          break;
        }
      }
    }
  }
  if (tools != null && tools.length > 0) bytes += toolBytes(tools);
  return Math.floor(bytes / 4 + 0.5) + DATA_BLOCK_TOKENS * dataBlocks;
}

function utf8(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

// The toolkit hands out the same (frozen) schema object per tool while the tool is unchanged:
// serialise each once. The list's bytes are Python's `[a, b]` framing around them.
function toolBytes(tools: readonly unknown[]): number {
  let bytes = 2 + 2 * (tools.length - 1);
  for (const tool of tools) {
    if (typeof tool !== "object" || tool === null) {
      bytes += utf8(pythonJsonDumps(tool));
      continue;
    }
    let size = toolBytesCache.get(tool);
    if (size === undefined) {
      size = utf8(pythonJsonDumps(tool));
      if (Object.isFrozen(tool)) toolBytesCache.set(tool, size);
    }
    bytes += size;
  }
  return bytes;
}
