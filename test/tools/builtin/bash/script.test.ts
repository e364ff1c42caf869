import { describe, expect, it } from "vitest";
import { parse } from "./helpers.js";
import { splitCompoundCommand } from "../../../../src/tools/builtin/bash/index.js";

describe("parseScript", () => {
  it("finds every simple command across ; && || | |& & and newlines (departure 1: newline = ;)", async () => {
    const script = await parse("a; b && c || d | e |& f & g\nh");
    expect(script.commands.map((c) => c.name?.value)).toEqual([
      "a",
      "b",
      "c",
      "d",
      "e",
      "f",
      "g",
      "h",
    ]);
  });

  it("splits compound commands into their text (spec §5.1 split_compound_command)", async () => {
    expect(
      splitCompoundCommand(await parse("git add . && git commit -m 'fix' || echo failed")),
    ).toEqual(["git add .", "git commit -m 'fix'", "echo failed"]);
    expect(splitCompoundCommand(await parse("X=1"))).toEqual(["X=1"]);
  });

  it("attaches redirects to the commands they apply to", async () => {
    const script = await parse("cat a > out 2>&1");
    expect(
      script.commands[0]?.redirects.map((r) => [r.descriptor, r.operator, r.target?.value]),
    ).toEqual([
      [null, ">", "out"],
      ["2", ">&", "1"],
    ]);
  });

  it("records a bare redirect as a command without a name", async () => {
    const script = await parse("> file");
    expect(script.commands).toHaveLength(1);
    expect(script.commands[0]?.name).toBeNull();
    expect(script.commands[0]?.redirects[0]?.target?.value).toBe("file");
  });

  it("reads the script of sh -c and eval as commands of their own", async () => {
    const script = await parse("bash -lc 'rm -rf /tmp/x; ls' && eval 'touch' y");
    expect(script.commands.map((c) => [c.depth, c.name?.value])).toEqual([
      [0, "bash"],
      [1, "rm"],
      [1, "ls"],
      [0, "eval"],
      [1, "touch"],
    ]);
  });

  it("reads the commands find -exec runs", async () => {
    const script = await parse("find . -name '*.o' -exec rm -f {} +");
    expect(script.commands.map((c) => [c.origin, c.text])).toEqual([
      ["command", "find . -name '*.o' -exec rm -f {} +"],
      ["find-exec", "rm -f {}"],
    ]);
  });

  it("tracks the directories a cd may lead to (the cd may fail, so the old one stays)", async () => {
    const script = await parse("cd /tmp && rm -r x; cd sub; ls; cd $D; pwd");
    const byName = script.commands.map((c) => [c.name?.value, c.directories]);
    expect(byName).toEqual([
      ["cd", [[]]],
      ["rm", [[], ["/tmp"]]],
      ["cd", [[], ["/tmp"]]],
      ["ls", [[], ["/tmp"], ["sub"], ["/tmp", "sub"]]],
      ["cd", [[], ["/tmp"], ["sub"], ["/tmp", "sub"]]],
      ["pwd", null],
    ]);
  });

  it("knows which commands read from or write into a pipe", async () => {
    const script = await parse("a | b |& c; d\n{ e; f; } | g\ncat <<EOF | h\nx\nEOF");
    expect(script.commands.map((c) => [c.name?.value, c.pipedInput, c.pipedOutput])).toEqual([
      ["a", false, true],
      ["b", true, true],
      ["c", true, false],
      ["d", false, false],
      ["e", false, true],
      ["f", false, true],
      ["g", true, false],
      ["cat", false, true],
      ["h", true, false],
    ]);
  });

  it("keeps what a here-document or here-string feeds the command, when it is static", async () => {
    const texts = async (command: string): Promise<(string | null)[]> =>
      (await parse(command)).commands[0]?.redirects.map((r) => r.text) ?? [];
    expect(await texts("cat <<'EOF'\n$X `y`\nEOF")).toEqual(["$X `y`\n"]);
    expect(await texts("cat <<EOF\na \\$b\nEOF")).toEqual(["a $b\n"]);
    expect(await texts("cat <<EOF\n$HOME\nEOF")).toEqual([null]);
    expect(await texts("cat <<-EOF\n\t\tx\n\tEOF")).toEqual(["x\n"]);
    expect(await texts("cat <<< 'a b'")).toEqual(["a b\n"]);
    expect(await texts("cat < f")).toEqual([null]);
  });

  it("caches parses by source text (one parse per command for every check)", async () => {
    expect(await parse("ls -la")).toBe(await parse("ls -la"));
  });
});
