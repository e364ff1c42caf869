import type { ConfirmResult, UserConfirmResultEvent } from "../../../message/index.js";
import type { LoopDeps } from "../loop-deps.js";
import { finishWithText } from "./result-events.js";

/** What the model reads when the user rejects a call (the reference's text, verbatim). */
export function userDeniedReminder(toolName: string): string {
  return `<system-reminder>The execution of tool "${toolName}" is denied by user!</system-reminder>`;
}

/**
 * Applies a user's answers to the parked calls (spec §3.7 "Resuming"), for each call of the last
 * message whose id has an answer:
 * - confirmed → `allowed`, its name and input replaced by the answer's (the user may have edited
 *   them), and every rule of the answer added to the permission engine (persisted in its
 *   context); the next acting step runs it;
 * - rejected → a `denied` result with {@link userDeniedReminder} (START, delta, END), `finished`.
 *
 * Synchronous: it runs inside a statechart transition. The agent has checked that the answered
 * calls are the ones asking.
 */
export function applyConfirmResults(deps: LoopDeps, event: UserConfirmResultEvent): void {
  const state = deps.state;
  const last = state.lastOwnMessage(deps.name);
  if (last === undefined || event.confirm_results.length === 0) return;
  const answers = new Map<string, ConfirmResult>();
  for (const answer of event.confirm_results) answers.set(answer.tool_call.id, answer);
  const replyId = state.replyId;
  const content = last.content;
  // Results are appended to this message: visit only the blocks that were there before.
  const count = content.length;
  for (let i = 0; i < count; i++) {
    const call = content[i];
    if (call?.type !== "tool_call") continue;
    const answer = answers.get(call.id);
    if (answer === undefined) continue;
    if (answer.confirmed) {
      call.state = "allowed";
      call.name = answer.tool_call.name;
      call.input = answer.tool_call.input;
      for (const rule of answer.rules ?? []) deps.engine.addRule(rule);
    } else {
      finishWithText(deps, replyId, call, userDeniedReminder(call.name), "denied", true);
    }
  }
}
