import { describe, expect, it } from "vitest";
import { ValidationError } from "../../src/errors/index.js";
import { refusal } from "../harness/refusal.js";
import { UserMsg } from "../../src/message/index.js";
import {
  DeepSeekCredential,
  ModelError,
  OpenAIChatFormatter,
  OpenAIChatModel,
  OpenAICredential,
  OpenAIMultiAgentFormatter,
  ScriptedModel,
  toModelCard,
} from "../../src/model/index.js";

const hi = [new UserMsg({ name: "user", content: "hi" })];

describe("model option objects are strict: an unknown key names the nearest known one", () => {
  it("OpenAIChatModel: baseUrl is refused, naming baseURL", () => {
    const error = refusal(
      () => new OpenAIChatModel({ model: "m", apiKey: "k", baseUrl: "http://x" } as never),
    );
    expect(error.issues).toEqual([
      { path: "baseUrl", message: 'Unknown option "baseUrl"; did you mean "baseURL"?' },
    ]);
    expect(error.message).toContain("OpenAIChatModel options");
  });

  it("OpenAIChatModel: options that are not an object, and a base URL that is not http(s)", () => {
    expect(() => new OpenAIChatModel(null as never)).toThrow(ValidationError);
    expect(
      refusal(() => new OpenAIChatModel({ model: "m", apiKey: "k", baseURL: "nope" })).issues[0]
        ?.path,
    ).toBe("baseURL");
    expect(() => new OpenAIChatModel({ model: "m", apiKey: "k", baseURL: "ftp://x" })).toThrow(
      "Expected an http:// or https:// URL",
    );
  });

  it("OpenAIChatModel: a bad base URL from a credential is a set-up error at construction", () => {
    const credential = new OpenAICredential({ apiKey: "k", baseURL: "not a url" });
    expect(() => credential.createChatModel({ model: "m" })).toThrow(ModelError);
  });

  it("OpenAIChatModel: a credential of the wrong shape is refused, field by field", () => {
    const fake = {
      type: "mine",
      apiKey: "a plain string, not a Secret",
      baseURL: null,
      organization: null,
      apiKeyRequired: true,
      formatterOptions: {},
    };
    expect(
      refusal(() => new OpenAIChatModel({ model: "m", credential: fake as never })).issues[0]?.path,
    ).toBe("credential.apiKey");
  });

  it("OpenAIChatModel: provider parameters pass through, but only as bounded JSON", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic["self"] = cyclic;
    expect(
      () =>
        new OpenAIChatModel({
          model: "m",
          apiKey: "k",
          parameters: { enable_thinking: true, extra: cyclic },
        }),
    ).toThrow(/parameters\.extra\.self.*cycle/);
    const model = new OpenAIChatModel({ model: "m", apiKey: "k", parameters: { top_k: 5 } });
    expect(model.parameters).toMatchObject({ top_k: 5 });
  });

  it("ScriptedModel: response is refused, naming responses", () => {
    expect(refusal(() => new ScriptedModel({ response: ["hi"] } as never)).issues[0]).toEqual({
      path: "response",
      message: 'Unknown option "response"; did you mean "responses"?',
    });
  });

  it("call options: tool is refused, naming tools (both models)", async () => {
    const scripted = new ScriptedModel({ responses: ["a"], stream: false });
    await expect(scripted.call(hi, { tool: [] } as never)).rejects.toThrow(
      'Unknown option "tool"; did you mean "tools"?',
    );
    const openai = new OpenAIChatModel({ model: "m", apiKey: "k", baseURL: "http://127.0.0.1:9" });
    await expect(openai.call(hi, { toolchoice: "auto" } as never)).rejects.toThrow(
      /did you mean "toolChoice"/,
    );
    await expect(
      scripted.generateStructuredOutput(hi, { type: "object" }, { signl: undefined } as never),
    ).rejects.toThrow(/did you mean "signal"/);
  });

  it("formatters: an unknown option is refused", () => {
    expect(() => new OpenAIChatFormatter({ includeName: false } as never)).toThrow(
      /did you mean "includeNames"/,
    );
    expect(() => new OpenAIMultiAgentFormatter({ conversationPrompt: "x" } as never)).toThrow(
      ValidationError,
    );
    expect(() => new OpenAIMultiAgentFormatter({ conversationHistoryPrompt: 1 } as never)).toThrow(
      ValidationError,
    );
  });

  it("credentials: an unknown option or a wrong type is refused", () => {
    expect(refusal(() => new OpenAICredential({ apiKEY: "k" } as never)).issues[0]?.message).toBe(
      'Unknown option "apiKEY"; did you mean "apiKey"?',
    );
    expect(refusal(() => new DeepSeekCredential({ apiKey: 5 } as never)).message).toContain(
      "DeepSeekCredential options",
    );
    expect(() =>
      new OpenAICredential({ apiKey: "k" }).createChatModel({ model: "m", strem: false } as never),
    ).toThrow(/did you mean "stream"/);
  });

  it("model cards: a misspelt key is refused, the reference's deprecated_at is known", () => {
    const card = { name: "m", label: "M", context_size: 1000, output_size: 100 };
    expect(
      refusal(() => toModelCard({ ...card, context_sise: 1 }, { type: "object" })).issues[0],
    ).toEqual({
      path: "context_sise",
      message: 'Unknown option "context_sise"; did you mean "context_size"?',
    });
    expect(
      toModelCard({ ...card, deprecated_at: "2026-07-24T00:00:00" }, { type: "object" })
        .deprecated_at,
    ).toBe("2026-07-24T00:00:00");
  });
});
