import type { PermissionBehavior, PermissionRule } from "../message/index.js";
import type { PermissionDecision } from "./permission-decision.js";
import type { ToolInput } from "./permission-subject.js";

/*
 * The decisions the engine itself produces, with AgentScope's messages and reasons verbatim
 * (spec §4): models and frontends read them. Every decision is built by `decision()` so all of
 * them share one object shape, which keeps property access on the hot path monomorphic.
 */

/** Builds a decision with every field present (the wire form, defaults filled in). */
export function decision(
  behavior: PermissionBehavior,
  message: string,
  decisionReason: string | null,
  updatedInput: ToolInput | null,
  suggestedRules: PermissionRule[] | null,
  bypassImmune: boolean,
): PermissionDecision {
  return {
    behavior,
    message,
    decision_reason: decisionReason,
    updated_input: updatedInput,
    suggested_rules: suggestedRules,
    bypass_immune: bypassImmune,
  };
}

/**
 * Python's `str()` of an optional string, because the reference formats these reasons with
 * f-strings: a rule without content reads `"Rule: None"`, and clients see exactly that.
 */
export function pyStr(value: string | null): string {
  return value ?? "None";
}

/** D: a deny rule matched. */
export function denyRuleDecision(tool: string, ruleContent: string | null): PermissionDecision {
  return decision(
    "deny",
    `Permission to use ${tool} has been denied`,
    `Rule: ${pyStr(ruleContent)}`,
    null,
    null,
    false,
  );
}

/** A: an ask rule matched. */
export function askRuleDecision(
  tool: string,
  ruleContent: string | null,
  suggestions: PermissionRule[],
): PermissionDecision {
  return decision(
    "ask",
    `Permission required for ${tool}`,
    `Rule: ${pyStr(ruleContent)}`,
    null,
    suggestions,
    false,
  );
}

/** R: the call only reads. */
export function readOnlyDecision(tool: string): PermissionDecision {
  return decision(
    "allow",
    `Permission granted for ${tool} (read-only invocation)`,
    "Read-only operations are auto-allowed",
    null,
    null,
    false,
  );
}

/** L: an allow rule matched; the input goes on unchanged (the same object, not a copy). */
export function allowRuleDecision(tool: string, input: ToolInput): PermissionDecision {
  return decision("allow", `Permission granted for ${tool}`, null, input, null, false);
}

/** DEFAULT / ACCEPT_EDITS fallback: nothing settled the call, so the user is asked. */
export function modeAskDecision(
  tool: string,
  mode: string,
  suggestions: PermissionRule[],
): PermissionDecision {
  return decision(
    "ask",
    `Permission required for ${tool}`,
    `Mode: ${mode}`,
    null,
    suggestions,
    false,
  );
}

/** EXPLORE fallback: anything that is not read-only is refused. */
export function exploreDenyDecision(tool: string): PermissionDecision {
  return decision(
    "deny",
    `Permission denied for ${tool} (explore mode is read-only)`,
    "Explore mode does not allow modifications",
    null,
    null,
    false,
  );
}

/** BYPASS fallback. */
export function bypassAllowDecision(tool: string): PermissionDecision {
  return decision(
    "allow",
    `Permission granted for ${tool} (bypass mode)`,
    "Bypass mode allows all operations",
    null,
    null,
    false,
  );
}

/** DONT_ASK fallback: nobody is there to answer, so the call is refused (no suggestions). */
export function dontAskDenyDecision(tool: string): PermissionDecision {
  return decision(
    "deny",
    `Permission denied for ${tool} (dont_ask mode - user not available)`,
    "User is not available to answer permission prompts",
    null,
    null,
    false,
  );
}

/**
 * DONT_ASK's ASK→DENY conversion (an ask rule, or a tool's safety ASK). The original reason and
 * the suggestions are carried over so a UI can still show which rule would unblock the call.
 */
export function askConvertedToDenyDecision(
  tool: string,
  originalReason: string | null,
  suggestions: PermissionRule[] | null,
): PermissionDecision {
  return decision(
    "deny",
    `Permission denied for ${tool} (dont_ask mode - ASK converted to DENY, user not available)`,
    `DONT_ASK mode converted ASK to DENY. Original reason: ${pyStr(originalReason)}`,
    null,
    suggestions,
    false,
  );
}

/**
 * A tool's safety ASK returned with the suggestions attached. A new object rather than a
 * mutation: a tool may hand out one shared decision constant.
 */
export function withSuggestions(
  toolDecision: PermissionDecision,
  suggestions: PermissionRule[],
): PermissionDecision {
  return decision(
    toolDecision.behavior,
    toolDecision.message,
    toolDecision.decision_reason,
    toolDecision.updated_input,
    suggestions,
    toolDecision.bypass_immune,
  );
}
