import { inspect } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ValidationError } from "../../../src/errors/index.js";
import {
  DashScopeCredential,
  DeepSeekCredential,
  MoonshotCredential,
  OllamaCredential,
  OpenAIChatModel,
  OpenAICredential,
  SECRET_MASK,
  Secret,
  XAICredential,
  credentialFromJSON,
} from "../../../src/model/index.js";

const KEY = "sk-credential-SECRET-42";
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("Secret", () => {
  it("shows itself only when revealed", () => {
    const secret = new Secret(KEY);
    expect(secret.reveal()).toBe(KEY);
    expect(String(secret)).toBe(SECRET_MASK);
    expect(`${secret}`).toBe(SECRET_MASK); // eslint-disable-line @typescript-eslint/restrict-template-expressions
    expect(JSON.stringify({ secret })).toBe(`{"secret":"${SECRET_MASK}"}`);
    expect(inspect(secret, { showHidden: true, depth: Infinity })).not.toContain(KEY);
  });
});

describe("OpenAICredential", () => {
  it("carries the key and base URL, names its chat-model class and creates models", () => {
    const credential = new OpenAICredential({
      apiKey: KEY,
      baseURL: "http://127.0.0.1:9/v1",
      name: "mine",
    });
    expect(credential.apiKey?.reveal()).toBe(KEY);
    expect(credential.baseURL).toBe("http://127.0.0.1:9/v1");
    expect(OpenAICredential.chatModelClass).toBe(OpenAIChatModel);
    expect(credential.chatModelClass).toBe(OpenAIChatModel);
    const model = credential.createChatModel({ model: "gpt-4.1", stream: false });
    expect(model).toBeInstanceOf(OpenAIChatModel);
    expect(model.stream).toBe(false);
    expect(model.baseURL).toBe("http://127.0.0.1:9/v1");
  });

  it("serialises with the key masked and never shows it in util.inspect", () => {
    const credential = new OpenAICredential({ apiKey: KEY, id: "cred-1" });
    expect(credential.toJSON()).toEqual({
      type: "openai_credential",
      id: "cred-1",
      name: "",
      api_key: SECRET_MASK,
      base_url: null,
      organization: null,
    });
    expect(inspect(credential, { showHidden: true, depth: Infinity, getters: true })).not.toContain(
      KEY,
    );
  });

  it("falls back to OPENAI_API_KEY and OPENAI_BASE_URL", () => {
    vi.stubEnv("OPENAI_API_KEY", KEY);
    vi.stubEnv("OPENAI_BASE_URL", "http://proxy.test/v1");
    const credential = new OpenAICredential();
    expect(credential.apiKey?.reveal()).toBe(KEY);
    expect(credential.baseURL).toBe("http://proxy.test/v1");
  });

  it("rebuilds from JSON with a real key, treats a masked key as absent and names bad fields", () => {
    vi.stubEnv("OPENAI_API_KEY", undefined);
    const restored = OpenAICredential.fromJSON({
      type: "openai_credential",
      api_key: KEY,
      base_url: "http://h/v1",
    });
    expect(restored.apiKey?.reveal()).toBe(KEY);
    const masked = OpenAICredential.fromJSON(new OpenAICredential({ apiKey: KEY }).toJSON());
    expect(masked.apiKey).toBeNull();
    expect(() => OpenAICredential.fromJSON({ type: "openai_credential", base_url: 7 })).toThrow(
      ValidationError,
    );
    expect(() => OpenAICredential.fromJSON({ type: "deepseek_credential" })).toThrow(/type/);
  });
});

describe("provider presets", () => {
  it("default to each provider's OpenAI-compatible base URL", () => {
    expect(new DeepSeekCredential({ apiKey: "k" }).baseURL).toBe("https://api.deepseek.com");
    expect(new MoonshotCredential({ apiKey: "k" }).baseURL).toBe("https://api.moonshot.cn/v1");
    expect(new XAICredential({ apiKey: "k" }).baseURL).toBe("https://api.x.ai/v1");
    expect(new OllamaCredential().baseURL).toBe("http://localhost:11434/v1");
    expect(new DashScopeCredential({ apiKey: "k" }).baseURL).toBe(
      "https://dashscope.aliyuncs.com/compatible-mode/v1",
    );
    expect(new DeepSeekCredential({ apiKey: "k", baseURL: "http://mirror/v1" }).baseURL).toBe(
      "http://mirror/v1",
    );
  });

  it("read their own key variable, never OPENAI_API_KEY", () => {
    vi.stubEnv("OPENAI_API_KEY", "sk-openai-only");
    vi.stubEnv("DEEPSEEK_API_KEY", undefined);
    expect(new DeepSeekCredential().apiKey).toBeNull();
    expect(() => new DeepSeekCredential().createChatModel({ model: "deepseek-chat" })).toThrow(
      /No API key/,
    );
    vi.stubEnv("DEEPSEEK_API_KEY", "sk-deepseek");
    expect(new DeepSeekCredential().apiKey?.reveal()).toBe("sk-deepseek");
  });

  it("make Ollama's key optional", () => {
    const model = new OllamaCredential().createChatModel({ model: "llama3.3" });
    expect(model.baseURL).toBe("http://localhost:11434/v1");
  });

  it("come back as their own class from JSON", () => {
    const json = { type: "moonshot_credential", api_key: "sk-m", name: "kimi" };
    const credential = credentialFromJSON(json);
    expect(credential).toBeInstanceOf(MoonshotCredential);
    expect(credential.name).toBe("kimi");
    expect(credentialFromJSON({ type: "ollama_credential" })).toBeInstanceOf(OllamaCredential);
    expect(() => credentialFromJSON({ type: "nope" })).toThrow(ValidationError);
  });
});
