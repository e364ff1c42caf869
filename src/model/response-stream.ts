import type { ChatResponse } from "./chat-response.js";
import { ModelError } from "./errors/model-error.js";
import { ModelErrorCode } from "./errors/model-error-code.js";
import { chatResponseProblem, invalidResponseError } from "./response-check.js";

/** True when a call's result is a stream of chunks rather than one response (null-safe). */
export function isResponseStream(
  result: ChatResponse | AsyncIterable<ChatResponse>,
): result is AsyncIterable<ChatResponse> {
  return (
    typeof result === "object" &&
    result !== null &&
    typeof (result as Partial<AsyncIterable<ChatResponse>>)[Symbol.asyncIterator] === "function"
  );
}

/** Either result of a call as a stream (a single response becomes a stream of one `is_last` chunk). */
export function toResponseStream(
  result: ChatResponse | AsyncIterable<ChatResponse>,
): AsyncIterable<ChatResponse> {
  return isResponseStream(result) ? result : responseStreamOf(result);
}

/** A stream that yields the given responses (what a stream of an interrupted call is). */
export function responseStreamOf(...responses: ChatResponse[]): AsyncIterable<ChatResponse> {
  return {
    [Symbol.asyncIterator]: () => {
      let next = 0;
      return {
        next: () =>
          Promise.resolve<IteratorResult<ChatResponse>>(
            next < responses.length
              ? { done: false, value: responses[next++] as ChatResponse }
              : { done: true, value: undefined },
          ),
      };
    },
  };
}

/** The spec's text for a stream that ended without its `is_last` chunk (§3.6 step 5). */
export const EMPTY_STREAM_MESSAGE =
  "Model returned an empty streaming response: no is_last=True chunk was received.  The model call may have been interrupted mid-stream (network dropout, timeout, or model bug).";

/** The `MODEL_INCOMPLETE_STREAM` error of a stream that ended without its `is_last` chunk. */
export function incompleteStreamError(model?: string): ModelError {
  return new ModelError(
    ModelErrorCode.INCOMPLETE_STREAM,
    EMPTY_STREAM_MESSAGE,
    model === undefined ? {} : { model },
  );
}

/**
 * The completed response of a call: the response itself, or a stream's `is_last` chunk (the
 * stream is drained). A stream without one is a `MODEL_INCOMPLETE_STREAM` error with the spec's
 * text; a result or chunk that is not a response is `MODEL_INVALID_RESPONSE`.
 */
export async function finalResponse(
  result: ChatResponse | AsyncIterable<ChatResponse>,
  model = "model",
): Promise<ChatResponse> {
  if (!isResponseStream(result)) {
    const problem = chatResponseProblem(result);
    if (problem !== null) throw invalidResponseError(model, "response", problem);
    return result;
  }
  let last: ChatResponse | null = null;
  for await (const chunk of result) {
    const problem = chatResponseProblem(chunk);
    if (problem !== null) throw invalidResponseError(model, "chunk", problem);
    if (chunk.is_last) last = chunk;
  }
  if (last === null) throw incompleteStreamError(model);
  return last;
}
