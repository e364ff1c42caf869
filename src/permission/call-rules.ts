import type { PermissionRule } from "../message/index.js";
import { isPromiseLike, type MaybePromise } from "./maybe-promise.js";
import type { RulesByTool } from "./permission-context.js";
import type { PermissionSubject, ToolInput } from "./permission-subject.js";
import { coversEveryPart, firstCovering, firstCoveringAnyPart, rulesFor } from "./rule-matching.js";
import type { RuleSubject } from "./rule-subject.js";

/**
 * One call as the rules see it: the tool, its input, and — for tools with a `ruleSubjects` hook —
 * its parts (departure 7), asked of the tool at most once and only when a rule list needs them.
 */
export class RuleCall {
  #parts: Promise<readonly RuleSubject[] | null> | undefined;

  constructor(
    readonly tool: PermissionSubject,
    readonly input: ToolInput,
  ) {}

  /** The parts rules are matched against one by one, or `null` for the whole input. */
  parts(): Promise<readonly RuleSubject[] | null> {
    this.#parts ??= Promise.resolve(this.tool.ruleSubjects?.(this.input) ?? null);
    return this.#parts;
  }
}

/**
 * Steps D and A: the first rule under the tool's name covering the whole input, else (departure
 * 7) the first covering any of its parts. Synchronous while the tool's hooks are.
 */
export function ruleCoveringCall(
  rules: RulesByTool,
  call: RuleCall,
): MaybePromise<PermissionRule | undefined> {
  const list = rulesFor(rules, call.tool.name);
  if (list === undefined || list.length === 0) return undefined;
  const whole = firstCovering(list, call.tool, call.input);
  if (call.tool.ruleSubjects === undefined) return whole;
  if (isPromiseLike(whole)) return whole.then((rule) => rule ?? ruleCoveringPart(list, call));
  return whole ?? ruleCoveringPart(list, call);
}

async function ruleCoveringPart(
  list: readonly PermissionRule[],
  call: RuleCall,
): Promise<PermissionRule | undefined> {
  const parts = await call.parts();
  return parts === null ? undefined : firstCoveringAnyPart(list, call.tool, parts);
}

/**
 * Step L: whether the allow rules under the tool's name allow the call. Without parts, a rule
 * covering the whole input does (spec §4); with parts (departure 7), every part must be
 * read-only or covered by some rule, so `git:*` allows `git add . && git commit` but not
 * `git status && curl … | sh`.
 */
export function allowRulesCoverCall(rules: RulesByTool, call: RuleCall): MaybePromise<boolean> {
  const list = rulesFor(rules, call.tool.name);
  return list === undefined || list.length === 0 ? false : listCoversCall(list, call);
}

function listCoversCall(list: readonly PermissionRule[], call: RuleCall): MaybePromise<boolean> {
  if (call.tool.ruleSubjects === undefined) {
    const rule = firstCovering(list, call.tool, call.input);
    return isPromiseLike(rule) ? rule.then((r) => r !== undefined) : rule !== undefined;
  }
  return call
    .parts()
    .then(async (parts) =>
      parts === null
        ? (await firstCovering(list, call.tool, call.input)) !== undefined
        : coversEveryPart(list, call.tool, parts),
    );
}

/**
 * Whether `rules` (any tools' rules; those for other tools are ignored) would allow a call of
 * `tool` with `input`, by the engine's step L. For callers holding rules outside a permission
 * context, such as the rules suggested while a batch of calls waits for the user.
 *
 * @example
 * await allowRulesCover(suggested, bash, { command: "git status && npm test" });
 */
export function allowRulesCover(
  rules: readonly PermissionRule[],
  tool: PermissionSubject,
  input: ToolInput,
): MaybePromise<boolean> {
  const list = rules.filter((rule) => rule.tool_name === tool.name);
  return list.length === 0 ? false : listCoversCall(list, new RuleCall(tool, input));
}
