import type { MaybePromise } from "../permission/index.js";
import { DeveloperOrientedError } from "./errors/developer-oriented-error.js";
import { ToolErrorCode } from "./errors/tool-error-code.js";
import { textChunk, toToolChunk, type ToolChunk, type ToolChunkInput } from "./tool-chunk.js";

/**
 * What `ToolBase.call` may return: one chunk, a string (one text chunk), or an async stream of
 * them (an `async function*` is the usual way to stream).
 */
export type ToolCallResult = ToolChunkInput | string | AsyncIterable<ToolChunkInput | string>;

/** `call`'s return type: a result, or a promise of one. */
export type ToolCallReturn = MaybePromise<ToolCallResult>;

/** A chunk for one item a tool produced: strings become text chunks, chunks are completed. */
export function chunkOf(item: ToolChunkInput | string, toolClass: string): ToolChunk {
  if (typeof item === "string") return textChunk(item);
  if (typeof item !== "object" || item === null || Array.isArray(item)) {
    throw invalidResult(item, toolClass);
  }
  return toToolChunk(item);
}

/** Turns what `call` returned into a stream of complete chunks. */
export async function* chunkStream(
  result: ToolCallResult,
  toolClass: string,
): AsyncGenerator<ToolChunk, void, undefined> {
  if (isAsyncIterable(result)) {
    for await (const item of result) yield chunkOf(item, toolClass);
    return;
  }
  yield resultChunk(result, toolClass);
}

/** The chunk of a result that is not a stream (a chunk or a string); anything else throws. */
export function resultChunk(
  result: ToolChunkInput | string | AsyncIterable<ToolChunkInput | string>,
  toolClass: string,
): ToolChunk {
  if (
    typeof result === "string" ||
    (typeof result === "object" &&
      result !== null &&
      Array.isArray((result as Partial<ToolChunkInput>).content))
  ) {
    return chunkOf(result as ToolChunkInput | string, toolClass);
  }
  throw invalidResult(result, toolClass);
}

/** Whether a value can be consumed with `for await`. */
export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === "function"
  );
}

function invalidResult(value: unknown, toolClass: string): DeveloperOrientedError {
  return new DeveloperOrientedError(
    ToolErrorCode.INVALID_TOOL_RESULT,
    "The tool function must return a ToolChunk object, or an AsyncGenerator/Generator of " +
      `ToolChunk objects, but got ${typeName(value)}.`,
    { data: { tool: toolClass } },
  );
}

/** A short name for a value's type, for error messages. */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "Array";
  if (typeof value === "object") {
    const ctor = (value as { constructor?: { name?: unknown } }).constructor;
    return typeof ctor?.name === "string" && ctor.name !== "" ? ctor.name : "Object";
  }
  return typeof value;
}
