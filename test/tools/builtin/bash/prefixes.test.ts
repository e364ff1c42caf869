import { describe, expect, it } from "vitest";
import {
  extractCommandPrefixes,
  suggestBashRules,
} from "../../../../src/tools/builtin/bash/index.js";
import { parse } from "./helpers.js";

async function prefixes(command: string): Promise<string[]> {
  return extractCommandPrefixes(await parse(command));
}

describe("extractCommandPrefixes", () => {
  it("§11.37 two words, no flag filtering, nothing for safe or one-word commands", async () => {
    expect(await prefixes("git commit -m 'fix'")).toEqual(["git commit"]);
    expect(await prefixes("python -m pytest")).toEqual(["python -m"]);
    expect(await prefixes("ls -la")).toEqual([]);
    expect(await prefixes("npm")).toEqual([]);
    expect(await prefixes("")).toEqual([]);
  });

  it("§11.38 safe environment variables are skipped, others hide the command", async () => {
    expect(await prefixes("NODE_ENV=prod npm run build")).toEqual(["npm run"]);
    expect(await prefixes("API_KEY=abc npm run deploy")).toEqual([]);
  });

  it("§11.39 compound commands give one prefix per subcommand", async () => {
    expect(await prefixes("git add . && git commit -m 'fix' || echo failed")).toEqual([
      "git add",
      "git commit",
    ]);
    expect(await prefixes("docker ps | grep nginx")).toEqual(["docker ps"]);
  });

  it("§11.40 only the first five subcommands count, deduplicated", async () => {
    expect(
      await prefixes(
        "npm install && npm run build && npm test && npm run lint && npm run format && npm run deploy",
      ),
    ).toEqual(["npm install", "npm run", "npm test"]);
  });

  it("newline-separated commands are subcommands too", async () => {
    expect(await prefixes("git add .\ngit push")).toEqual(["git add", "git push"]);
  });
});

describe("suggestBashRules", () => {
  it("§11.34 suggests a prefix allow rule", async () => {
    expect(suggestBashRules(await parse("git commit -m 'test'"))).toEqual([
      { tool_name: "Bash", rule_content: "git commit:*", behavior: "allow", source: "suggested" },
    ]);
  });

  it("suggests nothing without a prefix", async () => {
    expect(suggestBashRules(await parse("ls"))).toEqual([]);
  });
  it("departure 7: suggestions add the programs that run inside others, which need rules too", async () => {
    const contents = async (command: string) =>
      suggestBashRules(await parse(command)).map((r) => r.rule_content);
    expect(await contents("nice make build")).toEqual(["nice make:*", "make build:*"]);
    expect(await contents("sh -c 'npm run build && git status'")).toEqual(["sh -c:*", "npm run:*"]);
    expect(await contents("find . -name x -exec chmod +x {} +")).toEqual([
      "find .:*",
      "chmod +x:*",
    ]);
  });
});
