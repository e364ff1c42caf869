import type { PermissionRule } from "../message/index.js";
import { isPromiseLike, type MaybePromise } from "./maybe-promise.js";
import type { RulesByTool } from "./permission-context.js";
import type { PermissionSubject, ToolInput } from "./permission-subject.js";

/**
 * The rules listed under exactly `toolName`. Own keys only: a tool named `constructor` or
 * `toString` must not find `Object.prototype`'s members where its rule list would be.
 */
export function rulesFor(rules: RulesByTool, toolName: string): PermissionRule[] | undefined {
  return Object.hasOwn(rules, toolName) ? rules[toolName] : undefined;
}

/**
 * Appends `rule` to the list under its `tool_name` (no dedup, order kept). A missing list is
 * defined rather than assigned so that even a `__proto__` tool name becomes a plain own key.
 */
export function appendRule(rules: RulesByTool, rule: PermissionRule): void {
  const list = rulesFor(rules, rule.tool_name);
  if (list !== undefined) {
    list.push(rule);
    return;
  }
  Object.defineProperty(rules, rule.tool_name, {
    value: [rule],
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

/**
 * The first rule under the tool's name that covers `input`: null or empty `rule_content` covers
 * everything, otherwise the tool's `matchRule` decides. Stays synchronous (no promise, no
 * microtask) until a `matchRule` actually returns a promise.
 */
export function findMatchingRule(
  rules: RulesByTool,
  tool: PermissionSubject,
  input: ToolInput,
): MaybePromise<PermissionRule | undefined> {
  const list = rulesFor(rules, tool.name);
  if (list === undefined) return undefined;
  for (let i = 0; i < list.length; i++) {
    const rule = list[i];
    if (rule === undefined) continue;
    const content = rule.rule_content;
    if (content === null || content === "") return rule;
    const matched = tool.matchRule(content, input);
    if (isPromiseLike(matched)) return continueAsync(list, i, rule, matched, tool, input);
    if (matched) return rule;
  }
  return undefined;
}

/** The rest of {@link findMatchingRule} once one `matchRule` answered with a promise. */
async function continueAsync(
  list: readonly PermissionRule[],
  index: number,
  pendingRule: PermissionRule,
  pending: Promise<boolean>,
  tool: PermissionSubject,
  input: ToolInput,
): Promise<PermissionRule | undefined> {
  if (await pending) return pendingRule;
  for (let i = index + 1; i < list.length; i++) {
    const rule = list[i];
    if (rule === undefined) continue;
    const content = rule.rule_content;
    if (content === null || content === "") return rule;
    const matched = tool.matchRule(content, input);
    if (isPromiseLike(matched) ? await matched : matched) return rule;
  }
  return undefined;
}
