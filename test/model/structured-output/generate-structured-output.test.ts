import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AbortedError, ValidationError } from "../../../src/errors/index.js";
import { AssistantMsg, UserMsg, type Msg } from "../../../src/message/index.js";
import {
  ModelErrorCode,
  OpenAIChatModel,
  STRUCTURED_OUTPUT_INSTRUCTION,
  STRUCTURED_OUTPUT_TOOL,
  ScriptedModel,
  StructuredOutputError,
  stripTitles,
  type ScriptedTurn,
} from "../../../src/model/index.js";
import {
  completion,
  startOpenAIServer,
  toolCallDelta,
  chunk,
} from "../../harness/openai-server.js";

const Weather = z
  .object({
    city: z.string().describe("The city"),
    temperature: z.number(),
    unit: z.enum(["C", "F"]).default("C"),
  })
  .meta({ title: "WeatherInfo" });

const ask: Msg[] = [new UserMsg({ name: "user", content: "What's the weather in Shanghai?" })];

function call(input: unknown): ScriptedTurn {
  return {
    toolCalls: [
      { id: "so-1", name: STRUCTURED_OUTPUT_TOOL, input: input as Record<string, unknown> },
    ],
  };
}

describe("generateStructuredOutput (spec §3.11, seed 'Generate Structured Output')", () => {
  it("returns the validated output of a forced tool call built from a zod schema", async () => {
    const model = new ScriptedModel({
      responses: [call({ city: "Shanghai", temperature: 21.5 })],
      recordCalls: true,
    });
    const res = await model.generateStructuredOutput(ask, Weather);

    expect(res.content).toEqual({ city: "Shanghai", temperature: 21.5, unit: "C" });
    expect(res.finished_reason).toBe("completed");
    expect(res.metadata).toEqual({ attempts: 1 });
    expect(res.usage?.input_tokens).toBeGreaterThan(0);

    const [first] = model.calls;
    expect(first!.toolChoice).toBe(STRUCTURED_OUTPUT_TOOL);
    const parameters = first!.tools![0]!.function.parameters!;
    expect(first!.tools![0]!.function.name).toBe(STRUCTURED_OUTPUT_TOOL);
    expect(JSON.stringify(parameters)).not.toContain("WeatherInfo");
    expect(parameters).not.toHaveProperty("$schema");
    expect(parameters).toMatchObject({
      type: "object",
      properties: {
        city: { type: "string", description: "The city" },
        temperature: { type: "number" },
      },
      required: ["city", "temperature"],
    });
    // The instruction joins the last user message; the caller's messages are left alone.
    expect(first!.messages.at(-1)!.getTextContent()).toBe(
      `What's the weather in Shanghai?\n${STRUCTURED_OUTPUT_INSTRUCTION}`,
    );
    expect(ask[0]!.getTextContent()).toBe("What's the weather in Shanghai?");
  });

  it("accepts a JSON schema and returns the object it validated", async () => {
    const model = new ScriptedModel({ responses: [call({ n: 3, extra: true })], stream: false });
    const res = await model.generateStructuredOutput(ask, {
      type: "object",
      properties: { n: { type: "integer", title: "N" } },
      required: ["n"],
    });
    expect(res.content).toEqual({ n: 3, extra: true });
  });

  it("repairs malformed JSON arguments before validating", async () => {
    const model = new ScriptedModel({
      responses: [call('{"city": "Shanghai", "temperature": 20,}')],
    });
    const res = await model.generateStructuredOutput(ask, Weather);
    expect(res.content).toEqual({ city: "Shanghai", temperature: 20, unit: "C" });
  });

  it("repairs an invalid output in one round: the model sees its call, the error and the instruction", async () => {
    const model = new ScriptedModel({
      responses: [
        call({ city: "Hangzhou", temperature: "hot" }),
        call({ city: "Hangzhou", temperature: 30 }),
      ],
      recordCalls: true,
    });
    const res = await model.generateStructuredOutput(ask, Weather);
    expect(res.content).toEqual({ city: "Hangzhou", temperature: 30, unit: "C" });
    expect(res.metadata).toEqual({ attempts: 2 });

    expect(model.calls).toHaveLength(2);
    expect(model.calls[0]!.messages).toHaveLength(1);
    const second = model.calls[1]!.messages;
    expect(second).toHaveLength(3);
    const repair = second[1]!;
    expect(repair).toBeInstanceOf(AssistantMsg);
    expect(repair.content.map((b) => b.type)).toEqual(["tool_call", "tool_result"]);
    expect(repair.content[1]).toMatchObject({ id: "so-1", state: "error" });
    const output = repair.content[1]!.type === "tool_result" ? repair.content[1]!.output : "";
    expect(output).toMatch(/^Error: the structured output is invalid: temperature: /);
    expect(second[2]!.getTextContent()).toContain(
      `Call the tool '${STRUCTURED_OUTPUT_TOOL}' again`,
    );
  });

  it("asks again when the model answers with text instead of calling the tool", async () => {
    const model = new ScriptedModel({
      responses: ["It is sunny.", call({ city: "Shanghai", temperature: 25, unit: "F" })],
      recordCalls: true,
    });
    const res = await model.generateStructuredOutput(ask, Weather);
    expect(res.content.unit).toBe("F");
    const second = model.calls[1]!.messages;
    expect(second[1]!.getTextContent()).toBe("It is sunny.");
    expect(second[2]!.getTextContent()).toContain(
      `did not call the tool '${STRUCTURED_OUTPUT_TOOL}'`,
    );
  });

  it("fails with a typed error when the repair round is invalid too", async () => {
    const model = new ScriptedModel({
      responses: [call({ city: "X", temperature: "hot" }), call({ city: "X" })],
    });
    const error = await model.generateStructuredOutput(ask, Weather).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StructuredOutputError);
    expect(error).toMatchObject({
      code: ModelErrorCode.STRUCTURED_OUTPUT_INVALID,
      attempts: 2,
      issues: [{ path: "temperature", message: expect.any(String) as string }],
    });
    expect((error as Error).message).toContain("`temperature`");
  });

  it("stops with an AbortedError when aborted", async () => {
    const model = new ScriptedModel({ responses: [call({})] });
    const controller = new AbortController();
    controller.abort();
    await expect(
      model.generateStructuredOutput(ask, Weather, { signal: controller.signal }),
    ).rejects.toBeInstanceOf(AbortedError);
  });

  it("refuses a broken JSON schema with a typed set-up error before calling the model", async () => {
    const model = new ScriptedModel({ responses: [] });
    await expect(
      model.generateStructuredOutput(ask, {
        type: "object",
        properties: { a: { type: "nonsense" } },
      }),
    ).rejects.toMatchObject({ code: ModelErrorCode.SETUP });
    expect(model.callCount).toBe(0);
  });

  it("refuses an empty conversation", async () => {
    const model = new ScriptedModel({ responses: [] });
    await expect(model.generateStructuredOutput([], Weather)).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it("works through the real SDK: a forced tool_choice, streamed arguments", async () => {
    const server = await startOpenAIServer();
    try {
      server.reply({
        kind: "sse",
        events: [
          toolCallDelta(0, '{"city": "Shanghai", ', { id: "call_1", name: STRUCTURED_OUTPUT_TOOL }),
          toolCallDelta(0, '"temperature": 19}'),
          chunk({}, { finish_reason: "stop" }),
        ],
      });
      const model = new OpenAIChatModel({
        model: "m",
        apiKey: "k-123456",
        baseURL: server.baseURL,
      });
      const res = await model.generateStructuredOutput(ask, Weather);
      expect(res.content).toEqual({ city: "Shanghai", temperature: 19, unit: "C" });
      expect(server.requests[0]!.body["tool_choice"]).toEqual({
        type: "function",
        function: { name: STRUCTURED_OUTPUT_TOOL },
      });

      server.reply({ kind: "json", body: completion({ content: "no" }) });
      const nonStreaming = new OpenAIChatModel({
        model: "m",
        apiKey: "k-123456",
        baseURL: server.baseURL,
        stream: false,
      });
      server.reply({ kind: "json", body: completion({ content: "still no" }) });
      await expect(nonStreaming.generateStructuredOutput(ask, Weather)).rejects.toBeInstanceOf(
        StructuredOutputError,
      );
    } finally {
      await server.close();
    }
  });
});

describe("stripTitles", () => {
  it("drops title keywords but keeps properties named title", () => {
    expect(
      stripTitles({
        $schema: "https://json-schema.org/draft/2020-12/schema",
        title: "Book",
        type: "object",
        properties: { title: { type: "string", title: "Title" } },
        $defs: { title: { title: "X", type: "string" } },
      }),
    ).toEqual({
      type: "object",
      properties: { title: { type: "string" } },
      $defs: { title: { type: "string" } },
    });
  });
});
