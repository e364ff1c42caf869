import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BusError,
  Subjects,
  assertSubject,
  escapeToken,
  unescapeToken,
} from "../../src/bus/index.js";

describe("escapeToken", () => {
  it("keeps plain ids as they are", () => {
    expect(escapeToken("alice")).toBe("alice");
    expect(escapeToken("mcp__fs__read_file")).toBe("mcp__fs__read_file");
    expect(escapeToken("3f2a-9c")).toBe("3f2a-9c");
  });

  it("escapes dots, wildcards, whitespace and the escape character itself", () => {
    expect(escapeToken("a.b")).toBe("a%2Eb");
    expect(escapeToken("*")).toBe("%2A");
    expect(escapeToken(">")).toBe("%3E");
    expect(escapeToken("a b")).toBe("a%20b");
    expect(escapeToken("%2E")).toBe("%252E");
    expect(escapeToken("é")).toBe("%C3%A9");
  });

  it("refuses an empty token with INVALID_SUBJECT", () => {
    expect(() => escapeToken("")).toThrow(BusError);
    expect(() => escapeToken("")).toThrow(expect.objectContaining({ code: "INVALID_SUBJECT" }));
  });

  it("round-trips any string and yields one valid token (property)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, unit: "binary" }), (id) => {
        const token = escapeToken(id);
        expect(token).toMatch(/^[A-Za-z0-9_%-]+$/);
        expect(unescapeToken(token)).toBe(id);
        expect(() => {
          assertSubject(`as.agent.${token}.in`);
        }).not.toThrow();
      }),
    );
  });

  it("never maps two different ids to one token (property)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => {
        fc.pre(a !== b);
        expect(escapeToken(a)).not.toBe(escapeToken(b));
      }),
    );
  });
});

describe("assertSubject", () => {
  it("accepts wildcards only when asked, and `>` only last", () => {
    expect(() => {
      assertSubject("as.agent.*.events", { wildcards: true });
    }).not.toThrow();
    expect(() => {
      assertSubject("as.>", { wildcards: true });
    }).not.toThrow();
    expect(() => {
      assertSubject("as.agent.*.events");
    }).toThrow(/wildcards/);
    expect(() => {
      assertSubject("as.>.x", { wildcards: true });
    }).toThrow(/last token/);
  });

  it("refuses empty tokens, whitespace and partial wildcards", () => {
    for (const bad of ["", "as..x", "as.", ".as", "as x", "as.a*", "as.>b", "as\tx"]) {
      expect(() => {
        assertSubject(bad, { wildcards: true });
      }).toThrow(expect.objectContaining({ code: "INVALID_SUBJECT" }));
    }
  });
});

describe("Subjects", () => {
  it("builds the subjects of DESIGN.md under the prefix", () => {
    const s = new Subjects();
    expect(s.agentIn("alice")).toBe("as.agent.alice.in");
    expect(s.agentEvents("alice")).toBe("as.agent.alice.events");
    expect(s.agentState("alice")).toBe("as.agent.alice.state");
    expect(s.allAgents("events")).toBe("as.agent.*.events");
    expect(s.hubMsgs("room")).toBe("as.hub.room.msgs");
    expect(s.toolCall("Bash")).toBe("as.tool.Bash.call");
    expect(s.toolCheck("Bash")).toBe("as.tool.Bash.check");
    expect(s.toolCancel("Bash")).toBe("as.tool.Bash.cancel");
    expect(s.toolCancel("cancel")).toBe("as.tool.cancel.cancel");
    expect(s.toolCallAt("Bash", "w.1")).toBe("as.tool.Bash.call.w%2E1");
    expect(s.toolAll("Bash")).toBe("as.tool.Bash.>");
    expect(s.registryKey("Bash", "w.1")).toBe("tool.Bash.w_2E1");
    expect(s.registryKey("a_b", "w")).not.toBe(s.registryKey("a", "b_w"));
    expect(new Subjects("sim.one").agentIn("a")).toBe("sim.one.agent.a.in");
  });

  it("an agent id with a dot or a wildcard addresses that agent only", () => {
    const s = new Subjects();
    expect(s.agentIn("a.b")).toBe("as.agent.a%2Eb.in");
    expect(s.agentIn("*")).toBe("as.agent.%2A.in");
    expect(s.agentIn(">")).not.toContain(">");
  });

  it("refuses a prefix that is not a plain subject", () => {
    expect(() => new Subjects("as.*")).toThrow(
      expect.objectContaining({ code: "INVALID_SUBJECT" }),
    );
    expect(() => new Subjects("")).toThrow(expect.objectContaining({ code: "INVALID_SUBJECT" }));
  });
});
