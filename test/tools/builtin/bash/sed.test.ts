import { describe, expect, it } from "vitest";
import { DEFAULT_DANGEROUS_FILES } from "../../../../src/permission/index.js";
import { checkSedConstraints, parseSed } from "../../../../src/tools/builtin/bash/index.js";
import { parse } from "./helpers.js";

async function sed(
  command: string,
  dangerous: readonly string[] = DEFAULT_DANGEROUS_FILES,
): Promise<string | null> {
  return checkSedConstraints(await parse(command), dangerous);
}

describe("checkSedConstraints (§11.45)", () => {
  it("§11.45 line printing with -n is allowed", async () => {
    expect(await sed("sed -n '10,20p' f")).toBeNull();
    expect(await sed("sed -n '5p' f")).toBeNull();
  });

  it("§11.45 substitutions with any of the three delimiters are allowed", async () => {
    expect(await sed("sed 's#a#b#' f")).toBeNull();
    expect(await sed("sed 's/a/b/g' f")).toBeNull();
    expect(await sed("sed -E 's|a+|b|2' f")).toBeNull();
  });

  it("§11.45 sed with w flag is a write operation", async () => {
    expect(await sed("sed 's/a/b/w out' f")).toContain("write operation");
    expect(await sed("sed 's/a/b/w out' f")).toBe("sed write operation (w/W) not allowed");
  });

  it("§11.45 sed with e flag is an execute operation", async () => {
    expect(await sed("sed 's/a/b/e' f")).toBe("sed execute operation (e/E) not allowed");
  });

  it("§11.45 curly braces, negation, comments and other commands are refused", async () => {
    expect(await sed("sed '{s/a/b/}' f")).toBe("sed curly braces not allowed");
    expect(await sed("sed '!d' f")).toBe("sed negation (!) not allowed");
    expect(await sed("sed 's/a/b/;# x' f")).toBe("sed comments not allowed");
    expect(await sed("sed 'd' f")).toBe("sed expression 'd' not in allowlist");
    expect(await sed("sed 's/a/b/I' f")).toBe("sed expression 's/a/b/I' not in allowlist");
  });

  it("§11.45 flags outside n, E, e, i are refused", async () => {
    expect(await sed("sed -r 's/a/b/' f")).toBe("sed flag -r not allowed");
    expect(await sed("sed -f script.sed f")).toBe("sed flag -f not allowed");
  });

  it("§11.45 --in-place on a dangerous file is refused", async () => {
    expect(await sed("sed --in-place 's/a/b/' secrets.yaml", ["secrets.yaml"])).toContain(
      "dangerous file",
    );
    expect(await sed("sed -i 's/a/b/' .env")).toBe("sed -i modifying dangerous file: .env");
    expect(await sed("sed 's/a/b/' .env")).toBeNull();
  });

  it("a missing expression is refused", async () => {
    expect(await sed("sed -n")).toBe("sed command missing expression");
  });

  it("checks every expression given with -e, not just the first", async () => {
    // The reference took the second -e value for a file name and never checked it.
    expect(await sed("sed -e 's/a/b/' -e 'w /tmp/x' f")).toBe(
      "sed expression 'w /tmp/x' not in allowlist",
    );
    expect(await sed("sed -e 's/a/b/' -e 's/c/d/w /tmp/x' f")).toBe(
      "sed write operation (w/W) not allowed",
    );
  });

  it("refuses unknown long options (a script file could write or execute)", async () => {
    expect(await sed("sed --file=x.sed 's/a/b/' f")).toBe("sed flag --file not allowed");
    expect(await sed("sed --quiet '3p' f")).toBeNull();
  });

  it("departure 2: -i takes its backup suffix only attached, as GNU sed; the next word is the script", async () => {
    // The reference took `w /tmp/x` for a backup suffix and never checked it.
    expect(await sed("sed -i 'w /tmp/x' s/a/b/ f")).toBe(
      "sed expression 'w /tmp/x' not in allowlist",
    );
    expect(await sed("sed -i e s/a/b/ f")).toBe("sed expression 'e' not in allowlist");
    expect(await sed("sed -i.bak 's/a/b/' f")).toBeNull();
    expect(await sed("sed -ni.bak '3p' f")).toBeNull();
    expect(await sed("sed --in-place=.bak -e 's/a/b/' f")).toBeNull();
    expect(await sed("sed --in 's/a/b/' f")).toBeNull();
    expect(await sed("sed -i 's/a/b/' .env")).toBe("sed -i modifying dangerous file: .env");
  });

  it("departure 2: parseSed reads options as GNU sed does (attached values, abbreviations, --)", () => {
    const w = (text: string) => ({
      text,
      value: text,
      nodeType: "word",
      glob: false,
      quoted: false,
      dynamic: null,
    });
    const read = (...args: string[]) => parseSed(args.map(w));
    const values = (words: readonly { value: string | null }[]) => words.map((x) => x.value);
    expect(values(read("-es/a/b/", "f").expressions)).toEqual(["s/a/b/"]);
    expect(values(read("--expr=s/a/b/", "f").expressions)).toEqual(["s/a/b/"]);
    expect(values(read("-ie", "s/a/b/", "f").files)).toEqual(["f"]);
    expect(values(read("s/a/b/", "f", "-i").files)).toEqual(["f"]);
    expect(values(read("-i", "--", "s/a/b/", "-f").files)).toEqual(["-f"]);
    expect(read("-f", "x.sed", "f").flags).toEqual(["f"]);
    expect(read("--fo", "-i", "s/a/b/", "f").flags).toEqual(["-follow-symlinks", "i"]);
    expect(read("--nope", "s/a/b/").complete).toBe(false);
  });

  it("is token-aware: any sed in the command line, not only a leading one", async () => {
    expect(await sed("ls && sed 's/a/b/w out' f")).toBe("sed write operation (w/W) not allowed");
    expect(await sed("echo sed")).toBeNull();
  });

  it("refuses an expression hidden in an expansion", async () => {
    expect(await sed('sed "$EXPR" f')).toBe(`sed expression '"$EXPR"' not in allowlist`);
  });
});
