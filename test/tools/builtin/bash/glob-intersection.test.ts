import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fnmatch } from "../../../../src/permission/index.js";
import { globsIntersect } from "../../../../src/tools/builtin/bash/glob-intersection.js";

/** Bash's own matching of one file name against a glob segment (no dotglob, no extglob). */
function shellMatches(name: string, glob: string): boolean {
  if (name.startsWith(".") && !glob.startsWith(".")) return false;
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charAt(i);
    if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else if (c === "[") {
      const end = glob.indexOf("]", i + 2);
      if (end < 0) source += "\\[";
      else {
        let body = glob.slice(i + 1, end);
        const negated = body.startsWith("!") || body.startsWith("^");
        if (negated) body = body.slice(1);
        source += `[${negated ? "^" : ""}${body.replace(/[\\\]^]/g, "\\$&")}]`;
        i = end;
      }
    } else source += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, "i").test(name);
}

const alphabet = fc.constantFrom("a", "b", ".", "e", "n", "v");
const names = fc.array(alphabet, { minLength: 1, maxLength: 6 }).map((cs) => cs.join(""));
const patternPart = fc.oneof(
  { weight: 4, arbitrary: alphabet },
  { weight: 2, arbitrary: fc.constant("*") },
  { weight: 1, arbitrary: fc.constant("?") },
  { weight: 1, arbitrary: fc.constantFrom("[ab]", "[!a]", "[.e]", "[a-e]") },
);
const patterns = fc.array(patternPart, { minLength: 1, maxLength: 5 }).map((ps) => ps.join(""));

describe("globsIntersect", () => {
  it("is sound: whenever one name matches both patterns, it says they intersect", () => {
    fc.assert(
      fc.property(names, patterns, patterns, (name, glob, entry) => {
        const both = shellMatches(name, glob) && fnmatch(name.toLowerCase(), entry.toLowerCase());
        if (both) expect(globsIntersect(glob, entry), `${name} ${glob} ${entry}`).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("tells globs apart that share no name", () => {
    expect(globsIntersect("*.ts", "*.pem")).toBe(false);
    expect(globsIntersect("src", ".env")).toBe(false);
    expect(globsIntersect("*", ".env")).toBe(false); // a leading dot is never matched by *
    expect(globsIntersect("[.]env", ".env")).toBe(false); // nor by a class
    expect(globsIntersect("id_?sa", "id_*")).toBe(true);
    expect(globsIntersect(".en*", ".env.*")).toBe(true);
    expect(globsIntersect("*", "*.pem")).toBe(true);
    expect(globsIntersect("[a-c]x", "[!abc]x")).toBe(false);
    expect(globsIntersect("@(x)", ".env")).toBe(true); // extglob: anything
  });
});
