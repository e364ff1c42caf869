/**
 * An agent using an MCP server: `@modelcontextprotocol/server-filesystem` over stdio, serving a
 * temporary workspace. The scripted model lists the workspace and reads a file (read-only MCP
 * tools run without asking), then writes one: that call asks, and this example answers the
 * confirmation itself, saying so. Nothing leaves the machine.
 *
 *   npx tsx --conditions=actorscope-source examples/mcp.ts
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  Agent,
  MCPClient,
  ScriptedModel,
  Toolkit,
  UserMsg,
  createEvent,
  type AgentEvent,
  type RequireUserConfirmEvent,
} from "actorscope";

const workspace = await mkdtemp(join(tmpdir(), "actorscope-mcp-example-"));
await writeFile(join(workspace, "notes.txt"), "Buy milk.\nCall Ada about the actor runtime.\n");

// A stateful stdio client: connect before giving it to a toolkit, close at the end.
const filesystem = new MCPClient({
  name: "filesystem",
  isStateful: true,
  mcpConfig: {
    type: "stdio_mcp",
    command: "npx",
    args: ["-y", "@modelcontextprotocol/server-filesystem", workspace],
  },
  executionTimeout: 30,
});
await filesystem.connect();

try {
  const tools = await filesystem.listTools();
  const readOnly = tools.filter((tool) => tool.isReadOnly).length;
  console.log(`filesystem offers ${tools.length} tools (${readOnly} read-only)`);

  const agent = new Agent({
    name: "Friday",
    systemPrompt: "You keep the user's notes in the workspace.",
    model: new ScriptedModel({
      responses: [
        {
          toolCalls: [
            { name: "mcp__filesystem__list_directory", input: { path: workspace } },
            {
              name: "mcp__filesystem__read_text_file",
              input: { path: join(workspace, "notes.txt") },
            },
          ],
        },
        {
          toolCalls: [
            {
              name: "mcp__filesystem__write_file",
              input: { path: join(workspace, "todo.txt"), content: "- buy milk\n- call Ada\n" },
            },
          ],
        },
        "I read your notes and wrote todo.txt with two items.",
      ],
    }),
    toolkit: new Toolkit({ mcps: [filesystem] }),
    injectionConfig: { injectRuntimeState: false },
  });

  const names = new Map<string, string>();
  const show = (event: AgentEvent) => {
    if (event.type === "TOOL_RESULT_START") names.set(event.tool_call_id, event.tool_call_name);
    if (event.type === "TOOL_RESULT_END") {
      console.log(`  ${names.get(event.tool_call_id) ?? "?"} → ${event.state}`);
    }
  };

  let ask: RequireUserConfirmEvent | undefined;
  for await (const event of agent.replyStream(
    new UserMsg({ name: "user", content: "Turn my notes into a todo list." }),
  )) {
    show(event);
    if (event.type === "REQUIRE_USER_CONFIRM") ask = event;
  }
  if (ask === undefined) throw new Error("expected the write to ask for permission");
  for (const call of ask.tool_calls) {
    console.log(`permission asked for ${call.name}: allowed by this example's policy`);
  }
  const confirm = createEvent("USER_CONFIRM_RESULT", {
    reply_id: ask.reply_id,
    confirm_results: ask.tool_calls.map((call) => ({
      confirmed: true,
      tool_call: call,
      rules: null,
    })),
  });
  for await (const event of agent.replyStream(confirm)) {
    show(event);
    if (event.type === "REPLY_END") console.log(`reply ended: ${event.finished_reason ?? "?"}`);
  }
  console.log(`todo.txt:\n${await readFile(join(workspace, "todo.txt"), "utf8")}`);
} finally {
  await filesystem.close();
  await rm(workspace, { recursive: true, force: true });
}
