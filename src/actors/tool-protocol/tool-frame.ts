import { z } from "zod";
import { ToolChunkSchema } from "../../tools/index.js";

/**
 * What a tool worker sends back to a call's caller (to the call's `replyTo` inbox), in order,
 * each frame numbered in the `as-seq` header: `accepted` at once (the worker has the call, says
 * who it is and how often it will beat), then — while the call runs — the tool's `chunk`s and
 * `heartbeat`s, and last `end`; or, at any point, one error reply (`{ code, message, data }`).
 * An error reply before `accepted` means the call did not run.
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
const EndFrameSchema = z.object({ kind: z.literal(ToolFrameKind.END) });

/** One frame of a tool call's answer (see {@link ToolFrameKind}). */
export const ToolFrameSchema = z.discriminatedUnion("kind", [
  AcceptedFrameSchema,
  HeartbeatFrameSchema,
  ChunkFrameSchema,
  EndFrameSchema,
]);
export type ToolFrame = z.output<typeof ToolFrameSchema>;
