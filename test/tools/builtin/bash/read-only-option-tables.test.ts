import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OptionTable } from "../../../../src/tools/builtin/bash/option-table.js";
import {
  DATE,
  FILE,
  HOSTNAME,
  RG,
  SORT,
  UNIQ,
} from "../../../../src/tools/builtin/bash/read-only-option-tables.js";
import { sandbox, type Sandbox } from "./helpers.js";

/** The long options a program's `--help` documents. */
async function documented(box: Sandbox, program: string): Promise<Set<string> | null> {
  const result = await box.backend.run([program, "--help"], { timeoutMs: 10_000 });
  if (result.exitCode === 127) return null;
  const text = new TextDecoder().decode(result.stdout) + new TextDecoder().decode(result.stderr);
  return new Set(Array.from(text.matchAll(/--([a-z0-9][a-z0-9-]*)/g), (m) => m[1] ?? ""));
}

/**
 * Each allow-list audited against the installed program's own `--help`: every option it allows
 * is one the program documents, and the options left out for writing or running are real.
 */
const AUDITS: readonly (readonly [string, OptionTable, readonly string[]])[] = [
  ["sort", SORT, ["output", "compress-program", "temporary-directory"]],
  ["uniq", UNIQ, []],
  ["date", DATE, ["set"]],
  ["file", FILE, ["compile", "preserve-date", "no-sandbox"]],
  ["hostname", HOSTNAME, ["file", "boot"]],
];

describe("the option allow-lists, audited against the real programs (help run in a sandbox)", () => {
  let box: Sandbox;
  beforeAll(async () => {
    box = await sandbox();
  });
  afterAll(async () => {
    await box.cleanup();
  });

  it.each(AUDITS)(
    "%s: allows only documented options, and leaves out the writing ones",
    async (program, table, leftOut) => {
      const help = await documented(box, program);
      if (help === null) return; // not installed here
      for (const name of table.long.keys()) {
        // `--help`/`--version` are not always listed by name.
        if (name === "help" || name === "version") continue;
        expect(help.has(name), `${program} --${name}`).toBe(true);
      }
      for (const name of leftOut) {
        expect(help.has(name), `${program} documents --${name}`).toBe(true);
        expect(table.long.has(name), `${program} allows --${name}`).toBe(false);
      }
    },
  );

  it("rg: every allowed option is accepted by the installed ripgrep; the ones that run programs are left out", async () => {
    const help = await documented(box, "rg");
    if (help === null) return;
    expect(help.has("pre")).toBe(true);
    expect(RG.long.has("pre")).toBe(false);
    expect(RG.long.has("hostname-bin")).toBe(false);
    // ripgrep 14 additions, allowed ahead of the version installed here.
    const ripgrep14 = new Set([
      "no-byte-offset",
      "no-include-zero",
      "no-invert-match",
      "stop-on-nonmatch",
      "hyperlink-format",
      "generate",
    ]);
    const values: Readonly<Record<string, string>> = {
      type: "py",
      "type-not": "py",
      "type-clear": "py",
      "type-add": "foo:*.foo",
      color: "never",
      colors: "match:fg:red",
      engine: "default",
      encoding: "utf-8",
      sort: "path",
      sortr: "path",
    };
    for (const [name, arity] of RG.long) {
      if (ripgrep14.has(name) || name === "help" || name === "version") continue;
      const option = arity === "valued" ? `--${name}=${values[name] ?? "1"}` : `--${name}`;
      const result = await box.backend.run(["rg", option, "-e", "x", "/dev/null"], {
        timeoutMs: 10_000,
      });
      const stderr = new TextDecoder().decode(result.stderr);
      expect(stderr, option).not.toMatch(/wasn't expected|unrecognized flag|Found argument/);
    }
  });
});
