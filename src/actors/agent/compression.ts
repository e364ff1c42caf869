import type { ContextConfigInput } from "../../context/index.js";
import type { HintBlock } from "../../message/index.js";
import type { WorkOutput } from "../../machines/index.js";
import { composeOnion } from "../../middleware/index.js";
import type { AgentInside } from "./agent-inside.js";
import { InputMeasure } from "./input-measure.js";
import { modelInput } from "./reasoning-step.js";
import { plainSystemPrompt, systemMessage, systemPrompt } from "./system-prompt.js";

/*
 * Context compression (spec §8.2) as the loop runs it: the `compressing` state's work, the guard
 * that lets a step far below the trigger skip that state, and `agent.compressContext()`. The
 * compression itself arrives with the context issue; until then the chain measures the model
 * input (for the guard) and passes.
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
  if (layers.length === 0) return measureInput(runtime);
  return composeOnion(layers, () => measureInput(runtime))(input);
}

/**
 * Compression's first step (spec §8.2 step 2): count the model input, its system prompt
 * assembled for it (an `onSystemPrompt` hook runs here, as in the reference).
 */
async function measureInput(runtime: AgentInside): Promise<void> {
  const prompt = plainSystemPrompt(runtime) ?? (await systemPrompt(runtime));
  runtime.measuredPrompt = prompt;
  const taken = runtime.takeView();
  const view = taken instanceof Promise ? await taken : taken;
  runtime.measuredView = view;
  const tools = view.schemas;
  const input = modelInput(systemMessage(runtime, prompt), runtime.state);
  rememberMeasure(runtime, await runtime.model.countTokens(input, tools));
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
