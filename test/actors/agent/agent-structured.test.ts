import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AgentState, FunctionTool, type Agent, type AgentEvent } from "../../../src/index.js";
import { confirmEvent, makeAgent, scripted, shape, user, yes } from "./agent-fixture.js";

/** Runs `reply()` and records the events it streams. */
async function replyWithEvents(
  agent: Agent,
  inputs: unknown,
  structuredSchema?: z.ZodType,
): Promise<{ msg: Awaited<ReturnType<Agent["reply"]>>; events: AgentEvent[] }> {
  const events: AgentEvent[] = [];
  const sub = agent.events$.subscribe((e) => events.push(e));
  try {
    const msg = await agent.reply(
      inputs,
      structuredSchema === undefined ? {} : { structuredSchema },
    );
    return { msg, events };
  } finally {
    sub.unsubscribe();
  }
}

const Weather = z.object({ city: z.string(), unit: z.enum(["C", "F"]).default("C") });
const weatherCall = (id: string) => ({
  id,
  name: "GenerateStructuredOutput",
  input: { city: "Hangzhou", humidity: 80 },
});

const STRUCTURED_SOURCE = '{"label": "System", "sublabel": "Structured Output Requirement"}';
const hintText = (suffix: string) =>
  `<system-reminder>You're required to generate structured output by calling the 'GenerateStructuredOutput' tool. ${suffix}</system-reminder>`;
const READY = "Call it when you are ready to generate the final structured output.";
const AT_ONCE =
  "You have reached the maximum reasoning-acting iterations, so call this tool at once to generate the final structured output.";

/** An ASK tool: the reply parks on it until the user confirms. */
const lookup = () =>
  new FunctionTool({
    name: "lookup",
    description: "Looks a city up.",
    parameters: z.object({ city: z.string() }),
    fn: ({ city }: { city: string }) => `${city}: 21°C`,
  });

describe("Agent structured output (spec §3.11)", () => {
  it("§11.112 in process with a zod schema: defaults are filled and the extra field is dropped", async () => {
    const agent = makeAgent(scripted([{ toolCalls: [weatherCall("g1")] }]));
    const msg = await agent.reply(user("weather?"), { structuredSchema: Weather });
    expect(msg.getTextContent()).toBe("The required structured output is generated.");
    expect(msg.finished_reason).toBe("completed");
    expect(msg.structured_output).toEqual({ city: "Hangzhou", unit: "C" });
    expect(agent.state.reply_context.structured_output).toEqual({ city: "Hangzhou", unit: "C" });
  });

  it("§11.112 after a state JSON round-trip into a fresh Agent and a resume: defaults are filled and the extra field is kept", async () => {
    const a = makeAgent(
      scripted([{ toolCalls: [{ id: "l1", name: "lookup", input: { city: "Hangzhou" } }] }]),
      { tools: [lookup()] },
    );
    const waiting = await a.reply(user("weather?"), { structuredSchema: Weather });
    expect(waiting.finished_reason).toBeNull();
    expect(a.state.reply_context.structured_schema).toMatchObject({
      type: "object",
      properties: { unit: { default: "C" } },
    });

    const json = JSON.parse(JSON.stringify(a.state)) as unknown;
    const model = scripted([{ toolCalls: [weatherCall("g1")] }]);
    const b = makeAgent(model, { tools: [lookup()], state: AgentState.fromJSON(json) });
    expect(b.actor.getSnapshot().value).toBe("awaiting-confirm");
    expect(b.state.structuredModel).toBeNull();

    const call = b.state.getAwaitingToolCalls("Friday")[0]!;
    const { msg, events } = await replyWithEvents(b, confirmEvent(b, [yes(call)]));
    expect(model.calls[0]?.tools?.map((t) => t.function.name)).toContain(
      "GenerateStructuredOutput",
    );
    expect(events.filter((e) => e.type === "TOOL_RESULT_END")).toMatchObject([
      { tool_call_id: "l1", state: "success" },
      { tool_call_id: "g1", state: "success" },
    ]);
    expect(msg.getTextContent()).toBe("The required structured output is generated.");
    expect(msg.id).toBe(a.state.replyId);
    expect(msg.structured_output).toEqual({ city: "Hangzhou", unit: "C", humidity: 80 });
    expect(b.state.reply_context.structured_output).toEqual({
      city: "Hangzhou",
      unit: "C",
      humidity: 80,
    });
  });

  it("§11.113 max_iters=1 and a text first answer: the second call is forced to GenerateStructuredOutput and succeeds", async () => {
    const model = scripted(["It is sunny.", { toolCalls: [weatherCall("g1")] }]);
    const agent = makeAgent(model, { reactConfig: { maxIters: 1 } });
    const { msg, events } = await replyWithEvents(agent, user("weather?"), Weather);

    expect(model.callCount).toBe(2);
    expect(model.calls[0]?.toolChoice).toBeUndefined();
    expect(model.calls[1]?.toolChoice).toBe("GenerateStructuredOutput");
    expect(shape(events)).toEqual([
      "REPLY_START",
      "MODEL_CALL_START",
      "TEXT_BLOCK_START",
      "TEXT_BLOCK_DELTA",
      "TEXT_BLOCK_END",
      "MODEL_CALL_END",
      "MODEL_CALL_START",
      "TOOL_CALL_START",
      "TOOL_CALL_DELTA",
      "TOOL_CALL_END",
      "MODEL_CALL_END",
      "TOOL_RESULT_START",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
      "REPLY_END",
    ]);
    expect(events.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "completed" });
    expect(msg.getTextContent()).toBe("The required structured output is generated.");
    expect(msg.structured_output).toEqual({ city: "Hangzhou", unit: "C" });

    // The requirement hints are persisted in the reply message (no HINT_BLOCK event).
    const hints = agent.state.context.at(-1)!.getContentBlocks("hint");
    expect(hints.map((h) => h.source)).toEqual([STRUCTURED_SOURCE, STRUCTURED_SOURCE]);
    const texts = hints.map((h) =>
      typeof h.hint === "string" ? h.hint : h.hint.map((b) => ("text" in b ? b.text : "")).join(""),
    );
    expect(texts).toEqual([hintText(READY), hintText(AT_ONCE)]);
  });

  it("§11.113 with structuredOutputGraceIters=1 and two text answers the reply ends exceed_max_iters, structured_output null", async () => {
    const model = scripted(["It is sunny.", "Still sunny."]);
    const agent = makeAgent(model, { reactConfig: { maxIters: 1, structuredOutputGraceIters: 1 } });
    const { msg, events } = await replyWithEvents(agent, user("weather?"), Weather);

    expect(model.callCount).toBe(2);
    expect(model.calls[1]?.toolChoice).toBe("GenerateStructuredOutput");
    expect(events.slice(-2).map((e) => e.type)).toEqual(["EXCEED_MAX_ITERS", "REPLY_END"]);
    expect(events.at(-1)).toMatchObject({ finished_reason: "exceed_max_iters" });
    expect(msg.getTextContent()).toBe("The maximum reasoning-acting iterations are exceeded.");
    expect(msg.finished_reason).toBe("exceed_max_iters");
    expect(msg.structured_output ?? null).toBeNull();
    expect(agent.state.reply_context.structured_output).toBeNull();
    expect(agent.state.curIter).toBe(2);
  });
});
