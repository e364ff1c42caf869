import { Subject, type Observable, type Subscription } from "rxjs";
import { Subjects, type Bus } from "../../bus/index.js";
import {
  ActorscopeError,
  TimeoutError,
  assertKnownOptions,
  getLogger,
  toWireError,
} from "../../errors/index.js";
import { newId, now } from "../../message/index.js";
import {
  ActorKind,
  STOP_ORDER,
  SupervisionReportType,
  type SupervisionReport,
} from "./supervision-report.js";

/**
 * Anything a runtime can own: it has an id and stops (draining first). `failures$`, when given,
 * emits errors the actor hit outside any caller's request; the runtime reports each one.
 */
export interface SupervisedActor {
  readonly id: string;
  stop(): Promise<void>;
  readonly failures$?: Observable<unknown> | undefined;
}

/** Options of {@link ActorRuntime}. */
export interface ActorRuntimeOptions {
  /** The bus its reports go to. */
  bus: Bus;
  /** The runtime's name, in its reports' subject (default: a fresh id). */
  name?: string | undefined;
  subjects?: Subjects | undefined;
  /** How long one actor's `stop()` may take before it is reported and skipped (default 15,000 ms). */
  stopTimeoutMs?: number | undefined;
}

/** The runtime's error codes. */
export const RuntimeErrorCode = {
  /** `adopt` after `stop()`. */
  RUNTIME_STOPPING: "RUNTIME_STOPPING",
  /** `adopt` of a second actor with an id the runtime already owns. */
  ACTOR_ID_TAKEN: "ACTOR_ID_TAKEN",
} as const;

const OPTIONS: ReadonlySet<string> = new Set(["bus", "name", "subjects", "stopTimeoutMs"]);

interface Owned {
  readonly actor: SupervisedActor;
  readonly kind: ActorKind;
  readonly watch: Subscription | undefined;
}

/**
 * Owns the actors of one process — spawned agents, tool workers, hubs — and supervises them
 * (CONVENTIONS 23): a failure of an actor is reported as a `SupervisionReport` on
 * `as.runtime.<name>.reports` and on `reports$`, never a crash of the process; `stop()` stops
 * them in order (hubs, then agents, then tool workers), each draining first and bounded.
 *
 * @example
 * const runtime = new ActorRuntime({ bus, name: "sim" });
 * runtime.adopt(ActorKind.AGENT, await spawnAgent(bus, alice));
 * runtime.reports$.subscribe((r) => console.warn(r.actor_id, r.error.message));
 * await runtime.stop();
 */
export class ActorRuntime {
  readonly name: string;
  readonly bus: Bus;
  readonly subjects: Subjects;
  private readonly stopTimeoutMs: number;
  private readonly owned = new Map<string, Owned>();
  private readonly reports = new Subject<SupervisionReport>();
  private stopping: Promise<void> | undefined;

  constructor(options: ActorRuntimeOptions) {
    assertKnownOptions(options, OPTIONS, "ActorRuntime options");
    this.bus = options.bus;
    this.name = options.name ?? newId();
    this.subjects = options.subjects ?? new Subjects();
    this.stopTimeoutMs = options.stopTimeoutMs ?? 15_000;
  }

  /** Every report of this runtime, as it is made. */
  get reports$(): Observable<SupervisionReport> {
    return this.reports.asObservable();
  }

  /** The ids of the actors it owns now. */
  get actorIds(): readonly string[] {
    return [...this.owned.keys()];
  }

  /**
   * Takes `actor` into this runtime: its failures are reported, and `stop()` stops it. Returns
   * the actor, so `runtime.adopt(kind, await spawnAgent(…))` reads in one line.
   */
  adopt<A extends SupervisedActor>(kind: ActorKind, actor: A): A {
    if (this.stopping !== undefined) {
      throw new ActorscopeError(
        RuntimeErrorCode.RUNTIME_STOPPING,
        `ActorRuntime '${this.name}' is stopping; it takes no new actors.`,
        { data: { runtime: this.name, actor_id: actor.id } },
      );
    }
    if (this.owned.has(actor.id)) {
      throw new ActorscopeError(
        RuntimeErrorCode.ACTOR_ID_TAKEN,
        `ActorRuntime '${this.name}' already owns an actor '${actor.id}'; give this one another id.`,
        { data: { runtime: this.name, actor_id: actor.id } },
      );
    }
    const watch = actor.failures$?.subscribe({
      next: (error) => {
        this.report(SupervisionReportType.ACTOR_FAILED, actor.id, kind, error);
      },
      error: (error: unknown) => {
        this.report(SupervisionReportType.ACTOR_FAILED, actor.id, kind, error);
      },
    });
    this.owned.set(actor.id, { actor, kind, watch });
    return actor;
  }

  /** Reports a failure of an owned actor (or of anything, under `actorId`). */
  fail(actorId: string, error: unknown): void {
    const kind = this.owned.get(actorId)?.kind ?? ActorKind.OTHER;
    this.report(SupervisionReportType.ACTOR_FAILED, actorId, kind, error);
  }

  /**
   * Stops every actor, kind by kind in the stop order (the actors of one kind together), each
   * bounded by `stopTimeoutMs`; a failed or overrunning stop is reported and the rest go on.
   * Idempotent. The bus stays open (it is the caller's).
   */
  stop(): Promise<void> {
    this.stopping ??= this.stopAll();
    return this.stopping;
  }

  private async stopAll(): Promise<void> {
    for (const kind of STOP_ORDER) {
      const group = [...this.owned.values()].filter((o) => o.kind === kind);
      await Promise.all(group.map((owned) => this.stopOne(owned)));
    }
    this.reports.complete();
  }

  private async stopOne({ actor, kind, watch }: Owned): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new TimeoutError(`stopping ${kind} '${actor.id}'`, this.stopTimeoutMs));
      }, this.stopTimeoutMs);
    });
    try {
      await Promise.race([actor.stop(), bound]);
    } catch (error) {
      this.report(SupervisionReportType.STOP_FAILED, actor.id, kind, error);
    } finally {
      clearTimeout(timer);
      watch?.unsubscribe();
      this.owned.delete(actor.id);
    }
  }

  private report(
    type: SupervisionReport["type"],
    actorId: string,
    kind: ActorKind,
    error: unknown,
  ): void {
    const report: SupervisionReport = {
      type,
      runtime: this.name,
      actor_id: actorId,
      kind,
      error: toWireError(error),
      created_at: now(),
    };
    getLogger().error(
      `${kind} '${actorId}' ${type === "STOP_FAILED" ? "did not stop" : "failed"}`,
      {
        runtime: this.name,
        error: report.error,
      },
    );
    this.reports.next(report);
    if (this.bus.isClosed) return;
    try {
      this.bus.publish(this.subjects.supervision(this.name), report);
    } catch (publishError) {
      // The report is logged and on reports$ already; the bus refusing it is worth a line too.
      getLogger().warn("a supervision report could not be published", {
        runtime: this.name,
        error: String(publishError),
      });
    }
  }
}
