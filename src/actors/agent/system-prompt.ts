import type { Msg } from "../../message/index.js";
import type { AgentInside } from "./agent-inside.js";
import { systemMessage as newSystemMessage } from "./reasoning-step.js";

/*
 * The agent's system prompt as a reasoning step and the compression check
 * assemble them: the prompt, the active skills' instructions, the workspace's instructions, then
 * each `onSystemPrompt` hook in order (spec §3.6).
 */

/** The assembled system prompt (awaits skills, workspace instructions and prompt hooks). */
export async function systemPrompt(runtime: AgentInside): Promise<string> {
  const parts = [runtime.agent.systemPrompt];
  const skills = await runtime.toolkit.getSkillInstructions(
    runtime.state.tool_context.activated_groups,
  );
  if (skills !== null) parts.push(skills);
  const workspace = await runtime.offloader?.getInstructions?.();
  if (workspace !== undefined && workspace !== null && workspace !== "") parts.push(workspace);
  let prompt = parts.join("\n");
  for (const middleware of runtime.chains.promptHooks) {
    if (middleware.onSystemPrompt !== undefined)
      prompt = await middleware.onSystemPrompt(runtime.agent, prompt);
  }
  return prompt;
}

/**
 * The system prompt when nothing can add to it (no skills, workspace instructions or
 * `onSystemPrompt` middleware): known without awaiting, on every model call.
 */
export function plainSystemPrompt(runtime: AgentInside): string | null {
  if (runtime.chains.hasPromptHook || runtime.offloader?.getInstructions !== undefined) return null;
  return runtime.toolkit.isStatic ? runtime.agent.systemPrompt : null;
}

/** The prompt as the model input's first message, reused while the prompt is unchanged. */
export function systemMessage(runtime: AgentInside, prompt: string): Msg {
  const cached = runtime.systemMsg;
  if (cached !== null && cached.prompt === prompt) return cached.msg;
  const msg = newSystemMessage(prompt);
  runtime.systemMsg = { prompt, msg };
  return msg;
}
