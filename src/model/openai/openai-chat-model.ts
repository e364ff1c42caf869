import type OpenAI from "openai";
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
} from "openai/resources/chat/completions";
import { parseOrThrow } from "../../errors/index.js";
import { readOptions, normalizeUrl, type Msg, type ToolSchema } from "../../message/index.js";
import { loadModelCards } from "../cards/load-model-cards.js";
import type { ModelCard } from "../cards/model-card.js";
import { assertCallOptions, type ChatCallOptions, type ChatCallResult } from "../chat-model.js";
import { isAborted } from "../abortable-sleep.js";
import { ChatModelBase } from "../chat-model-base.js";
import { interruptedResponse } from "../chat-response.js";
import { Secret } from "../credentials/secret.js";
import { ModelError } from "../errors/model-error.js";
import { ModelErrorCode } from "../errors/model-error-code.js";
import type { ChatFormatter } from "../formatter/chat-formatter.js";
import { OpenAIChatFormatter } from "../formatter/openai-chat-formatter.js";
import { OpenAIAutoFormatter } from "../formatter/openai-auto-formatter.js";
import { OpenAIMultiAgentFormatter } from "../formatter/openai-multi-agent-formatter.js";
import { responseStreamOf } from "../response-stream.js";
import { isToolChoiceMode, validateToolChoice, type ToolChoice } from "../tool-choice.js";
import { CallControl } from "./call-control.js";
import {
  OPENAI_CHAT_MODEL_OPTIONS,
  OpenAIChatModelOptionsSchema,
  type OpenAIChatModelOptions,
} from "./openai-chat-model-options.js";
import { createOpenAIClient, type ClientSettings } from "./openai-client.js";
import { takenCallIds } from "./call-id.js";
import { timeoutError, toModelError, type ErrorContext } from "./openai-error-map.js";
import {
  OpenAIChatParametersSchema,
  RESERVED_BODY_FIELDS,
  type OpenAIChatParameters,
} from "./openai-parameters.js";
import { parseCompletion, readCompletion } from "./openai-response.js";
import { loadOpenAISdk, type OpenAISdk } from "./openai-sdk.js";
import { assertEventStream, readChatStream } from "./openai-stream.js";

const OPENAI_BASE_URL = "https://api.openai.com/v1";

const inspectCustom = Symbol.for("nodejs.util.inspect.custom");

/**
 * A chat model on any OpenAI-compatible Chat Completions endpoint (OpenAI, vLLM, Ollama, DeepSeek,
 * DashScope's compatible mode, …) through the `openai` SDK: streamed text, reasoning
 * (`reasoning_content`) as thinking, parallel tool calls streamed by index, images in input,
 * usage with cached tokens. The SDK does not retry (the agent does); its errors arrive as
 * `ModelError`s; an abort ends the call as `"interrupted"`. The key stays out of logs, errors,
 * `toJSON` and `util.inspect`.
 *
 * What the provider sends is not trusted: every chunk and completion is checked against the wire
 * shape (`MODEL_UPSTREAM` when it is not the protocol: an HTML page, a `null` chunk, wrong types),
 * its size is bounded (`maxResponseBytes`, `maxEventBytes`) and its time too (`timeoutMs` of
 * silence, `totalTimeoutMs` in all: `MODEL_TIMEOUT`). The options are strict: an unknown key
 * (`baseUrl`) is a `ValidationError` naming the nearest one (`baseURL`). The `openai` SDK is
 * imported on the first call, not with actorscope.
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
  readonly #settings: ClientSettings;
  readonly #totalTimeoutMs: number;
  readonly #credentialType: string | null;
  #client: { readonly sdk: OpenAISdk; readonly client: OpenAI } | null = null;

  constructor(options: OpenAIChatModelOptions<S>) {
    options = readOptions(options, OPENAI_CHAT_MODEL_OPTIONS, "OpenAIChatModel options");
    const parsed = parseOrThrow(OpenAIChatModelOptionsSchema, options, "OpenAIChatModel options");
    super();
    const { credential } = parsed;
    this.model = parsed.model;
    this.stream = parsed.stream as S;
    this.contextSize = parsed.contextSize;
    this.parameters = parsed.parameters;
    this.#totalTimeoutMs = parsed.totalTimeoutMs;
    this.#credentialType = credential?.type ?? null;

    const key =
      parsed.apiKey ??
      credential?.apiKey ??
      (credential === undefined ? env("OPENAI_API_KEY") : null);
    const secret = key === null ? null : Secret.from(key).reveal();
    if (secret === null && credential?.apiKeyRequired !== false) {
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
    if (!isHttpUrl(this.baseURL)) {
      throw new ModelError(
        ModelErrorCode.SETUP,
        `Invalid base URL ${JSON.stringify(this.baseURL)} for model "${this.model}": expected an http:// or https:// URL (from \`baseURL\`, the credential or OPENAI_BASE_URL).`,
        { model: this.model },
      );
    }

    const formatterOptions = credential?.formatterOptions ?? {};
    this.formatter =
      parsed.formatter === "auto"
        ? new OpenAIAutoFormatter(formatterOptions)
        : parsed.formatter === "chat"
          ? new OpenAIChatFormatter(formatterOptions)
          : parsed.formatter === "multi-agent"
            ? new OpenAIMultiAgentFormatter(formatterOptions)
            : parsed.formatter;

    this.#settings = {
      model: this.model,
      baseURL: this.baseURL,
      secret,
      organization: parsed.organization ?? credential?.organization ?? null,
      timeoutMs: parsed.timeoutMs,
      maxResponseBytes: parsed.maxResponseBytes,
      maxEventBytes: parsed.maxEventBytes,
    };
  }

  /** The media types the formatter accepts. */
  get supportedInputMediaTypes(): readonly string[] {
    return this.formatter.supportedInputMediaTypes;
  }

  async call(messages: readonly Msg[], options: ChatCallOptions = {}): Promise<ChatCallResult<S>> {
    assertCallOptions(options);
    const { tools, toolChoice, signal, agentName } = options;
    validateToolChoice(toolChoice, tools, this.model);
    if (isAborted(signal)) return this.#interrupted();
    const { sdk, client } = await this.#sdkClient();
    const ctx = this.#context(sdk);
    const wire = await this.formatter.format(messages, { signal, agentName });
    if (isAborted(signal)) return this.#interrupted();
    const body = this.#body(wire, tools, toolChoice);
    const control = new CallControl(signal, ctx.timeoutMs, ctx.totalTimeoutMs);
    const startedAt = performance.now();
    const completions = client.chat.completions;
    let handedOver = false;
    try {
      if (!this.stream) {
        const { data, response } = await completions
          .create(body as unknown as ChatCompletionCreateParamsNonStreaming, {
            signal: control.signal,
          })
          .withResponse();
        const completion = parseCompletion(data, response, ctx);
        return readCompletion(
          completion,
          startedAt,
          takenCallIds(messages),
        ) as unknown as ChatCallResult<S>;
      }
      const { data: stream, response } = await completions
        .create(body as unknown as ChatCompletionCreateParamsStreaming, { signal: control.signal })
        .withResponse();
      assertEventStream(response, ctx);
      handedOver = true;
      return readChatStream(
        stream,
        control,
        ctx,
        startedAt,
        takenCallIds(messages),
      ) as unknown as ChatCallResult<S>;
    } catch (error) {
      if (control.userAborted) return this.#interrupted();
      const deadline = control.deadline;
      if (deadline !== null) throw timeoutError(ctx, deadline);
      throw toModelError(error, ctx);
    } finally {
      if (!handedOver) {
        control.abort();
        control.dispose();
      }
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

  /** The SDK and this model's client, made on the first call (the SDK is imported then). */
  async #sdkClient(): Promise<{ readonly sdk: OpenAISdk; readonly client: OpenAI }> {
    if (this.#client === null) {
      const sdk = await loadOpenAISdk();
      this.#client ??= { sdk, client: createOpenAIClient(sdk, this.#settings) };
    }
    return this.#client;
  }

  #context(sdk: OpenAISdk): ErrorContext {
    return {
      model: this.model,
      baseURL: this.baseURL,
      secret: this.#settings.secret,
      timeoutMs: this.#settings.timeoutMs,
      totalTimeoutMs: this.#totalTimeoutMs,
      sdk,
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

function isHttpUrl(value: string): boolean {
  return /^https?:/.test(normalizeUrl(value) ?? "");
}

function env(name: string): string | null {
  const value = process.env[name];
  return value === undefined || value === "" ? null : value;
}
