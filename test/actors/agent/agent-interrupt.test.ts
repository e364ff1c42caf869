import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Bash, ScriptedModel, type AgentEvent } from "../../../src/index.js";
import { allow, makeAgent, user } from "./agent-fixture.js";

function sleepers(marker: string): string[] {
  try {
    return execFileSync("pgrep", ["-f", marker], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

const home = process.env["HOME"];
let sandboxDir: string | null = null;

/** A temporary working directory, with HOME pointed at another one until the test ends. */
async function sandbox(): Promise<string> {
  sandboxDir = await mkdtemp(join(tmpdir(), "actorscope-interrupt-"));
  await mkdir(join(sandboxDir, "home"));
  await mkdir(join(sandboxDir, "cwd"));
  process.env["HOME"] = join(sandboxDir, "home");
  return join(sandboxDir, "cwd");
}

afterEach(async () => {
  if (home === undefined) delete process.env["HOME"];
  else process.env["HOME"] = home;
  if (sandboxDir !== null) await rm(sandboxDir, { recursive: true, force: true });
  sandboxDir = null;
});

describe("Agent interrupt (spec §3.8)", () => {
  it("§3.8 an interrupt during a streaming model call ends MODEL_CALL_END(interrupted) then REPLY_END(interrupted)", async () => {
    const long = "word ".repeat(400);
    const agent = makeAgent(
      new ScriptedModel({ responses: [long], chunkSize: 5, chunkLatencyMs: 50 }),
    );
    const events: AgentEvent[] = [];
    let interrupted = false;
    for await (const event of agent.replyStream(user("talk"))) {
      events.push(event);
      if (event.type === "TEXT_BLOCK_DELTA" && !interrupted) {
        interrupted = true;
        await agent.interrupt();
      }
    }
    const deltas = events.filter((e) => e.type === "TEXT_BLOCK_DELTA").length;
    expect(deltas).toBeLessThan(long.length / 5 / 2); // stopped long before the stream's end
    const tail = events.slice(-2);
    expect(tail.map((e) => e.type)).toEqual(["MODEL_CALL_END", "REPLY_END"]);
    expect(tail[0]).toMatchObject({ finished_reason: "interrupted" });
    expect(tail[1]).toMatchObject({ finished_reason: "interrupted" });
    expect(agent.actor.getSnapshot().value).toBe("idle");
  });

  it("§11.109 an interrupt during a running Bash command kills it and ends interrupted, leaving no child", async () => {
    // `sleep 30.<unique digits>`: a 30-second sleep this test can find with pgrep
    const marker = `sleep 30.${process.pid}${Date.now() % 1000}`;
    // The command runs in a sandbox: a temporary cwd, and HOME another temporary directory.
    const cwd = await sandbox();
    const agent = makeAgent(
      [
        {
          toolCalls: [
            {
              name: "Bash",
              input: { command: `${marker}; true` },
            },
          ],
        },
      ],
      { tools: [new Bash({ cwd })], state: allow("Bash") },
    );
    const events: AgentEvent[] = [];
    const msgPromise = (async () => {
      for await (const event of agent.replyStream(user("wait"))) {
        events.push(event);
        if (event.type === "TOOL_RESULT_START") setTimeout(() => void agent.interrupt(), 200);
      }
    })();
    await msgPromise;
    const end = events.find((e) => e.type === "TOOL_RESULT_END");
    expect(end).toMatchObject({ state: "interrupted" });
    expect(events.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "interrupted" });
    const result = agent.state.context.at(-1)?.getContentBlocks("tool_result")[0];
    expect(result?.state).toBe("interrupted");
    expect(agent.state.context.at(-1)?.getContentBlocks("tool_call")[0]?.state).toBe("finished");
    expect(sleepers(marker)).toEqual([]);
  });
});
