import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  FunctionTool,
  LocalWorkspace,
  ScriptedModel,
  type Msg,
  type ScriptedTurn,
  type ToolSchema,
} from "../../../src/index.js";
import { allow, makeAgent, user } from "./agent-fixture.js";

const CONTEXT_SIZE = 2000;
/** Every HUGE_EVERY-th page is about 1,200 tokens: over the tool-result limit, so it is offloaded. */
const HUGE_EVERY = 10;
const TOOL_RESULT_LIMIT = 600;
const FILE_REFERENCE =
  /You can refer to the file in '([^']+)' for the truncated content if needed\./;

/** Every tool result in a model input has its call in the same message, before it. */
function pairsIntact(messages: readonly Msg[]): boolean {
  for (const msg of messages) {
    const calls = new Set<string>();
    for (const block of msg.content) {
      if (block.type === "tool_call") calls.add(block.id);
      if (block.type === "tool_result" && !calls.has(block.id)) return false;
    }
    for (const block of msg.content) {
      if (
        block.type === "tool_call" &&
        !msg.content.some((b) => b.type === "tool_result" && b.id === block.id)
      ) {
        // A call without its result is only allowed in the reply still running (its last message).
        if (msg !== messages.at(-1)) return false;
      }
    }
  }
  return true;
}

describe("Agent: a long conversation stays inside its context window (spec §8)", () => {
  it("200 rounds with large tool results at contextSize 2000: compressed repeatedly, never over the window, pairs intact, huge results offloaded to the workspace", async () => {
    const workdir = await mkdtemp(join(tmpdir(), "actorscope-long-"));
    const workspace = new LocalWorkspace({ workdir });
    await workspace.initialize();
    const inputs: { tokens: number; intact: boolean; structured: boolean }[] = [];
    /** The tool result the model saw for each huge page, by round. */
    const hugeResults = new Map<number, string>();
    let round = 0;
    const model: ScriptedModel = new ScriptedModel({
      contextSize: CONTEXT_SIZE,
      responses: async (
        messages: readonly Msg[],
        tools: readonly ToolSchema[] | undefined,
        call,
      ) => {
        const structured = call.toolChoice === "generate_structured_output";
        inputs.push({
          tokens: await model.countTokens(messages, tools ?? []),
          intact: pairsIntact(messages),
          structured,
        });
        if (structured) {
          return {
            toolCalls: [
              {
                name: "generate_structured_output",
                input: {
                  task_overview: "Fetching pages for the user.",
                  current_state: `Round ${round} done.`,
                  important_discoveries: "Every page is long.",
                  next_steps: "Fetch the next page.",
                  context_to_preserve: "The pages are numbered.",
                },
              },
            ],
          } satisfies ScriptedTurn;
        }
        const last = messages.at(-1);
        const answered = last?.content.some((b) => b.type === "tool_result") === true;
        if (answered && round % HUGE_EVERY === 0) hugeResults.set(round, JSON.stringify(last));
        return answered
          ? `Page ${round} read.`
          : { toolCalls: [{ name: "fetch", input: { page: round } }] };
      },
    });
    const fetch = new FunctionTool({
      name: "fetch",
      description: "Fetches a page.",
      parameters: z.object({ page: z.number() }),
      // About 250 tokens a page: a handful fill the window.
      fn: ({ page }: { page: number }) =>
        page % HUGE_EVERY === 0
          ? `page ${page}: ${"lorem ipsum ".repeat(400)}END-OF-PAGE-${page}`
          : `page ${page}: ${"lorem ipsum ".repeat(80)}`,
    });
    const agent = makeAgent(model, {
      tools: [fetch],
      state: allow("fetch"),
      offloader: workspace,
      contextConfig: { toolResultLimit: TOOL_RESULT_LIMIT },
    });
    for (round = 0; round < 200; round++) {
      const answer = await agent.reply(user(`Fetch page ${round}.`));
      expect(answer.getTextContent()).toBe(`Page ${round} read.`);
    }
    const compressions = inputs.filter((i) => i.structured).length;
    expect(compressions).toBeGreaterThan(10);
    for (const input of inputs) {
      expect(input.tokens).toBeLessThanOrEqual(CONTEXT_SIZE);
      expect(input.intact).toBe(true);
    }
    expect(agent.state.summary).toContain("Round ");
    // §8.4: each huge result reached the model truncated, its reminder naming a workspace file
    // that holds the omitted part (the page's end).
    expect(hugeResults.size).toBe(200 / HUGE_EVERY);
    for (const [page, seen] of hugeResults) {
      expect(seen).not.toContain(`END-OF-PAGE-${page}`);
      const path = FILE_REFERENCE.exec(seen)?.[1];
      expect(path, `page ${page}`).toBeDefined();
      expect(path!.startsWith(join(workdir, "sessions"))).toBe(true);
      expect(readFileSync(path!, "utf8")).toContain(`END-OF-PAGE-${page}`);
    }
    // §8.5: the compressed messages went to the session's context.jsonl.
    const offloaded = join(workdir, "sessions", agent.state.session_id, "context.jsonl");
    expect(existsSync(offloaded)).toBe(true);
    await workspace.close();
    await rm(workdir, { recursive: true, force: true });
  }, 120_000);
});
