import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  FunctionTool,
  ScriptedModel,
  type Msg,
  type ScriptedTurn,
  type ToolSchema,
} from "../../../src/index.js";
import { allow, makeAgent, user } from "./agent-fixture.js";

const CONTEXT_SIZE = 2000;

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
  it("200 rounds with large tool results at contextSize 2000: compressed repeatedly, never over the window, pairs intact", async () => {
    const inputs: { tokens: number; intact: boolean; structured: boolean }[] = [];
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
      fn: ({ page }: { page: number }) => `page ${page}: ${"lorem ipsum ".repeat(80)}`,
    });
    const agent = makeAgent(model, { tools: [fetch], state: allow("fetch") });
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
  }, 120_000);
});
