import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { optionTable, readOptions } from "../../../../src/tools/builtin/bash/option-table.js";
import type { ShellWord } from "../../../../src/tools/builtin/bash/index.js";
import { parse } from "./helpers.js";

/** A harmless table, like sort's: `-o`/`--output` and `--compress-program` are left out. */
const TABLE = optionTable("-n -r -k= -t= -c? --numeric --reverse --key= --check? --count");

async function words(args: string): Promise<readonly ShellWord[]> {
  return (await parse(`prog ${args}`)).commands[0]?.args ?? [];
}

const harmless = fc.constantFrom(
  "-n",
  "-r",
  "-nr",
  "-k2",
  "-k 2",
  "-t,",
  "-c",
  "-cquiet",
  "--numeric",
  "--num",
  "--reverse",
  "--key=1,2",
  "--key 1",
  "--check",
  "--check=quiet",
  "--cou",
  "file.txt",
  "-",
);
const dangerous = fc.constantFrom(
  "-o out",
  "-no out",
  "--output=out",
  "--out=x",
  "--compress-program=sh",
  "--comp",
  "-x",
  "--reverse=1",
  "$OPT",
  "-*",
);

describe("readOptions (getopt_long with permutation, over an allow-list)", () => {
  it("accepts any arrangement of harmless options and operands", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(harmless, { maxLength: 6 }), async (parts) => {
        const reading = readOptions(await words(parts.join(" ")), TABLE);
        expect(reading, parts.join(" ")).not.toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it("refuses an arrangement with any option that is not harmless, wherever it stands before --", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(harmless, { maxLength: 4 }),
        dangerous,
        fc.array(harmless, { maxLength: 3 }).map((a) => a.filter((w) => w !== "--key 1")),
        async (before, bad, after) => {
          // A valued option right before would take the bad word as its value.
          const tail = before.at(-1);
          fc.pre(tail === undefined || !/^(?:-k|-t|--key)$/.test(tail.split(" ").at(-1) ?? ""));
          const line = [...before, bad, ...after].join(" ");
          expect(readOptions(await words(line), TABLE), line).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reads values, operands and the end of options", async () => {
    const reading = readOptions(await words("-nk2 a --key=3 -- -o *"), TABLE);
    expect(reading?.options.map((o) => [o.name, o.value])).toEqual([
      ["-n", null],
      ["-k", "2"],
      ["--key", "3"],
    ]);
    expect(reading?.operands.map((w) => w.text)).toEqual(["a", "-o", "*"]);
    expect(reading?.endedByDashDash).toBe(true);
    // Without permutation, everything after the first operand is an operand.
    expect(readOptions(await words("a -o x"), TABLE, false)?.operands).toHaveLength(3);
  });

  it("spells tables compactly and refuses a misspelt entry", () => {
    expect([...optionTable("-a -b= -c? --x --y= --z?").short]).toEqual([
      ["a", "flag"],
      ["b", "valued"],
      ["c", "optional"],
    ]);
    expect(() => optionTable("--x=?")).toThrow(/bad option spelling/);
  });
});
