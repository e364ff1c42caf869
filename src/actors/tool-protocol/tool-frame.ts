import { z } from "zod";
import { ToolChunkSchema } from "../../tools/index.js";

/**
 * What a tool worker sends back to a call's caller (to the call's `replyTo` inbox), in order,
 * each frame numbered in the `as-seq` header: `accepted` (the worker has the call, says who it
 * is and how often it will beat), then — while the call runs — the tool's `chunk`s and
 * `heartbeat`s, and last `end`; or, at any point, one error reply (`{ code, message, data }`).
 * An error reply before `accepted` or `end` means the call did not run.
 *
 * A call that is over within the worker's first turn of its event loop (most tool calls that do
 * no I/O) is answered with one `end` frame carrying its chunks and the worker's id: one message
 * instead of three. Otherwise `accepted` goes out when that turn ends, and chunks made within
 * one turn travel together, in the next `chunk` frames or the `end`.
 */
export const ToolFrameKind = {
  ACCEPTED: "accepted",
  HEARTBEAT: "heartbeat",
  CHUNK: "chunk",
  END: "end",
} as const;
export type ToolFrameKind = (typeof ToolFrameKind)[keyof typeof ToolFrameKind];

const AcceptedFrameSchema = z.object({
  kind: z.literal(ToolFrameKind.ACCEPTED),
  /** How often the worker beats while the call runs. */
  heartbeat_ms: z.number().int().positive(),
  /** The worker running the call. */
  worker_id: z.string().min(1),
});
const HeartbeatFrameSchema = z.object({ kind: z.literal(ToolFrameKind.HEARTBEAT) });
const ChunkFrameSchema = z.object({ kind: z.literal(ToolFrameKind.CHUNK), chunk: ToolChunkSchema });
const EndFrameSchema = z.object({
  kind: z.literal(ToolFrameKind.END),
  /** The last chunks, sent with the end (a call answered in one frame has all of them here). */
  chunks: z.array(ToolChunkSchema).optional(),
  /** The worker that ran the call, when no `accepted` said so. */
  worker_id: z.string().min(1).optional(),
});

/** One frame of a tool call's answer (see {@link ToolFrameKind}). */
export const ToolFrameSchema = z.discriminatedUnion("kind", [
  AcceptedFrameSchema,
  HeartbeatFrameSchema,
  ChunkFrameSchema,
  EndFrameSchema,
]);
export type ToolFrame = z.output<typeof ToolFrameSchema>;
