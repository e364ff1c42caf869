import OpenAI from "openai";
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
} from "openai/resources/chat/completions";
import { z } from "zod";
import { getLogger, parseOrThrow } from "../../errors/index.js";
import type { Msg, ToolSchema } from "../../message/index.js";
import { loadModelCards } from "../cards/load-model-cards.js";
import type { ModelCard } from "../cards/model-card.js";
import type { ChatCallOptions, ChatCallResult } from "../chat-model.js";
import { isAborted } from "../abortable-sleep.js";
import { ChatModelBase } from "../chat-model-base.js";
import { interruptedResponse } from "../chat-response.js";
import type { OpenAICompatibleCredential } from "../credentials/openai-compatible-credential.js";
import { Secret, redactSecret } from "../credentials/secret.js";
import { ModelError } from "../errors/model-error.js";
import { ModelErrorCode } from "../errors/model-error-code.js";
import type { ChatFormatter } from "../formatter/chat-formatter.js";
import { OpenAIChatFormatter } from "../formatter/openai-chat-formatter.js";
import { OpenAIMultiAgentFormatter } from "../formatter/openai-multi-agent-formatter.js";
import {
  isToolChoiceMode,
  validateToolChoice,
  type ToolChoice,
} from "../tool-schema.js";
import { CallControl } from "./call-control.js";
import { timeoutError, toModelError, type ErrorContext } from "./openai-error-map.js";
import {
  OpenAIChatParametersSchema,
  RESERVED_BODY_FIELDS,
  type OpenAIChatParameters,
} from "./openai-parameters.js";
import { readCompletion } from "./openai-response.js";
import { readChatStream } from "./openai-stream.js";
import { responseStreamOf } from "../response-stream.js";

const OPENAI_BASE_URL = "https://api.openai.com/v1";
/** Sent to servers that take no key (the SDK insists on one). */
const NO_KEY = "no-key";

/** The options of {@link OpenAIChatModel} (validated by the constructor). */
export const OpenAIChatModelOptionsSchema = z.object({
  /** The model's name at the provider (`"gpt-4.1"`, `"deepseek-chat"`, `"qwen-plus"`). */
  model: z.string().min(1),
  /** The key; else the credential's; else `OPENAI_API_KEY` (only without a credential). */
  apiKey: z.union([z.string().min(1), z.instanceof(Secret)]).optional(),
  /** The endpoint; else the credential's; else `OPENAI_BASE_URL`; else OpenAI. */
  baseURL: z.string().min(1).optional(),
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
});

/** What `new OpenAIChatModel(…)` takes. */
export type OpenAIChatModelOptions<S extends boolean = boolean> = Omit<
  z.input<typeof OpenAIChatModelOptionsSchema>,
  "stream"
> & {
  /** Stream deltas (default `true`). */
  stream?: S;
};

const inspectCustom = Symbol.for("nodejs.util.inspect.custom");

/**
 * A chat model on any OpenAI-compatible Chat Completions endpoint (OpenAI, vLLM, Ollama, DeepSeek,
 * DashScope's compatible mode, …) through the `openai` SDK: streamed text, reasoning
 * (`reasoning_content`) as thinking, parallel tool calls streamed by index, images in input,
 * usage with cached tokens. The SDK does not retry (the agent does); its errors arrive as
 * `ModelError`s; an abort ends the call as `"interrupted"`. The key stays out of logs, errors,
 * `toJSON` and `util.inspect`.
 *
 * @example
 * const model = new OpenAIChatModel({ model: "gpt-4.1", parameters: { temperature: 0.2 } });
 * for await (const chunk of await model.call([new UserMsg({ name: "user", content: "hi" })])) …
 */
export class OpenAIChatModel<S extends boolean = true> extends ChatModelBase<S> {
  readonly model: string;
  readonly stream: S;
  readonly contextSize: number;
  readonly parameters: OpenAIChatParameters;
  readonly formatter: ChatFormatter;
  /** The endpoint in use. */
  readonly baseURL: string;
  readonly #client: OpenAI;
  readonly #secret: string | null;
  readonly #timeoutMs: number;
  readonly #credentialType: string | null;

  constructor(options: OpenAIChatModelOptions<S>) {
    const parsed = parseOrThrow(OpenAIChatModelOptionsSchema, options, "OpenAIChatModel options");
    super();
    const { credential } = parsed;
    this.model = parsed.model;
    this.stream = parsed.stream as S;
    this.contextSize = parsed.contextSize;
    this.parameters = parsed.parameters;
    this.#timeoutMs = parsed.timeoutMs;
    this.#credentialType = credential?.type ?? null;

    const key =
      parsed.apiKey ??
      credential?.apiKey ??
      (credential === undefined ? env("OPENAI_API_KEY") : null);
    this.#secret = key === null ? null : Secret.from(key).reveal();
    if (this.#secret === null && credential?.apiKeyRequired !== false) {
      throw new ModelError(
        ModelErrorCode.SETUP,
        `No API key for model "${this.model}": pass \`apiKey\`, a credential with a key, or set OPENAI_API_KEY.`,
        { model: this.model },
      );
    }
    this.baseURL =
      parsed.baseURL ??
      credential?.baseURL ??
      (credential === undefined ? env("OPENAI_BASE_URL") : null) ??
      OPENAI_BASE_URL;

    const formatterOptions = credential?.formatterOptions ?? {};
    this.formatter =
      parsed.formatter === "chat"
        ? new OpenAIChatFormatter(formatterOptions)
        : parsed.formatter === "multi-agent"
          ? new OpenAIMultiAgentFormatter(formatterOptions)
          : parsed.formatter;

    const secret = this.#secret;
    const log = (message: unknown): string => `openai: ${redactSecret(String(message), secret)}`;
    this.#client = new OpenAI({
      apiKey: secret ?? NO_KEY,
      baseURL: this.baseURL,
      // Explicit nulls: the SDK would otherwise read OPENAI_* variables and send them to
      // whatever endpoint this is.
      organization: parsed.organization ?? credential?.organization ?? null,
      project: null,
      adminAPIKey: null,
      maxRetries: 0,
      timeout: this.#timeoutMs,
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

  /** The media types the formatter accepts. */
  get supportedInputMediaTypes(): readonly string[] {
    return this.formatter.supportedInputMediaTypes;
  }

  async call(messages: readonly Msg[], options: ChatCallOptions = {}): Promise<ChatCallResult<S>> {
    const { tools, toolChoice, signal } = options;
    validateToolChoice(toolChoice, tools, this.model);
    if (isAborted(signal)) return this.#interrupted();
    const ctx = this.#context();
    const wire = await this.formatter.format(messages, { signal });
    if (isAborted(signal)) return this.#interrupted();
    const body = this.#body(wire, tools, toolChoice);
    const control = new CallControl(signal, this.#timeoutMs);
    const startedAt = performance.now();
    const completions = this.#client.chat.completions;
    let handedOver = false;
    try {
      if (!this.stream) {
        const completion: ChatCompletion = await completions.create(
          body as unknown as ChatCompletionCreateParamsNonStreaming,
          { signal: control.signal },
        );
        return readCompletion(completion, startedAt) as unknown as ChatCallResult<S>;
      }
      const stream: AsyncIterable<ChatCompletionChunk> = await completions.create(
        body as unknown as ChatCompletionCreateParamsStreaming,
        { signal: control.signal },
      );
      handedOver = true;
      return readChatStream(stream, control, ctx, startedAt) as unknown as ChatCallResult<S>;
    } catch (error) {
      if (control.userAborted) return this.#interrupted();
      if (control.timedOut) throw timeoutError(ctx);
      throw toModelError(error, ctx);
    } finally {
      if (!handedOver) control.dispose();
    }
  }

  /** The schema of `parameters` (the base of model cards' parameter forms). */
  static readonly parametersSchema = OpenAIChatParametersSchema;

  /**
   * The model cards of a directory of YAML files, with parameter forms built on this class's
   * parameter schema.
   */
  static listModels(dir: string): Promise<ModelCard[]> {
    return loadModelCards(dir, OpenAIChatParametersSchema);
  }

  /** What the model is, without secrets. */
  toJSON(): Record<string, unknown> {
    return {
      type: "openai_chat",
      model: this.model,
      stream: this.stream,
      contextSize: this.contextSize,
      baseURL: this.baseURL,
      credentialType: this.#credentialType,
      parameters: this.parameters,
    };
  }

  [inspectCustom](): string {
    return `OpenAIChatModel ${JSON.stringify(this.toJSON())}`;
  }

  #context(): ErrorContext {
    return {
      model: this.model,
      baseURL: this.baseURL,
      secret: this.#secret,
      timeoutMs: this.#timeoutMs,
    };
  }

  #body(
    messages: unknown[],
    tools: readonly ToolSchema[] | undefined,
    toolChoice: ToolChoice | undefined,
  ): Record<string, unknown> {
    const body: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this.parameters)) {
      if (value !== undefined && !RESERVED_BODY_FIELDS.has(key)) body[key] = value;
    }
    body["model"] = this.model;
    body["messages"] = messages;
    body["stream"] = this.stream;
    if (this.stream) body["stream_options"] = { include_usage: true };
    if (tools !== undefined && tools.length > 0) {
      body["tools"] = tools;
      if (toolChoice !== undefined) {
        body["tool_choice"] = isToolChoiceMode(toolChoice)
          ? toolChoice
          : { type: "function", function: { name: toolChoice } };
      }
    } else {
      // The API refuses parallel_tool_calls without tools.
      delete body["parallel_tool_calls"];
    }
    return body;
  }

  #interrupted(): ChatCallResult<S> {
    const response = interruptedResponse();
    if (!this.stream) return response as ChatCallResult<S>;
    return responseStreamOf(response) as ChatCallResult<S>;
  }
}

function env(name: string): string | null {
  const value = process.env[name];
  return value === undefined || value === "" ? null : value;
}
