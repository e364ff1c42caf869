import { merge } from "rxjs";
import { describe, expect, it } from "vitest";
import { ValidationError, type AgentEvent, type AgentPort } from "../../../src/index.js";
import { makeAgent, user } from "./agent-fixture.js";

describe("AgentPort and the agent's id", () => {
  it("an agent is an AgentPort with a stable id, given or minted, that is its actor's id", async () => {
    const given = makeAgent(["hi"], { id: "agent-alice" });
    const minted = makeAgent(["hi"]);
    const other = makeAgent(["hi"]);
    expect(given.id).toBe("agent-alice");
    expect(given.actor.id).toBe("agent-alice");
    expect(minted.id).not.toBe(other.id);
    expect(minted.actor.id).toBe(minted.id);
    const port: AgentPort = given;
    expect((await port.reply(user("hello"))).getTextContent()).toBe("hi");
  });

  it("an empty or non-string id is a ValidationError", () => {
    expect(() => makeAgent(["hi"], { id: "" })).toThrow(ValidationError);
    expect(() => makeAgent(["hi"], { id: 7 as never })).toThrow(/`id`/);
  });

  it("merged events of two agents can be told apart by their REPLY_START names and reply ids", async () => {
    const alice = makeAgent(["from alice"], { name: "Alice" });
    const bob = makeAgent(["from bob"], { name: "Bob" });
    const events: AgentEvent[] = [];
    const sub = merge(alice.events$, bob.events$).subscribe((e) => events.push(e));
    await Promise.all([alice.reply(user("a")), bob.reply(user("b"))]);
    sub.unsubscribe();
    const whose = new Map<string, string>();
    for (const e of events) if (e.type === "REPLY_START") whose.set(e.reply_id, e.name);
    const ends = events.filter((e) => e.type === "REPLY_END");
    expect(ends.map((e) => whose.get(e.reply_id)).sort()).toEqual(["Alice", "Bob"]);
  });
});
