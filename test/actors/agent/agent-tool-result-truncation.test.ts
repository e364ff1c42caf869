import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { FunctionTool, type Msg, type ToolResultBlock } from "../../../src/index.js";
import { LocalWorkspace } from "../../../src/workspace/index.js";
import { allow, collect, makeAgent, scripted, user } from "./agent-fixture.js";

const BIG = "0123456789".repeat(100); // 1000 bytes = 250 tokens (spec §8.1)

const bigTool = () =>
  new FunctionTool({
    name: "big",
    description: "Returns a large text.",
    parameters: z.object({}),
    fn: () => BIG,
  });

/** The tool result the agent saved for call `c1`. */
function savedResult(context: readonly Msg[]): ToolResultBlock {
  const block = context
    .flatMap((m) => m.getContentBlocks("tool_result"))
    .find((b) => b.id === "c1");
  if (block === undefined) throw new Error("no result for c1");
  return block;
}

const textOf = (result: ToolResultBlock) =>
  typeof result.output === "string"
    ? result.output
    : result.output.map((b) => (b.type === "text" ? b.text : "")).join("");

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "as-trunc-"));
  vi.stubEnv("HOME", join(root, "home"));
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

describe("Agent: tool-result truncation before saving (spec §8.4)", () => {
  it("without an offloader the context holds the first part and the marker that names no file", async () => {
    const model = scripted([{ toolCalls: [{ id: "c1", name: "big", input: {} }] }, "done"]);
    const agent = makeAgent(model, {
      tools: [bigTool()],
      state: allow("big"),
      contextConfig: { toolResultLimit: 100 },
    });
    await collect(agent.replyStream(user("go")));
    const saved = savedResult(agent.state.context);
    // 100 of the 250 tokens' worth: 400 characters kept
    expect(textOf(saved)).toBe(
      BIG.slice(0, 400) +
        "\n<<<TRUNCATED>>>\n<system-reminder>The remaining content has been omitted for limited context.</system-reminder>",
    );
    // the model's second call saw the truncated result
    const seen = model.calls[1]!.messages.flatMap((m) => m.getContentBlocks("tool_result"));
    expect(seen.map(textOf)).toEqual([textOf(saved)]);
  });

  it("with a LocalWorkspace the reminder names the file, which holds the omitted part", async () => {
    const workspace = new LocalWorkspace({ workdir: join(root, "ws") });
    await workspace.initialize();
    const agent = makeAgent([{ toolCalls: [{ id: "c1", name: "big", input: {} }] }, "done"], {
      tools: [bigTool()],
      state: allow("big"),
      contextConfig: { toolResultLimit: 100 },
      offloader: workspace,
    });
    await collect(agent.replyStream(user("go")));
    const file = join(root, "ws", "sessions", agent.state.session_id, "tool_result-c1.txt");
    expect(textOf(savedResult(agent.state.context))).toBe(
      BIG.slice(0, 400) +
        "\n<<<TRUNCATED>>>\n<system-reminder>The remaining content has been omitted for limited context. " +
        `You can refer to the file in '${file}' for the truncated content if needed.</system-reminder>`,
    );
    expect(await readFile(file, "utf8")).toBe(BIG.slice(400));
  });

  it("a result within the limit is saved as the tool gave it", async () => {
    const agent = makeAgent([{ toolCalls: [{ id: "c1", name: "big", input: {} }] }, "done"], {
      tools: [bigTool()],
      state: allow("big"),
    });
    await collect(agent.replyStream(user("go")));
    expect(textOf(savedResult(agent.state.context))).toBe(BIG);
  });
});
