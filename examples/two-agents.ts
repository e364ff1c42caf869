/**
 * Two agents, one observer: Alice answers, Bob observes her answer and replies, and one
 * subscription to both agents' events tells them apart by `agent_id`.
 *
 * Run it: npx tsx --conditions=actorscope-source examples/two-agents.ts
 */
import { filter, merge } from "rxjs";
import { Agent, ScriptedModel, UserMsg, type AgentEvent } from "actorscope";

const alice = new Agent({
  id: "alice",
  name: "Alice",
  systemPrompt: "You are Alice, in a debate.",
  model: new ScriptedModel({ responses: ["Tabs: one keystroke, one level."] }),
});
const bob = new Agent({
  id: "bob",
  name: "Bob",
  systemPrompt: "You are Bob, in a debate.",
  model: new ScriptedModel({ responses: ["Spaces: the same everywhere."] }),
});

// One observer of both agents: every event says whose it is.
const all: AgentEvent[] = [];
const everything = merge(alice.events$, bob.events$).subscribe((event) => all.push(event));
const onlyBob = merge(alice.events$, bob.events$)
  .pipe(filter((event) => event.agent_id === bob.id))
  .subscribe((event) => {
    if (event.type === "REPLY_START") console.log(`Bob's stream starts (name: ${event.name})`);
  });

const topic = new UserMsg({ name: "moderator", content: "Tabs or spaces?" });
await bob.observe(topic);
const said = await alice.reply(topic);
console.log(`Alice: ${said.getTextContent() ?? ""}`);
await bob.observe(said);
const answer = await bob.reply();
console.log(`Bob: ${answer.getTextContent() ?? ""}`);

everything.unsubscribe();
onlyBob.unsubscribe();
for (const agent of [alice, bob]) {
  const own = all.filter((event) => event.agent_id === agent.id);
  console.log(
    `${agent.name} (${agent.id}): ${own.length} events, ${own[0]?.type} … ${own.at(-1)?.type}`,
  );
}
