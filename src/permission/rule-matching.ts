import type { PermissionRule } from "../message/index.js";
import { isPromiseLike, type MaybePromise } from "./maybe-promise.js";
import type { RulesByTool } from "./permission-context.js";
import type { PermissionSubject, ToolInput } from "./permission-subject.js";
import type { RuleSubject } from "./rule-subject.js";

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

/** Whether a rule covers every input of its tool (no content, or empty content). */
export function isToolWide(rule: PermissionRule): boolean {
  return rule.rule_content === null || rule.rule_content === "";
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
  return list === undefined ? undefined : firstCovering(list, tool, input);
}

/** {@link findMatchingRule} over one list of rules (all for `tool`). */
export function firstCovering(
  list: readonly PermissionRule[],
  tool: PermissionSubject,
  input: ToolInput,
): MaybePromise<PermissionRule | undefined> {
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

/** The rest of {@link firstCovering} once one `matchRule` answered with a promise. */
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

/**
 * Deny and ask rules with parts (departure 7): the first rule of `list` that covers one of the
 * named parts. Run after the whole input was tried, so a rule matching the whole command still
 * matches, and a rule naming one subcommand matches wherever that subcommand appears.
 */
export async function firstCoveringAnyPart(
  list: readonly PermissionRule[],
  tool: PermissionSubject,
  parts: readonly RuleSubject[],
): Promise<PermissionRule | undefined> {
  for (const rule of list) {
    const content = rule.rule_content;
    if (content === null || content === "") return rule;
    for (const part of parts) {
      if (part.input !== null && (await tool.matchRule(content, part.input))) return rule;
    }
  }
  return undefined;
}

/**
 * Allow rules with parts (departure 7): whether `list` covers the call. A rule for the whole tool
 * covers everything; otherwise every part must be read-only or covered by some rule of `list`,
 * a part without a name is covered by none, and an empty list of parts is never covered.
 */
export async function coversEveryPart(
  list: readonly PermissionRule[],
  tool: PermissionSubject,
  parts: readonly RuleSubject[],
): Promise<boolean> {
  if (list.some(isToolWide)) return true;
  if (parts.length === 0) return false;
  for (const part of parts) {
    if (part.read_only) continue;
    if (part.input === null) return false;
    const rule = firstCovering(list, tool, part.input);
    if ((isPromiseLike(rule) ? await rule : rule) === undefined) return false;
  }
  return true;
}
