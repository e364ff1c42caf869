import { describe, expect, it } from "vitest";
import { PostPump } from "../../../src/actors/hub/post-pump.js";
import type { HubPost } from "../../../src/index.js";

const post = (id: string): HubPost => ({ id, sender: null, msgs: [] });
/** Every microtask queued so far has run (and those they queued). */
const idle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("PostPump: one post per turn of the microtask queue", () => {
  it("delivers a post at once when none went in this turn, and the next ones one turn apart, in order", async () => {
    const delivered: string[] = [];
    const pump = new PostPump((p) => delivered.push(p.id));
    pump.push(post("a"));
    pump.push(post("b"));
    pump.push(post("c"));
    expect(delivered).toEqual(["a"]);
    await idle();
    expect(delivered).toEqual(["a", "b", "c"]);
    pump.push(post("d"));
    expect(delivered).toEqual(["a", "b", "c", "d"]);
  });

  it("lets the reactions a delivery queued run before the next post is delivered", async () => {
    const log: string[] = [];
    const pump = new PostPump((p) => {
      log.push(`deliver ${p.id}`);
      void Promise.resolve().then(() => log.push(`reaction ${p.id}`));
    });
    pump.push(post("a"));
    pump.push(post("b"));
    await idle();
    expect(log).toEqual(["deliver a", "reaction a", "deliver b", "reaction b"]);
  });

  it("a post that arrives while one is delivered (a participant answering at once) waits its turn", async () => {
    const delivered: string[] = [];
    const pump = new PostPump((p) => {
      delivered.push(p.id);
      if (p.id === "a") pump.push(post("answer"));
    });
    pump.push(post("a"));
    expect(delivered).toEqual(["a"]);
    await idle();
    expect(delivered).toEqual(["a", "answer"]);
  });

  it("goes on after a delivery that throws, and drops what waits once closed", async () => {
    const delivered: string[] = [];
    const pump = new PostPump((p) => {
      delivered.push(p.id);
      if (p.id === "a") throw new Error("boom");
    });
    expect(() => {
      pump.push(post("a"));
    }).toThrow("boom");
    pump.push(post("b"));
    await idle();
    expect(delivered).toEqual(["a", "b"]);
    pump.push(post("c"));
    pump.push(post("d"));
    pump.close();
    await idle();
    expect(delivered).toEqual(["a", "b", "c"]);
    pump.push(post("e"));
    expect(delivered).toEqual(["a", "b", "c"]);
  });
});
