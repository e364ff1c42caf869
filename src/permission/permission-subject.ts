import type { PermissionRule } from "../message/index.js";
import type { MaybePromise } from "./maybe-promise.js";
import type { PermissionContext } from "./permission-context.js";
import type { PermissionDecision } from "./permission-decision.js";
import type { RuleSubject } from "./rule-subject.js";

export type { MaybePromise } from "./maybe-promise.js";

/** A tool's input: a JSON object. */
export type ToolInput = Record<string, unknown>;

/**
 * What the permission engine needs of a tool. `ToolBase` implements it; a remote tool's proxy
 * answers it over the bus. Kept here so the engine never imports `tools`. Each hook may answer
 * synchronously; the engine awaits only the ones that return a promise.
 */
export interface PermissionSubject {
  readonly name: string;
  /** Whether this call only reads (the engine's read-only fast path). */
  checkReadOnly(input: ToolInput): MaybePromise<boolean>;
  /** The tool's own view of this call. */
  checkPermissions(input: ToolInput, context: PermissionContext): MaybePromise<PermissionDecision>;
  /** Whether a rule's `rule_content` (never null or empty here) covers this input. */
  matchRule(ruleContent: string, input: ToolInput): MaybePromise<boolean>;
  /** Rules a user could accept to allow calls like this one. */
  generateSuggestions(input: ToolInput): MaybePromise<PermissionRule[]>;
  /**
   * The parts of this call that rules are matched against one by one (departure 7), or `null` to
   * match rules against the whole input (what tools without the hook get). With parts, deny and
   * ask rules match when they cover the whole input or any part, and allow rules allow the call
   * only when every part is read-only or covered by some allow rule (an empty list never is).
   */
  ruleSubjects?(input: ToolInput): MaybePromise<readonly RuleSubject[] | null>;
  /**
   * Called once at the start of each decision, before any other hook, with the context the
   * engine decides with. A tool whose hooks are answered elsewhere (a remote tool, whose worker
   * answers over the bus) fetches here, in one round trip, every answer this decision may need,
   * and then answers the hooks that follow from what it fetched.
   */
  preparePermissions?(input: ToolInput, context: PermissionContext): MaybePromise<void>;
}
