import { merge } from "rxjs";
import { describe, expect, it } from "vitest";
import type { InspectionEvent } from "xstate";
import { AgentState, type AgentEvent } from "../../../src/index.js";
import { allow, collect, echo, makeAgent, user } from "./agent-fixture.js";

/** The events of a reply without what differs from one run to the next. */
const types = (events: readonly AgentEvent[]) => events.map((e) => e.type);

describe("Agents told apart: events, inspector, snapshots (issue 11)", () => {
  it("merge(a.events$, b.events$) of two agents replying at once splits by agent_id into each one's own stream", async () => {
    const a = makeAgent(
      [{ toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] }, "a done"],
      { id: "alice", name: "Alice", tools: [echo()], state: allow("echo") },
    );
    const b = makeAgent(["b done"], { id: "bob", name: "Bob" });
    const seen: AgentEvent[] = [];
    const subscription = merge(a.events$, b.events$).subscribe((event) => seen.push(event));

    const [fromA, fromB] = await Promise.all([
      collect(a.replyStream(user("go"))),
      collect(b.replyStream(user("go"))),
    ]);
    subscription.unsubscribe();

    expect(seen.every((e) => e.agent_id === "alice" || e.agent_id === "bob")).toBe(true);
    const ofA = seen.filter((e) => e.agent_id === "alice");
    const ofB = seen.filter((e) => e.agent_id === "bob");
    // Each agent's share of the merged stream is its own reply, event for event, in order.
    expect(ofA).toEqual(fromA);
    expect(ofB).toEqual(fromB);
    expect(types(ofA)).toContain("TOOL_RESULT_END");
    expect(types(ofB)).not.toContain("TOOL_RESULT_END");
    // REPLY_START names the agent behind the id, for an observer that knows neither.
    expect(ofA[0]).toMatchObject({ type: "REPLY_START", name: "Alice", agent_id: "alice" });
    expect(ofB[0]).toMatchObject({ type: "REPLY_START", name: "Bob", agent_id: "bob" });
  });

  it("an event an onReply middleware makes itself carries its agent's id too", async () => {
    const agent = makeAgent(["done"], {
      id: "carol",
      middlewares: [
        {
          async *onReply(_agent, _input, next) {
            for await (const item of next()) yield item;
          },
        },
      ],
    });
    const seen: AgentEvent[] = [];
    const subscription = agent.events$.subscribe((event) => seen.push(event));
    await agent.reply(user("go"));
    subscription.unsubscribe();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((e) => e.agent_id === "carol")).toBe(true);
  });

  it("one inspector of two agents sees two actors named by their ids (XState id and systemId)", async () => {
    const inspected: InspectionEvent[] = [];
    const inspect = (event: InspectionEvent) => inspected.push(event);
    const a = makeAgent(["a done"], { id: "alice", name: "Alice", inspect });
    const b = makeAgent(["b done"], { id: "bob", name: "Bob", inspect });
    await Promise.all([a.reply(user("go")), b.reply(user("go"))]);

    const actors = new Map<string, unknown>();
    for (const e of inspected) {
      if (e.type === "@xstate.actor")
        actors.set((e.actorRef as unknown as { id: string }).id, e.actorRef);
    }
    expect(actors.get("alice")).toBe(a.actor);
    expect(actors.get("bob")).toBe(b.actor);
    expect(a.actor.system.get("alice")).toBe(a.actor);
    expect(b.actor.system.get("bob")).toBe(b.actor);
    // Both agents' snapshots reach the one inspector, each from its own actor.
    const snapshotsOf = (actor: unknown) =>
      inspected.filter((e) => e.type === "@xstate.snapshot" && e.actorRef === actor).length;
    expect(snapshotsOf(a.actor)).toBeGreaterThan(1);
    expect(snapshotsOf(b.actor)).toBeGreaterThan(1);
  });

  it("§10 a parked agent's persisted snapshot is a value: with state.toJSON() it describes the agent, and holds no live state", async () => {
    const agent = makeAgent(
      [{ toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] }, "done"],
      { id: "dave", tools: [echo()] },
    );
    await agent.reply(user("go"));
    expect(agent.actor.getSnapshot().value).toBe("awaiting-confirm");

    const persisted = JSON.parse(JSON.stringify(agent.actor.getPersistedSnapshot())) as {
      value: string;
      context: Record<string, unknown>;
    };
    expect(persisted.value).toBe("awaiting-confirm");
    // The host (the agent's runtime) serialises as its id; the state is not in the snapshot.
    expect(persisted.context["host"]).toEqual({ agent_id: "dave" });
    expect(JSON.stringify(persisted)).not.toContain("permission_context");
    expect(persisted.context).toMatchObject({ name: "Friday", next: { kind: "park" } });

    // The state's JSON restores the parked agent: a new Agent starts where this one waits.
    const restored = makeAgent(["done"], {
      id: "dave",
      tools: [echo()],
      state: AgentState.fromJSON(JSON.parse(JSON.stringify(agent.state))),
    });
    expect(restored.actor.getSnapshot().value).toBe(persisted.value);
  });
});
