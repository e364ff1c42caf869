/**
 * Spec §4 decision table: every mode × every rule situation × every kind of tool answer, 150
 * cases, each compared with the full decision the spec prescribes. The expectations are written
 * out below as a table, not computed, so a change in the engine cannot also change the oracle.
 * The whole table runs twice: with hooks that answer synchronously and with hooks that return
 * promises.
 */
import { describe, expect, it } from "vitest";
import {
  PermissionEngine,
  type MaybePromise,
  type PermissionDecision,
  type PermissionMode,
  type PermissionRuleInput,
  type PermissionSubject,
} from "../../src/permission/index.js";
import { suggested, toolDecision } from "./fake-tools.js";

const TOOL = "Probe";
const MATCHING = "probe:yes";
const NOT_MATCHING = "probe:no";
const INPUT = Object.freeze({ target: "x" });
const SUGGESTIONS = Object.freeze([suggested(TOOL, "probe:*")]);

type ToolKind = "readOnly" | "allow" | "deny" | "ask" | "safetyAsk" | "passthrough";
type RuleSet = "none" | "allowRule" | "denyRule" | "askRule" | "otherAllowRule";
/** Which step of §4 settles the call: rules D/A/L, read-only R, tool T, or the mode fallback F. */
type Step = "D" | "A" | "R" | "T" | "L" | "F";

const TOOL_KINDS: readonly ToolKind[] = [
  "readOnly",
  "allow",
  "deny",
  "ask",
  "safetyAsk",
  "passthrough",
];

const TOOL_ANSWERS: Readonly<Record<Exclude<ToolKind, "readOnly">, PermissionDecision>> = {
  allow: toolDecision("allow", "Probe allows this call", { decision_reason: "probe: allow" }),
  deny: toolDecision("deny", "Probe denies this call", { decision_reason: "probe: deny" }),
  ask: toolDecision("ask", "Probe asks", { decision_reason: "probe: ask" }),
  safetyAsk: toolDecision("ask", "Permission required: probe safety", {
    decision_reason: "Safety check: probe",
    bypass_immune: true,
  }),
  passthrough: toolDecision("passthrough", "Probe passes"),
};

const RULES: Readonly<Record<RuleSet, PermissionRuleInput[]>> = {
  none: [],
  allowRule: [
    { tool_name: TOOL, rule_content: MATCHING, behavior: "allow", source: "userSettings" },
  ],
  denyRule: [{ tool_name: TOOL, rule_content: MATCHING, behavior: "deny", source: "userSettings" }],
  askRule: [{ tool_name: TOOL, rule_content: MATCHING, behavior: "ask", source: "userSettings" }],
  otherAllowRule: [
    { tool_name: TOOL, rule_content: NOT_MATCHING, behavior: "allow", source: "userSettings" },
  ],
};

interface Expected {
  readonly name: string;
  readonly step: Step;
  readonly decision: PermissionDecision;
}

function expected(
  name: string,
  step: Step,
  behavior: PermissionDecision["behavior"],
  message: string,
  decision_reason: string | null,
  extra: Partial<PermissionDecision> = {},
): Expected {
  return { name, step, decision: toolDecision(behavior, message, { decision_reason, ...extra }) };
}

const withSuggestions = { suggested_rules: [...SUGGESTIONS] };
const CONVERTED =
  "Permission denied for Probe (dont_ask mode - ASK converted to DENY, user not available)";

// Every outcome the spec gives, verbatim.
const denyRule = expected(
  "DENY by rule",
  "D",
  "deny",
  "Permission to use Probe has been denied",
  "Rule: probe:yes",
);
const askRule = expected(
  "ASK by rule",
  "A",
  "ask",
  "Permission required for Probe",
  "Rule: probe:yes",
  withSuggestions,
);
const askRuleConverted = expected(
  "ASK rule converted to DENY",
  "A",
  "deny",
  CONVERTED,
  "DONT_ASK mode converted ASK to DENY. Original reason: Rule: probe:yes",
  withSuggestions,
);
const readOnly = expected(
  "ALLOW read-only",
  "R",
  "allow",
  "Permission granted for Probe (read-only invocation)",
  "Read-only operations are auto-allowed",
);
const toolAllow: Expected = { name: "the tool's ALLOW", step: "T", decision: TOOL_ANSWERS.allow };
const toolDeny: Expected = { name: "the tool's DENY", step: "T", decision: TOOL_ANSWERS.deny };
const toolSafetyAsk: Expected = {
  name: "the tool's safety ASK with suggestions",
  step: "T",
  decision: { ...TOOL_ANSWERS.safetyAsk, suggested_rules: [...SUGGESTIONS] },
};
const toolSafetyConverted = expected(
  "safety ASK converted to DENY",
  "T",
  "deny",
  CONVERTED,
  "DONT_ASK mode converted ASK to DENY. Original reason: Safety check: probe",
  withSuggestions,
);
const allowRule = expected("ALLOW by rule", "L", "allow", "Permission granted for Probe", null, {
  updated_input: INPUT,
});
const askDefault = expected(
  "ASK (mode default)",
  "F",
  "ask",
  "Permission required for Probe",
  "Mode: default",
  withSuggestions,
);
const askAcceptEdits = expected(
  "ASK (mode accept_edits)",
  "F",
  "ask",
  "Permission required for Probe",
  "Mode: accept_edits",
  withSuggestions,
);
const exploreDeny = expected(
  "DENY (explore)",
  "F",
  "deny",
  "Permission denied for Probe (explore mode is read-only)",
  "Explore mode does not allow modifications",
);
const bypassAllow = expected(
  "ALLOW (bypass)",
  "F",
  "allow",
  "Permission granted for Probe (bypass mode)",
  "Bypass mode allows all operations",
);
const dontAskDeny = expected(
  "DENY (dont_ask)",
  "F",
  "deny",
  "Permission denied for Probe (dont_ask mode - user not available)",
  "User is not available to answer permission prompts",
);

/** Columns: readOnly, tool ALLOW, tool DENY, tool ASK, tool safety ASK, tool PASSTHROUGH. */
type Row = readonly [Expected, Expected, Expected, Expected, Expected, Expected];
const all = (e: Expected): Row => [e, e, e, e, e, e];

// prettier-ignore
const TABLE: Readonly<Record<PermissionMode, Readonly<Record<RuleSet, Row>>>> = {
  default: {
    none:           [readOnly, toolAllow, toolDeny, askDefault, toolSafetyAsk, askDefault],
    allowRule:      [readOnly, toolAllow, toolDeny, allowRule,  toolSafetyAsk, allowRule],
    denyRule:       all(denyRule),
    askRule:        all(askRule),
    otherAllowRule: [readOnly, toolAllow, toolDeny, askDefault, toolSafetyAsk, askDefault],
  },
  accept_edits: {
    none:           [readOnly, toolAllow, toolDeny, askAcceptEdits, toolSafetyAsk, askAcceptEdits],
    allowRule:      [readOnly, toolAllow, toolDeny, allowRule,      toolSafetyAsk, allowRule],
    denyRule:       all(denyRule),
    askRule:        all(askRule),
    otherAllowRule: [readOnly, toolAllow, toolDeny, askAcceptEdits, toolSafetyAsk, askAcceptEdits],
  },
  explore: {
    none:           [readOnly, exploreDeny, exploreDeny, exploreDeny, exploreDeny, exploreDeny],
    allowRule:      [readOnly, exploreDeny, exploreDeny, exploreDeny, exploreDeny, exploreDeny],
    denyRule:       all(denyRule),
    askRule:        all(askRule),
    otherAllowRule: [readOnly, exploreDeny, exploreDeny, exploreDeny, exploreDeny, exploreDeny],
  },
  bypass: {
    none:           [readOnly, toolAllow, toolDeny, bypassAllow, bypassAllow, bypassAllow],
    allowRule:      [readOnly, toolAllow, toolDeny, allowRule,   allowRule,   allowRule],
    denyRule:       all(denyRule),
    askRule:        all(askRule),
    otherAllowRule: [readOnly, toolAllow, toolDeny, bypassAllow, bypassAllow, bypassAllow],
  },
  dont_ask: {
    none:           [readOnly, toolAllow, toolDeny, dontAskDeny, toolSafetyConverted, dontAskDeny],
    allowRule:      [readOnly, toolAllow, toolDeny, allowRule,   toolSafetyConverted, allowRule],
    denyRule:       all(denyRule),
    askRule:        all(askRuleConverted),
    otherAllowRule: [readOnly, toolAllow, toolDeny, dontAskDeny, toolSafetyConverted, dontAskDeny],
  },
};

interface Calls {
  readOnly: number;
  permissions: number;
  suggestions: number;
}

/** A tool that gives the `kind` answer and counts which hooks the engine consulted. */
function probe(kind: ToolKind, async: boolean, calls: Calls): PermissionSubject {
  const answer = <T>(value: T): MaybePromise<T> => (async ? Promise.resolve(value) : value);
  return {
    name: TOOL,
    checkReadOnly: () => {
      calls.readOnly++;
      return answer(kind === "readOnly");
    },
    checkPermissions: () => {
      calls.permissions++;
      return answer(kind === "readOnly" ? TOOL_ANSWERS.passthrough : TOOL_ANSWERS[kind]);
    },
    matchRule: (content) => answer(content === MATCHING),
    generateSuggestions: () => {
      calls.suggestions++;
      return answer([...SUGGESTIONS]);
    },
  };
}

const CASES = Object.entries(TABLE).flatMap(([mode, byRules]) =>
  Object.entries(byRules).flatMap(([rules, row]) =>
    TOOL_KINDS.map((tool, column) => ({
      mode: mode as PermissionMode,
      rules: rules as RuleSet,
      tool,
      outcome: row[column] as Expected,
    })),
  ),
);

describe("PermissionEngine decision table (spec §4)", () => {
  it("has 150 cases: 5 modes × 5 rule situations × 6 tool answers", () => {
    expect(CASES).toHaveLength(150);
  });

  describe.each([
    ["synchronous", false],
    ["promise-returning", true],
  ] as const)("with %s hooks", (_label, async) => {
    it.each(
      CASES.map(
        (c) => [`§4 ${c.mode}, ${c.rules}, tool ${c.tool} → ${c.outcome.name}`, c] as const,
      ),
    )("%s", async (_title, { mode, rules, tool, outcome }) => {
      const engine = new PermissionEngine({ mode });
      for (const r of RULES[rules]) engine.addRule(r);
      const calls: Calls = { readOnly: 0, permissions: 0, suggestions: 0 };

      const decision = await engine.decide(probe(tool, async, calls), INPUT);

      expect(decision).toEqual(outcome.decision);
      // The step that settled the call also fixes which hooks ran before it.
      expect(calls.readOnly).toBe(outcome.step === "D" || outcome.step === "A" ? 0 : 1);
      const consultedTool = mode !== "explore" && ["T", "L", "F"].includes(outcome.step);
      expect(calls.permissions).toBe(consultedTool ? 1 : 0);
      // Suggestions are generated exactly when the decision carries them.
      expect(calls.suggestions).toBe(outcome.decision.suggested_rules === null ? 0 : 1);
      // A tool's own ALLOW/DENY comes back as the very object the tool returned.
      if (outcome === toolAllow || outcome === toolDeny) expect(decision).toBe(outcome.decision);
      if (outcome.step === "L") expect(decision.updated_input).toBe(INPUT);
    });
  });

  it("never mutates the decision a tool returned", async () => {
    const before = structuredClone(TOOL_ANSWERS);
    for (const { mode, rules, tool } of CASES) {
      const engine = new PermissionEngine({ mode });
      for (const r of RULES[rules]) engine.addRule(r);
      await engine.decide(
        probe(tool, false, { readOnly: 0, permissions: 0, suggestions: 0 }),
        INPUT,
      );
    }
    expect(TOOL_ANSWERS).toEqual(before);
  });
});
