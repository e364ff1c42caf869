/**
 * `npm run demo`: one agent with built-in tools, a scripted model (no network), a multi-step
 * reply streamed to the terminal, a permission prompt, its answer, and the end of the reply.
 *
 * Run it: npx tsx --conditions=actorscope-source examples/demo.ts   (add --yes to approve without asking)
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import {
  Agent,
  Bash,
  Read,
  ScriptedModel,
  Toolkit,
  UserMsg,
  Write,
  createEvent,
  type AgentEvent,
  type ConfirmResult,
  type RequireUserConfirmEvent,
} from "actorscope";

const dir = await mkdtemp(join(tmpdir(), "actorscope-demo-"));
await writeFile(join(dir, "notes.txt"), "buy milk\ncall Ada\n");
const report = join(dir, "report.md");

// The model's script: look around, read the notes, write a report (this asks), read it back, answer.
const model = new ScriptedModel({
  responses: [
    {
      thinking: "Let me see what is in the folder.",
      toolCalls: [{ name: "Bash", input: { command: `ls ${dir}` } }],
    },
    {
      text: "There is a notes file. Reading it.",
      toolCalls: [{ name: "Read", input: { file_path: join(dir, "notes.txt") } }],
    },
    {
      text: "Writing a short report.",
      toolCalls: [
        {
          name: "Write",
          input: { file_path: report, content: "# Report\n\n- buy milk\n- call Ada\n" },
        },
      ],
    },
    { toolCalls: [{ name: "Read", input: { file_path: report } }] },
    "Done: the report lists your two notes — buy milk, and call Ada.",
  ],
});

const agent = new Agent({
  id: "friday-demo", // an AgentPort's stable id (minted when left out), also its actor's XState id
  name: "Friday",
  systemPrompt: "You are a helpful assistant working in a folder.",
  model,
  toolkit: new Toolkit({ tools: [new Bash({ cwd: dir }), new Read(), new Write()] }),
  state: { permission_context: { working_directories: { [dir]: { path: dir, source: "demo" } } } },
  injectionConfig: { injectRuntimeState: false },
});

const autoApprove = process.argv.includes("--yes") || !process.stdin.isTTY;

function show(event: AgentEvent): void {
  switch (event.type) {
    case "REPLY_START":
      console.log(
        `\x1b[1m▶ ${event.name} replies\x1b[0m  (state: ${agent.actor.getSnapshot().value})`,
      );
      break;
    case "THINKING_BLOCK_DELTA":
      process.stdout.write(`\x1b[2m${event.delta}\x1b[0m`);
      break;
    case "TEXT_BLOCK_DELTA":
      process.stdout.write(event.delta);
      break;
    case "THINKING_BLOCK_END":
    case "TEXT_BLOCK_END":
      process.stdout.write("\n");
      break;
    case "TOOL_CALL_START":
      console.log(`\x1b[36m⚙ ${event.tool_call_name}\x1b[0m`);
      break;
    case "TOOL_RESULT_TEXT_DELTA":
      console.log(
        `\x1b[2m${event.delta
          .trimEnd()
          .split("\n")
          .map((l) => `  │ ${l}`)
          .join("\n")}\x1b[0m`,
      );
      break;
    case "TOOL_RESULT_END":
      console.log(`  └ ${event.state}`);
      break;
    case "REQUIRE_USER_CONFIRM":
      console.log(
        `\x1b[33m? permission needed for ${event.tool_calls.map((c) => c.name).join(", ")}\x1b[0m`,
      );
      break;
    case "REPLY_END":
      console.log(`\x1b[1m■ reply ended: ${event.finished_reason}\x1b[0m`);
      break;
    default:
      break;
  }
}

async function answer(asks: RequireUserConfirmEvent[]): Promise<ConfirmResult[]> {
  const results: ConfirmResult[] = [];
  for (const ask of asks) {
    for (const call of ask.tool_calls) {
      let yes = autoApprove;
      if (!autoApprove) {
        const rl = createInterface({ input: process.stdin, output: process.stdout });
        yes =
          (await rl.question(`Allow ${call.name} ${call.input}? [Y/n] `)).trim().toLowerCase() !==
          "n";
        rl.close();
      } else {
        console.log(`  (approving ${call.name} automatically)`);
      }
      results.push({ confirmed: yes, tool_call: call, rules: null });
    }
  }
  return results;
}

let input: Parameters<Agent["replyStream"]>[0] = new UserMsg({
  name: "user",
  content: "Summarise my notes into a report.",
});
for (;;) {
  const asks: RequireUserConfirmEvent[] = [];
  for await (const event of agent.replyStream(input)) {
    show(event);
    if (event.type === "REQUIRE_USER_CONFIRM") asks.push(event);
  }
  if (asks.length === 0) break;
  console.log(`\x1b[2m(paused in state '${agent.actor.getSnapshot().value}')\x1b[0m`);
  input = createEvent("USER_CONFIRM_RESULT", {
    reply_id: agent.state.replyId,
    confirm_results: await answer(asks),
  });
}
console.log(`\nfolder: ${dir}`);
