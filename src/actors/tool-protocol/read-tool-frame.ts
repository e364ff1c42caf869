import { ValidationError } from "../../errors/index.js";
import { toToolChunk, type ToolChunk } from "../../tools/index.js";
import { ToolFrameSchema, type ToolFrame } from "./tool-frame.js";

/**
 * Validates one frame as it arrives: `ToolFrameSchema`, with a fast path for the frames every
 * call gets (`end` and `chunk` frames whose chunks are complete, as a worker sends them): their
 * fields are checked by hand and each chunk by `toToolChunk`, which takes a complete chunk as is
 * and sends anything else through the schema. Anything unusual goes through the schema whole.
 * Returns the frame, or the `ValidationError` saying what is wrong.
 */
export function readToolFrame(data: unknown): ToolFrame | ValidationError {
  try {
    const fast = fastFrame(data);
    if (fast !== null) return fast;
  } catch (error) {
    if (error instanceof ValidationError) return error;
    // A hostile value (a throwing getter) goes through the schema, which reports it.
  }
  const parsed = ToolFrameSchema.safeParse(data);
  return parsed.success ? parsed.data : ValidationError.fromZod("tool frame", parsed.error);
}

function fastFrame(data: unknown): ToolFrame | null {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
  const frame = data as Record<string, unknown>;
  const keys = Object.keys(frame).length;
  switch (frame["kind"]) {
    case "end": {
      const chunks = frame["chunks"];
      const workerId = frame["worker_id"];
      const expected = 1 + (chunks === undefined ? 0 : 1) + (workerId === undefined ? 0 : 1);
      if (keys !== expected) return null;
      if (workerId !== undefined && (typeof workerId !== "string" || workerId.length === 0)) {
        return null;
      }
      if (chunks !== undefined && !Array.isArray(chunks)) return null;
      const read = chunks === undefined ? undefined : (chunks as unknown[]).map(chunkOf);
      return {
        kind: "end",
        ...(read === undefined ? {} : { chunks: read }),
        ...(workerId === undefined ? {} : { worker_id: workerId }),
      };
    }
    case "chunk":
      return keys === 2 ? { kind: "chunk", chunk: chunkOf(frame["chunk"]) } : null;
    default:
      return null;
  }
}

function chunkOf(value: unknown): ToolChunk {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ValidationError("tool frame", [
      { path: "chunk", message: "Expected a chunk object" },
    ]);
  }
  const metadata = (value as { metadata?: unknown }).metadata;
  if (Array.isArray(metadata)) {
    throw new ValidationError("tool frame", [
      { path: "chunk.metadata", message: "Expected an object" },
    ]);
  }
  return toToolChunk(value as Parameters<typeof toToolChunk>[0]);
}
