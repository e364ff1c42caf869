import { Msg, type AgentEvent, type ToolSchema } from "../../message/index.js";
import type { ReasoningOutput, WorkScope } from "../../machines/index.js";
import { composeOnion, type ModelCallHookInput } from "../../middleware/index.js";
import {
  asModelError,
  type ChatModel,
  type ChatResponse,
  type ToolChoice,
} from "../../model/index.js";
import type { AgentState } from "../../state/index.js";
import type { AgentInside } from "./agent-inside.js";
import { rememberMeasure } from "./compression.js";
import {
  reasoningStep,
  runReasoningStep,
  type ReasoningContext,
  type StepSink,
} from "./reasoning-step.js";
import { injectRuntimeState } from "./runtime-state-injection.js";
import { plainSystemPrompt, systemMessage, systemPrompt } from "./system-prompt.js";

/**
 * The `reasoning` state's work (spec §3.6): runtime-state injection, then the `onReasoning`
 * chain around the reasoning step. The system prompt is assembled where the reference
 * assembles it — for the injection's count of the input (first step of a reply) and inside the
 * step for the model call — so an `onSystemPrompt` hook runs there each time; without a hook,
 * the prompt of the compression check (or the plain one) is reused without awaiting.
 */
export async function reason(
  runtime: AgentInside,
  toolChoice: ToolChoice | null,
  scope: WorkScope,
): Promise<ReasoningOutput> {
  const { state, signal } = runtime;
  const reuse = runtime.chains.hasPromptHook
    ? null
    : (runtime.stepPrompt ?? plainSystemPrompt(runtime));
  runtime.stepPrompt = null;
  const taken = runtime.takeView();
  const tools = (taken instanceof Promise ? await taken : taken).schemas;
  if (runtime.configs.injectionConfig.injectRuntimeState)
    await injectRuntimeState(runtime, tools, reuse);

  const ctx = new StepModel(runtime, state, reuse, tools, signal);
  const run = new ReasoningRun(runtime, scope);
  const layers = runtime.chains.onReasoning;
  if (layers.length === 0) {
    // No chain to read the step: it hands its events over as it makes them.
    const final = await runReasoningStep(ctx, toolChoice, run);
    // Late: stopped at an event, or when its final candidate came (as the chained form checks).
    if (run.stopped || (final !== null && scope.stopped))
      return { interrupted: true, finalMsg: null };
    return run.end(final);
  }
  const items = composeOnion(layers, (input: { toolChoice: ToolChoice | null }) =>
    reasoningStep(ctx, input.toolChoice),
  )({ toolChoice });
  let finalMsg: Msg | null = null;
  for await (const item of items) {
    if (item instanceof Msg) {
      // Late (the reply ended without this step): stop here, so nothing is emitted or saved.
      if (scope.stopped) return { interrupted: true, finalMsg: null };
      finalMsg = item;
      continue;
    }
    if (!run.take(item)) return { interrupted: true, finalMsg: null };
  }
  return run.end(finalMsg);
}

/** What the reasoning work does with each event of its step (see `StepSink`). */
class ReasoningRun implements StepSink {
  /** The step was stopped at an event: the machine no longer waits for it. */
  stopped = false;
  #interrupted = false;
  /** The model's own count of its input and answer, from MODEL_CALL_END. */
  #reported: number | null = null;

  constructor(
    private readonly runtime: AgentInside,
    private readonly scope: WorkScope,
  ) {}

  take(event: AgentEvent): boolean {
    // Late (the reply ended without this step): stop here, so nothing is emitted or saved.
    if (this.scope.stopped) {
      this.stopped = true;
      return false;
    }
    if (event.type === "MODEL_CALL_END") {
      if (event.finished_reason === "interrupted") this.#interrupted = true;
      const total = event.input_tokens + event.output_tokens;
      this.#reported = total > 0 ? total : null;
    }
    this.runtime.emit(event);
    return true;
  }

  /** The step ran to its end: its output (the count it reported guards compression). */
  end(finalMsg: Msg | null): ReasoningOutput {
    // The model's own count of its input and answer (now both in the context) guards compression.
    rememberMeasure(this.runtime, this.#reported);
    const interrupted = this.#interrupted;
    return { interrupted, finalMsg: interrupted ? null : finalMsg };
  }
}

/** The model side of one step: its system message and its model call (see `ReasoningContext`). */
class StepModel implements ReasoningContext {
  readonly name: string;
  readonly model: ChatModel;

  constructor(
    private readonly runtime: AgentInside,
    readonly state: AgentState,
    /** The step's system prompt when known without assembling it (no prompt hook). */
    private readonly prompt: string | null,
    readonly tools: readonly ToolSchema[],
    private readonly signal: AbortSignal,
  ) {
    this.name = runtime.name;
    this.model = runtime.model;
  }

  systemMsg(): Msg | Promise<Msg> {
    const runtime = this.runtime;
    if (this.prompt !== null) return systemMessage(runtime, this.prompt);
    return systemPrompt(runtime).then((prompt) => systemMessage(runtime, prompt));
  }

  callModel(
    messages: Msg[],
    tools: readonly ToolSchema[],
    toolChoice: ToolChoice | null,
  ): Promise<ChatResponse | AsyncIterable<ChatResponse>> {
    return callModel(this.runtime, messages, tools, toolChoice, this.signal);
  }
}

/**
 * Model retries and fallback (spec §3.1), each attempt through the `onModelCall` chain: any
 * error is retried, the fallback gets its attempts after the primary's, and the last error is
 * raised — typed: an actorscope error as it is, any other wrapped in a `MODEL_CALL_FAILED`
 * `ModelError` whose `cause` is the original. A result that is not a response is no error
 * here (as in the reference, it is not retried); the reasoning step refuses it.
 */
async function callModel(
  runtime: AgentInside,
  messages: Msg[],
  schemas: readonly ToolSchema[],
  toolChoice: ToolChoice | null,
  signal: AbortSignal,
): Promise<ChatResponse | AsyncIterable<ChatResponse>> {
  const { maxRetries, fallbackModel } = runtime.configs.modelConfig;
  const name = runtime.name;
  const layers = runtime.chains.onModelCall;
  // Without a chain the model is called as the chain's innermost layer would call it.
  const chain =
    layers.length === 0
      ? null
      : composeOnion(layers, (input: ModelCallHookInput) =>
          modelCall(
            input.currentModel,
            input.messages,
            input.tools,
            input.toolChoice,
            signal,
            name,
          ),
        );
  // The view's schemas are shared and frozen: a middleware gets its own list to change.
  const tools = layers.length === 0 ? (schemas as ToolSchema[]) : [...schemas];
  let lastError: unknown;
  let lastModel: ChatModel = runtime.model;
  const models = fallbackModel === null ? [runtime.model] : [runtime.model, fallbackModel];
  for (const currentModel of models) {
    for (let attempt = 0; attempt <= maxRetries; attempt++) {
      try {
        return await (chain === null
          ? modelCall(currentModel, messages, tools, toolChoice, signal, name)
          : chain({ currentModel, messages, tools, toolChoice }));
      } catch (error) {
        lastError = error;
        lastModel = currentModel;
        if (signal.aborted) break;
      }
    }
    if (signal.aborted) break;
  }
  throw asModelError(lastError, lastModel.model, "call");
}

/** One call of one model (the `onModelCall` chain's innermost layer). */
function modelCall(
  model: ChatModel,
  messages: Msg[],
  tools: ToolSchema[],
  toolChoice: ToolChoice | null,
  signal: AbortSignal,
  agentName: string,
): Promise<ChatResponse | AsyncIterable<ChatResponse>> {
  return model.call(messages, {
    tools,
    toolChoice: toolChoice ?? undefined,
    signal,
    // Its own messages are not another agent's (the "auto" formatter tells them apart).
    agentName,
  });
}
