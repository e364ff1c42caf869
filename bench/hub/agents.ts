import { Subject } from "rxjs";
import { Agent, freezeMsg, Msg, MsgHub, ScriptedModel, type Bus } from "../../src/index.js";
import { breathe, timed, type Sample } from "./measure.js";
import { deliveriesPerRound } from "./scenario.js";

const ROUND_TIMEOUT_MS = 300_000;

/** One hub size run with real `Agent`s: the hub's samples and the bare Subject's, interleaved. */
export interface AgentRun {
  hub: Sample[];
  subject: Sample[];
}

export interface AgentRunOptions {
  readonly size: number;
  readonly rounds: number;
  readonly samples: number;
  readonly warmupRounds: number;
  readonly bus?: Bus | undefined;
}

interface Said {
  readonly sender: string;
  readonly msgs: readonly Msg[];
}

/**
 * `size` real `Agent`s (a `ScriptedModel` answering one line, runtime-state hint off) in one
 * hub; a round is every agent replying at once (`Promise.all`), then `hub.flush()`. The
 * Subject's round is the same simulation wired by hand: the hub's broadcast off, the agents
 * reply at once, and each reply as it ends (a frozen copy) goes through one RxJS `Subject` to a
 * subscriber per agent that observes every reply not its own. Both rounds include the replies, so the
 * ratio is what the hub costs a simulation of real agents; every sample is checked (each agent
 * observed exactly the others' replies).
 */
export async function runAgents(options: AgentRunOptions): Promise<AgentRun> {
  const { size, rounds, samples, warmupRounds, bus } = options;
  const agents = Array.from({ length: size }, (_, i) => {
    const id = `agent-${i}`;
    return new Agent({
      id,
      name: id,
      systemPrompt: `You are ${id}.`,
      injectionConfig: { injectRuntimeState: false },
      model: new ScriptedModel({ responses: () => `a line of ${id}` }),
    });
  });
  const hub = await MsgHub.open({ participants: agents, bus, deliveryTimeoutMs: ROUND_TIMEOUT_MS });
  const subject = new Subject<Said>();
  for (const agent of agents) {
    subject.subscribe((said) => {
      if (said.sender !== agent.id) void agent.observe(said.msgs);
    });
  }
  const hubRound = async (): Promise<void> => {
    await Promise.all(agents.map((agent) => agent.reply()));
    await hub.flush();
  };
  // Each reply goes out when it ends, as the hub sends it: the others may be replying still.
  const subjectRound = async (): Promise<void> => {
    await Promise.all(
      agents.map(async (agent) => {
        const reply = await agent.reply();
        subject.next({ sender: agent.id, msgs: [freezeMsg(Msg.fromJSON(reply.toJSON()))] });
      }),
    );
  };
  const run: AgentRun = { hub: [], subject: [] };
  try {
    for (let r = 0; r < warmupRounds; r++) await hubRound();
    for (let s = 0; s < samples; s++) {
      await breathe();
      let before = heardBy(agents);
      run.hub.push(
        await timed(rounds * deliveriesPerRound(size), async () => {
          for (let r = 0; r < rounds; r++) await hubRound();
        }),
      );
      check("hub", agents, before, rounds * (size - 1));
      hub.setAutoBroadcast(false);
      await breathe();
      before = heardBy(agents);
      run.subject.push(
        await timed(rounds * deliveriesPerRound(size), async () => {
          for (let r = 0; r < rounds; r++) await subjectRound();
        }),
      );
      await breathe();
      check("Subject", agents, before, rounds * (size - 1));
      hub.setAutoBroadcast(true);
    }
  } finally {
    subject.complete();
    await hub.close();
  }
  return run;
}

/** How many messages of others each agent holds. */
function heardBy(agents: readonly Agent[]): number[] {
  return agents.map((agent) => {
    let heard = 0;
    for (const msg of agent.state.context) if (msg.name !== agent.name) heard++;
    return heard;
  });
}

function check(what: string, agents: readonly Agent[], before: number[], each: number): void {
  const after = heardBy(agents);
  agents.forEach((agent, i) => {
    const got = (after[i] ?? 0) - (before[i] ?? 0);
    if (got !== each) throw new Error(`${what} sample: ${agent.id} heard ${got}, expected ${each}`);
  });
}
