import { Subject, type Observable, type Subscription } from "rxjs";
import type { Bus, BusMessage, Subjects } from "../../bus/index.js";
import { getLogger } from "../../errors/index.js";
import { now } from "../../message/index.js";
import { validateToolInput, type ToolBase } from "../../tools/index.js";
import type { SupervisedActor } from "../runtime/actor-runtime.js";
import { RemoteToolError, RemoteToolErrorCode } from "../tool-protocol/remote-tool-error.js";
import {
  ToolCallRequestSchema,
  ToolCancelSchema,
  type ToolCallRequest,
  type ToolCancel,
} from "../tool-protocol/tool-call-request.js";
import { ToolCheckRequestSchema, type ToolCheckRequest } from "../tool-protocol/tool-check.js";
import { checkAnswer } from "./check-answer.js";
import { RecentCalls } from "./recent-calls.js";
import type { ResolvedWorkerOptions } from "./tool-worker-options.js";
import { WorkerCall } from "./worker-call.js";
import { WorkerRegistry } from "./worker-registry.js";

/** One execution of a tool by a worker (for at-most-once checks and metrics). */
export interface ToolExecution {
  readonly call_id: string;
  readonly tool: string;
  readonly worker_id: string;
  /** The worker's count of executions, this one included. */
  readonly execution: number;
  readonly started_at: string;
}

/** What a worker has done so far. */
export interface ToolWorkerStats {
  /** Calls that arrived (valid payloads with a reply inbox). */
  readonly received: number;
  /** Calls that ran the tool. */
  readonly executions: number;
  /** Calls refused before running (stopping, busy, duplicate id, invalid input). */
  readonly refused: number;
  /** Permission checks answered. */
  readonly checks: number;
  /** Calls running now. */
  readonly inFlight: number;
}

/** A bus that reports the server's asynchronous refusals (NatsBus). */
interface ErrorReportingBus {
  readonly errors$: Observable<unknown>;
}

function reportsErrors(bus: Bus): bus is Bus & ErrorReportingBus {
  const errors = (bus as Partial<ErrorReportingBus>).errors$;
  return typeof errors === "object" && errors !== null && "subscribe" in errors;
}

/**
 * Serves tools on the bus (see `serveTools`): per tool, calls on `as.tool.<name>.call` (queue
 * group) and `as.tool.<name>.call.<worker id>` (direct), permission checks on `.check` (queue
 * group) and cancels on `.cancel`; every payload validated on arrival (a malformed one gets a
 * typed error reply, or a warning when it expects none); each tool registered in the registry
 * and refreshed while the worker lives. A supervised actor: `failures$` reports what went wrong
 * outside any call (a registry write, a refused subscription, the server refusing a publish of
 * this connection).
 */
export class ToolWorker implements SupervisedActor {
  /** The worker's id on the bus. */
  readonly id: string;
  /** The tools it serves. */
  readonly tools: readonly ToolBase[];
  readonly subjects: Subjects;
  /** Failures outside any call (a supervisor reports them). */
  readonly failures$: Observable<unknown>;
  /** Every execution, as it starts (hot). */
  readonly executions$: Observable<ToolExecution>;

  readonly #bus: Bus;
  readonly #options: ResolvedWorkerOptions;
  readonly #registry: WorkerRegistry;
  readonly #failures = new Subject<unknown>();
  readonly #executions = new Subject<ToolExecution>();
  readonly #recent = new RecentCalls();
  readonly #calls = new Map<string, WorkerCall>();
  /** Call and check subscriptions (ended first on stop), then cancel subscriptions. */
  readonly #serving: Subscription[] = [];
  readonly #cancels: Subscription[] = [];
  #ticker: ReturnType<typeof setInterval> | null = null;
  #onIdle: (() => void) | null = null;
  #stopping: Promise<void> | null = null;
  /** Whether `start()` is over: subscription errors before it make it reject, later ones are failures. */
  #started = false;
  #received = 0;
  #executed = 0;
  #refused = 0;
  #checks = 0;

  constructor(bus: Bus, tools: readonly ToolBase[], options: ResolvedWorkerOptions) {
    this.#bus = bus;
    this.#options = options;
    this.id = options.workerId;
    this.tools = tools;
    this.subjects = options.subjects;
    this.failures$ = this.#failures.asObservable();
    this.executions$ = this.#executions.asObservable();
    this.#registry = new WorkerRegistry(
      tools,
      {
        workerId: options.workerId,
        subjects: options.subjects,
        queueOf: (name) => this.#queueOf(name),
        heartbeatMs: options.heartbeatMs,
        livenessMs: options.livenessMs,
      },
      (error) => {
        this.#fail(error);
      },
    );
  }

  /** Whether `stop()` was called (or the bus closed). */
  get stopped(): boolean {
    return this.#stopping !== null;
  }

  get stats(): ToolWorkerStats {
    return {
      received: this.#received,
      executions: this.#executed,
      refused: this.#refused,
      checks: this.#checks,
      inFlight: this.#calls.size,
    };
  }

  /**
   * Subscribes, registers, and resolves once the server has the subscriptions; rejects (having
   * undone everything) with the first failure, such as `BUS_PERMISSION` for a subject this
   * connection's user may not serve.
   */
  async start(): Promise<void> {
    const refused: unknown[] = [];
    const onError = (error: unknown): void => {
      if (this.#started) this.#fail(error);
      else refused.push(error);
    };
    if (reportsErrors(this.#bus)) {
      this.#serving.push(
        this.#bus.errors$.subscribe((error) => {
          this.#fail(error);
        }),
      );
    }
    for (const tool of this.tools) this.#serve(tool, onError);
    // One ticker for the worker's life (not one per burst of calls): it beats for every call running.
    this.#startTicker();
    try {
      await this.#bus.flush();
      if (refused.length > 0) throw refused[0];
      await this.#registry.register(this.#bus);
      await this.#bus.flush();
      if (refused.length > 0) throw refused[0];
    } catch (error) {
      this.#started = true;
      await this.stop();
      throw error;
    }
    this.#started = true;
  }

  /**
   * Stops taking calls (its registry entries are removed first, so callers stop choosing it),
   * waits for the running ones (bounded by `drainTimeoutMs`), then aborts those still running
   * and answers them `TOOL_WORKER_STOPPED`.
   */
  stop(): Promise<void> {
    this.#stopping ??= this.#drain();
    return this.#stopping;
  }

  async #drain(): Promise<void> {
    const { drainTimeoutMs } = this.#options;
    for (const subscription of this.#serving.splice(0)) subscription.unsubscribe();
    const open = !this.#bus.isClosed;
    if (open) {
      await this.#registry.unregister(drainTimeoutMs).catch((error: unknown) => {
        this.#fail(error);
      });
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, drainTimeoutMs);
    });
    if (open) {
      // A flush that fails (the connection lost) is reported; the drain goes on regardless.
      const flushed = this.#bus.flush().catch((error: unknown) => {
        this.#fail(error);
      });
      await Promise.race([deadline, flushed]);
    }
    if (this.#calls.size > 0 && open) {
      await Promise.race([deadline, new Promise<void>((resolve) => (this.#onIdle = resolve))]);
      this.#onIdle = null;
    }
    clearTimeout(timer);
    for (const call of this.#calls.values()) {
      call.abort("the tool worker stopped");
      call.fail(
        new RemoteToolError(
          RemoteToolErrorCode.WORKER_STOPPED,
          call.tool.name,
          `Tool worker '${this.id}' stopped before the call of '${call.tool.name}' ended; it may have run in part.`,
          { data: { worker_id: this.id } },
        ),
      );
    }
    this.#calls.clear();
    for (const subscription of this.#cancels.splice(0)) subscription.unsubscribe();
    this.#stopTicker();
    this.#failures.complete();
    this.#executions.complete();
  }

  #queueOf(name: string): string {
    return this.#options.queue ?? this.subjects.toolQueue(name);
  }

  #serve(tool: ToolBase, onError: (error: unknown) => void): void {
    const { subjects } = this;
    const queue = this.#queueOf(tool.name);
    const ended = (): void => {
      // The bus closed: nothing can be answered any more.
      void this.stop();
    };
    const call = (message: BusMessage<ToolCallRequest>): void => {
      this.#takeCall(tool, message);
    };
    const calls = { next: call, error: onError, complete: ended };
    this.#serving.push(
      this.#bus
        .subscribe(subjects.toolCall(tool.name), {
          queue,
          schema: ToolCallRequestSchema,
          what: "tool call",
        })
        .subscribe(calls),
      this.#bus
        .subscribe(subjects.toolCallAt(tool.name, this.id), {
          schema: ToolCallRequestSchema,
          what: "tool call",
        })
        .subscribe(calls),
      this.#bus
        .subscribe(subjects.toolCheck(tool.name), {
          queue,
          schema: ToolCheckRequestSchema,
          what: "tool permission check",
        })
        .subscribe({
          next: (message) => {
            void this.#check(tool, message);
          },
          error: onError,
          complete: ended,
        }),
    );
    this.#cancels.push(
      this.#bus
        .subscribe(subjects.toolCancel(tool.name), {
          schema: ToolCancelSchema,
          what: "tool cancel",
        })
        .subscribe({
          next: (message: BusMessage<ToolCancel>) => {
            this.#calls.get(message.data.call_id)?.abort("the caller cancelled the call");
          },
          error: onError,
        }),
    );
  }

  #takeCall(tool: ToolBase, message: BusMessage<ToolCallRequest>): void {
    if (message.respond === undefined) {
      // Nobody could learn the outcome: a call without a reply inbox is not run.
      getLogger().warn(
        `tool worker '${this.id}': a call of ${tool.name} without a reply inbox was dropped`,
      );
      return;
    }
    this.#received++;
    const { call_id: callId, input } = message.data;
    const refusal = this.#refusal(tool, callId, input);
    if (refusal !== null) {
      this.#refused++;
      message.respondError?.(refusal);
      return;
    }
    const call = new WorkerCall(message, callId, tool, this.id);
    this.#calls.set(callId, call);
    const execution = ++this.#executed;
    // The record is made only for someone watching: this runs for every call.
    if (this.#executions.observed) {
      this.#executions.next({
        call_id: callId,
        tool: tool.name,
        worker_id: this.id,
        execution,
        started_at: now(),
      });
    }
    void call.run(input, this.#options.heartbeatMs).finally(() => {
      this.#calls.delete(callId);
      if (this.#calls.size === 0) this.#onIdle?.();
    });
  }

  /** Why a call may not run (it then did not), or null. */
  #refusal(tool: ToolBase, callId: string, input: Record<string, unknown>): unknown {
    const name = tool.name;
    const data = () => ({ data: { worker_id: this.id, call_id: callId } });
    if (this.#stopping !== null) {
      return new RemoteToolError(
        RemoteToolErrorCode.WORKER_STOPPED,
        name,
        `Tool worker '${this.id}' is stopping; the call of '${name}' did not run.`,
        data(),
      );
    }
    if (!this.#recent.add(callId)) {
      return new RemoteToolError(
        RemoteToolErrorCode.DUPLICATE_CALL,
        name,
        `Tool worker '${this.id}' has already taken call '${callId}'; it does not run a call twice.`,
        data(),
      );
    }
    if (this.#calls.size >= this.#options.maxInFlight) {
      return new RemoteToolError(
        RemoteToolErrorCode.WORKER_BUSY,
        name,
        `Tool worker '${this.id}' runs ${this.#calls.size} calls already (maxInFlight); the call of '${name}' did not run.`,
        data(),
      );
    }
    try {
      validateToolInput(name, tool.inputSchema, input);
    } catch (error) {
      return error;
    }
    return null;
  }

  async #check(tool: ToolBase, message: BusMessage<ToolCheckRequest>): Promise<void> {
    const { respond, respondError } = message;
    if (respond === undefined || respondError === undefined) return;
    this.#checks++;
    try {
      validateToolInput(tool.name, tool.inputSchema, message.data.input);
      respond(await checkAnswer(tool, message.data));
    } catch (error) {
      try {
        respondError(error);
      } catch (sendError) {
        this.#fail(sendError);
      }
    }
  }

  #fail(error: unknown): void {
    if (this.#failures.observed) {
      this.#failures.next(error);
      return;
    }
    getLogger().warn(
      `tool worker '${this.id}': ${error instanceof Error ? error.message : String(error)}`,
    );
  }

  #startTicker(): void {
    if (this.#ticker !== null) return;
    this.#ticker = setInterval(() => {
      for (const call of this.#calls.values()) call.tick();
    }, this.#options.heartbeatMs);
    // Heartbeats alone never keep a process alive: the calls' own work does.
    this.#ticker.unref();
  }

  #stopTicker(): void {
    if (this.#ticker === null) return;
    clearInterval(this.#ticker);
    this.#ticker = null;
  }
}
