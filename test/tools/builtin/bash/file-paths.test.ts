import { describe, expect, it } from "vitest";
import { extractFilePaths } from "../../../../src/tools/builtin/bash/index.js";
import { parse } from "./helpers.js";

async function paths(command: string): Promise<[string, string][]> {
  return extractFilePaths(await parse(command)).map((p) => [p.command, p.path]);
}

describe("extractFilePaths", () => {
  it("§11.43 chmod with a numeric mode yields only the file", async () => {
    expect(await paths("chmod 755 /usr/bin/tool")).toEqual([["chmod", "/usr/bin/tool"]]);
  });

  it("§11.43 chmod +x yields the mode word and the file", async () => {
    expect(await paths("chmod +x s.sh")).toEqual([
      ["chmod", "+x"],
      ["chmod", "s.sh"],
    ]);
  });

  it("§11.43 adapted by departure 3: a quoted operand is a path (the reference returned [])", async () => {
    expect(await paths('rm "a b.txt"')).toEqual([["rm", "a b.txt"]]);
  });

  it("§11.43 a redirect target is a path", async () => {
    expect(await paths("echo 'a' >> ~/.bashrc")).toEqual([["redirect", "~/.bashrc"]]);
  });

  it('§11.43 adapted by departure 3: ls > "x y" yields x y (the reference returned [])', async () => {
    expect(await paths('ls > "x y"')).toEqual([["redirect", "x y"]]);
  });

  it("§11.44 every redirect target, in order; none for a pipe", async () => {
    expect((await paths("command > out.txt 2> err.log")).map(([, p]) => p)).toEqual([
      "out.txt",
      "err.log",
    ]);
    expect(await paths("ls | wc -l")).toEqual([]);
  });

  it("sed's script is not a path; its files are", async () => {
    expect(await paths("sed -i 's/a/b/' f")).toEqual([["sed", "f"]]);
    expect(await paths("sed -i s/a/b/ f g")).toEqual([
      ["sed", "f"],
      ["sed", "g"],
    ]);
  });

  it("descriptor duplications and here-documents are not paths", async () => {
    expect(await paths("ls 2>&1 >&2 <&0 >&-")).toEqual([]);
    expect(await paths("cat <<EOF\nx\nEOF")).toEqual([]);
  });

  it("departure 3: operands after -- are paths even when they start with -", async () => {
    expect(await paths("rm -- -rf")).toEqual([["rm", "-rf"]]);
  });

  it("departure 3: an operand with an expansion is returned as written, marked unknown", async () => {
    const found = extractFilePaths(await parse('cat x > "$HOME/.bashrc"'));
    expect(found.map((p) => [p.path, p.known])).toEqual([['"$HOME/.bashrc"', false]]);
  });

  it("sees tee, dd, --target-directory and commands behind wrappers", async () => {
    expect(await paths("ls | tee -a ~/.bashrc")).toEqual([["tee", "~/.bashrc"]]);
    expect(await paths("dd if=/dev/zero of=/tmp/x bs=1")).toEqual([
      ["dd", "/dev/zero"],
      ["dd", "/tmp/x"],
    ]);
    expect(await paths("cp --target-directory=/etc a")).toEqual([
      ["cp", "/etc"],
      ["cp", "a"],
    ]);
    expect(await paths("sudo rm /x")).toEqual([["rm", "/x"]]);
  });

  it("departure 2: option values that are paths count, however they are written", async () => {
    for (const command of [
      "cp -t /etc a",
      "cp -t/etc a",
      "cp -vt/etc a",
      "cp --target=/etc a",
      "cp --ta /etc a",
    ]) {
      expect((await paths(command)).map(([, p]) => p).sort(), command).toEqual(["/etc", "a"]);
    }
    // After an operand (permuted by getopt), and as POSIXLY_CORRECT would read it.
    expect((await paths("cp a -t /etc")).map(([, p]) => p)).toEqual(["a", "-t", "/etc"]);
    expect(await paths("install -m 644 -t/srv/bin tool")).toEqual([
      ["install", "/srv/bin"],
      ["install", "tool"],
    ]);
    expect(await paths("touch -r ref -d yesterday new")).toEqual([
      ["touch", "ref"],
      ["touch", "new"],
    ]);
  });

  it("departure 2: rmdir -p removes every ancestor it names", async () => {
    expect(await paths("rmdir -p a/b/c")).toEqual([
      ["rmdir", "a/b/c"],
      ["rmdir", "a/b"],
      ["rmdir", "a"],
    ]);
  });

  it("departure 2: with POSIXLY_CORRECT the words after the first operand are operands", async () => {
    expect(await paths("touch new -d /etc/passwd")).toEqual([
      ["touch", "new"],
      ["touch", "-d"],
      ["touch", "/etc/passwd"],
    ]);
  });

  it("§4: paths come in command order, a redirect after the command it follows", async () => {
    expect((await paths("echo a > f1 && echo b > f2")).map(([, p]) => p)).toEqual(["f1", "f2"]);
    expect((await paths("{ ls; rm x; } > out; rm y")).map(([, p]) => p)).toEqual(["x", "out", "y"]);
    expect((await paths("> f cp a b")).map(([, p]) => p)).toEqual(["a", "b", "f"]);
  });

  it("skips the find -exec placeholder", async () => {
    expect(await paths("find . -exec rm {} +")).toEqual([]);
  });
});
