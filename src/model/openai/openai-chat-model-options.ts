import { z } from "zod";
import { normalizeUrl } from "../../message/index.js";
import { Secret } from "../credentials/secret.js";
import type { ChatFormatter } from "../formatter/chat-formatter.js";
import type { OpenAIFormatterOptions } from "../formatter/openai-chat-formatter.js";
import { OpenAIChatParametersSchema } from "./openai-parameters.js";

const MIB = 1024 * 1024;

/** An http(s) endpoint (the SDK would take anything and fail on the first call). */
const EndpointSchema = z
  .string()
  .min(1)
  .refine((value) => {
    const url = normalizeUrl(value);
    return url !== null && /^https?:/.test(url);
  }, "Expected an http:// or https:// URL");

/**
 * What the model reads from a credential (`OpenAICompatibleCredential`), checked: any object with
 * these fields will do (the credential classes, or one of your own), and the model keeps a plain
 * copy of them.
 */
const CredentialSchema = z.object({
  type: z.string().min(1),
  apiKey: z.instanceof(Secret).nullable(),
  baseURL: z.string().nullable(),
  organization: z.string().nullable(),
  apiKeyRequired: z.boolean(),
  /** Checked by the formatter it is given to. */
  formatterOptions: z.custom<OpenAIFormatterOptions>(
    (value) => typeof value === "object" && value !== null,
    "Expected formatter options",
  ),
});

/** The options of `OpenAIChatModel` (validated by the constructor; unknown keys are refused). */
export const OpenAIChatModelOptionsSchema = z.object({
  /** The model's name at the provider (`"gpt-4.1"`, `"deepseek-chat"`, `"qwen-plus"`). */
  model: z.string().min(1),
  /** The key; else the credential's; else `OPENAI_API_KEY` (only without a credential). */
  apiKey: z.union([z.string().min(1), z.instanceof(Secret)]).optional(),
  /** The endpoint; else the credential's; else `OPENAI_BASE_URL`; else OpenAI. */
  baseURL: EndpointSchema.optional(),
  organization: z.string().min(1).optional(),
  /** A provider's credential (`OpenAICredential`, `DeepSeekCredential`, …). */
  credential: CredentialSchema.optional(),
  stream: z.boolean().default(true),
  parameters: OpenAIChatParametersSchema.default({}),
  contextSize: z.number().int().positive().default(128_000),
  /**
   * `"auto"` (default: the chat formatter, or the multi-agent one once the conversation holds
   * another agent's messages), `"chat"`, `"multi-agent"`, or a formatter of your own.
   */
  formatter: z
    .union([
      z.enum(["auto", "chat", "multi-agent"]),
      z.custom<ChatFormatter>(
        (value) => typeof value === "object" && value !== null && "format" in value,
        "Expected a formatter",
      ),
    ])
    .default("auto"),
  /** How long the provider may stay silent (before answering, or between stream chunks). */
  timeoutMs: z.number().int().positive().default(600_000),
  /**
   * How long one call may take in all, however lively the provider (a stream that sends
   * keep-alive chunks and never finishes ends here). Default 30 minutes.
   */
  totalTimeoutMs: z.number().int().positive().default(1_800_000),
  /**
   * The most bytes one response may have (a completion, or a whole stream). Default 64 MiB, far
   * above any real answer (a 128k-token stream is about 30 MiB on the wire).
   */
  maxResponseBytes: z
    .number()
    .int()
    .positive()
    .default(64 * MIB),
  /** The most bytes one server-sent event (one stream chunk) may have. Default 16 MiB. */
  maxEventBytes: z
    .number()
    .int()
    .positive()
    .default(16 * MIB),
});

/** Every key `new OpenAIChatModel(…)` takes. */
export const OPENAI_CHAT_MODEL_OPTIONS: ReadonlySet<string> = new Set(
  Object.keys(OpenAIChatModelOptionsSchema.shape),
);

/** What `new OpenAIChatModel(…)` takes. */
export type OpenAIChatModelOptions<S extends boolean = boolean> = Omit<
  z.input<typeof OpenAIChatModelOptionsSchema>,
  "stream"
> & {
  /** Stream deltas (default `true`). */
  stream?: S;
};
