import { describe, it } from "vitest";
import { parseOrThrow } from "../../src/errors/index.js";
import { PermissionContextSchema, PermissionRuleSchema } from "../../src/permission/index.js";
import { checkEntryPoint, jsonFixtures } from "../harness/hostile-json.js";
import { RULE } from "../harness/wire-fixtures.js";

// Property: random and mutated JSON fed to the permission schemas gives a typed error or a value
// that survives its round trip.

const CONTEXTS = jsonFixtures({
  mode: "accept_edits",
  working_directories: { "/tmp/w": { path: "/tmp/w", source: "session" } },
  allow_rules: { Bash: [RULE, { ...RULE, rule_content: null }] },
  deny_rules: { Write: [{ ...RULE, tool_name: "Write", behavior: "deny" }] },
  ask_rules: {},
});

describe("permission schemas under random and mutated JSON (property)", () => {
  it("PermissionRuleSchema", () => {
    checkEntryPoint(
      jsonFixtures(RULE),
      (v) => parseOrThrow(PermissionRuleSchema, v, "rule"),
      (r) => r,
    );
  });

  it("PermissionContextSchema", () => {
    checkEntryPoint(
      CONTEXTS,
      (v) => parseOrThrow(PermissionContextSchema, v, "context"),
      (c) => c,
    );
  });
});
