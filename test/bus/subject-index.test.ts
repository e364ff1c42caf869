import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SubjectIndex, type SubjectMatch } from "../../src/bus/subject-index.js";

interface Sub {
  readonly id: number;
  readonly pattern: string;
  readonly queue: string | undefined;
}

/** The NATS rule, token by token: the reference the index must agree with. */
function matches(pattern: string, subject: string): boolean {
  const p = pattern.split(".");
  const s = subject.split(".");
  for (let i = 0; i < p.length; i++) {
    if (p[i] === ">") return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== "*" && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}

/** Every subscription a match could deliver to (plain ones and every group member). */
function everyone(match: SubjectMatch<Sub>): number[] {
  return [...match.plain, ...match.groups.flatMap((g) => g.members)].map((s) => s.id).sort();
}

const token = fc.constantFrom("a", "b", "c");
const subject = fc.array(token, { minLength: 1, maxLength: 4 }).map((t) => t.join("."));
const pattern = fc
  .tuple(
    fc.array(fc.constantFrom("a", "b", "*"), { minLength: 0, maxLength: 3 }),
    fc.constantFrom("a", "b", "*", ">"),
  )
  .map(([head, last]) => [...head, last].join("."));
const operation = fc.oneof(
  fc.record({ kind: fc.constant("add" as const), pattern, queue: fc.constantFrom(undefined, "q") }),
  fc.record({ kind: fc.constant("remove" as const), index: fc.nat() }),
  fc.record({ kind: fc.constant("match" as const), subject }),
);

describe("SubjectIndex", () => {
  it("agrees with the token-by-token NATS rule through any adds, removes and cached matches (property)", () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), (ops) => {
        const index = new SubjectIndex<Sub>(4);
        const live: Sub[] = [];
        let next = 0;
        for (const op of ops) {
          if (op.kind === "add") {
            const sub = { id: next++, pattern: op.pattern, queue: op.queue };
            index.add(sub.pattern, sub);
            live.push(sub);
          } else if (op.kind === "remove") {
            const sub = live.splice(op.index % Math.max(live.length, 1), 1)[0];
            if (sub !== undefined) expect(index.remove(sub.pattern, sub)).toBe(true);
          } else {
            const expected = live
              .filter((s) => matches(s.pattern, op.subject))
              .map((s) => s.id)
              .sort();
            expect(everyone(index.match(op.subject))).toEqual(expected);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("groups queue members by name across patterns, and keeps plain subscribers apart", () => {
    const index = new SubjectIndex<Sub>();
    const subs: Sub[] = [
      { id: 1, pattern: "as.tool.Bash.call", queue: "w" },
      { id: 2, pattern: "as.tool.*.call", queue: "w" },
      { id: 3, pattern: "as.tool.>", queue: "other" },
      { id: 4, pattern: "as.>", queue: undefined },
    ];
    for (const sub of subs) index.add(sub.pattern, sub);
    const match = index.match("as.tool.Bash.call");
    expect(match.plain.map((s) => s.id)).toEqual([4]);
    expect(match.groups.map((g) => g.members.map((s) => s.id).sort())).toEqual(
      expect.arrayContaining([[1, 2], [3]]),
    );
    expect(match.groups).toHaveLength(2);
  });

  it("answers false when removing what is not there", () => {
    const index = new SubjectIndex<Sub>();
    const sub: Sub = { id: 1, pattern: "a.*", queue: undefined };
    expect(index.remove("a.*", sub)).toBe(false);
    expect(index.remove("a.b", sub)).toBe(false);
    index.add("a.*", sub);
    expect(index.remove("a.*", { ...sub })).toBe(false);
    expect(index.remove("a.*", sub)).toBe(true);
    expect(index.match("a.b").plain).toEqual([]);
  });

  it("never mutates a match it has handed out", () => {
    const index = new SubjectIndex<Sub>();
    const first: Sub = { id: 1, pattern: "a", queue: undefined };
    index.add("a", first);
    const before = index.match("a");
    index.add("a", { id: 2, pattern: "a", queue: undefined });
    expect(before.plain.map((s) => s.id)).toEqual([1]);
    expect(index.match("a").plain.map((s) => s.id)).toEqual([1, 2]);
  });
});
