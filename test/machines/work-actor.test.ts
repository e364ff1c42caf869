import { describe, expect, it } from "vitest";
import { createActor, setup, waitFor, type AnyEventObject } from "xstate";
import { fromWork, type WorkScope } from "../../src/machines/work-actor.js";

/** A machine that runs `work` in `working` and records what it reports; LEAVE leaves early. */
function host(
  work: (input: { n: number }, scope: WorkScope) => Promise<number>,
  onStop = () => {},
) {
  const seen: AnyEventObject[] = [];
  const machine = setup({
    types: { events: {} as AnyEventObject },
    actors: { work: fromWork(work, { onStop }) },
  }).createMachine({
    initial: "working",
    states: {
      working: {
        invoke: { src: "work", input: { n: 2 } },
        on: {
          WORK_DONE: { target: "done", actions: ({ event }) => seen.push(event) },
          WORK_FAILED: { target: "done", actions: ({ event }) => seen.push(event) },
          LEAVE: "left",
        },
      },
      done: {},
      left: { on: { WORK_DONE: { actions: ({ event }) => seen.push(event) } } },
    },
  });
  const actor = createActor(machine);
  actor.start();
  return { actor, seen };
}

describe("fromWork", () => {
  it("does report the work's output as WORK_DONE", async () => {
    const { actor, seen } = host((input) => Promise.resolve(input.n * 21));
    await waitFor(actor, (s) => s.value === "done");
    expect(seen).toEqual([{ type: "WORK_DONE", output: 42 }]);
  });

  it("does report a rejection or a synchronous throw as WORK_FAILED", async () => {
    const boom = new Error("boom");
    for (const work of [
      () => Promise.reject(boom),
      () => {
        throw boom;
      },
    ]) {
      const { actor, seen } = host(work);
      await waitFor(actor, (s) => s.value === "done");
      expect(seen).toEqual([{ type: "WORK_FAILED", error: boom }]);
    }
  });

  it("does abort the signal and call onStop when the state is left before the work ends, and drops its late result", async () => {
    let release!: () => void;
    let signal: AbortSignal | null = null;
    let stops = 0;
    const { actor, seen } = host(
      (_input, scope) => {
        signal = scope.signal;
        return new Promise<number>((resolve) => {
          release = () => {
            resolve(1);
          };
        });
      },
      () => {
        stops += 1;
      },
    );
    actor.send({ type: "LEAVE" });
    expect(actor.getSnapshot().value).toBe("left");
    expect((signal as AbortSignal | null)?.aborted).toBe(true);
    expect(stops).toBe(1);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual([]);
  });

  it("does not call onStop when the work had ended before its state was left", async () => {
    let stops = 0;
    const { actor } = host(
      () => Promise.resolve(1),
      () => {
        stops += 1;
      },
    );
    await waitFor(actor, (s) => s.value === "done");
    expect(stops).toBe(0);
  });

  it("does mark the scope stopped once its state is left before the work ends (late work knows it is late)", async () => {
    let scopeSeen: WorkScope | null = null;
    let release!: () => void;
    const { actor } = host((_input, scope) => {
      scopeSeen = scope;
      return new Promise<number>((resolve) => {
        release = () => {
          resolve(1);
        };
      });
    });
    const scope = scopeSeen as WorkScope | null;
    expect(scope?.stopped).toBe(false);
    actor.send({ type: "LEAVE" });
    expect(scope?.stopped).toBe(true);
    release();
    const finished = host(() => Promise.resolve(1));
    await waitFor(finished.actor, (s) => s.value === "done");
  });
});
