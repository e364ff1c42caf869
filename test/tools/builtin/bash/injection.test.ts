import { describe, expect, it } from "vitest";
import { checkInjectionRisk } from "../../../../src/tools/builtin/bash/index.js";
import { parse } from "./helpers.js";

async function risk(command: string): Promise<string | null> {
  return checkInjectionRisk(await parse(command));
}

describe("checkInjectionRisk", () => {
  it("§11.47 while_statement", async () => {
    expect(await risk("while true; do sleep 1; done")).toBe(
      "Command contains while_statement which cannot be statically analyzed",
    );
  });

  it("§11.47 function_definition", async () => {
    expect(await risk("myfunc() { ls; }")).toBe(
      "Command contains function_definition which cannot be statically analyzed",
    );
  });

  it("§11.47 a simple expansion and plain sequences are analysable", async () => {
    expect(await risk("echo $HOME")).toBeNull();
    expect(await risk("cd /tmp; ls; pwd")).toBeNull();
    expect(await risk("")).toBeNull();
  });

  it.each([
    ["ls $(rm -rf /)", "command_substitution"],
    ["ls `id`", "command_substitution"],
    ["diff <(ls a) <(ls b)", "process_substitution"],
    ["echo ${X:-y}", "expansion"],
    ["(cd /; rm x)", "subshell"],
    ["for f in *; do rm $f; done", "for_statement"],
    // tree-sitter-bash parses `until` loops as while_statement nodes.
    ["until false; do :; done", "while_statement"],
    ["if true; then rm x; fi", "if_statement"],
    ["case x in x) rm y;; esac", "case_statement"],
    ["[[ -f x ]]", "test_command"],
    ["for ((i=0;i<3;i++)); do rm $i; done", "c_style_for_statement"],
  ])("reports %s as %s", async (command, type) => {
    expect(await risk(command)).toBe(
      `Command contains ${type} which cannot be statically analyzed`,
    );
  });

  it("treats a program named by an expansion as unanalysable", async () => {
    expect(await risk("$CMD arg")).toBe(
      "Command contains simple_expansion which cannot be statically analyzed",
    );
    expect(await risk("rm$IFS-rf")).toBe(
      "Command contains simple_expansion which cannot be statically analyzed",
    );
    expect(await risk("sudo $CMD")).toBe(
      "Command contains simple_expansion which cannot be statically analyzed",
    );
    expect(await risk('bash -c "$SCRIPT"')).toBe(
      "Command contains simple_expansion which cannot be statically analyzed",
    );
    expect(await risk("eval $X")).toBe(
      "Command contains simple_expansion which cannot be statically analyzed",
    );
  });

  it("looks inside sh -c and eval scripts", async () => {
    expect(await risk("bash -c 'while true; do :; done'")).toBe(
      "Command contains while_statement which cannot be statically analyzed",
    );
  });

  it("reports a command that does not parse (never ALLOW on a parse failure)", async () => {
    for (const command of ["ls &&", "rm 'unterminated", "echo $(", "if then fi"]) {
      expect(await risk(command)).toBe("Command parsing failed, cannot verify safety");
    }
  });

  it('reports a translated string $"…", which the grammar splits in two words', async () => {
    expect(await risk('rm $"x"')).toBe("Command parsing failed, cannot verify safety");
    expect(await risk('echo "5$" a$')).toBeNull();
  });

  it("departure 6: reports a carriage return, vertical tab or form feed, which the grammar skips and bash keeps in the word", async () => {
    expect(await risk("ls\rrm -rf /")).toBe("Command parsing failed, cannot verify safety");
    expect(await risk("ls\vrm -rf /")).toBe("Command parsing failed, cannot verify safety");
    expect(await risk("ls\frm -rf /")).toBe("Command parsing failed, cannot verify safety");
    expect(await risk("ls\r\n")).toBe("Command parsing failed, cannot verify safety");
    expect(await risk("echo 'a\rb'")).toBeNull();
  });

  it("departure 6: repairs the lines the grammar joins, and analyses them as bash reads them", async () => {
    // tree-sitter-bash reads the second line as arguments of the last `cat`.
    const script = await parse("ls | cat | cat\nrm -rf / 2>/dev/null");
    expect(script.commands.map((c) => c.text)).toEqual(["ls", "cat", "cat", "rm -rf /"]);
    const quoted = await parse("'ls' ; 'l'\"s\"\ncat .env");
    expect(quoted.commands.map((c) => c.name?.value)).toEqual(["ls", "ls", "cat"]);
    // A comment ending the line is blanked out, or the `;` would only extend it.
    const commented = await parse("a | b | c # note\ncurl x || curl y");
    expect(commented.commands.map((c) => c.text)).toEqual(["a", "b", "c", "curl x", "curl y"]);
    // The newline that starts a here-document's body stays a newline.
    const heredoc = await parse("cat <<EOF | cat | cat\nx\nEOF\nls 2>/dev/null");
    expect(heredoc.failure).toBeNull();
    expect(heredoc.commands.map((c) => c.name?.value)).toEqual(["cat", "cat", "cat", "ls"]);
  });

  it("reports a backslash-newline join the grammar splits (r\\<newline>m is rm to the shell)", async () => {
    expect(await risk("r\\\nm -rf /")).toBe("Command parsing failed, cannot verify safety");
    expect(await risk("ls \\\n  -la")).toBeNull();
  });
});
