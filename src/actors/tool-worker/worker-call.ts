import type { BusMessage } from "../../bus/index.js";
import type { ToolInput } from "../../permission/index.js";
import {
  TOOL_INTERRUPTED_REMINDER,
  textChunk,
  toolErrorText,
  type ToolBase,
  type ToolChunk,
} from "../../tools/index.js";
import { FrameSender } from "../framed-call/frame-sender.js";
import { ToolFrameKind, type ToolFrame } from "../tool-protocol/tool-frame.js";

const HEARTBEAT: ToolFrame = Object.freeze({ kind: ToolFrameKind.HEARTBEAT });

/**
 * One call a worker runs: the tool's chunks as `invoke` yields them (a tool that throws ends
 * with an `error` chunk, as a local tool's failure does; a cancelled one with an `interrupted`
 * chunk), then `end`. Chunks are held until the event loop's turn ends, so a call over within
 * one turn is one `end` frame, and `accepted` goes out only for a call still running then (see
 * `ToolFrameKind`). A cancel aborts the tool's signal: the tool stops its work (Bash kills the
 * command's process group).
 */
export class WorkerCall {
  readonly callId: string;
  readonly tool: ToolBase;
  readonly #sender: FrameSender<ToolFrame>;
  readonly #controller = new AbortController();
  readonly #workerId: string;

  constructor(message: BusMessage, callId: string, tool: ToolBase, workerId: string) {
    this.callId = callId;
    this.tool = tool;
    this.#workerId = workerId;
    this.#sender = new FrameSender<ToolFrame>(
      message,
      `tool worker '${workerId}'`,
      `call of ${tool.name}`,
      HEARTBEAT,
    );
  }

  /** Whether the answer has ended. */
  get ended(): boolean {
    return this.#sender.ended;
  }

  /** Runs the tool and answers; resolves when the tool's stream is over (never rejects). */
  async run(input: ToolInput, heartbeatMs: number): Promise<void> {
    const sender = this.#sender;
    const signal = this.#controller.signal;
    const held: ToolChunk[] = [];
    // Until the event loop's turn ends, chunks are held; a call still running then is
    // accepted, what is held goes out, and from there chunks stream as they come.
    let streaming = false;
    const turn = setImmediate(() => {
      streaming = true;
      sender.send({
        kind: ToolFrameKind.ACCEPTED,
        heartbeat_ms: heartbeatMs,
        worker_id: this.#workerId,
      });
      for (const chunk of held.splice(0)) {
        if (!sender.send({ kind: ToolFrameKind.CHUNK, chunk })) return;
      }
    });
    try {
      for await (const chunk of this.tool.invoke(input, { signal })) {
        if (!streaming) held.push(chunk);
        else if (!sender.send({ kind: ToolFrameKind.CHUNK, chunk })) return;
      }
    } catch (error) {
      held.push(
        signal.aborted
          ? textChunk(TOOL_INTERRUPTED_REMINDER, { state: "interrupted" })
          : textChunk(toolErrorText(error), { state: "error" }),
      );
    } finally {
      clearImmediate(turn);
    }
    sender.end(
      streaming
        ? { kind: ToolFrameKind.END, chunks: held }
        : { kind: ToolFrameKind.END, chunks: held, worker_id: this.#workerId },
    );
  }

  /** A heartbeat tick. */
  tick(): void {
    this.#sender.tick();
  }

  /** Aborts the tool's run (a cancel, or a stop that could wait no longer). */
  abort(reason: string): void {
    this.#controller.abort(new Error(reason));
  }

  /** Ends the answer with an error (the worker stopped before the tool did). */
  fail(error: unknown): void {
    this.#sender.fail(error);
  }
}
