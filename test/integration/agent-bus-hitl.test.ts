import { firstValueFrom, filter } from "rxjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentRef } from "../../src/actors/index.js";
import { NatsBus } from "../../src/bus/index.js";
import {
  UserMsg,
  createEvent,
  type RequireUserConfirmEvent,
  type UserConfirmResultEvent,
} from "../../src/index.js";
import { outcome } from "../actors/agent/agent-fixture.js";
import { startNatsServer, type NatsServer } from "../harness/nats-server.js";
import { useQuietLogger } from "../harness/quiet-logger.js";
import { runFixture, type FixtureProcess } from "./agent-bus-process.js";

useQuietLogger();

/** The answer that confirms every call of `ask`. */
function confirming(ask: RequireUserConfirmEvent): UserConfirmResultEvent {
  return createEvent("USER_CONFIRM_RESULT", {
    reply_id: ask.reply_id,
    confirm_results: ask.tool_calls.map((call) => ({
      confirmed: true,
      tool_call: call,
      rules: null,
    })),
  });
}

describe("agents on NATS across processes", () => {
  let server: NatsServer;
  let bus: NatsBus;
  const processes: FixtureProcess[] = [];

  beforeAll(async () => {
    server = await startNatsServer();
    bus = await NatsBus.connect({ servers: server.url, name: "process-b" });
  });

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.dispose()));
    await bus.close();
    await server.dispose();
  });

  it("a reply parked in process A is confirmed from process B; duplicate answers from B and a third process are refused and change nothing", async () => {
    const a = await runFixture("bus-agent.ts", [server.url, "hitl-agent", "hitl"]);
    processes.push(a);
    await a.line((l) => l === "ready");

    const ref = await agentRef(bus, "hitl-agent");
    expect(ref.name).toBe("Alpha");
    const asked = firstValueFrom(
      ref.events$.pipe(
        filter((e): e is RequireUserConfirmEvent => e.type === "REQUIRE_USER_CONFIRM"),
      ),
    );
    await bus.flush();
    a.send("go"); // A starts the reply itself; B only sees it on the bus
    const ask = await asked;
    await a.line((l) => l === "parked");
    expect((await ref.describe()).value).toBe("awaiting-confirm");
    const answer = confirming(ask);

    // B and a third process answer at the same time: the agent takes one.
    const c = await runFixture("answer.ts", [server.url, "hitl-agent", JSON.stringify(answer)]);
    processes.push(c);
    const [fromB, fromC] = await Promise.all([
      ref.reply(answer).then(
        (msg) => `ok ${msg.getTextContent() ?? ""}`,
        (error: unknown) => `error ${(error as { code?: string }).code ?? String(error)}`,
      ),
      c.line((l) => l.startsWith("ok ") || l.startsWith("error ")),
    ]);
    expect([fromB, fromC].sort()).toEqual(["error REPLY_NOT_WAITING", "ok done"]);

    // A late duplicate from B is refused too; the tool ran once, the agent is idle.
    expect(await outcome(ref.reply(answer))).toBe("REPLY_NOT_WAITING");
    expect((await ref.describe()).value).toBe("idle");
    expect(a.lines.filter((l) => l.startsWith("ran "))).toEqual(["ran x"]);
    a.send("exit");
    expect(await a.exited).toBe(0);
  }, 90_000);

  it("a caller learns AGENT_LOST when the agent's process dies during its reply", async () => {
    const a = await runFixture("bus-agent.ts", [server.url, "doomed-agent", "hang"]);
    processes.push(a);
    await a.line((l) => l === "ready");
    const ref = await agentRef(bus, "doomed-agent");
    // The outcome is watched from the start: on a loaded machine the loss may be seen before
    // the line "started" is read, and a rejection nobody handles yet is reported as unhandled.
    const lost = expect(
      ref.reply(new UserMsg({ name: "user", content: "go" })),
    ).rejects.toMatchObject({ code: "AGENT_LOST", agentId: "doomed-agent" });
    await a.line((l) => l === "started");
    a.child.kill("SIGKILL");
    await lost;
  }, 90_000);
});
