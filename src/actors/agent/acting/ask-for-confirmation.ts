import { createEvent, type PermissionRule, type ToolCallBlock } from "../../../message/index.js";
import {
  isPromiseLike,
  type MaybePromise,
  type PermissionDecision,
  type ToolInput,
} from "../../../permission/index.js";
import type { ToolBase } from "../../../tools/index.js";
import type { LoopDeps } from "../loop-deps.js";
import { snapshotCall } from "./result-events.js";

/**
 * Step 3 of the per-call pipeline (spec §3.7), for an ASK or PASSTHROUGH decision. In a concurrent
 * batch (`keptRules` given) a call whose input a rule already suggested in this batch covers is
 * deferred silently — it stays `pending` and is re-evaluated on the next run, when the user's
 * answer to the first prompt is known — unless the decision is a bypass-immune (safety) ASK.
 * Otherwise the suggestions join `keptRules`, the call becomes `asking` with the suggestions
 * copied onto it, and one `REQUIRE_USER_CONFIRM` goes out (no `TOOL_RESULT_START`).
 *
 * The check and the push happen without yielding when the tool matches rules synchronously, so
 * two sibling calls cannot both miss each other's suggestions.
 */
export async function askForConfirmation(
  deps: LoopDeps,
  replyId: string,
  call: ToolCallBlock,
  tool: ToolBase,
  input: ToolInput,
  decision: PermissionDecision,
  keptRules: PermissionRule[] | null,
): Promise<"asking" | "deferred"> {
  const suggestions = decision.suggested_rules ?? [];
  if (keptRules !== null) {
    if (!(decision.behavior === "ask" && decision.bypass_immune)) {
      let covered = coveredByRules(keptRules, tool, input);
      if (isPromiseLike(covered)) covered = await covered;
      if (covered) return "deferred";
    }
    keptRules.push(...suggestions);
  }
  call.state = "asking";
  call.suggested_rules = suggestions.slice();
  deps.emit(
    createEvent("REQUIRE_USER_CONFIRM", { reply_id: replyId, tool_calls: [snapshotCall(call)] }),
  );
  return "asking";
}

/** Whether a rule for this tool covers the input, by `tool.matchRule` (sync until a matcher is not). */
function coveredByRules(
  rules: readonly PermissionRule[],
  tool: ToolBase,
  input: ToolInput,
): MaybePromise<boolean> {
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i];
    if (rule === undefined || rule.tool_name !== tool.name) continue;
    const matched = tool.matchRule(rule.rule_content, input);
    if (isPromiseLike(matched)) return coveredAsync(rules, i, matched, tool, input);
    if (matched) return true;
  }
  return false;
}

async function coveredAsync(
  rules: readonly PermissionRule[],
  index: number,
  pending: PromiseLike<boolean>,
  tool: ToolBase,
  input: ToolInput,
): Promise<boolean> {
  if (await pending) return true;
  for (let i = index + 1; i < rules.length; i++) {
    const rule = rules[i];
    if (rule === undefined || rule.tool_name !== tool.name) continue;
    if (await tool.matchRule(rule.rule_content, input)) return true;
  }
  return false;
}
