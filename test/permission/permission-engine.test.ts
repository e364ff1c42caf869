import { describe, expect, it } from "vitest";
import { ActorscopeError, ValidationError } from "../../src/errors/index.js";
import {
  PermissionEngine,
  type PermissionRuleInput,
  type PermissionSubject,
  type ToolInput,
} from "../../src/permission/index.js";
import { suggested, toolDecision } from "./fake-tools.js";

const rule = (
  tool_name: string,
  behavior: PermissionRuleInput["behavior"],
  rule_content: string | null = null,
): PermissionRuleInput => ({ tool_name, rule_content, behavior, source: "userSettings" });

interface ToolOptions {
  name?: string;
  readOnly?: PermissionSubject["checkReadOnly"];
  permissions?: PermissionSubject["checkPermissions"];
  match?: PermissionSubject["matchRule"];
}

/** A tool that passes through unless told otherwise; matchRule compares with `input.key`. */
function tool(options: ToolOptions = {}): PermissionSubject & { matched: string[] } {
  const matched: string[] = [];
  return {
    name: options.name ?? "T",
    matched,
    checkReadOnly: options.readOnly ?? (() => false),
    checkPermissions: options.permissions ?? (() => toolDecision("passthrough", "")),
    matchRule:
      options.match ??
      ((content: string, input: ToolInput) => {
        matched.push(content);
        return content === input["key"];
      }),
    generateSuggestions: () => [suggested(options.name ?? "T", null)],
  };
}

function expectValidationError(run: () => unknown, what: string, path: string): ValidationError {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ValidationError);
  const error = caught as ValidationError;
  expect(error).toBeInstanceOf(ActorscopeError);
  expect(error.code).toBe("VALIDATION_FAILED");
  expect(error.what).toBe(what);
  expect(error.issues.map((i) => i.path)).toContain(path);
  // The message quotes the bad field (a bad root value has no field to quote).
  if (path !== "") expect(error.message).toContain(`\`${path}\``);
  return error;
}

describe("PermissionEngine construction and context", () => {
  it("fills the defaults of an empty context (mode default, no directories, no rules)", () => {
    expect(new PermissionEngine().context).toEqual({
      mode: "default",
      working_directories: {},
      allow_rules: {},
      deny_rules: {},
      ask_rules: {},
    });
  });

  it("accepts a context arriving as JSON with AgentScope's wire names", () => {
    const json = JSON.stringify({
      mode: "accept_edits",
      working_directories: { "/srv/app": { path: "/srv/app", source: "userSettings" } },
      allow_rules: {
        Bash: [
          { tool_name: "Bash", rule_content: "git:*", behavior: "allow", source: "userSettings" },
        ],
      },
      deny_rules: {},
      ask_rules: { Write: [{ tool_name: "Write", behavior: "ask", source: "session" }] },
    });
    const engine = new PermissionEngine(JSON.parse(json) as object);
    expect(engine.context.mode).toBe("accept_edits");
    expect(engine.context.allow_rules["Bash"]).toEqual([rule("Bash", "allow", "git:*")]);
    // A missing rule_content arrives as null: a rule for every input.
    expect(engine.context.ask_rules["Write"]).toEqual([
      { tool_name: "Write", rule_content: null, behavior: "ask", source: "session" },
    ]);
  });

  it("rejects a context whose rule has a bad behaviour with a ValidationError naming the field", () => {
    const bad = JSON.parse(
      '{"mode":"default","allow_rules":{"Bash":[{"tool_name":"Bash","rule_content":null,"behavior":"sometimes","source":"x"}]}}',
    ) as object;
    expectValidationError(
      () => new PermissionEngine(bad),
      "PermissionContext",
      "allow_rules.Bash.0.behavior",
    );
  });

  it("rejects a context with an unknown mode, naming `mode`", () => {
    expectValidationError(
      () => new PermissionEngine(JSON.parse('{"mode":"yolo"}') as object),
      "PermissionContext",
      "mode",
    );
  });

  it("rejects a working directory without a source, naming the field", () => {
    const bad = { working_directories: { "/a": { path: "/a" } } };
    expectValidationError(
      () => new PermissionEngine(bad as never),
      "PermissionContext",
      "working_directories./a.source",
    );
  });

  it("keeps its own validated copy, exposed live through `context`", () => {
    const input = { mode: "default" as const, allow_rules: {} };
    const engine = new PermissionEngine(input);
    engine.addRule(rule("Bash", "allow"));
    expect(input.allow_rules).toEqual({});
    expect(engine.context).toBe(engine.context);
    expect(engine.context.allow_rules["Bash"]).toHaveLength(1);
  });

  it("round-trips its context through JSON into a new engine", () => {
    const engine = new PermissionEngine({ mode: "dont_ask" });
    engine.addRule(rule("Bash", "deny", "rm:*"));
    engine.addWorkingDirectory("/srv/app", "session");
    const copy = new PermissionEngine(JSON.parse(JSON.stringify(engine.context)) as object);
    expect(copy.context).toEqual(engine.context);
  });
});

describe("PermissionEngine.addRule", () => {
  it("appends to the list for the rule's behaviour, keyed by tool_name, without dedup", () => {
    const engine = new PermissionEngine();
    engine.addRule(rule("Bash", "allow", "git:*"));
    engine.addRule(rule("Bash", "allow", "git:*"));
    engine.addRule(rule("Bash", "deny", "rm:*"));
    engine.addRule(rule("Write", "ask"));
    expect(engine.context.allow_rules).toEqual({
      Bash: [rule("Bash", "allow", "git:*"), rule("Bash", "allow", "git:*")],
    });
    expect(engine.context.deny_rules).toEqual({ Bash: [rule("Bash", "deny", "rm:*")] });
    expect(engine.context.ask_rules).toEqual({ Write: [rule("Write", "ask")] });
  });

  it("ignores a passthrough rule", () => {
    const engine = new PermissionEngine();
    engine.addRule(rule("Bash", "passthrough"));
    expect(engine.context).toEqual(new PermissionEngine().context);
  });

  it("defaults a missing rule_content to null (a rule for every input)", () => {
    const engine = new PermissionEngine();
    engine.addRule({ tool_name: "Bash", behavior: "deny", source: "userSettings" });
    expect(engine.context.deny_rules["Bash"]).toEqual([rule("Bash", "deny", null)]);
  });

  it.each([
    [
      "a behaviour outside the four",
      '{"tool_name":"Bash","behavior":"maybe","source":"x"}',
      "behavior",
    ],
    ["a missing source", '{"tool_name":"Bash","behavior":"allow"}', "source"],
    ["a numeric tool_name", '{"tool_name":7,"behavior":"allow","source":"x"}', "tool_name"],
    [
      "a non-string rule_content",
      '{"tool_name":"Bash","rule_content":[1],"behavior":"deny","source":"x"}',
      "rule_content",
    ],
  ])(
    "rejects bad JSON (%s) with a ValidationError naming the field and keeps existing rules",
    (_label, json, field) => {
      const engine = new PermissionEngine();
      engine.addRule(rule("Bash", "allow", "git:*"));
      engine.addRule(rule("Bash", "deny", "rm:*"));
      const before = structuredClone(engine.context);
      expectValidationError(
        () => {
          engine.addRule(JSON.parse(json));
        },
        "PermissionRule",
        field,
      );
      expect(engine.context).toEqual(before);
    },
  );

  it("rejects a value that is not an object at all", () => {
    const engine = new PermissionEngine();
    expectValidationError(
      () => {
        engine.addRule("allow everything");
      },
      "PermissionRule",
      "",
    );
    expect(engine.context).toEqual(new PermissionEngine().context);
  });
});

describe("PermissionEngine.setMode and addWorkingDirectory", () => {
  it("switches the mode the next decision uses", async () => {
    const engine = new PermissionEngine();
    engine.setMode("bypass");
    expect(engine.context.mode).toBe("bypass");
    expect((await engine.decide(tool(), {})).message).toBe(
      "Permission granted for T (bypass mode)",
    );
  });

  it("rejects an unknown mode and keeps the current one", () => {
    const engine = new PermissionEngine({ mode: "explore" });
    expectValidationError(
      () => {
        engine.setMode("yolo" as never);
      },
      "PermissionMode",
      "",
    );
    expect(engine.context.mode).toBe("explore");
  });

  it("adds a working directory keyed by its path", () => {
    const engine = new PermissionEngine();
    engine.addWorkingDirectory("/srv/app", "session");
    expect(engine.context.working_directories).toEqual({
      "/srv/app": { path: "/srv/app", source: "session" },
    });
  });

  it("rejects a working directory with a non-string source and changes nothing", () => {
    const engine = new PermissionEngine();
    expectValidationError(
      () => {
        engine.addWorkingDirectory("/srv/app", 42 as never);
      },
      "AdditionalWorkingDirectory",
      "source",
    );
    expect(engine.context.working_directories).toEqual({});
  });

  it("rejects a decision when the live context was given an unknown mode directly", async () => {
    const engine = new PermissionEngine();
    (engine.context as { mode: string }).mode = "yolo";
    await expect(engine.decide(tool(), {})).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      issues: [{ path: "mode", message: 'Unknown permission mode: "yolo"' }],
    });
  });
});

describe("PermissionEngine rule matching (spec §4)", () => {
  it("looks rules up by exact tool name", async () => {
    const engine = new PermissionEngine();
    engine.addRule(rule("bash", "deny"));
    engine.addRule(rule("Bash ", "deny"));
    expect((await engine.decide(tool({ name: "Bash" }), {})).behavior).toBe("ask");
  });

  it.each(["constructor", "toString", "hasOwnProperty", "__proto__"])(
    "finds no rules for a tool named %s unless some were added under that name",
    async (name) => {
      const engine = new PermissionEngine();
      expect((await engine.decide(tool({ name }), {})).decision_reason).toBe("Mode: default");
      engine.addRule(rule(name, "deny", "x"));
      expect(Object.hasOwn(engine.context.deny_rules, name)).toBe(true);
      expect(Object.getPrototypeOf(engine.context.deny_rules)).toBe(Object.prototype);
      expect(await engine.decide(tool({ name }), { key: "x" })).toMatchObject({
        behavior: "deny",
        decision_reason: "Rule: x",
      });
    },
  );

  it("uses the first matching rule and stops asking the tool after it", async () => {
    const engine = new PermissionEngine();
    for (const content of ["a", "b", "c", "b"]) engine.addRule(rule("T", "deny", content));
    const t = tool();
    const decision = await engine.decide(t, { key: "b" });
    expect(decision.decision_reason).toBe("Rule: b");
    expect(t.matched).toEqual(["a", "b"]);
  });

  it("matches null and empty rule_content without asking the tool", async () => {
    for (const content of [null, ""]) {
      const engine = new PermissionEngine();
      engine.addRule(rule("T", "allow", content));
      const t = tool();
      expect((await engine.decide(t, { key: "anything" })).behavior).toBe("allow");
      expect(t.matched).toEqual([]);
    }
  });

  it("renders a rule without content as Python does: `Rule: None`", async () => {
    const engine = new PermissionEngine();
    engine.addRule(rule("T", "deny", null));
    expect((await engine.decide(tool(), {})).decision_reason).toBe("Rule: None");
    const empty = new PermissionEngine();
    empty.addRule(rule("T", "deny", ""));
    expect((await empty.decide(tool(), {})).decision_reason).toBe("Rule: ");
  });

  it("goes on past a promise-returning matchRule that says no to a later synchronous match", async () => {
    const engine = new PermissionEngine();
    for (const content of ["async-no", "sync-no", "sync-yes"])
      engine.addRule(rule("T", "allow", content));
    const t = tool({
      match: (content) =>
        content.startsWith("async") ? Promise.resolve(false) : content === "sync-yes",
    });
    expect((await engine.decide(t, {})).behavior).toBe("allow");
  });
});

describe("PermissionEngine.decide edge cases", () => {
  it("passes the live context to the tool's own check", async () => {
    const engine = new PermissionEngine({ mode: "accept_edits" });
    let seen: unknown;
    await engine.decide(
      tool({
        permissions: (_input, context) => {
          seen = context;
          return toolDecision("passthrough", "");
        },
      }),
      {},
    );
    expect(seen).toBe(engine.context);
  });

  it("does not change the context while deciding", async () => {
    const engine = new PermissionEngine({ mode: "default" });
    engine.addRule(rule("T", "allow", "k"));
    const before = structuredClone(engine.context);
    await engine.decide(tool(), { key: "k" });
    await engine.decide(tool(), { key: "other" });
    expect(engine.context).toEqual(before);
  });

  it("awaits a non-Promise thenable instead of taking it for a truthy read-only answer", async () => {
    const thenable = {
      then(resolve: (value: boolean) => void) {
        resolve(false);
      },
    };
    const engine = new PermissionEngine({ mode: "explore" });
    const decision = await engine.decide(
      tool({ readOnly: () => thenable as unknown as boolean }),
      {},
    );
    expect(decision.behavior).toBe("deny");
  });

  it("rejects with the tool's error when a hook throws", async () => {
    const engine = new PermissionEngine();
    const failing = tool({
      permissions: () => {
        throw new Error("check failed");
      },
    });
    await expect(engine.decide(failing, {})).rejects.toThrow("check failed");
    const rejecting = tool({ readOnly: () => Promise.reject(new Error("remote down")) });
    await expect(engine.decide(rejecting, {})).rejects.toThrow("remote down");
  });

  it("§4 DONT_ASK converts a safety ASK without a reason as Python prints it (`Original reason: None`)", async () => {
    const engine = new PermissionEngine({ mode: "dont_ask" });
    const decision = await engine.decide(
      tool({ permissions: () => toolDecision("ask", "dangerous", { bypass_immune: true }) }),
      {},
    );
    expect(decision).toEqual({
      behavior: "deny",
      message:
        "Permission denied for T (dont_ask mode - ASK converted to DENY, user not available)",
      decision_reason: "DONT_ASK mode converted ASK to DENY. Original reason: None",
      updated_input: null,
      suggested_rules: [suggested("T", null)],
      bypass_immune: false,
    });
  });

  it("§4 DEFAULT replaces a non-safety ASK's own message with the mode fallback", async () => {
    const engine = new PermissionEngine();
    const decision = await engine.decide(
      tool({
        permissions: () =>
          toolDecision("ask", "Custom function tools must be explicitly allowed by the user."),
      }),
      {},
    );
    expect(decision).toMatchObject({
      message: "Permission required for T",
      decision_reason: "Mode: default",
    });
  });
});
