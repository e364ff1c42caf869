import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertSubject } from "../../src/bus/index.js";
import { assertPublishSubject } from "../../src/bus/subject-check.js";

function verdict(check: () => void): string {
  try {
    check();
    return "valid";
  } catch (error) {
    return `${(error as { code?: string }).code ?? "?"}: ${(error as Error).message}`;
  }
}

const piece = fc.oneof(
  fc.constantFrom(".", "*", ">", " ", "\t", "\n", "\u000b", "\u00a0", "\u2028", "\ufeff", "\u0000"),
  fc.constantFrom("as", "agent", "é", "a%2Eb", "_INBOX", "x-y_z"),
  fc.string({ maxLength: 3, unit: "binary" }),
);
const candidate = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(""));

describe("assertPublishSubject", () => {
  it("agrees with assertSubject (no wildcards) on any string (property)", () => {
    fc.assert(
      fc.property(candidate, (subject) => {
        expect(
          verdict(() => {
            assertPublishSubject(subject);
          }),
        ).toBe(
          verdict(() => {
            assertSubject(subject);
          }),
        );
      }),
      { numRuns: 5_000 },
    );
  });

  it("accepts the subjects actorscope builds and refuses wildcards", () => {
    expect(() => {
      assertPublishSubject("as.agent.a%2Eb.in");
    }).not.toThrow();
    expect(() => {
      assertPublishSubject("_INBOX.k3j4.1a");
    }).not.toThrow();
    for (const bad of ["", ".", "a.", ".a", "a..b", "a.*", "a.>", "a b", "a\u00a0b"]) {
      expect(() => {
        assertPublishSubject(bad);
      }).toThrow(expect.objectContaining({ code: "INVALID_SUBJECT" }));
    }
  });
});
