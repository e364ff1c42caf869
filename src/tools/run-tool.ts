import type { ToolInput } from "../permission/index.js";
import { AgentOrientedError } from "./errors/agent-oriented-error.js";
import { DeveloperOrientedError } from "./errors/developer-oriented-error.js";
import type { ToolBase } from "./tool-base.js";
import { textChunk, type ToolChunk } from "./tool-chunk.js";
import type { ToolResponse } from "./tool-response.js";
import type { ToolState } from "./state/tool-state.js";

/** What the model reads when a running tool call is interrupted (verbatim from the reference). */
export const TOOL_INTERRUPTED_REMINDER =
  "<system-reminder>The tool call has been interrupted by the user.</system-reminder>";

const ABORTED = Symbol("aborted");

/**
 * Runs one tool through `invoke`, yielding each chunk and appending it to `response`. Failures
 * become an `error` chunk (the model sees the error); an abort of `signal` becomes an
 * `interrupted` chunk, even when the tool does not stop by itself (it is left to finish in the
 * background, its output dropped). Developer-oriented errors are re-thrown.
 */
export async function* runTool(
  tool: ToolBase,
  input: ToolInput,
  state: ToolState | undefined,
  signal: AbortSignal | undefined,
  response: ToolResponse,
): AsyncGenerator<ToolChunk> {
  let chunk: ToolChunk | undefined;
  if (signal?.aborted === true) {
    chunk = textChunk(TOOL_INTERRUPTED_REMINDER, { state: "interrupted" });
  } else {
    const injected = tool.isStateInjected && !tool.isMcp && !tool.isExternalTool;
    let iterator: AsyncIterator<ToolChunk> | undefined;
    let settled = false;
    // One abort listener for the whole call, not one per chunk.
    const watch = signal === undefined ? null : new AbortWatch(signal);
    try {
      const stream = tool.invoke(input, { state: injected ? state : undefined, signal });
      iterator = stream[Symbol.asyncIterator]();
      for (;;) {
        const step = await nextOrAbort(iterator, watch);
        if (step === ABORTED) {
          chunk = textChunk(TOOL_INTERRUPTED_REMINDER, { state: "interrupted" });
          break;
        }
        if (step.done === true) {
          settled = true;
          break;
        }
        yield step.value;
        response.appendChunk(step.value);
      }
    } catch (error) {
      settled = true;
      if (error instanceof DeveloperOrientedError) throw error;
      // The signal may have fired while the tool ran (TypeScript cannot see that).
      chunk = isAborted(signal)
        ? textChunk(TOOL_INTERRUPTED_REMINDER, { state: "interrupted" })
        : textChunk(toolErrorText(error), { state: "error" });
    } finally {
      watch?.dispose();
      // Interrupted, or the caller stopped reading: let the tool run its cleanup.
      if (!settled && iterator !== undefined) stopInBackground(iterator);
    }
  }
  if (chunk !== undefined) {
    yield chunk;
    response.appendChunk(chunk);
  }
}

/**
 * The text the model reads for an error a tool threw, with Python's `str(e)` semantics: the
 * message alone, `"{ClassName}: {message}"` for agent-oriented errors, and the reference's prefix
 * for errors of an MCP session: the SDK's `McpError` and actorscope's `MCPError` (recognised by
 * name, since `tools` imports neither the SDK nor `src/mcp`).
 */
export function toolErrorText(error: unknown): string {
  if (error instanceof AgentOrientedError) return error.toString();
  if (error instanceof Error) {
    if (error.name === "McpError" || error.name === "MCPError") {
      return `Error occurred when calling MCP tool: ${error.message}`;
    }
    return error.message;
  }
  return typeof error === "string" ? error : (JSON.stringify(error) ?? "Unknown error");
}

/** A promise of a signal's abort, with one listener, removed by `dispose`. */
class AbortWatch {
  readonly aborted: Promise<typeof ABORTED>;
  #onAbort: (() => void) | null = null;

  constructor(readonly signal: AbortSignal) {
    this.aborted = new Promise<typeof ABORTED>((resolve) => {
      const onAbort = () => {
        resolve(ABORTED);
      };
      this.#onAbort = onAbort;
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  dispose(): void {
    if (this.#onAbort !== null) this.signal.removeEventListener("abort", this.#onAbort);
    this.#onAbort = null;
  }
}

/** The next step of the stream, or `ABORTED` if the signal fires first. */
async function nextOrAbort<T>(
  iterator: AsyncIterator<T>,
  watch: AbortWatch | null,
): Promise<IteratorResult<T> | typeof ABORTED> {
  if (watch === null) return iterator.next();
  if (watch.signal.aborted) return ABORTED;
  const next = iterator.next();
  // The losing `next` may still reject later; that must not become an unhandled rejection.
  next.catch(() => undefined);
  // `next()` runs the tool synchronously up to its first await; it may have fired the signal.
  if (watch.signal.aborted) return ABORTED;
  return Promise.race([next, watch.aborted]);
}

function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/** Asks an abandoned stream to finish (runs its `finally` blocks) without waiting for it. */
export function stopInBackground(iterator: AsyncIterator<unknown>): void {
  const result = iterator.return?.();
  if (result !== undefined) result.catch(() => undefined);
}
