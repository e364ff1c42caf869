/**
 * A hub of three agents: an announcement, rounds through `sequentialPipeline`, one
 * `fanoutPipeline` vote, printing who said what (every message the hub carried) and what each
 * agent heard. Every participant observes what the others say, never its own words.
 *
 * In one process:   npx tsx --conditions=actorscope-source examples/hub.ts
 * On NATS:          npx tsx --conditions=actorscope-source examples/hub.ts --nats nats://127.0.0.1:4222
 *                   (or NATS_URL=nats://… ; needs a nats-server with JetStream: nats-server -js)
 *
 * On NATS each agent is spawned on the bus (`spawnAgent`) and the hub's participants are agent
 * refs (`agentRef`), as they would be from another process; the rest of the code is the same.
 */
import { parseArgs } from "node:util";
import {
  Agent,
  MsgHub,
  NatsBus,
  ScriptedModel,
  UserMsg,
  agentRef,
  fanoutPipeline,
  sequentialPipeline,
  spawnAgent,
  type AgentPort,
  type Bus,
} from "actorscope";

const { values } = parseArgs({ options: { nats: { type: "string" } } });
const natsUrl = values.nats ?? process.env["NATS_URL"];
const ROUNDS = 2;

/** An agent whose replies are its lines, in order. */
function member(id: string, name: string, lines: string[]): Agent {
  return new Agent({
    id,
    name,
    systemPrompt: `You are ${name}, planning a team offsite.`,
    injectionConfig: { injectRuntimeState: false },
    model: new ScriptedModel({ responses: lines }),
  });
}

const agents = [
  member("alice", "Alice", ["Lisbon: sun and cheap flights.", "Book it for May.", "Lisbon."]),
  member("bob", "Bob", ["Oslo, if we like fjords.", "May works for me.", "Lisbon."]),
  member("carol", "Carol", ["Either, but no red-eyes.", "I will find a hotel.", "Oslo."]),
];

// Where the hub lives: this process, or NATS with every agent served on the bus.
let bus: Bus | undefined;
let participants: AgentPort[] = agents;
const served: { stop(): Promise<void> }[] = [];
if (natsUrl !== undefined) {
  bus = await NatsBus.connect({ servers: natsUrl, name: "hub-example" });
  for (const agent of agents) served.push(await spawnAgent(bus, agent));
  participants = await Promise.all(agents.map((agent) => agentRef(bus as Bus, agent.id)));
}

const hub = await MsgHub.open({
  name: "offsite",
  bus,
  participants,
  announcement: new UserMsg({ name: "host", content: "Where shall we go, and when?" }),
});
hub.posts$.subscribe((post) => {
  for (const msg of post.msgs) console.log(`  ${msg.name}: ${msg.getTextContent() ?? ""}`);
});

console.log(`hub '${hub.name}' ${bus === undefined ? "in this process" : `on NATS (${natsUrl})`}`);
for (let round = 1; round <= ROUNDS; round++) {
  console.log(`round ${round} (sequentialPipeline):`);
  // Each agent replies to the one before it; the hub hands every reply to the other two.
  await sequentialPipeline(participants);
  await hub.flush();
}

console.log("vote (fanoutPipeline):");
const question = new UserMsg({ name: "host", content: "One word: which city?" });
const votes = await fanoutPipeline(participants, question);
await hub.flush();
console.log(
  `votes: ${votes.map((vote, i) => `${participants[i]?.id ?? "?"}=${vote.getTextContent() ?? ""}`).join(", ")}`,
);

// A broadcast resolves once every participant observed it, so all said before it has landed too.
await hub.broadcast(new UserMsg({ name: "host", content: "Lisbon it is. Thanks, all." }));

// What each agent heard: the announcement and the others' words, never its own. (The next
// speaker of a sequentialPipeline also gets the previous reply as its input: it holds that
// message twice, under one id, so the lines are counted by id.)
for (const agent of agents) {
  const heard = new Map<string, string>();
  for (const msg of agent.state.context) if (msg.name !== agent.name) heard.set(msg.id, msg.name);
  console.log(`${agent.name} heard ${heard.size}: ${[...heard.values()].join(", ")}`);
}

await hub.close();
for (const handle of served) await handle.stop();
await bus?.close();
