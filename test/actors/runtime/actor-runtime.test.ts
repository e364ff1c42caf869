import { Subject, firstValueFrom, take, toArray } from "rxjs";
import { describe, expect, it } from "vitest";
import { InProcessBus, Subjects } from "../../../src/bus/index.js";
import {
  ActorKind,
  ActorRuntime,
  SupervisionReportSchema,
  type SupervisedActor,
} from "../../../src/actors/runtime/index.js";
import { useQuietLogger } from "../../harness/quiet-logger.js";

useQuietLogger();

function fakeActor(id: string, log: string[], stop?: () => Promise<void>): SupervisedActor {
  return {
    id,
    stop:
      stop ??
      (async () => {
        log.push(`stop:${id}`);
        await Promise.resolve();
      }),
  };
}

describe("ActorRuntime", () => {
  it("stops hubs, then agents, then tool workers (each kind drained before the next)", async () => {
    const bus = new InProcessBus();
    const runtime = new ActorRuntime({ bus, name: "rt" });
    const log: string[] = [];
    runtime.adopt(ActorKind.TOOL_WORKER, fakeActor("w1", log));
    runtime.adopt(
      ActorKind.AGENT,
      fakeActor("a1", log, async () => {
        await new Promise((r) => setTimeout(r, 20));
        log.push("stop:a1");
      }),
    );
    runtime.adopt(ActorKind.HUB, fakeActor("h1", log));
    runtime.adopt(ActorKind.AGENT, fakeActor("a2", log));
    await runtime.stop();
    expect(log.indexOf("stop:h1")).toBe(0);
    expect(log.slice(1, 3).sort()).toEqual(["stop:a1", "stop:a2"]);
    expect(log[3]).toBe("stop:w1");
    expect(runtime.actorIds).toEqual([]);
    await bus.close();
  });

  it("reports an actor's failure on the bus and on reports$ instead of dying", async () => {
    const bus = new InProcessBus();
    const subjects = new Subjects();
    const runtime = new ActorRuntime({ bus, name: "rt", subjects });
    const onBus = firstValueFrom(
      bus.subscribe(subjects.supervision("rt"), { schema: SupervisionReportSchema }),
    );
    await bus.flush();
    const failures = new Subject<unknown>();
    runtime.adopt(ActorKind.AGENT, {
      id: "alice",
      stop: async () => undefined,
      failures$: failures,
    });
    const local = firstValueFrom(runtime.reports$);
    failures.next(new Error("statechart failed"));
    const report = await local;
    expect(report).toMatchObject({
      type: "ACTOR_FAILED",
      runtime: "rt",
      actor_id: "alice",
      kind: "agent",
      error: { code: "INTERNAL", message: "statechart failed" },
    });
    expect((await onBus).data).toEqual(report);
    await runtime.stop();
    await bus.close();
  });

  it("a stop that throws or overruns is reported, and the others still stop", async () => {
    const bus = new InProcessBus();
    const runtime = new ActorRuntime({ bus, name: "rt", stopTimeoutMs: 50 });
    const log: string[] = [];
    runtime.adopt(
      ActorKind.AGENT,
      fakeActor("stuck", log, () => new Promise<void>(() => undefined)),
    );
    runtime.adopt(
      ActorKind.AGENT,
      fakeActor("broken", log, () => Promise.reject(new Error("cannot drain"))),
    );
    runtime.adopt(ActorKind.TOOL_WORKER, fakeActor("w1", log));
    const reports = firstValueFrom(runtime.reports$.pipe(take(2), toArray()));
    await runtime.stop();
    const got = await reports;
    expect(got.map((r) => [r.type, r.actor_id, r.error.code]).sort()).toEqual([
      ["STOP_FAILED", "broken", "INTERNAL"],
      ["STOP_FAILED", "stuck", "TIMEOUT"],
    ]);
    expect(log).toEqual(["stop:w1"]);
    await bus.close();
  });

  it("refuses a second actor with the same id, and new actors once stopping", async () => {
    const bus = new InProcessBus();
    const runtime = new ActorRuntime({ bus });
    runtime.adopt(ActorKind.AGENT, fakeActor("a", []));
    expect(() => runtime.adopt(ActorKind.AGENT, fakeActor("a", []))).toThrow(
      expect.objectContaining({ code: "ACTOR_ID_TAKEN" }),
    );
    const stopped = runtime.stop();
    expect(() => runtime.adopt(ActorKind.AGENT, fakeActor("b", []))).toThrow(
      expect.objectContaining({ code: "RUNTIME_STOPPING" }),
    );
    await stopped;
    expect(runtime.stop()).toBe(stopped);
    await bus.close();
  });
});
