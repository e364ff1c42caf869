import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptEdits, makeTree, type Tree } from "./accept-edits-tree.js";

let tree: Tree;
let W = "";
let O = "";

beforeAll(async () => {
  tree = await makeTree();
  W = tree.wd;
  O = tree.out;
});
afterAll(async () => {
  await tree.remove();
});

async function expectEach(commands: readonly string[], behavior: "allow" | "ask"): Promise<void> {
  for (const command of commands) {
    expect(await acceptEdits(tree, command), command).toBe(behavior);
  }
}

describe("departure 2: ACCEPT_EDITS auto-allows only writes that land inside (real files)", () => {
  it("departure 2: plain edits inside stay allowed (§11.25)", async () => {
    await expectEach(
      [
        `touch ${W}/new.txt`,
        "touch new.txt && mkdir -p sub/x/y",
        `cp ${W}/a.txt ${W}/c.txt`,
        `sed -i 's/a/b/g' ${W}/a.txt`,
        `mv ${W}/a.txt ${W}/sub/ && rm ${W}/b.txt`,
        "cp a.txt sub",
        "touch *.txt",
        `rm ${W}/dangling`,
        "mkdir -p made 2>/dev/null",
        `cd ${W}/sub && touch x`,
        `mkdir -p ${W}/n && touch ${W}/n/../z`,
      ],
      "allow",
    );
  });

  it("departure 2: sed -i takes its backup suffix only attached; the next word is the script", async () => {
    await expectEach(
      [`sed -i.bak 's/a/b/' a.txt`, "sed --in-place=.orig -e 's/a/b/' a.txt"],
      "allow",
    );
    await expectEach(
      [
        `sed -i 'w ${O}/x' s/a/b/ a.txt`,
        "sed -i G s/a/b/ a.txt",
        `sed -i e s/a/b/ a.txt`,
        `sed -i 's/a/b/' a.txt ${O}/secret`,
      ],
      "ask",
    );
  });

  it("departure 2: cp/mv -t DIR, attached, long and abbreviated, are targets", async () => {
    await expectEach(
      [
        `cp -t ${O} a.txt`,
        `cp -t${O} a.txt`,
        `cp -vt${O} a.txt`,
        `cp --target-directory=${O} a.txt`,
        `cp --target ${O} a.txt`,
        `cp --targ=${O} a.txt`,
        `mv -t ${O} b.txt`,
        `cp a.txt -t ${O}`,
      ],
      "ask",
    );
    await expectEach([`cp -t ${W}/sub a.txt`, "mv --target-directory=sub b.txt"], "allow");
  });

  it("departure 2: an option the table does not know, or one in an expansion, is not provable", async () => {
    await expectEach(
      ["cp --frobnicate a.txt c.txt", "rm -Q a.txt", 'cp "$OPT" a.txt c.txt'],
      "ask",
    );
  });

  it("departure 2: with POSIXLY_CORRECT, words after an operand are operands: they count", async () => {
    expect(await acceptEdits(tree, `touch x -d ${O}/secret`)).toBe("ask");
    expect(await acceptEdits(tree, "touch x -d yesterday")).toBe("allow");
  });

  it("departure 2: a glob that can match . or .. is never auto-allowed", async () => {
    await expectEach(
      [`touch ${W}/.?/x`, `cp a.txt ${W}/.[.]/`, `rm -r ${W}/.*`, "rm -r .*"],
      "ask",
    );
    expect(await acceptEdits(tree, "rm .[!.]*.tmp")).toBe("allow");
  });

  it("departure 2: a glob is judged by what it matches (a link out among them asks)", async () => {
    await expectEach([`touch ${W}/*/x`, "touch */new"], "ask");
    await expectEach([`touch ${W}/s*/new`, "rm *.txt"], "allow");
  });

  it("departure 2: a relative glob that may expand to an option is not provable", async () => {
    const dir = join(W, "opts");
    await mkdir(dir);
    await writeFile(join(dir, "--target-directory=.."), "");
    expect(await acceptEdits(tree, "cd opts && cp * ../sub")).toBe("ask");
    expect(await acceptEdits(tree, "cd opts && cp -- * ../sub")).toBe("ask");
  });

  it("departure 2: cd through a symlink, and cd -P, resolve where the kernel does", async () => {
    await expectEach(
      [`cd ${W}/to-out && touch x`, `cd -P ${W}/to-out/.. && touch x`, "cd to-out && mkdir d"],
      "ask",
    );
    // Logical cd: bash canonicalises to/out/.. back to the working directory.
    expect(await acceptEdits(tree, `cd ${W}/to-out/.. && touch x`)).toBe("allow");
    // A cd may fail and the shell go on, so `cd ..` alone is a possibility: the parent.
    expect(await acceptEdits(tree, "cd to-out && cd .. && touch x")).toBe("ask");
  });

  it("departure 2: .. after a symlink is taken where the symlink leads", async () => {
    await expectEach(
      [`touch ${W}/to-out/../x`, "touch sub/up/../x", `cp a.txt to-out/../x`],
      "ask",
    );
  });

  it("departure 2: a dangling symlink (or a chain) is written where its target is", async () => {
    await expectEach(
      [`touch ${W}/dangling`, `echo x > ${W}/chain`, `cp a.txt ${W}/dangling`, "touch chain"],
      "ask",
    );
    // rm, mv and sed -i act on the link itself.
    await expectEach([`rm ${W}/chain`, `sed -i 's/a/b/' ${W}/inner-link`], "allow");
  });

  it("departure 2: cp into a directory writes DIR/name, through a link already there", async () => {
    expect(await acceptEdits(tree, "cp a.txt into")).toBe("ask");
    expect(await acceptEdits(tree, "cp b.txt into")).toBe("allow");
  });

  it("departure 2: a hard-linked file written in place may be anywhere", async () => {
    await expectEach([`echo x >> ${W}/hardlink`, `cp a.txt ${W}/hardlink`], "ask");
  });

  it("departure 2: a symlink moved or copied earlier in the command may lead anywhere", async () => {
    await expectEach(
      [
        `mv ${W}/to-out ${W}/moved && touch ${W}/moved/x`,
        "cp -P to-out copied && touch copied/x",
        "cp -s a.txt ln.txt && echo x > ln.txt",
        "cp -r dir dir2 && touch dir2/link/x",
        "mv sub sub2 && touch sub2/new",
        "mv hardlink h2 && echo x >> h2",
      ],
      "ask",
    );
    // Moving and copying plain files changes nothing later commands see.
    await expectEach(
      [
        "mv a.txt c.txt && touch d.txt",
        "cp a.txt b2.txt && sed -i 's/a/b/' b2.txt",
        "mv to-out gone",
      ],
      "allow",
    );
  });

  it("departure 2: a working directory, an ancestor of one, or its .git is never removed", async () => {
    const inner = join(W, "sub");
    const lists = { dangerousDirectories: [] };
    for (const command of [
      `rmdir ${W}`,
      `rm -r ${W}`,
      "rm -r .",
      `rm -r ${W}/sub/..`,
      `mv ${W} ${tree.base}/elsewhere`,
      `rm -r ${W}/.git`,
      "rm -r .g*",
      `rmdir -p ${W}/sub`,
    ]) {
      expect(await acceptEdits(tree, command, lists), command).toBe("ask");
    }
    expect(await acceptEdits(tree, `rm -r ${inner}`, {}, [inner])).toBe("ask");
    expect(await acceptEdits(tree, `rm -r ${inner}`)).toBe("allow");
  });

  it("departure 2: a path through /proc/self means the running process, not the checker", async () => {
    expect(await acceptEdits(tree, `cd ${O} && touch /proc/self/cwd/x`)).toBe("ask");
    expect(await acceptEdits(tree, "touch /dev/stdout")).toBe("ask");
  });

  it("departure 2: a numeric target is a path like any other (cd elsewhere && cp f 123)", async () => {
    expect(await acceptEdits(tree, `cd ${O} && cp ${W}/a.txt 123`)).toBe("ask");
  });

  it("departure 2: arguments hidden in a redirect with several destinations are unanalysable", async () => {
    expect(await acceptEdits(tree, `touch x > y ${O}/secret`)).toBe("ask");
  });
});
