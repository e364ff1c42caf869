import { z } from "zod";
import { ValidationError, parseOrThrow } from "../../errors/index.js";
import { OpenAICredential, type CredentialSpec } from "./openai-credential.js";

/**
 * DeepSeek (`https://api.deepseek.com`, key from `DEEPSEEK_API_KEY`). Thinking goes back as
 * `reasoning_content` (the API needs it in tool-call loops); text only; no `name` fields.
 */
export class DeepSeekCredential extends OpenAICredential {
  static override readonly spec: CredentialSpec = {
    type: "deepseek_credential",
    title: "DeepSeek API",
    defaultBaseURL: "https://api.deepseek.com",
    apiKeyEnv: "DEEPSEEK_API_KEY",
    baseURLEnv: null,
    apiKeyRequired: true,
    formatterOptions: {
      reasoningContent: "include",
      includeNames: false,
      supportedInputMediaTypes: ["text/plain"],
    },
  };
}

/**
 * Moonshot AI / Kimi (`https://api.moonshot.cn/v1`, key from `MOONSHOT_API_KEY`). Thinking goes
 * back as `reasoning_content` (Preserved Thinking); remote images are sent inline.
 */
export class MoonshotCredential extends OpenAICredential {
  static override readonly spec: CredentialSpec = {
    type: "moonshot_credential",
    title: "Moonshot API",
    defaultBaseURL: "https://api.moonshot.cn/v1",
    apiKeyEnv: "MOONSHOT_API_KEY",
    baseURLEnv: null,
    apiKeyRequired: true,
    formatterOptions: {
      reasoningContent: "include",
      inlineRemoteImages: true,
      supportedInputMediaTypes: ["text/plain", "image/*", "audio/*"],
    },
  };
}

/** xAI / Grok (`https://api.x.ai/v1`, key from `XAI_API_KEY`). */
export class XAICredential extends OpenAICredential {
  static override readonly spec: CredentialSpec = {
    type: "xai_credential",
    title: "xAI API",
    defaultBaseURL: "https://api.x.ai/v1",
    apiKeyEnv: "XAI_API_KEY",
    baseURLEnv: null,
    apiKeyRequired: true,
    formatterOptions: { supportedInputMediaTypes: ["text/plain", "image/jpeg", "image/png"] },
  };
}

/**
 * A local Ollama server through its OpenAI-compatible API (`http://localhost:11434/v1`). The key
 * is optional (`OLLAMA_API_KEY`, for a server behind an authenticating proxy).
 */
export class OllamaCredential extends OpenAICredential {
  static override readonly spec: CredentialSpec = {
    type: "ollama_credential",
    title: "Ollama API",
    defaultBaseURL: "http://localhost:11434/v1",
    apiKeyEnv: "OLLAMA_API_KEY",
    baseURLEnv: null,
    apiKeyRequired: false,
    formatterOptions: { supportedInputMediaTypes: ["text/plain", "image/*"] },
  };
}

/**
 * Alibaba Cloud DashScope in its OpenAI-compatible mode
 * (`https://dashscope.aliyuncs.com/compatible-mode/v1`, key from `DASHSCOPE_API_KEY`).
 */
export class DashScopeCredential extends OpenAICredential {
  static override readonly spec: CredentialSpec = {
    type: "dashscope_credential",
    title: "DashScope API (OpenAI-compatible mode)",
    defaultBaseURL: "https://dashscope.aliyuncs.com/compatible-mode/v1",
    apiKeyEnv: "DASHSCOPE_API_KEY",
    baseURLEnv: null,
    apiKeyRequired: true,
    formatterOptions: { supportedInputMediaTypes: ["text/plain", "image/*", "audio/*", "video/*"] },
  };
}

/** Every credential class, by its `type`. */
export const CREDENTIAL_CLASSES: readonly (typeof OpenAICredential)[] = [
  OpenAICredential,
  DeepSeekCredential,
  MoonshotCredential,
  XAICredential,
  OllamaCredential,
  DashScopeCredential,
];

/** Any object with a `type`, read through the schema (so a hostile object is a typed error). */
const TypedSchema = z.looseObject({ type: z.unknown() });

/**
 * Rebuilds a credential of the right class from its JSON form (`type` picks the class). An unknown
 * type or a bad field is a `ValidationError`.
 */
export function credentialFromJSON(value: unknown): OpenAICredential {
  const { type } = parseOrThrow(TypedSchema, value, "credential");
  const cls = CREDENTIAL_CLASSES.find((c) => c.spec.type === type);
  if (cls === undefined) {
    const known = CREDENTIAL_CLASSES.map((c) => `'${c.spec.type}'`).join(", ");
    throw new ValidationError("credential", [
      {
        path: "type",
        message: `Unknown credential type ${typeof type === "string" ? JSON.stringify(type) : `(a ${type === null ? "null" : typeof type})`}; expected one of ${known}`,
      },
    ]);
  }
  return cls.fromJSON(value);
}
