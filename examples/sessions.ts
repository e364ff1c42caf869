/**
 * A durable session and a workspace: an agent that saves itself to a `FileSessionStorage` parks on
 * a confirmation; a second agent, built from the stored session as a new process would build it,
 * resumes the reply. The tool's result is too large for the context, so the agent keeps its start
 * and the `LocalWorkspace` keeps the rest in a file the reminder names. Nothing leaves the machine.
 *
 *   npx tsx --conditions=actorscope-source examples/sessions.ts
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { z } from "zod";
import {
  Agent,
  FileSessionStorage,
  FunctionTool,
  LocalWorkspace,
  ScriptedModel,
  Toolkit,
  UserMsg,
  createEvent,
  type ScriptedTurn,
} from "actorscope";

const root = await mkdtemp(join(tmpdir(), "actorscope-sessions-example-"));
const workspace = new LocalWorkspace({ workdir: join(root, "workspace") });
await workspace.initialize();
const storage = new FileSessionStorage(join(root, "sessions"));

// A tool that asks first (no rule allows it) and returns a long log.
const readLog = new FunctionTool({
  name: "read_log",
  description: "Reads the service log.",
  parameters: z.object({ service: z.string() }),
  fn: ({ service }: { service: string }) =>
    Array.from({ length: 400 }, (_, i) => `${service} line ${i}: ok`).join("\n") +
    `\n${service} line 400: ERROR disk full`,
});

/** The agent of session "incident-7": what every process builds, the session holds the rest. */
function open(turns: ScriptedTurn[]): Promise<Agent> {
  return Agent.fromSession({
    id: "ops",
    name: "Ops",
    systemPrompt: "You look after the services.",
    model: new ScriptedModel({ responses: turns }),
    toolkit: new Toolkit({ tools: [readLog] }),
    offloader: workspace,
    contextConfig: { toolResultLimit: 200 }, // tokens: the log is far over
    session: { storage, userId: "alice", sessionId: "incident-7" },
  });
}

// Process one: the reply parks on the confirmation; the park is stored before reply() returns.
const first = await open([{ toolCalls: [{ name: "read_log", input: { service: "billing" } }] }]);
const waiting = await first.reply(new UserMsg({ name: "alice", content: "Why is billing down?" }));
console.log(`process one: ${waiting.getTextContent()}`);
const parked = await storage.getSession("alice", "ops", "incident-7");
console.log(
  `stored: revision ${parked.revision}, statechart ${String(parked.snapshot?.["value"])}`,
);

// Process two (say, after a crash): the same session, loaded; the user says yes.
const second = await open(["The billing disk is full (line 400 of its log)."]);
console.log(`process two: loaded in state ${second.actor.getSnapshot().value}`);
const call = second.state.getAwaitingToolCalls("Ops")[0];
if (call === undefined) throw new Error("the stored session holds no parked call");
const final = await second.reply(
  createEvent("USER_CONFIRM_RESULT", {
    reply_id: second.state.replyId,
    confirm_results: [{ confirmed: true, tool_call: call, rules: null }],
  }),
);
console.log(`Ops: ${final.getTextContent()}`);
console.log(`reply ended: ${final.finished_reason}`);

// The context kept the log's start; the workspace file the reminder names holds the rest.
const saved = JSON.stringify(second.state.context);
const file = /refer to the file in '([^']+)'/.exec(saved)?.[1];
if (file !== undefined) {
  const rest = await readFile(file, "utf8");
  console.log(`the rest of the log: ${relative(root, file)} (${rest.split("\n").length} lines)`);
  console.log(`its last line: ${rest.trim().split("\n").at(-1)}`);
}
const ended = await storage.getSession("alice", "ops", "incident-7");
console.log(`stored: revision ${ended.revision}, statechart ${String(ended.snapshot?.["value"])}`);

await workspace.close();
await storage.close();
await rm(root, { recursive: true, force: true });
