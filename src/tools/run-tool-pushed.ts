import type { ToolInput } from "../permission/index.js";
import { DeveloperOrientedError } from "./errors/developer-oriented-error.js";
import { stopInBackground, TOOL_INTERRUPTED_REMINDER, toolErrorText } from "./run-tool.js";
import type { ToolBase } from "./tool-base.js";
import { textChunk, type ToolChunk, type ToolChunkInput } from "./tool-chunk.js";
import type { ToolResponse } from "./tool-response.js";
import { chunkOf, isAsyncIterable, resultChunk, type ToolCallResult } from "./tool-result.js";
import type { ToolState } from "./state/tool-state.js";

/** Takes each chunk of a pushed run before it is added to the response (see {@link runToolPushed}). */
export interface ChunkSink {
  takeChunk(chunk: ToolChunk): void;
}

const ABORTED = Symbol("aborted");

/**
 * `runTool` without its stream: the same chunks, checks and outcomes — each chunk handed to
 * `sink` and then appended to `response`, failures as an `error` chunk, an abort of `signal` as
 * an `interrupted` chunk (the tool left to finish in the background), developer-oriented errors
 * thrown — for a caller that does not need to pull. A tool whose `call` returns one result
 * (`ToolBase.callDirect`) runs without any async generator; one that streams, or that
 * middleware wrap, is read as `runTool` reads it.
 *
 * What `sink` throws goes up as it is, the tool's stream being stopped, as when the reader of
 * `runTool` stops reading.
 */
export async function runToolPushed(
  tool: ToolBase,
  input: ToolInput,
  state: ToolState | undefined,
  signal: AbortSignal | undefined,
  response: ToolResponse,
  sink: ChunkSink,
): Promise<void> {
  let chunk: ToolChunk | undefined;
  if (signal?.aborted === true) {
    chunk = interruptedChunk();
  } else {
    const injected = tool.isStateInjected && !tool.isMcp && !tool.isExternalTool;
    const toolClass = tool.constructor.name;
    const race = signal === undefined ? null : new AbortRace(signal);
    let iterator: AsyncIterator<ToolChunk | ToolChunkInput | string> | undefined;
    /** Whether the items of `iterator` are what `call` streamed (to complete), or chunks. */
    let raw = false;
    let settled = false;
    try {
      const options = { state: injected ? state : undefined, signal };
      const direct = tool.callDirect(input, options);
      if (direct === null) {
        iterator = tool.invoke(input, options)[Symbol.asyncIterator]();
      } else {
        let result: ToolCallResult | typeof ABORTED;
        if (!isPromiseLike(direct)) result = direct;
        else if (race === null) result = await direct;
        else if (isAborted(signal)) {
          // `call` ran up to its first await and fired the signal: the call is over, and its
          // late rejection must not go unhandled.
          direct.then(undefined, () => undefined);
          result = ABORTED;
        } else result = await race.wait(direct);
        if (result === ABORTED || isAborted(signal)) {
          chunk = interruptedChunk();
        } else if (isAsyncIterable(result)) {
          iterator = result[Symbol.asyncIterator]();
          raw = true;
        } else {
          deliver(sink, response, resultChunk(result, toolClass));
          // As `runTool`'s next read does: an abort meanwhile ends the call interrupted.
          if (isAborted(signal)) chunk = interruptedChunk();
          else settled = true;
        }
      }
      while (iterator !== undefined && chunk === undefined && !settled) {
        const step = await nextOrAbort(iterator, race);
        if (step === ABORTED) {
          chunk = interruptedChunk();
          break;
        }
        if (step.done === true) {
          settled = true;
          break;
        }
        const item = step.value;
        deliver(sink, response, raw ? chunkOf(item, toolClass) : (item as ToolChunk));
      }
    } catch (error) {
      if (error instanceof SinkFailure) throw error.error;
      settled = true;
      if (error instanceof DeveloperOrientedError) throw error;
      // The signal may have fired while the tool ran.
      chunk = isAborted(signal)
        ? interruptedChunk()
        : textChunk(toolErrorText(error), { state: "error" });
    } finally {
      race?.dispose();
      // Interrupted, or the sink failed: let the tool's stream run its cleanup.
      if (!settled && iterator !== undefined) stopInBackground(iterator);
    }
  }
  if (chunk !== undefined) {
    sink.takeChunk(chunk);
    response.appendChunk(chunk);
  }
}

function interruptedChunk(): ToolChunk {
  return textChunk(TOOL_INTERRUPTED_REMINDER, { state: "interrupted" });
}

/** Hands a chunk to the sink (its failure marked as its own), then adds it to the response. */
function deliver(sink: ChunkSink, response: ToolResponse, chunk: ToolChunk): void {
  try {
    sink.takeChunk(chunk);
  } catch (error) {
    throw new SinkFailure(error);
  }
  response.appendChunk(chunk);
}

/** The sink threw: its error, not the tool's. */
class SinkFailure extends Error {
  constructor(readonly error: unknown) {
    super("the chunk sink failed");
  }
}

function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as Partial<PromiseLike<T>> | null)?.then === "function";
}

function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/** The next step of a stream, or `ABORTED` if the signal fires first (as `runTool` reads). */
function nextOrAbort<T>(
  iterator: AsyncIterator<T>,
  race: AbortRace | null,
): Promise<IteratorResult<T> | typeof ABORTED> | typeof ABORTED {
  if (race === null) return iterator.next();
  if (race.signal.aborted) return ABORTED;
  const next = iterator.next();
  // `next()` runs the tool synchronously up to its first await; it may have fired the signal.
  if (race.signal.aborted) {
    // The losing `next` may still reject later; that must not become an unhandled rejection.
    next.catch(() => undefined);
    return ABORTED;
  }
  return race.wait(next);
}

/**
 * A call's watch on its signal: one listener for the whole call (the watch itself, no closure),
 * and per wait one promise settled by whichever comes first, the awaited one or the abort.
 */
class AbortRace {
  #abort: ((value: typeof ABORTED) => void) | null = null;
  #listening = false;

  constructor(readonly signal: AbortSignal) {}

  /** `promise`'s outcome, or `ABORTED` if the signal fires first. */
  wait<T>(promise: PromiseLike<T>): Promise<T | typeof ABORTED> {
    if (!this.#listening) {
      this.signal.addEventListener("abort", this);
      this.#listening = true;
    }
    return new Promise<T | typeof ABORTED>((resolve, reject) => {
      this.#abort = resolve;
      // The loser's rejection is taken here too: never an unhandled rejection.
      promise.then(resolve, reject);
    });
  }

  handleEvent(): void {
    this.#abort?.(ABORTED);
  }

  dispose(): void {
    if (this.#listening) this.signal.removeEventListener("abort", this);
    this.#listening = false;
    this.#abort = null;
  }
}
