import { describe, expect, it } from "vitest";
import { parse, readOnly, risk } from "./helpers.js";

describe("departure 1: assignments hidden in builtins change what the next word sees", () => {
  it.each([
    "printf -v PATH /tmp/evil",
    "printf -vHOME /tmp",
    'printf "$FMT" x',
    "read PATH",
    "read -r -a arr",
    "mapfile lines < f",
    "readarray -t lines < f",
    "getopts ab opt",
    "declare PATH=/tmp",
    "declare -x X",
    "typeset -i n",
    "export PATH=/tmp",
    "local x",
    "readonly X=1",
    "unset HOME",
    "shopt -s expand_aliases",
    "set -o noglob",
    "set -- a b",
    "alias ls=rm",
    "hash -p /tmp/evil ls",
    "enable -n echo",
    "trap 'rm -rf ~' EXIT",
    "ulimit -n 10",
    "umask 000",
    "let x=1",
    "((x = 1)); ls",
    "((PATH=1))",
    "echo $((PATH=1))",
    "echo $((i++))",
    "echo $[x+=1]",
    "echo $((x))",
    "cat $((n))",
    "LANG=$((PATH=1)) ls",
    "ls > $((x=1))",
    "cd $((d))",
  ])("departure 1: %j is not read-only", async (command) => {
    expect(await readOnly(command)).toBe(false);
  });

  it("pure arithmetic and plain printf stay read-only", async () => {
    for (const command of [
      "echo $((1 + 2 * 3))",
      "echo $[4/2]",
      "printf '%s\\n' a",
      "printf -- -v",
    ]) {
      expect(await readOnly(command), command).toBe(true);
    }
  });

  it.each([
    "unset 'a[$(id)]'",
    "read 'a[$(id)]'",
    "printf -v 'a[$(id)]' x",
    "printf -v'a[`id`]' x",
    "test -v 'a[$(id)]'",
    "[ -v 'a[$(id)]' ]",
    "[ -R 'a[${x}]' ]",
    "declare -i n='a[$(id)]'",
    "x='a[$(id)]'; echo $((x))",
    "export 'a[$(id)]'",
    "let 'a[$(id)]=1'",
    "wait -p 'a[$(id)]'",
    "X='a[$(id)]' ls",
    "env X='a[$(id)]' ls",
  ])(
    "departure 1: %j hides a command in an array subscript bash evaluates (a safety ASK)",
    async (command) => {
      expect(await risk(command)).toBe(
        "Command contains subscript which cannot be statically analyzed",
      );
    },
  );

  it("departure 1: `[ … ]` is the builtin `[` (analysable, may be read-only); `[[ … ]]` stays unanalysable", async () => {
    expect(await readOnly("[ -f x ] && cat x")).toBe(true);
    expect(await readOnly('[ "$a" = b ] || echo no')).toBe(true);
    expect(await readOnly("test -v HOME")).toBe(true);
    expect((await parse("[ -f x ]")).commands.map((c) => [c.name?.value, c.text])).toEqual([
      ["[", "[ -f x ]"],
    ]);
    expect(await risk("[ -f $(rm x) ]")).toBe(
      "Command contains command_substitution which cannot be statically analyzed",
    );
    expect(await risk("[[ -f x ]]")).toBe(
      "Command contains test_command which cannot be statically analyzed",
    );
  });

  it("departure 6: a named descriptor ({fd}>…) assigns a variable the grammar does not see", async () => {
    expect(await risk("ls {fd}>/dev/null")).toBe("Command parsing failed, cannot verify safety");
    expect(await risk("exec {PATH}<f")).toBe("Command parsing failed, cannot verify safety");
  });
});
