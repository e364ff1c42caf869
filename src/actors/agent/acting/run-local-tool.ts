import { createEvent, type ToolCallBlock } from "../../../message/index.js";
import { getLogger } from "../../../errors/index.js";
import {
  DeveloperOrientedError,
  TOOL_INTERRUPTED_REMINDER,
  ToolResponse,
  type ChunkSink,
  type ToolChunk,
} from "../../../tools/index.js";
import type { LoopDeps, PreparedCall } from "../loop-deps.js";
import { ActingErrorCode } from "./acting-error-code.js";
import type { CallProgress } from "./call-progress.js";
import { emitOutputDeltas, finishWithText, invalidOutputBlock } from "./result-events.js";

/**
 * Runs an allowed local call through the `onActing` chain (spec §3.7 step 5, after its
 * `TOOL_RESULT_START`): each intermediate chunk streams as deltas; the final `ToolResponse`
 * becomes the call's result — truncated (§8.4), saved to the reply message (`finished_at` null,
 * as the reference saves it), the call `finished`, then `TOOL_RESULT_END(state, metadata)` with
 * the untruncated response's state and metadata.
 *
 * `signal` reaches the tool: an abort ends the call with the toolkit's `interrupted` chunk.
 * Something that is neither a chunk nor a `ToolResponse`, or a chain ending without the
 * response, is a developer-oriented error (the caller turns it into the call's error result);
 * an error the chain throws after the response was saved is only logged (the call has its result).
 */
export async function runLocalTool(
  deps: LoopDeps,
  replyId: string,
  call: ToolCallBlock,
  signal: AbortSignal,
  startedAt: string,
  prepared: PreparedCall,
  progress: CallProgress,
): Promise<"finished" | "interrupted"> {
  // No `onActing` chain: the toolkit pushes the chunks and resolves with the response.
  const sink = new DeltaSink(deps, replyId, call);
  const pushed = deps.actingPushed(call, signal, prepared, sink);
  if (pushed !== null) {
    const response = await pushed;
    return await saveResponse(deps, replyId, call, startedAt, response, progress);
  }
  let outcome: "finished" | "interrupted" | null = null;
  try {
    for await (const item of deps.acting(call, signal, prepared)) {
      if (!(item instanceof ToolResponse)) {
        sink.takeChunk(item);
        continue;
      }
      // Like the reference, the stream is read to its end (code a middleware runs after yielding
      // the response still runs), but a call gets one result only.
      if (outcome !== null) continue;
      outcome = await saveResponse(deps, replyId, call, startedAt, item, progress);
    }
  } catch (error) {
    if (outcome === null) throw error;
    getLogger().warn(
      `agent '${deps.name}': the acting of tool call '${call.id}' (tool '${call.name}') threw after its result`,
      { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
    );
  }
  if (outcome !== null) return outcome;
  if (signal.aborted) {
    // A middleware stopped early on the abort: close the call as the toolkit would have.
    finishWithText(deps, replyId, call, TOOL_INTERRUPTED_REMINDER, "interrupted", false);
    return "interrupted";
  }
  throw new DeveloperOrientedError(
    ActingErrorCode.NO_TOOL_RESPONSE,
    `The acting of tool call '${call.id}' (tool '${call.name}') ended without a ToolResponse. ` +
      "Every onActing middleware must pass on the ToolResponse its next() yields last.",
    { data: { toolCallId: call.id, tool: call.name } },
  );
}

/** Each intermediate chunk of a call, checked (a bad chunk emits nothing), as output deltas. */
class DeltaSink implements ChunkSink {
  constructor(
    private readonly deps: LoopDeps,
    private readonly replyId: string,
    private readonly call: ToolCallBlock,
  ) {}

  takeChunk(chunk: ToolChunk): void {
    const problem = invalidChunk(chunk);
    if (problem !== null) throw invalidItem(this.call, problem);
    emitOutputDeltas(this.deps, this.replyId, this.call.id, chunk.content);
  }
}

/**
 * The call's `ToolResponse` becomes its result: truncated, saved to the reply message, the call
 * `finished`, then `TOOL_RESULT_END` with the untruncated response's state and metadata.
 */
async function saveResponse(
  deps: LoopDeps,
  replyId: string,
  call: ToolCallBlock,
  startedAt: string,
  item: ToolResponse,
  progress: CallProgress,
): Promise<"finished" | "interrupted"> {
  const problem = invalidChunk(item);
  if (problem !== null) throw invalidItem(call, problem);
  progress.stage = "result";
  const truncation = deps.truncateResult({
    type: "tool_result",
    id: call.id,
    name: call.name,
    output: item.content,
    state: item.state,
    metadata: item.metadata,
    created_at: startedAt,
    finished_at: null,
  });
  // Synchronous until the context issue brings real truncation: no turn of the queue for it.
  const result = truncation instanceof Promise ? await truncation : truncation;
  const end = createEvent("TOOL_RESULT_END", {
    reply_id: replyId,
    tool_call_id: call.id,
    state: item.state,
    metadata: item.metadata,
  });
  deps.state.appendContext(deps.name, [result]);
  call.state = "finished";
  deps.emit(end);
  progress.stage = "acting";
  return item.state === "interrupted" ? "interrupted" : "finished";
}

/** Why `item` is not a chunk (cheap structural checks, one pass over its blocks), or null. */
function invalidChunk(item: unknown): string | null {
  if (typeof item !== "object" || item === null) return describe(item);
  const content = (item as Partial<ToolChunk>).content;
  if (!Array.isArray(content)) return "an object whose 'content' is not a list of blocks";
  for (let i = 0; i < content.length; i++) {
    const problem = invalidOutputBlock(content[i]);
    if (problem !== null) return `a chunk whose block ${i} ${problem}`;
  }
  return null;
}

function describe(value: unknown): string {
  return value === null ? "null" : typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function invalidItem(call: ToolCallBlock, problem: string): DeveloperOrientedError {
  return new DeveloperOrientedError(
    ActingErrorCode.INVALID_ACTING_ITEM,
    `The acting of tool call '${call.id}' yielded ${problem}, which is neither a ToolChunk nor ` +
      "a ToolResponse. An onActing middleware must yield what its next() yields.",
    { data: { toolCallId: call.id, tool: call.name } },
  );
}
