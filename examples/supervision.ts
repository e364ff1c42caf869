/**
 * Supervision: an ActorRuntime owns two spawned agents; one of them fails (its statechart is
 * sent a malformed event, standing in for a bug), and the failure arrives as a supervision
 * report on the bus while the other agent keeps answering. Then the runtime stops everything in
 * order. The same code runs on NATS with `await NatsBus.connect(…)` in place of the bus.
 *
 * Run it: npx tsx --conditions=actorscope-source examples/supervision.ts
 */
import {
  ActorKind,
  ActorRuntime,
  Agent,
  InProcessBus,
  ScriptedModel,
  Subjects,
  SupervisionReportSchema,
  UserMsg,
  agentRef,
  setLogger,
  spawnAgent,
} from "actorscope";

// The runtime logs each report too; this example prints them itself.
setLogger({ warn: () => undefined, error: () => undefined });

const bus = new InProcessBus();
const subjects = new Subjects();
const runtime = new ActorRuntime({ bus, name: "sim", subjects });

// Any process on the bus can watch the reports.
bus
  .subscribe(subjects.supervision("sim"), { schema: SupervisionReportSchema })
  .subscribe(({ data: report }) => {
    console.log(`report: ${report.type} ${report.kind} '${report.actor_id}' ${report.error.code}`);
    console.log(`  ${report.error.message.split("\n")[0] ?? ""}`);
  });
await bus.flush();

const agent = (id: string, line: string) =>
  new Agent({
    id,
    name: id,
    systemPrompt: "You are terse.",
    model: new ScriptedModel({ responses: [line] }),
  });
const alice = runtime.adopt(
  ActorKind.AGENT,
  await spawnAgent(bus, agent("alice", "Hi from Alice.")),
);
runtime.adopt(ActorKind.AGENT, await spawnAgent(bus, agent("bob", "Hi from Bob.")));

// A bug in Alice: her statechart gets an event it cannot read, and stops in error.
alice.agent.actor.send({ type: "REPLY" } as never);
await bus.flush();
console.log(`alice still served: ${String(!alice.stopped)}`);

const bob = await agentRef(bus, "bob");
const said = await bob.reply(new UserMsg({ name: "user", content: "Still there?" }));
console.log(`bob: ${said.getTextContent() ?? ""}`);

await runtime.stop(); // hubs, then agents (each drained), then tool workers
console.log(`owned after stop: ${runtime.actorIds.length}`);
await bus.close();
