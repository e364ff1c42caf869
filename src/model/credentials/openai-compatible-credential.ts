import type { OpenAIFormatterOptions } from "../formatter/openai-chat-formatter.js";
import type { Secret } from "./secret.js";

/**
 * What `OpenAIChatModel` needs from a credential (the interface keeps the model independent of the
 * credential classes, which name the model class themselves).
 */
export interface OpenAICompatibleCredential {
  /** The credential kind (`"openai_credential"`, `"deepseek_credential"`, …). */
  readonly type: string;
  readonly apiKey: Secret | null;
  /** `null` for the SDK's default (OpenAI). */
  readonly baseURL: string | null;
  readonly organization: string | null;
  /** False for servers that take no key (Ollama). */
  readonly apiKeyRequired: boolean;
  /** How this provider wants its messages formatted. */
  readonly formatterOptions: OpenAIFormatterOptions;
}
