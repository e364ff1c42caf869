import { Subject, firstValueFrom, lastValueFrom, take, toArray } from "rxjs";
import { describe, expect, it } from "vitest";
import { spawnAgent } from "../../../src/actors/index.js";
import { InProcessBus, Subjects } from "../../../src/bus/index.js";
import { setLogger } from "../../../src/errors/index.js";
import {
  ActorKind,
  ActorRuntime,
  SupervisionReportSchema,
  type SupervisedActor,
} from "../../../src/actors/runtime/index.js";
import { makeAgent } from "../agent/agent-fixture.js";
import { useQuietLogger } from "../../harness/quiet-logger.js";

useQuietLogger();

/** A runtime named `rt` on a fresh in-process bus, and its first report as seen on the bus. */
async function reportingRuntime() {
  const bus = new InProcessBus();
  const subjects = new Subjects();
  const runtime = new ActorRuntime({ bus, name: "rt", subjects });
  const onBus = firstValueFrom(
    bus.subscribe(subjects.supervision("rt"), { schema: SupervisionReportSchema }),
  );
  await bus.flush();
  return { bus, runtime, onBus };
}

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
    const { bus, runtime, onBus } = await reportingRuntime();
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

  it("reports a spawned agent whose statechart fails on the in-process bus, and stops it", async () => {
    const { bus, runtime, onBus } = await reportingRuntime();
    const handle = runtime.adopt(
      ActorKind.AGENT,
      await spawnAgent(bus, makeAgent(["hi"], { id: "zoe" })),
    );
    // A REPLY without its request: a guard of the statechart throws.
    handle.agent.actor.send({ type: "REPLY" } as never);
    expect((await onBus).data).toMatchObject({
      type: "ACTOR_FAILED",
      actor_id: "zoe",
      kind: "agent",
      error: { code: "INTERNAL", data: { agent_id: "zoe", source: "statechart" } },
    });
    expect(handle.stopped).toBe(true);
    await runtime.stop();
    await bus.close();
  });

  it("logs a spawned agent's failure when nobody watches its failures$, and completes it on stop", async () => {
    const bus = new InProcessBus();
    const errors: string[] = [];
    const restore = setLogger({ warn: () => undefined, error: (m) => errors.push(m) });
    try {
      const handle = await spawnAgent(bus, makeAgent(["hi"], { id: "yan" }));
      handle.agent.actor.send({ type: "REPLY" } as never);
      await handle.stop();
      expect(errors.some((m) => m.includes("Agent 'yan': its statechart failed"))).toBe(true);
      await expect(lastValueFrom(handle.failures$, { defaultValue: "completed" })).resolves.toBe(
        "completed",
      );
    } finally {
      restore();
      await bus.close();
    }
  });
});
