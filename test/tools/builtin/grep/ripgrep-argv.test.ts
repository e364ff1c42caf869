import { describe, expect, it } from "vitest";
import {
  globPatterns,
  GrepInputSchema,
  ripgrepArgv,
} from "../../../../src/tools/builtin/grep/index.js";

const BASE = [
  "rg",
  "--hidden",
  "--glob",
  "!.git",
  "--glob",
  "!.svn",
  "--glob",
  "!.hg",
  "--glob",
  "!.bzr",
  "--glob",
  "!.jj",
  "--glob",
  "!.sl",
  "--max-columns",
  "500",
];

function argv(input: Record<string, unknown>, path = "/repo"): string[] {
  return ripgrepArgv(GrepInputSchema.parse(input), path);
}

describe("ripgrepArgv (spec §5.6)", () => {
  it("§5.6 files_with_matches by default: -l, the pattern, the path", () => {
    expect(argv({ pattern: "TODO" })).toEqual([...BASE, "-l", "TODO", "/repo"]);
  });

  it("§5.6 the flags come in the reference's order", () => {
    expect(
      argv({
        pattern: "-x",
        output_mode: "content",
        multiline: true,
        case_insensitive: true,
        "-A": 2,
        "-B": 1,
        type: "ts",
        glob: "*.ts *.tsx,*.js *.{a,b}",
      }),
    ).toEqual([
      ...BASE,
      "-U",
      "--multiline-dotall",
      "-i",
      "-n",
      "-B",
      "1",
      "-A",
      "2",
      "-e",
      "-x",
      "--type",
      "ts",
      "--glob",
      "*.ts",
      "--glob",
      "*.tsx",
      "--glob",
      "*.js",
      "--glob",
      "*.{a,b}",
      "/repo",
    ]);
  });

  it("§5.6 context wins over -C, which wins over -A/-B; only in content mode", () => {
    expect(argv({ pattern: "p", output_mode: "content", context: 3, "-C": 5, "-A": 1 })).toEqual([
      ...BASE,
      "-n",
      "-C",
      "3",
      "p",
      "/repo",
    ]);
    expect(argv({ pattern: "p", output_mode: "content", "-C": 5, "-A": 1, n: false })).toEqual([
      ...BASE,
      "-C",
      "5",
      "p",
      "/repo",
    ]);
    expect(argv({ pattern: "p", output_mode: "count", context: 3, i: true })).toEqual([
      ...BASE,
      "-i",
      "-c",
      "p",
      "/repo",
    ]);
  });

  it("§5.6 splits globs on whitespace, then commas unless braced", () => {
    expect(globPatterns("  a,b  c{d,e}  ,f, ")).toEqual(["a", "b", "c{d,e}", "f"]);
  });
});
