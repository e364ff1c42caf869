import { describe, it } from "vitest";
import { AgentState } from "../../src/state/index.js";
import { checkEntryPoint, jsonFixtures } from "../harness/hostile-json.js";
import { MSG_FIXTURES, RULE } from "../harness/wire-fixtures.js";

// Property: random and mutated JSON fed to AgentState.fromJSON (which reads messages through the
// message schemas, and free-form context through the bounded JSON schema) gives a typed error or
// a state that survives its own toJSON/fromJSON round trip.

const messages = MSG_FIXTURES.map((make) => make());

const STATES = jsonFixtures(
  {
    version: 1,
    session_id: "s1",
    summary: "earlier",
    context: messages,
    reply_context: {
      reply_id: "m1",
      cur_iter: 2,
      structured_schema: { type: "object", properties: { a: { type: "string" } } },
      structured_output: { a: "x" },
    },
    permission_context: {
      mode: "default",
      working_directories: { "/tmp/w": { path: "/tmp/w", source: "user" } },
      allow_rules: { Bash: [RULE] },
      deny_rules: {},
      ask_rules: {},
    },
    middle_context: { tracing: { spans: [1, 2] } },
  },
  // A legacy state (AgentScope before reply_context): migrated on load.
  { session_id: "s2", context: [], reply_id: "r", cur_iter: 1 },
);

describe("AgentState.fromJSON under random and mutated JSON (property)", () => {
  it("gives a typed error or a state that round-trips", () => {
    checkEntryPoint(
      STATES,
      (v) => AgentState.fromJSON(v),
      (s) => s.toJSON(),
    );
  });

  it("new AgentState(options) too", () => {
    checkEntryPoint(STATES, (v) => new AgentState(v as never));
  });
});
