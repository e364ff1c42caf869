import { Subject } from "rxjs";
import { describe, expect, it } from "vitest";
import {
  Agent,
  Msg,
  ScriptedModel,
  Toolkit,
  UserMsg,
  fanoutPipeline,
  freezeMsg,
  sequentialPipeline,
  type AgentEvent,
  type AgentPort,
} from "../../../src/index.js";
import { allow, gatedTool, outcome } from "../agent/agent-fixture.js";
import { talker } from "../hub/hub-fixture.js";

/**
 * AgentScope's test agents: each changes `metadata.result` of the message it is given (in
 * place, as the reference's do) and replies with that message; `null` gives `null` back.
 */
class MathPort implements AgentPort {
  readonly events$ = new Subject<AgentEvent>().asObservable();
  readonly seen: unknown[] = [];
  constructor(
    readonly id: string,
    readonly apply: (n: number) => number,
  ) {}
  get name(): string {
    return this.id;
  }
  reply(x?: unknown): Promise<Msg> {
    this.seen.push(x);
    if (!(x instanceof Msg)) return Promise.resolve(x as Msg);
    x.metadata["result"] = this.apply(x.metadata["result"] as number);
    return Promise.resolve(x);
  }
  replyStream(): AsyncIterable<AgentEvent> {
    throw new Error("not used");
  }
  observe(): Promise<void> {
    return Promise.resolve();
  }
  interrupt(): Promise<void> {
    return Promise.resolve();
  }
}

const add = (n: number) => new MathPort(`add${n}`, (x) => x + n);
const mult = (n: number) => new MathPort(`mult${n}`, (x) => x * n);
const input = (result: number) => new UserMsg({ name: "user", content: "", metadata: { result } });
const result = (msg: unknown) => (msg as Msg).metadata["result"];

/** An agent that parks its reply in a tool until interrupted. */
function stuck(id: string) {
  const { tool, started } = gatedTool();
  const agent = new Agent({
    id,
    name: id,
    systemPrompt: "x",
    toolkit: new Toolkit({ tools: [tool] }),
    state: allow("wait"),
    model: new ScriptedModel({ responses: [{ toolCalls: [{ name: "wait", input: {} }] }] }),
  });
  return { agent, started };
}

describe("sequentialPipeline (AgentScope's sequential_pipeline)", () => {
  it("passes each agent's reply to the next one, in order", async () => {
    expect(result(await sequentialPipeline([add(1), add(2), mult(3)], input(0)))).toBe(9);
    expect(result(await sequentialPipeline([add(1), mult(3), add(2)], input(0)))).toBe(5);
    expect(result(await sequentialPipeline([mult(3), add(1), add(2)], input(0)))).toBe(3);
  });

  it("with no agents gives back the input itself; with no input the first agent gets none", async () => {
    const x = input(42);
    expect(await sequentialPipeline([], x)).toBe(x);
    expect(await sequentialPipeline([], null)).toBeNull();
    expect(await sequentialPipeline([add(1)], null)).toBeNull();
  });

  it("chains real agents: each replies to what the previous said", async () => {
    const writer = new Agent({
      name: "writer",
      systemPrompt: "x",
      model: new ScriptedModel({ responses: ["draft"] }),
    });
    const critic = new Agent({
      name: "critic",
      systemPrompt: "x",
      injectionConfig: { injectRuntimeState: false },
      model: new ScriptedModel({
        responses: (messages) => `critique of ${messages.at(-1)?.getTextContent() ?? "?"}`,
      }),
    });
    const final = await sequentialPipeline(
      [writer, critic],
      new UserMsg({ name: "u", content: "go" }),
    );
    expect(final.getTextContent()).toBe("critique of draft");
  });

  it("an abort interrupts the agent replying and rejects with ABORTED; later agents never run", async () => {
    const { agent, started } = stuck("stuck");
    const after = add(1);
    const controller = new AbortController();
    const run = sequentialPipeline([agent, after], input(0), { signal: controller.signal });
    await started;
    controller.abort();
    expect(await outcome(run)).toBe("ABORTED");
    expect(after.seen).toEqual([]);
    expect(agent.actor.getSnapshot().value).toBe("idle");
  });
});

describe("fanoutPipeline (AgentScope's fanout_pipeline)", () => {
  for (const gather of [true, false]) {
    it(`gives every agent its own copy of the input (gather: ${gather})`, async () => {
      const x = input(0);
      const replies = await fanoutPipeline([add(1), add(2), mult(3)], x, { gather });
      expect(replies.map(result)).toEqual([1, 2, 0]);
      expect(result(x)).toBe(0);
    });
  }

  it("with no agents gives no replies; with no input every agent gets none", async () => {
    expect(await fanoutPipeline([], input(1))).toEqual([]);
    expect(await fanoutPipeline([], input(1), { gather: false })).toEqual([]);
    expect(await fanoutPipeline([add(1), add(2)], null)).toEqual([null, null]);
  });

  it("shares a frozen input instead of copying it (it cannot change)", async () => {
    const agents = [talker("a"), talker("b")];
    const frozen = freezeMsg(new UserMsg({ name: "u", content: "same for all" }));
    const replies = await fanoutPipeline(agents, frozen);
    expect(replies.map((m) => m.getTextContent())).toEqual(["a #1", "b #1"]);
    expect(agents[0]!.state.context[0]).toBe(frozen);
    expect(agents[1]!.state.context[0]).toBe(frozen);
  });

  it("gathered, the first failure interrupts the agents still replying, waits for them, and rejects with it", async () => {
    const { agent, started } = stuck("stuck");
    // Fails once the other agent is running its tool.
    const failing = new MathPort("failing", (x) => x);
    failing.reply = async () => {
      await started;
      throw new Error("model down");
    };
    await expect(fanoutPipeline([agent, failing], input(0))).rejects.toThrow("model down");
    expect(agent.actor.getSnapshot().value).toBe("idle");
    expect(agent.state.context.at(-1)?.getContentBlocks("tool_result")[0]?.state).toBe(
      "interrupted",
    );
  });

  it("an abort interrupts every agent replying and rejects with ABORTED", async () => {
    const one = stuck("one");
    const two = stuck("two");
    const controller = new AbortController();
    const run = fanoutPipeline([one.agent, two.agent], input(0), { signal: controller.signal });
    await Promise.all([one.started, two.started]);
    controller.abort();
    expect(await outcome(run)).toBe("ABORTED");
    expect([one.agent, two.agent].map((a) => a.actor.getSnapshot().value)).toEqual([
      "idle",
      "idle",
    ]);
  });

  it("passes replyOptions to every agent", async () => {
    const agents = [talker("a"), talker("b")];
    const busy = agents[0]!.reply(input(0));
    const run = fanoutPipeline(agents, input(0), { replyOptions: { queue: false } });
    expect(await outcome(run)).toBe("REPLY_BUSY");
    await busy;
  });
});
