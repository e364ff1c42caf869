import { describe, expect, it } from "vitest";
import {
  allowRulesCover,
  PermissionEngine,
  type PermissionContextInput,
  type PermissionRule,
  type PermissionSubject,
  type RuleSubject,
  type ToolInput,
} from "../../src/permission/index.js";
import { toolDecision } from "./fake-tools.js";

/**
 * A tool whose input is a list of steps separated by `;`. Rules match one step (`X:*` is a
 * prefix, anything else the exact text); steps starting with `read` are read-only. `null` steps
 * (written `?`) are parts nobody can name. With `parts: false` it has no `ruleSubjects` hook.
 */
function stepsTool(options: { parts?: boolean; whole?: boolean } = {}): PermissionSubject & {
  asked: number;
} {
  const text = (input: ToolInput): string =>
    typeof input["command"] === "string" ? input["command"] : "";
  const tool = {
    name: "Steps",
    asked: 0,
    checkReadOnly: (input: ToolInput) =>
      text(input)
        .split(";")
        .every((s) => s.trim().startsWith("read")),
    checkPermissions: () => toolDecision("passthrough", "check the rules"),
    matchRule(content: string, input: ToolInput) {
      const command = text(input);
      if (content.endsWith(":*")) {
        const prefix = content.slice(0, -2);
        return command === prefix || command.startsWith(`${prefix} `);
      }
      return command === content;
    },
    generateSuggestions: () => [],
    ruleSubjects: (input: ToolInput): readonly RuleSubject[] | null => {
      tool.asked++;
      if (options.whole === true) return null;
      const command = text(input);
      if (command === "") return [];
      return command.split(";").map((step) => {
        const s = step.trim();
        return s === "?"
          ? { input: null, read_only: false }
          : { input: { command: s }, read_only: s.startsWith("read") };
      });
    },
  };
  if (options.parts === false) {
    const { ruleSubjects: _omitted, ...rest } = tool;
    return rest;
  }
  return tool;
}

function rule(behavior: "allow" | "deny" | "ask", content: string | null): PermissionRule {
  return { tool_name: "Steps", rule_content: content, behavior, source: "test" };
}

function rules(...list: PermissionRule[]): PermissionContextInput {
  const by = (b: string) => ({ Steps: list.filter((r) => r.behavior === b) });
  return { allow_rules: by("allow"), deny_rules: by("deny"), ask_rules: by("ask") };
}

async function decide(
  command: string,
  context: PermissionContextInput,
  tool = stepsTool(),
): Promise<string> {
  return (await new PermissionEngine(context).decide(tool, { command })).behavior;
}

describe("departure 7: allow rules match each part of a call (PermissionSubject.ruleSubjects)", () => {
  it("departure 7: a call is allowed by rules only when every part is covered", async () => {
    const context = rules(rule("allow", "git:*"));
    expect(await decide("git add x; git commit", context)).toBe("allow");
    expect(await decide("git status; curl x", context)).toBe("ask");
    expect(await decide("curl x; git status", context)).toBe("ask");
  });

  it("departure 7: read-only parts need no rule; different rules may cover different parts", async () => {
    const context = rules(rule("allow", "git:*"), rule("allow", "npm run:*"));
    expect(await decide("read a; git push; npm run build; read b", context)).toBe("allow");
    expect(await decide("read a; npm test", context)).toBe("ask");
  });

  it("departure 7: a rule for the whole tool covers every part, even one nobody can name", async () => {
    expect(await decide("git x; ?", rules(rule("allow", null)))).toBe("allow");
    expect(await decide("git x; ?", rules(rule("allow", "")))).toBe("allow");
    expect(await decide("git x; ?", rules(rule("allow", "git:*")))).toBe("ask");
  });

  it("departure 7: an empty list of parts is never covered by a content rule", async () => {
    expect(await decide("", rules(rule("allow", ":*")))).toBe("ask");
  });

  it("departure 7: parts = null keeps whole-input matching (spec §4)", async () => {
    const tool = stepsTool({ whole: true });
    expect(await decide("git a; curl x", rules(rule("allow", "git:*")), tool)).toBe("allow");
    expect(await decide("git a; curl x", rules(rule("allow", "curl x")), tool)).toBe("ask");
  });

  it("spec §4: a tool without the hook keeps whole-input matching", async () => {
    const tool = stepsTool({ parts: false });
    expect(await decide("git a; curl x", rules(rule("allow", "git:*")), tool)).toBe("allow");
  });

  it("departure 7: a deny rule matching any part, or the whole input, denies", async () => {
    const deny = await new PermissionEngine(rules(rule("deny", "curl x"))).decide(stepsTool(), {
      command: "git a; curl x",
    });
    expect(deny).toMatchObject({ behavior: "deny", decision_reason: "Rule: curl x" });
    expect(await decide("git a; curl x", rules(rule("deny", "git a; curl x")))).toBe("deny");
    expect(await decide("git a; curl y", rules(rule("deny", "curl x")))).toBe("ask");
  });

  it("departure 7: an ask rule matching any part asks; DONT_ASK converts it to DENY", async () => {
    const context = rules(rule("ask", "npm publish"), rule("allow", null));
    expect(await decide("read a; npm publish", context)).toBe("ask");
    expect(await decide("read a; npm publish", { ...context, mode: "dont_ask" })).toBe("deny");
    expect(await decide("read a; npm test", context)).toBe("allow");
  });

  it("asks the tool for its parts at most once per decision, and not at all without rules", async () => {
    const tool = stepsTool();
    await decide("git a; curl x", {}, tool);
    expect(tool.asked).toBe(0);
    await decide(
      "git a; curl x",
      rules(rule("deny", "x"), rule("ask", "y"), rule("allow", "z")),
      tool,
    );
    expect(tool.asked).toBe(1);
  });
});

describe("allowRulesCover", () => {
  it("departure 7: judges a flat rule list like step L, ignoring other tools' rules", async () => {
    const tool = stepsTool();
    const other: PermissionRule = { ...rule("allow", null), tool_name: "Other" };
    expect(
      await allowRulesCover([rule("allow", "git:*")], tool, { command: "git a; read b" }),
    ).toBe(true);
    expect(await allowRulesCover([rule("allow", "git:*")], tool, { command: "git a; curl" })).toBe(
      false,
    );
    expect(await allowRulesCover([other], tool, { command: "curl" })).toBe(false);
    expect(await allowRulesCover([], tool, { command: "read" })).toBe(false);
  });
});
