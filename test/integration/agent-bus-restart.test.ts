import { describe, expect, it } from "vitest";
import { agentRef, spawnAgent } from "../../src/actors/index.js";
import { ScriptedModel } from "../../src/index.js";
import { allow, gatedTool, makeAgent, outcome, user } from "../actors/agent/agent-fixture.js";
import { useRestartableNats } from "../harness/restartable-nats.js";
import { useQuietLogger } from "../harness/quiet-logger.js";

useQuietLogger();

/** How a reply in flight across a restart may end: its own answer, or a typed loss. */
const IN_FLIGHT_OUTCOMES = ["resolved", "AGENT_LOST", "AGENT_FRAMES_LOST", "BUS_CONNECTION"];

describe("an agent on NATS across a nats-server restart", () => {
  const nats = useRestartableNats("agents");

  it("a reply in flight ends (its answer or a typed loss), nothing hangs, and later commands are answered", async () => {
    const gate = gatedTool();
    let turn = 0;
    const agent = makeAgent(
      new ScriptedModel({
        responses: () =>
          turn++ === 0 ? { toolCalls: [{ id: "w1", name: "wait", input: {} }] } : "ok",
      }),
      { tools: [gate.tool], state: allow("wait") },
    );
    const handle = await spawnAgent(nats.serving, agent, { heartbeatMs: 100 });
    const ref = await agentRef(nats.calling, agent.id);
    const inFlight = outcome(ref.reply(user("one")));
    await gate.started;
    await nats.server.restart();
    gate.open();
    expect(IN_FLIGHT_OUTCOMES).toContain(await inFlight);

    // Both clients reconnect and resubscribe: the agent answers again. A command sent while
    // the subscriptions are still coming back may meet no responders; it is never retried
    // behind the caller's back, so the caller asks again.
    let answered: string | null = null;
    for (let attempt = 0; attempt < 50 && answered === null; attempt++) {
      try {
        answered = (await ref.reply(user("two"))).getTextContent();
      } catch (error) {
        const code = (error as { code?: string }).code;
        expect(["NO_RESPONDERS", "TIMEOUT", "BUS_CONNECTION"]).toContain(code);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    expect(answered).toBe("ok");
    await handle.stop();
  }, 60_000);
});
