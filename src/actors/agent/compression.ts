import {
  ContextConfigSchema,
  compressContextOnce,
  limitContextImages,
  type ContextConfigInput,
} from "../../context/index.js";
import { parseOrThrow } from "../../errors/index.js";
import type { HintBlock } from "../../message/index.js";
import type { WorkOutput } from "../../machines/index.js";
import { composeOnion, type CompressContextHookInput } from "../../middleware/index.js";
import type { AgentInside } from "./agent-inside.js";
import { InputMeasure } from "./input-measure.js";
import { plainSystemPrompt, systemMessage, systemPrompt } from "./system-prompt.js";

/*
 * Context compression (spec §8.2) as the loop runs it: the `compressing` state's work, the guard
 * that lets a step far below the trigger skip that state, and `agent.compressContext()`. The
 * algorithm is `src/context`'s (`compressContextOnce`); this applies its outcome to the state.
 */

/**
 * The `compressing` state's work: the compression chain. The prompt its check assembled is kept
 * for the step's reasoning when no `onSystemPrompt` hook could change it in between.
 */
export async function compress(runtime: AgentInside): Promise<WorkOutput> {
  const signal = runtime.signal;
  runtime.stepPrompt = null;
  runtime.measuredPrompt = null;
  runtime.measuredView = null;
  await compressContext(runtime, {
    contextConfig: runtime.configs.contextConfig,
    instructions: null,
  });
  if (!signal.aborted && !runtime.chains.hasPromptHook) runtime.stepPrompt = runtime.measuredPrompt;
  // The step's reasoning uses the tool view this check took (one listing per step).
  if (!signal.aborted) runtime.keepViewForStep(runtime.measuredView);
  runtime.measuredPrompt = null;
  runtime.measuredView = null;
  return { interrupted: signal.aborted };
}

/** `agent.compressContext()` (spec §8.2): the `onCompressContext` chain around the compression. */
export function compressContext(
  runtime: AgentInside,
  input: { contextConfig: ContextConfigInput; instructions: HintBlock | null },
): Promise<void> {
  const layers = runtime.chains.onCompressContext;
  if (layers.length === 0) return compressNow(runtime, input);
  return composeOnion(layers, (inner: CompressContextHookInput) => compressNow(runtime, inner))(
    input,
  );
}

/**
 * The compression itself (spec §8.2): the model input is counted with its system prompt
 * assembled for it (an `onSystemPrompt` hook runs here, as in the reference); at the trigger the
 * older messages become the summary, offloaded when the agent has an offloader.
 */
async function compressNow(runtime: AgentInside, input: CompressContextHookInput): Promise<void> {
  const prompt = plainSystemPrompt(runtime) ?? (await systemPrompt(runtime));
  runtime.measuredPrompt = prompt;
  const taken = runtime.takeView();
  const view = taken instanceof Promise ? await taken : taken;
  runtime.measuredView = view;
  const state = runtime.state;
  const config =
    input.contextConfig === runtime.configs.contextConfig
      ? runtime.configs.contextConfig
      : parseOrThrow(ContextConfigSchema, input.contextConfig, "contextConfig");
  const offloader = runtime.offloader;
  const limited = await limitContextImages(state.context, config.maxImageNum, runtime.offloader);
  if (limited !== state.context) state.context = limited;
  const offloadContext = offloader?.offloadContext?.bind(offloader);
  const outcome = await compressContextOnce({
    model: runtime.model,
    systemPrompt: systemMessage(runtime, prompt).getTextContent() ?? "",
    summary: state.summary,
    context: state.context,
    tools: view.schemas,
    config,
    instructions: input.instructions,
    offload:
      offloadContext === undefined
        ? undefined
        : (messages) => offloadContext(state.session_id, messages),
    signal: runtime.signal,
  });
  if (outcome.compressed) {
    state.summary = outcome.summary;
    state.context = outcome.context;
    // Measured again on the next check: the input is now what the reserve and summary add up to.
    runtime.measure = null;
    return;
  }
  runtime.measure = InputMeasure.take(outcome.tokens, state, runtime.agent.systemPrompt);
}

/** Records a token count of the model input as it is now (null: unknown). */
export function rememberMeasure(runtime: AgentInside, tokens: number | null): void {
  runtime.measure =
    tokens === null ? null : InputMeasure.take(tokens, runtime.state, runtime.agent.systemPrompt);
}

/**
 * Whether the coming reasoning step must pass through `compressing` (see {@link InputMeasure}):
 * always with an `onCompressContext` or `onSystemPrompt` middleware (each sees every step's
 * check, as in the reference); otherwise when no count is known or the count plus what was
 * appended reaches the trigger.
 */
export function mayNeedCompression(runtime: AgentInside): boolean {
  const chains = runtime.chains;
  if (chains.hasOnCompress || chains.hasPromptHook) return true;
  const measure = runtime.measure;
  const added = measure?.appendedTokens(runtime.state, runtime.agent.systemPrompt) ?? null;
  if (measure === null || added === null) return true;
  const trigger = runtime.configs.contextConfig.triggerRatio * runtime.model.contextSize;
  return measure.tokens + added >= trigger;
}
