import { describe, expect, it } from "vitest";
import { matchBashRule } from "../../../../src/tools/builtin/bash/index.js";

describe("matchBashRule (§11.46, spec §5.1 match_rule)", () => {
  it("§11.46 a trailing ' *' is optional", () => {
    expect(matchBashRule("git *", "git")).toBe(true);
    expect(matchBashRule("git *", "git push")).toBe(true);
    expect(matchBashRule("git *", "github")).toBe(false);
  });

  it("§11.46 a wildcard in the middle must match the whole command", () => {
    expect(matchBashRule("docker * up", "docker ps")).toBe(false);
    expect(matchBashRule("git * push", "git origin push")).toBe(true);
  });

  it("§11.46 escaped backslashes match literal backslashes (substring)", () => {
    expect(matchBashRule("path\\\\to\\\\file", "path\\to\\file")).toBe(true);
  });

  it("§11.46 prefix rules match the command or the command and a space", () => {
    expect(matchBashRule("git:*", "github")).toBe(false);
    expect(matchBashRule("git:*", "git")).toBe(true);
    expect(matchBashRule("git:*", "git status")).toBe(true);
    expect(matchBashRule("npm run:*", "npm install")).toBe(false);
  });

  it("§11.46 without a wildcard, a substring test", () => {
    expect(matchBashRule("npm install", "yarn install")).toBe(false);
    expect(matchBashRule("install", "pip install requests")).toBe(true);
  });

  it("an escaped star is a literal star", () => {
    expect(matchBashRule("file\\*.txt", "file*.txt")).toBe(true);
    expect(matchBashRule("file\\*.txt", "file1.txt")).toBe(false);
    expect(matchBashRule("ls \\*.txt *", "ls *.txt -l")).toBe(true);
    expect(matchBashRule("ls \\*.txt *", "ls a.txt -l")).toBe(false);
  });

  it("null matches everything; a wildcard does not cross a newline", () => {
    expect(matchBashRule(null, "anything")).toBe(true);
    expect(matchBashRule("git *", "git status\nrm -rf /")).toBe(false);
  });

  it("regex characters in the rule are literal", () => {
    expect(matchBashRule("a.b *", "a.b x")).toBe(true);
    expect(matchBashRule("a.b *", "axb x")).toBe(false);
  });
});
