import { createEvent, newId, type HintBlock, type ToolSchema } from "../../message/index.js";
import { runtimeStateHint } from "./runtime-state/runtime-state-hint.js";
import type { AgentInside } from "./agent-inside.js";
import { modelInput } from "./reasoning-step.js";
import { systemMessage, systemPrompt } from "./system-prompt.js";

/**
 * Runtime-state injection (spec §3.9); the caller checks that it is on. `prompt` is the step's
 * system prompt when it is known without assembling it (null with an `onSystemPrompt` hook,
 * which then runs again for the count, as in the reference).
 */
export async function injectRuntimeState(
  runtime: AgentInside,
  tools: readonly ToolSchema[],
  prompt: string | null,
): Promise<void> {
  const config = runtime.configs.injectionConfig;
  const state = runtime.state;
  let tokens = 0;
  if (state.curIter === 0) {
    // The step's measure is exact unless a hook may give another prompt for this count.
    const exact = runtime.chains.hasPromptHook
      ? null
      : (runtime.measure?.exactTokens(state, runtime.agent.systemPrompt) ?? null);
    tokens =
      exact ??
      (await runtime.model.countTokens(
        modelInput(systemMessage(runtime, prompt ?? (await systemPrompt(runtime))), state),
        tools,
      ));
  }
  const text = runtimeStateHint({
    state,
    config,
    now: new Date(),
    contextTokens: () => tokens,
    contextSize: runtime.model.contextSize,
    triggerRatio: runtime.configs.contextConfig.triggerRatio,
  });
  if (text === null) return;
  const at = new Date().toISOString();
  const hint: HintBlock = {
    type: "hint",
    id: newId(),
    hint: text,
    source: config.injectionSource,
    created_at: at,
    finished_at: at,
  };
  state.appendContext(runtime.name, [hint]);
  if (config.emitHintEvent) {
    runtime.emit(
      createEvent("HINT_BLOCK", {
        reply_id: state.replyId,
        block_id: hint.id,
        hint: text,
        source: hint.source,
      }),
    );
  }
}
