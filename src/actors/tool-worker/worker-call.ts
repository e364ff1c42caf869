import type { BusMessage } from "../../bus/index.js";
import type { ToolInput } from "../../permission/index.js";
import {
  TOOL_INTERRUPTED_REMINDER,
  textChunk,
  toolErrorText,
  type ToolBase,
} from "../../tools/index.js";
import { FrameSender } from "../framed-call/frame-sender.js";
import { ToolFrameKind, type ToolFrame } from "../tool-protocol/tool-frame.js";

const HEARTBEAT: ToolFrame = Object.freeze({ kind: ToolFrameKind.HEARTBEAT });
const END: ToolFrame = Object.freeze({ kind: ToolFrameKind.END });

/**
 * One call a worker runs: `accepted`, then the tool's chunks as `invoke` yields them (a tool that
 * throws ends with an `error` chunk, as a local tool's failure does; a cancelled one with an
 * `interrupted` chunk), then `end`. A cancel aborts the tool's signal: the tool stops its work
 * (Bash kills the command's process group).
 */
export class WorkerCall {
  readonly callId: string;
  readonly tool: ToolBase;
  readonly #sender: FrameSender<ToolFrame>;
  readonly #controller = new AbortController();

  constructor(message: BusMessage, callId: string, tool: ToolBase, workerId: string) {
    this.callId = callId;
    this.tool = tool;
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
  async run(input: ToolInput, heartbeatMs: number, workerId: string): Promise<void> {
    const sender = this.#sender;
    sender.send({ kind: ToolFrameKind.ACCEPTED, heartbeat_ms: heartbeatMs, worker_id: workerId });
    const signal = this.#controller.signal;
    try {
      for await (const chunk of this.tool.invoke(input, { signal })) {
        if (!sender.send({ kind: ToolFrameKind.CHUNK, chunk })) return;
      }
    } catch (error) {
      const chunk = signal.aborted
        ? textChunk(TOOL_INTERRUPTED_REMINDER, { state: "interrupted" })
        : textChunk(toolErrorText(error), { state: "error" });
      sender.send({ kind: ToolFrameKind.CHUNK, chunk });
    }
    sender.end(END);
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
