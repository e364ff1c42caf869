import {
  PermissionRuleSchema,
  type PermissionRule,
  type PermissionRuleInput,
} from "../message/index.js";
import { ValidationError, parseOrThrow } from "../errors/index.js";
import {
  allowRuleDecision,
  askConvertedToDenyDecision,
  askRuleDecision,
  bypassAllowDecision,
  denyRuleDecision,
  dontAskDenyDecision,
  exploreDenyDecision,
  modeAskDecision,
  pyStr,
  readOnlyDecision,
  withSuggestions,
} from "./decisions.js";
import { isPromiseLike } from "./maybe-promise.js";
import {
  AdditionalWorkingDirectorySchema,
  PermissionContextSchema,
  type PermissionContext,
  type PermissionContextInput,
} from "./permission-context.js";
import type { PermissionDecision } from "./permission-decision.js";
import { PermissionModeSchema, type PermissionMode } from "./permission-mode.js";
import type { PermissionSubject, ToolInput } from "./permission-subject.js";
import { allowRulesCoverCall, RuleCall, ruleCoveringCall } from "./call-rules.js";
import { appendRule } from "./rule-matching.js";

/**
 * Decides whether a tool call may run: allow, deny, or ask the user. Pure (no I/O of its own;
 * only the tool's hooks may do some) and implementing spec §4 step by step:
 *
 * | mode | order |
 * |---|---|
 * | `default`, `accept_edits` | deny rules → ask rules → read-only → tool check → allow rules → ASK |
 * | `explore` | deny rules → ask rules → read-only → DENY (tool check and allow rules never consulted) |
 * | `bypass` | deny rules → ask rules → read-only → tool check (any ASK ignored) → allow rules → ALLOW |
 * | `dont_ask` | as `default`, but every ASK becomes DENY (suggestions kept); never returns ASK |
 *
 * Rules are matched against the whole input; for a tool with a `ruleSubjects` hook (Bash), also
 * against each part of it (departure 7): a deny or ask rule matching any part matches, and allow
 * rules allow the call only when every part is read-only or covered by some allow rule.
 *
 * The engine holds a validated copy of the context it is given; read the live one back through
 * {@link PermissionEngine.context} (to persist it, or to see rules added at run time).
 *
 * @example
 * const engine = new PermissionEngine({ mode: "accept_edits" });
 * engine.addRule({ tool_name: "Bash", rule_content: "git:*", behavior: "allow", source: "userSettings" });
 * const decision = await engine.decide(bash, { command: "git push" });
 * if (decision.behavior === "ask") …
 */
export class PermissionEngine {
  #context: PermissionContext;

  /**
   * @param permissionContext The mode, working directories and rules, as plain data with wire
   *   names (JSON from a file or the bus is fine). Invalid data throws a `ValidationError` naming
   *   the bad field.
   */
  constructor(permissionContext: PermissionContextInput = {}) {
    this.#context = parseOrThrow(PermissionContextSchema, permissionContext, "PermissionContext");
  }

  /** The live permission context (plain data, wire names); the engine decides with it. */
  get context(): PermissionContext {
    return this.#context;
  }

  /**
   * Appends a rule to the list for its behaviour, keyed by `tool_name` (no dedup; rules are tried
   * in order, first match wins; a `passthrough` rule is ignored). The rule may be JSON from a
   * file or the bus: an invalid one throws a `ValidationError` and changes nothing.
   */
  addRule(rule: PermissionRuleInput): void;
  /** The same, for a rule that arrived as JSON and has not been checked yet. */
  addRule(rule: unknown): void;
  addRule(rule: unknown): void {
    const parsed: PermissionRule = parseOrThrow(PermissionRuleSchema, rule, "PermissionRule");
    switch (parsed.behavior) {
      case "allow":
        appendRule(this.#context.allow_rules, parsed);
        return;
      case "deny":
        appendRule(this.#context.deny_rules, parsed);
        return;
      case "ask":
        appendRule(this.#context.ask_rules, parsed);
        return;
      case "passthrough":
        return;
    }
  }

  /** Switches the mode; an unknown mode throws a `ValidationError` and changes nothing. */
  setMode(mode: PermissionMode): void {
    this.#context.mode = parseOrThrow(PermissionModeSchema, mode, "PermissionMode");
  }

  /**
   * Adds a directory that counts as a working directory besides the process cwd (keyed by
   * `path`, as given; tools resolve it when they compare). Invalid values throw and change nothing.
   */
  addWorkingDirectory(path: string, source: string): void {
    const entry = parseOrThrow(
      AdditionalWorkingDirectorySchema,
      { path, source },
      "AdditionalWorkingDirectory",
    );
    Object.defineProperty(this.#context.working_directories, entry.path, {
      value: entry,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }

  /**
   * The decision for one call of `tool` with `input`. Runs for every tool call of every agent,
   * so it copies nothing, allocates only the decision it returns (a tool's own ALLOW or DENY is
   * returned as is) and one small record of the call, and awaits a hook only when the hook
   * returned a promise; a tool's rule parts are asked for only when a rule list needs them.
   */
  async decide(tool: PermissionSubject, input: ToolInput): Promise<PermissionDecision> {
    const context = this.#context;
    const mode = context.mode;
    assertKnownMode(mode);
    const name = tool.name;
    if (tool.preparePermissions !== undefined) {
      const prepared = tool.preparePermissions(input, context);
      if (isPromiseLike(prepared)) await prepared;
    }
    // What rules see: the whole input, or each of its parts (departure 7).
    const call = new RuleCall(tool, input);

    // D: deny rules, in every mode.
    let rule = ruleCoveringCall(context.deny_rules, call);
    if (isPromiseLike(rule)) rule = await rule;
    if (rule !== undefined) return denyRuleDecision(name, rule.rule_content);

    // A: ask rules, with suggestions; DONT_ASK cannot ask, so it converts them to DENY.
    rule = ruleCoveringCall(context.ask_rules, call);
    if (isPromiseLike(rule)) rule = await rule;
    if (rule !== undefined) {
      let suggestions = tool.generateSuggestions(input);
      if (isPromiseLike(suggestions)) suggestions = await suggestions;
      return mode === "dont_ask"
        ? askConvertedToDenyDecision(name, `Rule: ${pyStr(rule.rule_content)}`, suggestions)
        : askRuleDecision(name, rule.rule_content, suggestions);
    }

    // R: the read-only fast path.
    let readOnly = tool.checkReadOnly(input);
    if (isPromiseLike(readOnly)) readOnly = await readOnly;
    if (readOnly) return readOnlyDecision(name);

    // EXPLORE is settled by the read-only verdict: no tool check, no allow rule can grant writes.
    if (mode === "explore") return exploreDenyDecision(name);

    // T: the tool's own check. ALLOW and DENY stand in every mode.
    let own = tool.checkPermissions(input, context);
    if (isPromiseLike(own)) own = await own;
    if (own.behavior === "allow" || own.behavior === "deny") return own;
    // A safety ASK outranks allow rules, except in BYPASS, which skips every ASK by contract.
    if (own.behavior === "ask" && own.bypass_immune && mode !== "bypass") {
      let suggestions = tool.generateSuggestions(input);
      if (isPromiseLike(suggestions)) suggestions = await suggestions;
      return mode === "dont_ask"
        ? askConvertedToDenyDecision(name, own.decision_reason, suggestions)
        : withSuggestions(own, suggestions);
    }
    // Any other ASK, and PASSTHROUGH, go on to the allow rules.

    // L: allow rules.
    let allowed = allowRulesCoverCall(context.allow_rules, call);
    if (isPromiseLike(allowed)) allowed = await allowed;
    if (allowed) return allowRuleDecision(name, input);

    // The mode's fallback.
    if (mode === "bypass") return bypassAllowDecision(name);
    if (mode === "dont_ask") return dontAskDenyDecision(name);
    let suggestions = tool.generateSuggestions(input);
    if (isPromiseLike(suggestions)) suggestions = await suggestions;
    return modeAskDecision(name, mode, suggestions);
  }
}

/**
 * The context is live plain data that its holders may mutate directly; a mode that is not one of
 * the five would otherwise fall through to the DEFAULT branch silently.
 */
function assertKnownMode(mode: string): void {
  switch (mode) {
    case "default":
    case "accept_edits":
    case "explore":
    case "bypass":
    case "dont_ask":
      return;
    default:
      throw new ValidationError("PermissionContext", [
        { path: "mode", message: `Unknown permission mode: ${JSON.stringify(mode)}` },
      ]);
  }
}
