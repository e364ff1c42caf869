/**
 * An agent on the bus, driven through a reference to it: the reply parks on a permission prompt,
 * the prompt is answered through the reference (as another process would), a duplicate answer is
 * refused, and every statechart transition is watched as an inspector in another process would.
 *
 * Run it: npx tsx --conditions=actorscope-source examples/agents-on-the-bus.ts
 *    or, on NATS: npx tsx --conditions=actorscope-source examples/agents-on-the-bus.ts --nats nats://127.0.0.1:4222
 */
import { filter, firstValueFrom } from "rxjs";
import { z } from "zod";
import {
  Agent,
  FunctionTool,
  InProcessBus,
  NatsBus,
  ScriptedModel,
  Toolkit,
  UserMsg,
  agentRef,
  createEvent,
  spawnAgent,
  type Bus,
  type RequireUserConfirmEvent,
} from "actorscope";

function natsUrl(): string | undefined {
  const at = process.argv.indexOf("--nats");
  return at >= 0 ? process.argv[at + 1] : process.env["NATS_URL"];
}

const url = natsUrl();
const bus: Bus = url === undefined ? new InProcessBus() : await NatsBus.connect({ servers: url });
console.log(`bus: ${url === undefined ? "in-process" : `NATS at ${url}`}`);

// The agent's process: a tool that asks before it runs (no allow rule), served on the bus.
const deploy = new FunctionTool({
  name: "deploy",
  description: "Deploys a service.",
  parameters: z.object({ service: z.string() }),
  fn: ({ service }: { service: string }) => `deployed ${service}`,
});
const agent = new Agent({
  id: "ops",
  name: "Ops",
  systemPrompt: "You deploy services.",
  model: new ScriptedModel({
    responses: [{ toolCalls: [{ name: "deploy", input: { service: "web" } }] }, "Web is live."],
  }),
  toolkit: new Toolkit({ tools: [deploy] }),
});
const handle = await spawnAgent(bus, agent);

// Anywhere else on the bus: a reference to the agent, its events and its transitions.
const ops = await agentRef(bus, "ops");
const watching = ops.transitions$.subscribe((t) => {
  console.log(`  state ${JSON.stringify(t.value)} after ${t.event_type}`);
});
const asked = firstValueFrom(
  ops.events$.pipe(filter((e): e is RequireUserConfirmEvent => e.type === "REQUIRE_USER_CONFIRM")),
);
await bus.flush();

const parked = await ops.reply(new UserMsg({ name: "user", content: "Deploy web." }));
const ask = await asked;
console.log(`Ops asks to run ${ask.tool_calls.map((c) => c.name).join(", ")} (reply parked)`);
console.log(`  its reply so far says: ${JSON.stringify(parked.getTextContent() ?? "")}`);

const answer = createEvent("USER_CONFIRM_RESULT", {
  reply_id: ask.reply_id,
  confirm_results: ask.tool_calls.map((call) => ({
    confirmed: true,
    tool_call: call,
    rules: null,
  })),
});
const done = await ops.reply(answer);
console.log(`Ops: ${done.getTextContent() ?? ""}`);
try {
  await ops.reply(answer);
} catch (error) {
  console.log(`a second answer is refused: ${(error as { code?: string }).code ?? String(error)}`);
}

watching.unsubscribe();
await handle.stop();
await bus.close();
