import {
  createEvent,
  type TextOrDataBlock,
  type ToolCallBlock,
  type ToolResultState,
} from "../../../message/index.js";
import type { LoopDeps } from "../loop-deps.js";

/**
 * Streams tool output blocks as events (spec §3.7): one `TOOL_RESULT_TEXT_DELTA` per text block,
 * one `TOOL_RESULT_DATA_DELTA` per data block (base64 → `data`, URL → `url`, `block_id` = the
 * block's id, so a client rebuilds the same data block ids).
 */
export function emitOutputDeltas(
  deps: LoopDeps,
  replyId: string,
  toolCallId: string,
  blocks: readonly TextOrDataBlock[],
): void {
  for (const block of blocks) {
    if (block.type === "text") {
      deps.emit(
        createEvent("TOOL_RESULT_TEXT_DELTA", {
          reply_id: replyId,
          tool_call_id: toolCallId,
          delta: block.text,
        }),
      );
      continue;
    }
    const source = block.source;
    deps.emit(
      createEvent(
        "TOOL_RESULT_DATA_DELTA",
        source.type === "base64"
          ? {
              reply_id: replyId,
              tool_call_id: toolCallId,
              block_id: block.id,
              media_type: source.media_type,
              data: source.data,
            }
          : {
              reply_id: replyId,
              tool_call_id: toolCallId,
              block_id: block.id,
              media_type: source.media_type,
              url: source.url,
            },
      ),
    );
  }
}

/**
 * Why `block` is not a tool output block (a text block with its text, or a data block with a
 * base64 or URL source), or null. Cheap structural checks for what a middleware yields; the
 * toolkit's own chunks always pass.
 */
export function invalidOutputBlock(block: unknown): string | null {
  if (typeof block !== "object" || block === null) return "is not an object";
  const b = block as { type?: unknown; text?: unknown; id?: unknown; source?: unknown };
  if (b.type === "text") return typeof b.text === "string" ? null : "is a text block without text";
  if (b.type !== "data") return "is neither a text nor a data block";
  if (typeof b.id !== "string") return "is a data block without an id";
  const source = b.source as
    { type?: unknown; data?: unknown; url?: unknown; media_type?: unknown } | null | undefined;
  if (typeof source !== "object" || source === null || typeof source.media_type !== "string") {
    return "is a data block without a source";
  }
  if (source.type === "base64" && typeof source.data === "string") return null;
  if (source.type === "url" && typeof source.url === "string") return null;
  return "is a data block whose source is neither base64 data nor a URL";
}

/**
 * Ends a call with a one-text result — an invalid call, a denial, a user's rejection, an
 * interruption: `TOOL_RESULT_START` (unless it went out already), one text delta, the result saved
 * with `output` = the text as a plain string, the call `finished`, then `TOOL_RESULT_END(state)`.
 * The result is in the context before its END is emitted, so a listener reading the state on END
 * sees it; it is created at the time of the first event and keeps `finished_at: null`, as the
 * reference saves it (the END event carries its own time).
 */
export function finishWithText(
  deps: LoopDeps,
  replyId: string,
  call: ToolCallBlock,
  text: string,
  state: ToolResultState,
  withStart: boolean,
): void {
  let createdAt: string | undefined;
  if (withStart) {
    const start = createEvent("TOOL_RESULT_START", {
      reply_id: replyId,
      tool_call_id: call.id,
      tool_call_name: call.name,
    });
    createdAt = start.created_at;
    deps.emit(start);
  }
  const delta = createEvent("TOOL_RESULT_TEXT_DELTA", {
    reply_id: replyId,
    tool_call_id: call.id,
    delta: text,
  });
  deps.emit(delta);
  const end = createEvent("TOOL_RESULT_END", { reply_id: replyId, tool_call_id: call.id, state });
  deps.state.appendContext(deps.name, [
    {
      type: "tool_result",
      id: call.id,
      name: call.name,
      output: text,
      state,
      metadata: {},
      created_at: createdAt ?? delta.created_at,
      finished_at: null,
    },
  ]);
  call.state = "finished";
  deps.emit(end);
}

/**
 * The call as it goes out in a `REQUIRE_*` event: a snapshot, so later changes to the live block
 * (its state, a user's edit) do not reach listeners, and the reverse.
 */
export function snapshotCall(call: ToolCallBlock): ToolCallBlock {
  return { ...call, suggested_rules: call.suggested_rules.slice() };
}
