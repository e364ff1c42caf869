import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  Agent,
  FileSessionStorage,
  ReplyInputError,
  ScriptedModel,
  SessionError,
  Toolkit,
  ValidationError,
  type ScriptedTurn,
} from "../../../src/index.js";
import { confirmEvent, echo, makeAgent, user, yes } from "./agent-fixture.js";

const PARKING: ScriptedTurn[] = [
  { toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] },
  "done",
];

let dir: string;
let storage: FileSessionStorage;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "actorscope-agent-session-"));
  storage = new FileSessionStorage(dir);
});

afterEach(async () => {
  await storage.close();
  await rm(dir, { recursive: true, force: true });
});

const ids = { userId: "alice", sessionId: "s1" };

/** The agent of session s1 as a new process would build it. */
function load(turns: ScriptedTurn[], ran: string[] = []): Promise<Agent> {
  return Agent.fromSession({
    id: "friday",
    name: "Friday",
    systemPrompt: "You are helpful.",
    model: new ScriptedModel({ responses: turns }),
    toolkit: new Toolkit({ tools: [echo(ran)] }),
    injectionConfig: { injectRuntimeState: false },
    session: { ...ids, storage },
  });
}

describe("Agent with a session (issue 14: saves at every park and reply end)", () => {
  it("§10 a park is stored before reply() returns: the awaiting call and the awaiting-confirm snapshot", async () => {
    const agent = await load(PARKING);
    const waiting = await agent.reply(user("go"));
    expect(waiting.finished_reason).toBeNull();
    const stored = await storage.getSession("alice", "friday", "s1");
    expect(stored.revision).toBe(1);
    expect(stored.state.session_id).toBe("s1");
    expect(stored.state.reply_context.reply_id).toBe(agent.state.replyId);
    expect(stored.snapshot).toMatchObject({ value: "awaiting-confirm", status: "active" });
    const last = stored.state.context.at(-1);
    expect(JSON.stringify(last)).toContain('"state":"asking"');
  });

  it("§10 a new agent loaded from the parked session resumes it; the end is stored with an idle snapshot", async () => {
    const first = await load(PARKING);
    const replyId = (await first.reply(user("go"))).id;
    const ran: string[] = [];
    const second = await load(PARKING.slice(1), ran);
    expect(second.actor.getSnapshot().value).toBe("awaiting-confirm");
    expect(second.state.replyId).toBe(replyId);
    const call = second.state.getAwaitingToolCalls("Friday")[0]!;
    const final = await second.reply(confirmEvent(second, [yes(call)]));
    expect(final.getTextContent()).toBe("done");
    expect(final.id).toBe(replyId);
    expect(ran).toEqual(["x"]);
    const stored = await storage.getSession("alice", "friday", "s1");
    expect(stored.revision).toBe(2);
    expect(stored.snapshot).toMatchObject({ value: "idle" });
    expect(stored.state.context.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(JSON.stringify(stored.state.context.at(-1))).toContain("echo: x");
  });

  it("a stale copy of the session fails its save with SESSION_CONFLICT and keeps its state", async () => {
    await (await load(PARKING)).reply(user("go"));
    const a = await load(PARKING.slice(1));
    const b = await load(PARKING.slice(1));
    const callA = a.state.getAwaitingToolCalls("Friday")[0]!;
    await a.reply(confirmEvent(a, [yes(callA)]));
    const callB = b.state.getAwaitingToolCalls("Friday")[0]!;
    const failed = await b.reply(confirmEvent(b, [yes(callB)])).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(SessionError);
    expect((failed as SessionError).code).toBe("SESSION_CONFLICT");
    // Nothing is lost: b's reply ran and its state holds it; the stored one is a's.
    expect(b.state.context.at(-1)?.getTextContent()).toBe("done");
    expect((await storage.getSession("alice", "friday", "s1")).revision).toBe(2);
  });

  it("a new Agent on an existing session does not overwrite it: its first save is SESSION_CONFLICT", async () => {
    await (await load(["one"])).reply(user("go"));
    const fresh = makeAgent(["two"], { id: "friday", session: { ...ids, storage } });
    await expect(fresh.reply(user("go"))).rejects.toMatchObject({ code: "SESSION_CONFLICT" });
  });

  it("saveSession stores observed messages; refused while replying and without a session", async () => {
    const agent = await load(["hi"]);
    await agent.reply(user("go"));
    await agent.observe(user("noted"));
    expect(await agent.saveSession()).toBe(2);
    const stored = await storage.getSession("alice", "friday", "s1");
    expect(JSON.stringify(stored.state.context.at(-1)?.content)).toContain('"text":"noted"');
    const busy = makeAgent([{ toolCalls: [{ name: "echo", input: { text: "x" } }] }], {
      id: "b",
      tools: [echo()],
      session: { ...ids, storage, sessionId: "s2" },
    });
    const running = busy.reply(user("go"));
    await expect(busy.saveSession()).rejects.toBeInstanceOf(ReplyInputError);
    await running;
    await expect(makeAgent([]).saveSession()).rejects.toBeInstanceOf(ValidationError);
  });

  it("a session needs the agent's stable id and a valid session option", () => {
    expect(() => makeAgent([], { session: { ...ids, storage } })).toThrow(
      /An agent with a session needs a stable id/,
    );
    expect(() => makeAgent([], { id: "x", session: { storage, userId: "" } })).toThrow(
      ValidationError,
    );
    expect(() =>
      makeAgent([], {
        id: "x",
        state: { session_id: "other" },
        session: { ...ids, storage },
      }),
    ).toThrow(/The state is of session 'other', not 's1'/);
  });
});
