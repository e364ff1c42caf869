import { randomUUID } from "node:crypto";
import { BusErrorCode, type BusMessage } from "../../bus/index.js";
import {
  ActorscopeError,
  ErrorCode,
  errorFromWire,
  getLogger,
  type WireError,
} from "../../errors/index.js";
import type { ToolInput } from "../../permission/index.js";
import {
  NEVER_ABORTED,
  TOOL_INTERRUPTED_REMINDER,
  textChunk,
  type ToolChunk,
} from "../../tools/index.js";
import { FrameWatch } from "../framed-call/frame-watch.js";
import { RemoteToolErrorCode } from "../tool-protocol/remote-tool-error.js";
import type { ToolFrame } from "../tool-protocol/tool-frame.js";
import type { RemoteToolClient } from "./remote-tool-client.js";

/** How a call failed: a code, what happened, and whether the tool may have run. */
interface Failure {
  readonly code: string;
  readonly text: string;
  /** False only when the worker refused the call before running it, or nobody got it. */
  readonly mayHaveRun: boolean;
}

type Item = { readonly chunk: ToolChunk } | { readonly end: true } | { readonly failure: Failure };

const END: Item = { end: true };
const NONE_TRIED: ReadonlySet<string> = new Set();

/**
 * One call of a remote tool, as its caller sees it: the request goes to the live worker with the
 * fewest calls in flight (`as.tool.<name>.call.<worker>`), or to the queue group when no worker
 * is known; the chunks stream back as they come. Every way it can go wrong — no worker, the
 * worker's refusal or error, no `accepted` in time, no heartbeat, a lost frame, a lost
 * connection, the caller's overall bound — ends the stream with ONE `error` chunk saying what
 * happened and whether the call may have run; nothing hangs and nothing is sent twice (a direct
 * send answered "no responders" reached nobody, so it may go to another worker). An abort
 * publishes a cancel, and the stream ends with an `interrupted` chunk.
 */
export class RemoteToolCall {
  readonly #client: RemoteToolClient;
  readonly #tool: string;
  readonly #input: ToolInput;
  readonly #signal: AbortSignal | undefined;
  readonly callId = randomUUID();
  /** Workers a direct send found gone (made on the first). */
  #tried: Set<string> | null = null;
  readonly #items: Item[] = [];
  #wake: (() => void) | null = null;
  #route: { readonly replyTo: string; close(): void } | null = null;
  #watch: FrameWatch | null = null;
  /** The worker the call went to (direct), or that accepted it (queue group). */
  #worker: string | null = null;
  #counted: string | null = null;
  #accepted = false;
  #over = false;
  #deadline: ReturnType<typeof setTimeout> | null = null;
  readonly #onAbort = (): void => {
    this.#cancel();
    this.#push({ chunk: textChunk(TOOL_INTERRUPTED_REMINDER, { state: "interrupted" }) });
    this.#finish(END);
  };

  constructor(
    client: RemoteToolClient,
    tool: string,
    input: ToolInput,
    signal: AbortSignal | undefined,
  ) {
    this.#client = client;
    this.#tool = tool;
    this.#input = input;
    // The shared never-firing signal of calls made without one needs no listener per call.
    this.#signal = signal === NEVER_ABORTED ? undefined : signal;
  }

  /** The call's chunks; sends it when iteration starts. */
  async *chunks(): AsyncGenerator<ToolChunk> {
    if (this.#signal?.aborted === true) {
      yield textChunk(TOOL_INTERRUPTED_REMINDER, { state: "interrupted" });
      return;
    }
    this.#start();
    try {
      for (;;) {
        const item = this.#items.shift() ?? (await this.#nextItem());
        if ("chunk" in item) yield item.chunk;
        else if ("failure" in item) {
          yield this.#errorChunk(item.failure);
          return;
        } else return;
      }
    } finally {
      // The consumer stopped reading early: the worker is told to stop too.
      if (!this.#over) {
        this.#cancel();
        this.#finish(END);
      }
    }
  }

  /** The bus lost its connection: frames may be lost, and nothing tells which. */
  disconnected(): void {
    this.#fail({
      code: RemoteToolErrorCode.DISCONNECTED,
      text: "the bus lost its connection during the call",
      mayHaveRun: this.#accepted || this.#route !== null,
    });
  }

  #start(): void {
    const { options } = this.#client;
    this.#signal?.addEventListener("abort", this.#onAbort, { once: true });
    this.#client.track(this);
    this.#deadline = setTimeout(() => {
      this.#cancel();
      this.#fail({
        code: RemoteToolErrorCode.CALL_TIMEOUT,
        text: `the call did not end within ${options.callTimeoutMs} ms and was cancelled`,
        mayHaveRun: true,
      });
    }, options.callTimeoutMs);
    try {
      this.#route = this.#client.inbox.open({
        take: (message, frame) => {
          this.#take(message, frame);
        },
        end: (error) => {
          this.#fail(failureOf(error, "the reply inbox ended", true));
        },
      });
      this.#send();
    } catch (error) {
      this.#fail(failureOf(error, "the call could not be sent", false));
    }
  }

  /** Sends the request to the next worker (or the queue group), with a fresh frame watch. */
  #send(): void {
    const client = this.#client;
    const { subjects, options, pool } = client;
    const worker = pool.pick(this.#tool, this.#tried ?? NONE_TRIED);
    this.#worker = worker;
    this.#count(worker);
    this.#watch?.stop();
    const watch = new FrameWatch({
      timeoutMs: options.acceptTimeoutMs,
      missedHeartbeats: options.missedHeartbeats,
      onTimeout: () => {
        this.#cancel();
        this.#fail({
          code: ErrorCode.TIMEOUT,
          text: `no worker accepted the call within ${options.acceptTimeoutMs} ms`,
          mayHaveRun: true,
        });
      },
      onLost: (_heartbeatMs, windowMs) => {
        this.#fail({
          code: RemoteToolErrorCode.WORKER_LOST,
          text: `the worker stopped answering (no heartbeat for ${windowMs} ms; it may have died)`,
          mayHaveRun: true,
        });
      },
    });
    this.#watch = watch;
    watch.begin();
    const subject =
      worker === null ? subjects.toolCall(this.#tool) : subjects.toolCallAt(this.#tool, worker);
    const replyTo = this.#route?.replyTo;
    if (replyTo === undefined) return;
    client.bus.publish(subject, { call_id: this.callId, input: this.#input }, { replyTo });
  }

  #take(message: BusMessage, frame: ToolFrame | undefined): void {
    const watch = this.#watch;
    if (this.#over || watch === null) return;
    const verdict = watch.check(message);
    if (verdict === "unnumbered") {
      getLogger().warn("a frame without as-seq on a remote tool call's reply inbox was dropped", {
        subject: message.subject,
      });
      return;
    }
    if (verdict !== "next") {
      this.#fail({
        code: RemoteToolErrorCode.FRAMES_LOST,
        text: `frame ${verdict.expected} of the answer went missing (frame ${verdict.received} came)`,
        mayHaveRun: true,
      });
      return;
    }
    if (frame === undefined) {
      if (message.error !== undefined) this.#refused(message.error);
      return;
    }
    switch (frame.kind) {
      case "accepted":
        this.#accepted = true;
        if (this.#worker === null) {
          this.#worker = frame.worker_id;
          this.#count(frame.worker_id);
        }
        watch.accepted(frame.heartbeat_ms);
        return;
      case "heartbeat":
        return;
      case "chunk":
        this.#push({ chunk: frame.chunk });
        return;
      case "end":
        if (this.#worker === null && frame.worker_id !== undefined) this.#worker = frame.worker_id;
        for (const chunk of frame.chunks ?? []) this.#push({ chunk });
        this.#finish(END);
    }
  }

  /** An error reply: the worker's refusal (before `accepted`: it did not run) or failure. */
  #refused(wire: WireError): void {
    if (wire.code === BusErrorCode.NO_RESPONDERS && !this.#accepted) {
      // Nobody got it: another worker may, and this one is not tried again.
      if (this.#worker !== null) {
        (this.#tried ??= new Set()).add(this.#worker);
        // Until its next registry refresh says otherwise, it is taken for gone.
        this.#client.pool.set(this.#tool, this.#worker, false);
        this.#send();
        return;
      }
      this.#fail({
        code: RemoteToolErrorCode.NO_WORKER,
        text: "no worker serves the tool",
        mayHaveRun: false,
      });
      return;
    }
    const error = errorFromWire(wire);
    this.#fail({
      code: error.code,
      text: `the worker answered ${error.code}: ${error.message}`,
      mayHaveRun: this.#accepted,
    });
  }

  #cancel(): void {
    if (this.#over || this.#route === null) return;
    try {
      this.#client.bus.publish(this.#client.subjects.toolCancel(this.#tool), {
        call_id: this.callId,
      });
    } catch (error) {
      getLogger().warn(`could not cancel a call of remote tool '${this.#tool}'`, {
        error: String(error),
      });
    }
  }

  #fail(failure: Failure): void {
    this.#finish({ failure });
  }

  #finish(item: Item): void {
    if (this.#over) return;
    this.#over = true;
    this.#push(item);
    this.#watch?.stop();
    if (this.#deadline !== null) clearTimeout(this.#deadline);
    this.#route?.close();
    this.#signal?.removeEventListener("abort", this.#onAbort);
    this.#count(null);
    this.#client.untrack(this);
  }

  /** Moves this call's in-flight count to `worker` (or drops it). */
  #count(worker: string | null): void {
    const pool = this.#client.pool;
    if (this.#counted !== null) pool.ended(this.#tool, this.#counted);
    this.#counted = worker;
    if (worker !== null) pool.began(this.#tool, worker);
  }

  #push(item: Item): void {
    this.#items.push(item);
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  #nextItem(): Promise<Item> {
    return new Promise<Item>((resolve) => {
      this.#wake = () => {
        resolve(this.#items.shift() ?? END);
      };
    });
  }

  #errorChunk(failure: Failure): ToolChunk {
    const on = this.#worker === null ? "" : ` on worker '${this.#worker}'`;
    const ran = failure.mayHaveRun ? "it may or may not have run" : "it did not run";
    return textChunk(`Remote tool '${this.#tool}'${on}: ${failure.text}; ${ran}.`, {
      state: "error",
      metadata: {
        remote_error: {
          code: failure.code,
          call_id: this.callId,
          worker_id: this.#worker,
          may_have_run: failure.mayHaveRun,
        },
      },
    });
  }
}

function failureOf(error: unknown, what: string, mayHaveRun: boolean): Failure {
  const code = error instanceof ActorscopeError ? error.code : "INTERNAL";
  const message = error instanceof Error ? error.message : String(error);
  return { code, text: `${what} (${message})`, mayHaveRun };
}
