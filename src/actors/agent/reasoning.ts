import { Msg, type ToolSchema } from "../../message/index.js";
import type { ReasoningOutput, WorkScope } from "../../machines/index.js";
import { composeOnion, type ModelCallHookInput } from "../../middleware/index.js";
import {
  asModelError,
  type ChatModel,
  type ChatResponse,
  type ToolChoice,
} from "../../model/index.js";
import type { AgentInside } from "./agent-inside.js";
import { rememberMeasure } from "./compression.js";
import { reasoningStep, type ReasoningContext } from "./reasoning-step.js";
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

  const ctx: ReasoningContext = {
    name: runtime.name,
    state,
    model: runtime.model,
    systemMsg: () =>
      reuse !== null
        ? systemMessage(runtime, reuse)
        : systemPrompt(runtime).then((prompt) => systemMessage(runtime, prompt)),
    tools,
    callModel: (messages, t, choice) => callModel(runtime, messages, t, choice, signal),
  };
  const layers = runtime.chains.onReasoning;
  const items =
    layers.length === 0
      ? reasoningStep(ctx, toolChoice)
      : composeOnion(layers, (input: { toolChoice: ToolChoice | null }) =>
          reasoningStep(ctx, input.toolChoice),
        )({ toolChoice });
  let finalMsg: Msg | null = null;
  let interrupted = false;
  let reported: number | null = null;
  for await (const item of items) {
    // Late (the reply ended without this step): stop here, so nothing is emitted or saved.
    if (scope.stopped) return { interrupted: true, finalMsg: null };
    if (item instanceof Msg) {
      finalMsg = item;
      continue;
    }
    if (item.type === "MODEL_CALL_END") {
      if (item.finished_reason === "interrupted") interrupted = true;
      const total = item.input_tokens + item.output_tokens;
      reported = total > 0 ? total : null;
    }
    runtime.emit(item);
  }
  // The model's own count of its input and answer (now both in the context) guards compression.
  rememberMeasure(runtime, reported);
  return { interrupted, finalMsg: interrupted ? null : finalMsg };
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
  const call = (input: ModelCallHookInput) =>
    input.currentModel.call(input.messages, {
      tools: input.tools,
      toolChoice: input.toolChoice ?? undefined,
      signal,
      // Its own messages are not another agent's (the "auto" formatter tells them apart).
      agentName: runtime.name,
    });
  const layers = runtime.chains.onModelCall;
  const chain = layers.length === 0 ? call : composeOnion(layers, call);
  // The view's schemas are shared and frozen: a middleware gets its own list to change.
  const tools = layers.length === 0 ? (schemas as ToolSchema[]) : [...schemas];
  let lastError: unknown;
  let lastModel: ChatModel = runtime.model;
  const models = fallbackModel === null ? [runtime.model] : [runtime.model, fallbackModel];
  for (const currentModel of models) {
    for (let attempt = 0; attempt <= maxRetries; attempt++) {
      try {
        return await chain({ currentModel, messages, tools, toolChoice });
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
