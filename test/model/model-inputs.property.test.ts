import { describe, it } from "vitest";
import { parseOrThrow } from "../../src/errors/index.js";
import {
  ChatResponseSchema,
  OpenAIChatFormatter,
  OpenAIChatModel,
  OpenAICredential,
  OpenAIMultiAgentFormatter,
  ScriptedModel,
  credentialFromJSON,
  toModelCard,
} from "../../src/model/index.js";
import { checkEntryPoint, jsonFixtures, type Fixture } from "../harness/hostile-json.js";

// Property: random and mutated input to every model entry point (ChatResponse parsing, the
// options objects) gives a typed error or a value that survives its round trip.

const T = "2025-01-01T00:00:00.000Z";
const CHAT_RESPONSES = jsonFixtures({
  id: "r1",
  created_at: T,
  content: [
    { type: "text", text: "hi", id: "t", created_at: T, finished_at: null },
    { type: "thinking", thinking: "hm", id: "k", created_at: T, finished_at: null, signature: "s" },
    {
      type: "tool_call",
      id: "c",
      name: "Bash",
      input: "{}",
      state: "pending",
      suggested_rules: [],
      created_at: T,
      finished_at: null,
    },
  ],
  is_last: true,
  usage: {
    input_tokens: 1,
    output_tokens: 2,
    cache_input_tokens: 0,
    cache_creation_input_tokens: 0,
    time: 0.5,
  },
  finished_reason: "completed",
  metadata: { finish_reason: "stop" },
});

const OPENAI_OPTIONS: Fixture[] = [
  () => ({
    model: "gpt-test",
    apiKey: "sk-test",
    baseURL: "http://127.0.0.1:9/v1",
    stream: false,
    parameters: { temperature: 0.5, max_tokens: 10, stop: ["x"], enable_thinking: true },
    contextSize: 1000,
    formatter: "multi-agent",
    timeoutMs: 1000,
    totalTimeoutMs: 2000,
    maxResponseBytes: 1000,
    maxEventBytes: 100,
  }),
  () => ({ model: "m", credential: new OpenAICredential({ apiKey: "k" }) }),
];

const SCRIPTED_OPTIONS: Fixture[] = [
  () => ({
    responses: [
      "hi",
      {
        text: "a",
        thinking: "b",
        toolCalls: [{ id: "c", name: "Bash", input: { command: "ls" } }],
      },
      { text: "x", usage: { input_tokens: 1 }, streamToolCalls: false },
      new Error("boom"),
    ],
    stream: true,
    contextSize: 100,
    name: "scripted",
    latencyMs: 0,
    chunkLatencyMs: 0,
    chunkSize: 4,
    recordCalls: true,
  }),
  () => ({ responses: () => "hi", sleep: () => Promise.resolve() }),
];

const FORMATTER_OPTIONS = jsonFixtures({
  supportedInputMediaTypes: ["text/plain", "image/*"],
  reasoningContent: "include",
  includeNames: false,
  inlineRemoteImages: false,
});

const CREDENTIALS = jsonFixtures(
  {
    type: "openai_credential",
    id: "c1",
    name: "main",
    api_key: "sk",
    base_url: "https://x",
    organization: null,
  },
  { type: "deepseek_credential", api_key: "**********" },
);

const CARDS = jsonFixtures({
  name: "m",
  label: "M",
  status: "deprecated",
  deprecated_at: "2026-07-24T00:00:00",
  input_types: ["text/plain", "image/*"],
  output_types: ["text/plain"],
  context_size: 1000,
  output_size: 100,
  parameter_overrides: { temperature: { maximum: 1 }, seed: null },
});

describe("model entry points under random and mutated input (property)", () => {
  it("ChatResponseSchema", () => {
    checkEntryPoint(
      CHAT_RESPONSES,
      (v) => parseOrThrow(ChatResponseSchema, v, "response"),
      (r) => r,
    );
  });

  it("new OpenAIChatModel(options)", () => {
    checkEntryPoint(OPENAI_OPTIONS, (v) => new OpenAIChatModel(v as never));
  });

  it("new ScriptedModel(options)", () => {
    checkEntryPoint(SCRIPTED_OPTIONS, (v) => new ScriptedModel(v as never));
  });

  it("formatter options", () => {
    checkEntryPoint(FORMATTER_OPTIONS, (v) => new OpenAIChatFormatter(v as never));
    checkEntryPoint(FORMATTER_OPTIONS, (v) => new OpenAIMultiAgentFormatter(v as never));
  });

  it("credentials: options and JSON", () => {
    checkEntryPoint(
      jsonFixtures({ apiKey: "k", baseURL: "https://x", organization: "o", id: "i", name: "n" }),
      (v) => new OpenAICredential(v as never),
    );
    checkEntryPoint(CREDENTIALS, (v) => credentialFromJSON(v));
  });

  it("model cards", () => {
    checkEntryPoint(CARDS, (v) => toModelCard(v, OpenAIChatModel.parametersSchema));
  });
});
