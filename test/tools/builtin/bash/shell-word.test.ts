import { describe, expect, it } from "vitest";
import { parse } from "./helpers.js";

/** The arguments of the first command, as `value` (or `<dynamic>`). */
async function args(command: string): Promise<(string | null)[]> {
  const script = await parse(command);
  return script.commands[0]?.args.map((a) => a.value) ?? [];
}

describe("shell words (departure 3: quoted arguments are unquoted, not skipped)", () => {
  it("undoes single quotes, double quotes and their escapes", async () => {
    expect(await args(`x 'a b' "c d" "e\\"f\\\\g\\$h" "i\\nj"`)).toEqual([
      "a b",
      "c d",
      'e"f\\g$h',
      "i\\nj",
    ]);
  });

  it("undoes backslash escapes in plain words", async () => {
    expect(await args("x a\\ b \\r\\m")).toEqual(["a b", "rm"]);
  });

  it("decodes ANSI-C strings", async () => {
    expect(await args("x $'a\\tb' $'\\x41\\101\\u00e9' $'\\''")).toEqual(["a\tb", "AAé", "'"]);
  });

  it("joins concatenations", async () => {
    expect(await args(`x a"b"'c' r""m ~/"x y"`)).toEqual(["abc", "rm", "~/x y"]);
  });

  it("has no static value when a part expands", async () => {
    expect(await args('x $HOME "$HOME/.bashrc" a$IFS {a,b} ~user/x {1..3}')).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it("keeps a lone literal $", async () => {
    expect(await args('x a$ "5$" "$"')).toEqual(["a$", "5$", "$"]);
  });

  it("keeps literal braces and the find placeholder", async () => {
    expect(await args("x {} '{a,b}' \\{a,b\\}")).toEqual(["{}", "{a,b}", "{a,b}"]);
  });

  it("marks unquoted globs, and only unquoted ones", async () => {
    const script = await parse("x *.txt '*.txt' a\\*b [ab]c");
    expect(script.commands[0]?.args.map((a) => a.glob)).toEqual([true, false, false, true]);
  });
});
