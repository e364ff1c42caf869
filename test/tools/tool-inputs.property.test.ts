import { describe, it } from "vitest";
import { z } from "zod";
import { parseOrThrow } from "../../src/errors/index.js";
import {
  FunctionTool,
  ToolChunkSchema,
  ToolGroup,
  ToolResponse,
  ToolResponseSchema,
  Toolkit,
  textChunk,
} from "../../src/tools/index.js";
import { checkEntryPoint, jsonFixtures, type Fixture } from "../harness/hostile-json.js";

// Property: random and mutated input to the tool option objects and tool data schemas gives a
// typed error or a value that survives its round trip.

function add_numbers({ a, b }: { a: number; b: number }): number {
  return a + b;
}

const FUNCTION_TOOL_OPTIONS: Fixture[] = [
  () => ({
    fn: add_numbers,
    parameters: z.object({ a: z.number(), b: z.number().default(1) }).describe("Add."),
    name: "add",
    description: "Adds.",
    isConcurrencySafe: false,
    isReadOnly: true,
    isStateInjected: false,
    middlewares: [],
  }),
];

const tool = (): FunctionTool =>
  new FunctionTool({ fn: add_numbers, parameters: z.object({ a: z.number(), b: z.number() }) });

const TOOL_GROUP_OPTIONS: Fixture[] = [
  () => ({ name: "g", description: "A group.", instructions: "Careful.", tools: [tool()] }),
];

const TOOLKIT_OPTIONS: Fixture[] = [
  () => ({
    tools: [tool()],
    toolGroups: [new ToolGroup({ name: "g", description: "G", tools: [] })],
  }),
];

const CHUNKS = jsonFixtures(textChunk("hi", { metadata: { k: { v: [1] } } }), {
  content: [
    {
      type: "data",
      id: "d",
      source: { type: "url", url: "https://x.test/a.png", media_type: "image/png" },
      name: null,
      created_at: "t",
      finished_at: null,
    },
  ],
  state: "error",
});

const RESPONSES = jsonFixtures({
  content: [{ type: "text", text: "x", id: "t", created_at: "t", finished_at: null }],
  state: "success",
  metadata: { a: 1 },
  id: "call_1",
});

describe("tool entry points under random and mutated input (property)", () => {
  it("new FunctionTool(options)", () => {
    checkEntryPoint(FUNCTION_TOOL_OPTIONS, (v) => new FunctionTool(v as never));
  });

  it("new ToolGroup(options) and new Toolkit(options)", () => {
    checkEntryPoint(TOOL_GROUP_OPTIONS, (v) => new ToolGroup(v as never));
    checkEntryPoint(TOOLKIT_OPTIONS, (v) => new Toolkit(v as never));
  });

  it("ToolChunkSchema and ToolResponseSchema", () => {
    checkEntryPoint(
      CHUNKS,
      (v) => parseOrThrow(ToolChunkSchema, v, "chunk"),
      (c) => c,
    );
    checkEntryPoint(
      RESPONSES,
      (v) => parseOrThrow(ToolResponseSchema, v, "response"),
      (r) => r,
    );
  });

  it("new ToolResponse(options) and appendChunk", () => {
    checkEntryPoint(
      RESPONSES,
      (v) => new ToolResponse(v as never),
      (r) => r.toJSON(),
    );
    checkEntryPoint(CHUNKS, (v) => {
      const chunk = parseOrThrow(ToolChunkSchema, v, "chunk");
      return new ToolResponse({ id: "c" }).appendChunk(chunk).appendChunk(textChunk("more"));
    });
  });
});
