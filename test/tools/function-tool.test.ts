import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ValidationError } from "../../src/errors/index.js";
import {
  createToolState,
  FUNCTION_TOOL_ASK_MESSAGE,
  FunctionTool,
  textChunk,
  Toolkit,
  ToolResponse,
} from "../../src/tools/index.js";
import { collect, textOf } from "./fixtures.js";

const addNumbersParameters = z
  .object({
    a: z.number().int().describe("The first number"),
    b: z.number().int().describe("The second number"),
  })
  .describe("Add two numbers together.");

function add_numbers({ a, b }: { a: number; b: number }): string {
  return `Result: ${a + b}`;
}

describe("FunctionTool (§6.2)", () => {
  it("§11.80 builds the schema and description from a zod object", async () => {
    const tool = new FunctionTool({ fn: add_numbers, parameters: addNumbersParameters });
    expect(tool.name).toBe("add_numbers");
    expect(tool.description).toBe("Add two numbers together.");
    const schemas = await new Toolkit({ tools: [tool] }).getToolSchemas();
    expect(schemas).toEqual([
      {
        type: "function",
        function: {
          name: "add_numbers",
          description: "Add two numbers together.",
          parameters: {
            type: "object",
            properties: {
              a: { type: "integer", description: "The first number" },
              b: { type: "integer", description: "The second number" },
            },
            required: ["a", "b"],
            description: "Add two numbers together.",
          },
        },
      },
    ]);
  });

  it("§11.82 keeps the model description, enums, bounds and defaults, without titles or $schema", () => {
    const parameters = z
      .object({
        city: z.string().describe("The city name").meta({ title: "City" }),
        unit: z.enum(["celsius", "fahrenheit"]).default("celsius"),
        days: z.number().int().min(1).max(7),
        detail: z.object({ hourly: z.boolean() }).meta({ title: "Detail" }).optional(),
      })
      .describe("Weather query.")
      .meta({ title: "WeatherInput" });
    const tool = new FunctionTool({ name: "weather", fn: () => "sunny", parameters });
    expect(tool.inputSchema).toEqual({
      type: "object",
      description: "Weather query.",
      properties: {
        city: { type: "string", description: "The city name" },
        unit: { type: "string", enum: ["celsius", "fahrenheit"], default: "celsius" },
        days: { type: "integer", minimum: 1, maximum: 7 },
        detail: {
          type: "object",
          properties: { hourly: { type: "boolean" } },
          required: ["hourly"],
        },
      },
      required: ["city", "days"],
    });
    expect(JSON.stringify(tool.inputSchema)).not.toMatch(/"title"|\$schema/);
  });

  it("takes an explicit name and description over the function's", () => {
    const tool = new FunctionTool({
      fn: add_numbers,
      parameters: addNumbersParameters,
      name: "sum",
      description: "Sums.",
    });
    expect([tool.name, tool.description]).toEqual(["sum", "Sums."]);
  });

  it("has an empty description when neither is given", () => {
    const tool = new FunctionTool({ name: "x", fn: () => "", parameters: z.object({}) });
    expect(tool.description).toBe("");
  });

  it("needs a name when the function is anonymous", () => {
    expect(
      () =>
        new FunctionTool({
          fn: (
            () => () =>
              ""
          )(),
          parameters: z.object({}),
        }),
    ).toThrow("A FunctionTool needs a name");
  });

  it("defaults to concurrency-safe, not read-only, not state-injected", () => {
    const tool = new FunctionTool({ fn: add_numbers, parameters: addNumbersParameters });
    expect([tool.isConcurrencySafe, tool.isReadOnly, tool.isStateInjected]).toEqual([
      true,
      false,
      false,
    ]);
    const custom = new FunctionTool({
      fn: add_numbers,
      parameters: addNumbersParameters,
      isConcurrencySafe: false,
      isReadOnly: true,
      isStateInjected: true,
    });
    expect([custom.isConcurrencySafe, custom.isReadOnly, custom.isStateInjected]).toEqual([
      false,
      true,
      true,
    ]);
  });

  it("asks for permission by default, with the reference's message", () => {
    const tool = new FunctionTool({ fn: add_numbers, parameters: addNumbersParameters });
    expect(tool.checkPermissions()).toMatchObject({
      behavior: "ask",
      message: "Custom function tools must be explicitly allowed by the user.",
      bypass_immune: false,
    });
    expect(FUNCTION_TOOL_ASK_MESSAGE).toBe(
      "Custom function tools must be explicitly allowed by the user.",
    );
  });

  describe("results", () => {
    async function run(fn: () => unknown) {
      const tool = new FunctionTool({ name: "f", fn, parameters: z.object({}) });
      return collect(tool.invoke({}));
    }

    it("§11.81 turns a returned string into one running text chunk", async () => {
      const chunks = await run(() => "The weather in Chengdu is sunny.");
      expect(chunks).toHaveLength(1);
      expect(chunks[0]?.state).toBe("running");
      expect(textOf(chunks)).toBe("The weather in Chengdu is sunny.");
    });

    it("§11.81 §4 renders a returned object as Python's json.dumps does, non-ASCII kept", async () => {
      const chunks = await run(async () => ({ location: "成都", weather: { temperature: 22 } }));
      expect(textOf(chunks)).toBe('{"location": "成都", "weather": {"temperature": 22}}');
      expect(textOf(await run(() => ({ a: 1, b: [1, 2] })))).toBe('{"a": 1, "b": [1, 2]}');
    });

    it("§4 renders numbers as Python does (NaN, Infinity, 1e-05)", async () => {
      expect(textOf(await run(() => [NaN, Infinity, 1e-5, 0.5]))).toBe(
        "[NaN, Infinity, 1e-05, 0.5]",
      );
    });

    it("renders arrays, numbers, booleans and nothing as JSON", async () => {
      expect(textOf(await run(() => [1, "a"]))).toBe('[1, "a"]');
      expect(textOf(await run(() => 3.5))).toBe("3.5");
      expect(textOf(await run(() => false))).toBe("false");
      expect(textOf(await run(() => undefined))).toBe("null");
    });

    it("falls back to the string form when a value is not JSON", async () => {
      const cyclic: Record<string, unknown> = {};
      cyclic["self"] = cyclic;
      expect(textOf(await run(() => cyclic))).toBe("[object Object]");
      expect(textOf(await run(() => 10n))).toBe("10");
    });

    it("passes a returned chunk through as is", async () => {
      const chunk = textChunk("failed", { state: "error", metadata: { why: "x" } });
      expect(await run(() => chunk)).toEqual([chunk]);
    });

    it("streams what a sync generator yields, each item normalised", async () => {
      const chunks = await run(function* () {
        yield "checking";
        yield { condition: "sunny", temperature: 22 };
        yield textChunk("3");
      });
      expect(chunks.map((c) => textOf([c]))).toEqual([
        "checking",
        '{"condition": "sunny", "temperature": 22}',
        "3",
      ]);
    });

    it("streams what an async generator yields", async () => {
      const chunks = await run(async function* () {
        yield "started";
        yield { done: true };
      });
      expect(chunks.map((c) => textOf([c]))).toEqual(["started", '{"done": true}']);
    });

    it("accumulates a streamed count in the toolkit response", async () => {
      const tool = new FunctionTool({
        name: "count_to_n",
        fn: function* ({ n }) {
          for (let i = 1; i <= n; i++) yield textChunk(String(i));
        },
        parameters: z.object({ n: z.number().int().describe("The number to count to") }),
      });
      const items = await collect(
        new Toolkit({ tools: [tool] }).callTool({
          id: "test_count",
          name: "count_to_n",
          input: '{"n": 3}',
        }),
      );
      const response = items.at(-1);
      expect(response).toBeInstanceOf(ToolResponse);
      expect((response as ToolResponse).toJSON()).toMatchObject({
        id: "test_count",
        state: "success",
        content: [expect.objectContaining({ type: "text", text: "123" })],
      });
    });
  });

  describe("input", () => {
    it("is parsed by zod before the function sees it (defaults applied)", async () => {
      const seen: unknown[] = [];
      const tool = new FunctionTool({
        name: "f",
        fn: (input) => {
          seen.push(input);
          return "ok";
        },
        parameters: z.object({ unit: z.string().default("celsius"), n: z.number() }),
      });
      await collect(tool.invoke({ n: 1 }));
      expect(seen).toEqual([{ unit: "celsius", n: 1 }]);
    });

    it("is rejected with a ValidationError when zod refuses it", async () => {
      let ran = false;
      const tool = new FunctionTool({
        name: "f",
        fn: () => {
          ran = true;
          return "ok";
        },
        parameters: z.object({ n: z.number().refine((n) => n % 2 === 0, "must be even") }),
      });
      const error = await collect(tool.invoke({ n: 3 })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toContain("must be even");
      expect(ran).toBe(false);
    });

    it("gives a state-injected function the state and the signal", async () => {
      const state = createToolState();
      const controller = new AbortController();
      const tool = new FunctionTool({
        name: "remember",
        isStateInjected: true,
        fn: (_input, context) => {
          context.state?.tool_context.activated_groups.push("seen");
          return String(context.signal === controller.signal);
        },
        parameters: z.object({}),
      });
      const chunks = await collect(tool.invoke({}, { state, signal: controller.signal }));
      expect(textOf(chunks)).toBe("true");
      expect(state.tool_context.activated_groups).toEqual(["seen"]);
    });
  });
});
