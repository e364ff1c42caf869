import { z } from "zod";
import { normalizeUrl } from "../../message/index.js";
import type { OpenAICompatibleCredential } from "../credentials/openai-compatible-credential.js";
import { Secret } from "../credentials/secret.js";
import type { ChatFormatter } from "../formatter/chat-formatter.js";
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

/** The options of `OpenAIChatModel` (validated by the constructor; unknown keys are refused). */
export const OpenAIChatModelOptionsSchema = z.object({
  /** The model's name at the provider (`"gpt-4.1"`, `"deepseek-chat"`, `"qwen-plus"`). */
  model: z.string().min(1),
  /** The key; else the credential's; else `OPENAI_API_KEY` (only without a credential). */
  apiKey: z.union([z.string().min(1), z.instanceof(Secret)]).optional(),
  /** The endpoint; else the credential's; else `OPENAI_BASE_URL`; else OpenAI. */
  baseURL: EndpointSchema.optional(),
  organization: z.string().min(1).optional(),
  credential: z
    .custom<OpenAICompatibleCredential>(
      (value) => typeof value === "object" && value !== null && "type" in value,
      "Expected a credential",
    )
    .optional(),
  stream: z.boolean().default(true),
  parameters: OpenAIChatParametersSchema.default({}),
  contextSize: z.number().int().positive().default(128_000),
  /** `"chat"` (default), `"multi-agent"`, or a formatter of your own. */
  formatter: z
    .union([
      z.enum(["chat", "multi-agent"]),
      z.custom<ChatFormatter>(
        (value) => typeof value === "object" && value !== null && "format" in value,
        "Expected a formatter",
      ),
    ])
    .default("chat"),
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
