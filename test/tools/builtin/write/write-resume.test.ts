import { mkdir, readFile, rename, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  Edit,
  Write,
  type Agent,
  type AgentStateInput,
  type ScriptedTurn,
  type ToolResultBlock,
} from "../../../../src/index.js";
import {
  collect,
  confirmEvent,
  makeAgent,
  user,
  yes,
} from "../../../actors/agent/agent-fixture.js";
import { makeTempDir, removeTempDirs } from "../read/file-fixtures.js";

afterEach(removeTempDirs);

/** A working directory with a `notes.txt`, a fake home with a `.bashrc`, and a folder outside. */
async function layout(): Promise<{ wd: string; home: string; outside: string }> {
  const root = await makeTempDir();
  const [wd, home, outside] = ["wd", "home", "outside"].map((name) => join(root, name)) as [
    string,
    string,
    string,
  ];
  for (const dir of [wd, home, outside]) await mkdir(dir);
  await writeFile(join(wd, "notes.txt"), "draft\n");
  await writeFile(join(home, ".bashrc"), "original rc\n");
  await writeFile(join(outside, "x.txt"), "outside\n");
  return { wd, home, outside };
}

/**
 * An agent (default mode: every Write asks) whose model calls `tool` once with `input`, then
 * answers "done"; `state` seeds it (the working directory is `wd`). Given a parked state (one
 * with a context), the call was made already: the model only answers "done".
 */
function agentFor(
  tool: Write | Edit,
  input: Record<string, unknown>,
  state: AgentStateInput,
): Agent {
  const call: ScriptedTurn = { toolCalls: [{ id: "c1", name: tool.name, input }] };
  const turns: ScriptedTurn[] = state.context === undefined ? [call, "done"] : ["done"];
  return makeAgent(turns, { tools: [tool], state });
}

/** Parks a reply on the call, and returns its state as JSON text (what a session store keeps). */
async function parkAndSave(agent: Agent): Promise<string> {
  const events = await collect(agent.replyStream(user("go")));
  expect(events.at(-1)?.type).toBe("REQUIRE_USER_CONFIRM");
  expect(agent.actor.getSnapshot().value).toBe("awaiting-confirm");
  return JSON.stringify(agent.state);
}

/** Approves the parked call in `agent` and returns the call's result block. */
async function approve(agent: Agent): Promise<ToolResultBlock> {
  const call = agent.state.getAwaitingToolCalls("Friday")[0]!;
  await collect(agent.replyStream(confirmEvent(agent, [yes(call)])));
  const results = agent.state.context.flatMap((m) => m.getContentBlocks("tool_result"));
  return results.at(-1)!;
}

function seed(wd: string): AgentStateInput {
  return { permission_context: { working_directories: { [wd]: { path: wd, source: "session" } } } };
}

describe("the symlink guard's decision survives a resume (issue 10 §3)", () => {
  it("a parked Write approved in a new Agent refuses a link to ~/.bashrc swapped in meanwhile", async () => {
    const { wd, home } = await layout();
    const notes = join(wd, "notes.txt");
    const input = { file_path: notes, content: "evil\n" };
    const saved = await parkAndSave(agentFor(new Write(), input, seed(wd)));
    // The attacker swaps the approved file for a link to a sensitive file.
    await rename(notes, join(wd, "notes.old"));
    await symlink(join(home, ".bashrc"), notes);
    const resumed = agentFor(new Write(), input, JSON.parse(saved) as AgentStateInput);
    const result = await approve(resumed);
    expect([result.state, result.metadata]).toEqual([
      "error",
      { code: "SYMLINK_TO_SENSITIVE_PATH" },
    ]);
    expect(await readFile(join(home, ".bashrc"), "utf8")).toBe("original rc\n");
  });

  it("a parked Write approved in a new Agent refuses a link out of the working directory", async () => {
    const { wd, outside } = await layout();
    const notes = join(wd, "notes.txt");
    const input = { file_path: notes, content: "evil\n" };
    const saved = await parkAndSave(agentFor(new Write(), input, seed(wd)));
    await rename(notes, join(wd, "notes.old"));
    await symlink(join(outside, "x.txt"), notes);
    const resumed = agentFor(new Write(), input, JSON.parse(saved) as AgentStateInput);
    const result = await approve(resumed);
    expect(result.metadata).toEqual({ code: "SYMLINK_OUTSIDE_WORKING_DIRECTORIES" });
    expect(await readFile(join(outside, "x.txt"), "utf8")).toBe("outside\n");
  });

  it("a parked Edit approved in a new Agent refuses a parent directory swapped for a link", async () => {
    const { wd, outside } = await layout();
    await mkdir(join(wd, "sub"));
    const target = join(wd, "sub", "x.txt");
    await writeFile(target, "outside\n");
    const input = { file_path: target, old_string: "outside", new_string: "pwned" };
    const saved = await parkAndSave(agentFor(new Edit(), input, seed(wd)));
    await rename(join(wd, "sub"), join(wd, "sub.old"));
    await symlink(outside, join(wd, "sub"));
    const resumed = agentFor(new Edit(), input, JSON.parse(saved) as AgentStateInput);
    const result = await approve(resumed);
    expect(result.metadata).toEqual({ code: "SYMLINK_OUTSIDE_WORKING_DIRECTORIES" });
    expect(await readFile(join(outside, "x.txt"), "utf8")).toBe("outside\n");
  });

  it("without a swap the resumed Write runs as approved", async () => {
    const { wd } = await layout();
    const created = join(wd, "new.txt");
    const input = { file_path: created, content: "hello\n" };
    const saved = await parkAndSave(agentFor(new Write(), input, seed(wd)));
    await expect(stat(created)).rejects.toThrow();
    const resumed = agentFor(new Write(), input, JSON.parse(saved) as AgentStateInput);
    const result = await approve(resumed);
    expect(result.state).toBe("success");
    expect(await readFile(created, "utf8")).toBe("hello\n");
  });
});
