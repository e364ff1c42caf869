import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  GENERATE_STRUCTURED_OUTPUT_NAME,
  GenerateStructuredOutput,
  toStructuredJsonSchema,
} from "../../../src/actors/agent/generate-structured-output-tool.js";
import { PermissionContextSchema } from "../../../src/permission/index.js";
import { AgentState } from "../../../src/state/index.js";
import {
  createToolState,
  DeveloperOrientedError,
  ToolErrorCode,
  Toolkit,
  ToolResponse,
  type ToolBase,
  type ToolChunk,
  type ToolState,
} from "../../../src/tools/index.js";

const Weather = z
  .object({
    city: z.string().meta({ title: "City" }),
    temperature: z.number(),
    unit: z.enum(["C", "F"]).default("C"),
  })
  .meta({ title: "Weather" });

const FAILED = "ValidationError: Structured output validation failed with error: ";

/** A state in the middle of a reply that requires `schema`, as the agent sets it up. */
function stateRequiring(schema: z.ZodType | Record<string, unknown>): AgentState {
  const state = new AgentState();
  state.reply_context.structured_schema = toStructuredJsonSchema(schema);
  state.structuredModel = schema instanceof z.ZodType ? schema : null;
  return state;
}

/** The state after a save and a load: only the JSON schema is left. */
function reloaded(state: AgentState): AgentState {
  return AgentState.fromJSON(JSON.parse(JSON.stringify(state)));
}

async function run(
  tool: GenerateStructuredOutput,
  input: Record<string, unknown>,
  state: ToolState | undefined,
): Promise<ToolChunk[]> {
  const chunks: ToolChunk[] = [];
  for await (const chunk of tool.invoke(input, { state })) chunks.push(chunk);
  return chunks;
}

async function result(
  tool: GenerateStructuredOutput,
  input: Record<string, unknown>,
  state: ToolState | undefined,
): Promise<{ state: string; text: string }> {
  const chunks = await run(tool, input, state);
  expect(chunks).toHaveLength(1);
  const chunk = chunks[0]!;
  return {
    state: chunk.state,
    text: chunk.content.map((b) => (b.type === "text" ? b.text : "")).join(""),
  };
}

describe("GenerateStructuredOutput", () => {
  it("does describe itself as the reference tool (§3.11)", () => {
    const tool = new GenerateStructuredOutput(Weather);
    expect(tool.name).toBe("GenerateStructuredOutput");
    expect(GENERATE_STRUCTURED_OUTPUT_NAME).toBe(tool.name);
    expect(tool.description).toContain("structured output");
    expect([tool.isStateInjected, tool.isConcurrencySafe, tool.isReadOnly]).toEqual([
      true,
      true,
      true,
    ]);
    expect(tool.isExternalTool).toBe(false);
  });

  it("does always allow itself", async () => {
    // Called the way the permission engine calls any tool.
    const tool: ToolBase = new GenerateStructuredOutput(Weather);
    const decision = await tool.checkPermissions({}, PermissionContextSchema.parse({}));
    expect(decision).toEqual({
      behavior: "allow",
      message: "GenerateStructuredOutput is always allowed.",
      decision_reason: null,
      updated_input: null,
      suggested_rules: null,
      bypass_immune: false,
    });
  });

  it("does take the requested schema, titles removed, as its input schema", () => {
    const expected = {
      type: "object",
      properties: {
        city: { type: "string" },
        temperature: { type: "number" },
        unit: { default: "C", type: "string", enum: ["C", "F"] },
      },
      required: ["city", "temperature"],
    };
    expect(new GenerateStructuredOutput(Weather).inputSchema).toEqual(expected);
    const json = {
      title: "Weather",
      type: "object",
      properties: {
        title: { title: "Title", type: "string" },
        tags: { type: "array", items: { title: "Tag", type: "string" } },
      },
      required: ["title"],
    };
    expect(new GenerateStructuredOutput(json).inputSchema).toEqual({
      type: "object",
      properties: { title: { type: "string" }, tags: { type: "array", items: { type: "string" } } },
      required: ["title"],
    });
    // The caller's schema is copied, not changed.
    expect(json.title).toBe("Weather");
  });

  it("does answer that nothing is required when the state holds no schema", async () => {
    const tool = new GenerateStructuredOutput(Weather);
    const state = new AgentState();
    expect(await result(tool, { city: "Hangzhou" }, state)).toEqual({
      state: "success",
      text: "No structured output is required for now.",
    });
    expect(state.reply_context.structured_output).toBeNull();
  });

  describe("in process (zod schema)", () => {
    it("does store the parsed output: defaults filled, unknown fields dropped (§11 112)", async () => {
      const tool = new GenerateStructuredOutput(Weather);
      const state = stateRequiring(Weather);
      const input = { city: "Hangzhou", temperature: 25, humidity: 0.8 };
      expect(await result(tool, input, state)).toEqual({
        state: "success",
        text: "Structured output generated successfully.",
      });
      expect(state.reply_context.structured_output).toEqual({
        city: "Hangzhou",
        temperature: 25,
        unit: "C",
      });
      expect(input).toEqual({ city: "Hangzhou", temperature: 25, humidity: 0.8 });
    });

    it("does report every issue as '{path}: {message}' joined by '; '", async () => {
      const Trip = z.object({
        city: z.string(),
        stops: z.array(z.object({ name: z.string() })),
      });
      const state = stateRequiring(Trip);
      const res = await result(
        new GenerateStructuredOutput(Trip),
        { city: 1, stops: [{ name: "a" }, { name: 2 }] },
        state,
      );
      expect(res).toEqual({
        state: "error",
        text:
          FAILED +
          "city: Invalid input: expected string, received number; " +
          "stops.1.name: Invalid input: expected string, received number",
      });
      expect(state.reply_context.structured_output).toBeNull();
    });

    it("does check refinements the JSON schema cannot express", async () => {
      const Range = z
        .object({ low: z.number(), high: z.number() })
        .refine((r) => r.low <= r.high, { error: "low must not exceed high", path: ["low"] });
      const state = stateRequiring(Range);
      expect(await result(new GenerateStructuredOutput(Range), { low: 3, high: 1 }, state)).toEqual(
        { state: "error", text: `${FAILED}low: low must not exceed high` },
      );
    });

    it("does prefer the zod schema to the JSON one", async () => {
      const state = stateRequiring(Weather);
      state.reply_context.structured_schema = { type: "object", properties: {} };
      const res = await result(new GenerateStructuredOutput(Weather), { city: "X" }, state);
      expect(res.state).toBe("error");
      expect(res.text).toBe(
        `${FAILED}temperature: Invalid input: expected number, received undefined`,
      );
    });
  });

  describe("after a state reload (JSON schema)", () => {
    it("does store the input with defaults filled and unknown fields kept (§11 112)", async () => {
      const state = reloaded(stateRequiring(Weather));
      expect(state.structuredModel).toBeNull();
      const tool = new GenerateStructuredOutput(state.reply_context.structured_schema!);
      const input = { city: "Hangzhou", temperature: 25, humidity: 0.8 };
      expect(await result(tool, input, state)).toEqual({
        state: "success",
        text: "Structured output generated successfully.",
      });
      expect(state.reply_context.structured_output).toEqual({
        city: "Hangzhou",
        temperature: 25,
        humidity: 0.8,
        unit: "C",
      });
      // Defaults go into the stored copy, not into the call's input.
      expect(input).toEqual({ city: "Hangzhou", temperature: 25, humidity: 0.8 });
    });

    it("does fill nested defaults declared in a JSON schema", async () => {
      const schema = {
        type: "object",
        properties: {
          name: { type: "string" },
          options: {
            type: "object",
            properties: { verbose: { type: "boolean", default: false } },
            default: {},
          },
        },
        required: ["name"],
      };
      const state = reloaded(stateRequiring(schema));
      await result(new GenerateStructuredOutput(schema), { name: "x" }, state);
      expect(state.reply_context.structured_output).toEqual({
        name: "x",
        options: { verbose: false },
      });
    });

    it("does report every error as '{json_path}: {message}' joined by '; ', worded and ordered as jsonschema's iter_errors", async () => {
      const schema = {
        type: "object",
        properties: {
          city: { type: "string" },
          stops: {
            type: "array",
            items: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
          },
        },
        required: ["city", "date"],
      };
      const state = reloaded(stateRequiring(schema));
      const res = await result(
        new GenerateStructuredOutput(schema),
        { city: 1, stops: [{ name: "a" }, {}, { name: 2 }] },
        state,
      );
      expect(res).toEqual({
        state: "error",
        text:
          FAILED +
          "$.city: 1 is not of type 'string'; " +
          "$.stops[1]: 'name' is a required property; " +
          "$.stops[2].name: 2 is not of type 'string'; " +
          "$: 'date' is a required property",
      });
      expect(state.reply_context.structured_output).toBeNull();
    });

    it("does report a failed anyOf once, not each branch", async () => {
      const schema = {
        type: "object",
        properties: { id: { anyOf: [{ type: "string" }, { type: "integer" }] } },
        additionalProperties: false,
      };
      const state = reloaded(stateRequiring(schema));
      const res = await result(new GenerateStructuredOutput(schema), { id: 1.5, x: 1 }, state);
      expect(res.text).toBe(
        `${FAILED}$.id: 1.5 is not valid under any of the given schemas; ` +
          "$: Additional properties are not allowed ('x' was unexpected)",
      );
    });
  });

  it("does run through the toolkit, whose input check comes first (§11 110)", async () => {
    const Simple = z.object({ city: z.string(), temperature: z.number() });
    const state = stateRequiring(Simple);
    const toolkit = new Toolkit({ tools: [new GenerateStructuredOutput(Simple)] });
    const call = (input: string) =>
      toolkit.callTool({ id: "call-1", name: GENERATE_STRUCTURED_OUTPUT_NAME, input }, { state });

    let last: unknown;
    for await (const item of call('{"city":"Hangzhou","temperature":"hot"}')) last = item;
    expect(last).toBeInstanceOf(ToolResponse);
    expect((last as ToolResponse).state).toBe("error");
    expect(JSON.stringify((last as ToolResponse).content)).toContain(
      "Input validation failed for tool 'GenerateStructuredOutput': 'hot' is not of type 'number'",
    );

    for await (const item of call('{"city":"Hangzhou","temperature":25}')) last = item;
    expect((last as ToolResponse).state).toBe("success");
    expect(state.reply_context.structured_output).toEqual({ city: "Hangzhou", temperature: 25 });
  });

  it("does throw a developer-oriented error without a usable state", async () => {
    const tool = new GenerateStructuredOutput(Weather);
    for (const state of [
      undefined,
      createToolState(),
      Object.assign(new AgentState(), { structuredModel: { parse: "no" } }),
    ]) {
      const error = await run(tool, { city: "x" }, state).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DeveloperOrientedError);
      expect((error as DeveloperOrientedError).code).toBe(ToolErrorCode.TOOL_STATE_MISSING);
    }
  });

  it("does refuse a JSON schema that cannot be compiled", () => {
    const create = () =>
      new GenerateStructuredOutput({ type: "object", properties: { a: { type: "nope" } } });
    expect(create).toThrow(DeveloperOrientedError);
    expect(create).toThrow(/not a valid JSON schema/);
  });

  describe("toStructuredJsonSchema", () => {
    it("does turn a zod schema into its input-side JSON schema without $schema or titles", () => {
      const json = toStructuredJsonSchema(Weather);
      expect(json).not.toHaveProperty("$schema");
      expect(json).not.toHaveProperty("title");
      expect(json["required"]).toEqual(["city", "temperature"]);
      expect(json).not.toHaveProperty("additionalProperties");
    });

    it("does copy a JSON schema without titles", () => {
      const schema = {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        title: "T",
        type: "object",
        properties: { a: { title: "A", type: "string", default: "x" } },
      };
      const json = toStructuredJsonSchema(schema);
      expect(json).toEqual({
        type: "object",
        properties: { a: { type: "string", default: "x" } },
      });
      expect(json["properties"]).not.toBe(schema.properties);
    });
  });
});
