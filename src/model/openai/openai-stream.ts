import { newId, now } from "../../message/index.js";
import { callId } from "./call-id.js";
import type { ChatContentBlock, ChatResponse, ChatUsage } from "../chat-response.js";
import type { ModelError } from "../errors/model-error.js";
import { ResponseAccumulator } from "../response-accumulator.js";
import type { CallControl } from "./call-control.js";
import {
  describeIssues,
  protocolError,
  timeoutError,
  toModelError,
  type ErrorContext,
} from "./openai-error-map.js";
import { reasoningOf } from "./openai-response.js";
import { toChatUsage } from "./openai-usage.js";
import { WireChunkSchema, type WireDelta } from "./openai-wire.js";

interface OpenCall {
  readonly id: string;
  name: string;
}

/**
 * Turns the SDK's chunk stream into ChatResponse chunks: reasoning and text deltas under one
 * thinking and one text block id, tool-call argument deltas under their call's id (the provider
 * sends the id once, then only the call's `index`, so several parallel calls stay apart), chunks
 * without content swallowed; then one `is_last` chunk with everything and the usage. An abort ends
 * it with `finished_reason: "interrupted"`. Every chunk is checked against the wire schema first:
 * a chunk of the wrong shape (`null`, `choices: [null]`, `tool_calls` that is not a list, a
 * number where text belongs), a line that is not JSON, or a stream that ends without a
 * `finish_reason` is a `MODEL_UPSTREAM` error; a broken connection `MODEL_CONNECTION`; a deadline
 * `MODEL_TIMEOUT`.
 */
export async function* readChatStream(
  stream: AsyncIterable<unknown>,
  control: CallControl,
  ctx: ErrorContext,
  startedAt: number,
  taken: Set<string> = new Set(),
): AsyncGenerator<ChatResponse> {
  const accumulator = new ResponseAccumulator();
  const thinkingId = newId();
  const textId = newId();
  const fallbackId = newId();
  const calls = new Map<number, OpenCall>();
  let responseId: string | null = null;
  let usage: ChatUsage | null = null;
  let finished = false;
  let done = false;
  let index = 0;
  const iterator = stream[Symbol.asyncIterator]();
  try {
    for (; ; index++) {
      let step: IteratorResult<unknown>;
      try {
        step = await iterator.next();
      } catch (error) {
        if (control.userAborted) break;
        throw failure(error, control, ctx);
      }
      if (step.done === true) break;
      control.touch();
      const parsed = WireChunkSchema.safeParse(step.value);
      if (!parsed.success) throw protocolError(ctx, `chunk ${index}`, describeIssues(parsed.error));
      const chunk = parsed.data;
      if (responseId === null && typeof chunk.id === "string" && chunk.id !== "")
        responseId = chunk.id;
      if (chunk.usage != null) {
        usage = toChatUsage(chunk.usage, (performance.now() - startedAt) / 1000);
      }
      const choice = chunk.choices?.[0];
      if (choice === undefined) continue;
      if (choice.finish_reason != null) {
        finished = true;
        accumulator.setMetadata("finish_reason", choice.finish_reason);
      }
      const content = deltaBlocks(choice.delta, calls, taken, thinkingId, textId);
      if (content.length === 0) continue;
      const response: ChatResponse = {
        id: responseId ?? fallbackId,
        created_at: now(),
        content,
        is_last: false,
        usage: null,
        finished_reason: "completed",
        metadata: {},
      };
      accumulator.add(response);
      yield response;
    }
    accumulator.setUsage(usage);
    if (control.userAborted) {
      done = true;
      yield accumulator.build("interrupted");
      return;
    }
    const deadline = control.deadline;
    if (deadline !== null) throw timeoutError(ctx, deadline);
    if (!finished) {
      // The server ended the body in good order (a lost connection throws above): what it sent
      // was not a finished answer.
      throw protocolError(
        ctx,
        `a stream of ${index} chunks`,
        "it ended before the model finished its answer (no finish_reason)",
      );
    }
    done = true;
    yield accumulator.build("completed");
  } finally {
    if (!done) control.abort();
    control.dispose();
    await iterator.return?.().catch(() => undefined);
  }
}

/**
 * Checks that a streamed call was answered with an event stream: a `200` with an HTML page (a
 * proxy's login or error page) is a `MODEL_UPSTREAM` error at once, not an empty stream. A
 * response without a content type is left to the chunk checks.
 */
export function assertEventStream(response: Response, ctx: ErrorContext): void {
  const type = response.headers.get("content-type");
  if (type === null || type.includes("event-stream")) return;
  throw protocolError(ctx, `a ${type} body`, "a streamed call needs text/event-stream");
}

function deltaBlocks(
  delta: WireDelta | null | undefined,
  calls: Map<number, OpenCall>,
  taken: Set<string>,
  thinkingId: string,
  textId: string,
): ChatContentBlock[] {
  if (delta == null) return [];
  const createdAt = now();
  const blocks: ChatContentBlock[] = [];
  const thinking = reasoningOf(delta);
  if (thinking !== "") {
    blocks.push({
      type: "thinking",
      thinking,
      id: thinkingId,
      created_at: createdAt,
      finished_at: null,
    });
  }
  const text = delta.content ?? delta.refusal ?? "";
  if (text !== "") {
    blocks.push({ type: "text", text, id: textId, created_at: createdAt, finished_at: null });
  }
  (delta.tool_calls ?? []).forEach((call, position) => {
    const index = call.index ?? position;
    let open = calls.get(index);
    if (open === undefined) {
      open = { id: callId(call.id, taken), name: call.function?.name ?? "" };
      calls.set(index, open);
    } else if (open.name === "" && call.function?.name != null) {
      open.name = call.function.name;
    }
    blocks.push({
      type: "tool_call",
      id: open.id,
      name: open.name,
      input: call.function?.arguments ?? "",
      state: "pending",
      suggested_rules: [],
      created_at: createdAt,
      finished_at: null,
    });
  });
  return blocks;
}

function failure(error: unknown, control: CallControl, ctx: ErrorContext): ModelError {
  const deadline = control.deadline;
  if (deadline !== null) return timeoutError(ctx, deadline);
  return toModelError(error, ctx);
}
