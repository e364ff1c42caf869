import type OpenAI from "openai";
import { getLogger } from "../../errors/index.js";
import { redactSecret } from "../credentials/secret.js";
import { limitedFetch, type ResponseLimits } from "./limited-fetch.js";
import type { OpenAISdk } from "./openai-sdk.js";

/** Sent to servers that take no key (the SDK insists on one). */
const NO_KEY = "no-key";

/** What a model's SDK client is made from. */
export interface ClientSettings extends ResponseLimits {
  readonly model: string;
  readonly baseURL: string;
  /** The API key, or null for servers that take none. */
  readonly secret: string | null;
  readonly organization: string | null;
  readonly timeoutMs: number;
}

/**
 * The SDK client of one model: no retries (the agent retries), no OPENAI_* variables read behind
 * the caller's back, SDK log lines through actorscope's logger with the key masked, and a `fetch`
 * that bounds what the provider may send.
 */
export function createOpenAIClient(sdk: OpenAISdk, settings: ClientSettings): OpenAI {
  const { secret } = settings;
  const log = (message: unknown): string => `openai: ${redactSecret(String(message), secret)}`;
  return new sdk.OpenAI({
    apiKey: secret ?? NO_KEY,
    baseURL: settings.baseURL,
    // Explicit nulls: the SDK would otherwise read OPENAI_* variables and send them to
    // whatever endpoint this is.
    organization: settings.organization,
    project: null,
    adminAPIKey: null,
    maxRetries: 0,
    timeout: settings.timeoutMs,
    fetch: limitedFetch(settings, settings),
    logLevel: "warn",
    logger: {
      error: (message) => {
        getLogger().error(log(message));
      },
      warn: (message) => {
        getLogger().warn(log(message));
      },
      info: () => undefined,
      debug: () => undefined,
    },
  });
}
