import { describe, expect, it } from "vitest";
import type { Msg } from "../../../src/index.js";
import { ObserveInbox } from "../../../src/actors/agent/observe-inbox.js";
import { user } from "./agent-fixture.js";

const texts = (msgs: readonly Msg[]) => msgs.map((m) => m.getTextContent());

describe("ObserveInbox", () => {
  it("hands out ready entries in order and holds back those behind one still preparing", async () => {
    const inbox = new ObserveInbox();
    let finish!: () => void;
    const preparing = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let readyCalls = 0;
    void inbox.add([user("a")], null, () => {});
    const slow = inbox.add([user("b")], preparing, () => {
      readyCalls += 1;
    });
    void inbox.add([user("c"), user("d")], null, () => {});
    expect(texts(inbox.takeReady())).toEqual(["a"]);
    expect(inbox.takeReady()).toEqual([]);
    finish();
    await slow;
    expect(readyCalls).toBe(1);
    expect(texts(inbox.takeReady())).toEqual(["b", "c", "d"]);
    expect(inbox.isEmpty).toBe(true);
  });

  it("drops an entry whose preparation fails and rejects with its error", async () => {
    const inbox = new ObserveInbox();
    const failing = inbox.add([user("x")], Promise.reject(new Error("offload failed")), () => {});
    void inbox.add([user("y")], null, () => {});
    await expect(failing).rejects.toThrow("offload failed");
    expect(texts(inbox.takeReady())).toEqual(["y"]);
  });
});
