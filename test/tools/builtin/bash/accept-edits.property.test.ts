import { execFile } from "node:child_process";
import { lstat, realpath, stat } from "node:fs/promises";
import { promisify } from "node:util";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptEdits, makeTree, type Tree } from "./accept-edits-tree.js";

const run = promisify(execFile);

/**
 * The property: in a real tree full of symlinks (into and out of the working directory, dangling,
 * chained, hard links), ACCEPT_EDITS auto-allows a generated command only when every write lands
 * inside the working directory. "Lands" is decided independently of the analyser: a probe script
 * with the same `cd` steps and connectors asks the real bash to expand each target (globs
 * included) and coreutils' `realpath -m` to resolve it; the probe only prints, never writes.
 */

type Kind = "follow" | "entry" | "remove" | "in-place" | "copy-into" | "source";

/** One generated step: the command text, and the targets the probe resolves. */
interface Step {
  readonly text: string;
  readonly targets: readonly {
    readonly kind: Kind;
    readonly word: string;
    readonly source?: string;
  }[];
  readonly cd?: boolean;
}

const NAMES = [
  "a.txt",
  "b.txt",
  "new",
  "sub",
  "sub/new",
  "to-out",
  "to-out/x",
  "to-out/",
  "dangling",
  "chain",
  "inner-link",
  "hardlink",
  "dir/link",
  "dir/link/x",
  "into",
  "sub/up",
  "sub/up/x",
  "sub/up/../x",
  "..",
  "../x",
  "sub/..",
  "to-out/..",
  "to-out/../x",
  "nonexist/../x",
  ".",
  ".?",
  ".*",
  "*.txt",
  "*/x",
  "s*",
  "*",
  "[ab].txt",
];
const DIRS = ["sub", "to-out", "..", "sub/up", "dir/link", "to-out/..", "nonexist", "into"];

function paths(tree: Tree): fc.Arbitrary<string> {
  const prefix = fc.constantFrom("", "./", `${tree.wd}/`, `${tree.out}/`, "~/");
  return fc.tuple(prefix, fc.constantFrom(...NAMES)).map(([p, n]) => p + n);
}

function steps(tree: Tree): fc.Arbitrary<Step> {
  const path = paths(tree);
  const dir = fc.constantFrom(...DIRS, tree.wd, tree.out);
  return fc.oneof(
    fc.tuple(fc.constantFrom("cd ", "cd -P "), dir).map(([cd, d]) => ({
      text: cd + d,
      targets: [],
      cd: true,
    })),
    path.map((p) => ({ text: `touch ${p}`, targets: [{ kind: "follow" as const, word: p }] })),
    path.map((p) => ({ text: `mkdir -p ${p}`, targets: [{ kind: "entry" as const, word: p }] })),
    fc.tuple(fc.constantFrom("rm ", "rm -r ", "rmdir "), path).map(([rm, p]) => ({
      text: rm + p,
      targets: [{ kind: "remove" as const, word: p }],
    })),
    path.map((p) => ({
      text: `sed -i 's/a/b/' ${p}`,
      targets: [{ kind: "entry" as const, word: p }],
    })),
    fc.tuple(path, path).map(([s, d]) => ({
      text: `cp ${s} ${d}`,
      targets: [
        { kind: "source" as const, word: s },
        { kind: "copy-into" as const, word: d, source: s },
      ],
    })),
    fc.tuple(path, path, fc.constantFrom("-t ", "-t", "--target-directory=")).map(([s, d, t]) => ({
      text: `cp ${t}${d} ${s}`,
      targets: [
        { kind: "source" as const, word: s },
        { kind: "copy-into" as const, word: d, source: s },
      ],
    })),
    fc.tuple(path, path).map(([s, d]) => ({
      text: `mv ${s} ${d}`,
      targets: [
        { kind: "source" as const, word: s },
        { kind: "remove" as const, word: s },
        { kind: "follow" as const, word: d },
      ],
    })),
    fc.tuple(path, path).map(([n, p]) => ({
      text: `touch ${n} > ${p}`,
      targets: [
        { kind: "follow" as const, word: n },
        { kind: "in-place" as const, word: p },
      ],
    })),
  );
}

/**
 * Bash that prints `kind<TAB>landing` for every target, with the command's cd steps, each step's
 * lines after a `step<TAB>index` line. `source` lines give the entries `cp`/`mv` take.
 */
function probe(list: readonly Step[], connectors: readonly string[]): string {
  const entry =
    'd=$(realpath -m -- "$(dirname -- "$p")"); printf "%s/%s\\n" "$d" "$(basename -- "$p")"';
  const follow = 'realpath -m -- "$p"';
  const target = (t: Step["targets"][number]): string => {
    if (t.kind === "copy-into") {
      const into = `for s in ${t.source ?? ""}; do q="$p/$(basename -- "$s")"; printf "in-place\\t"; realpath -m -- "$q"; done`;
      return `for p in ${t.word}; do if [ -d "$p" ]; then ${into}; else printf "in-place\\t"; ${follow}; fi; done`;
    }
    if (t.kind === "source") return `for p in ${t.word}; do printf "source\\t"; ${entry}; done`;
    const resolve = t.kind === "follow" || t.kind === "in-place" ? follow : entry;
    const how = `case "$p" in */|*/.|*/..|.|..) ${follow};; *) ${resolve};; esac`;
    return `for p in ${t.word}; do printf "${t.kind}\\t"; ${how}; done`;
  };
  return list
    .map((step, i) => {
      const body = step.cd
        ? step.text
        : [`printf "step\\t${i}\\n"`, ...step.targets.map(target)].join("; ");
      return `{ ${body}; }${i < list.length - 1 ? (connectors[i] ?? "") : ""}`;
    })
    .join(" ");
}

/** A file's kind and link count (the entry itself, or what it leads to), `null` if missing. */
async function entry(
  path: string,
  follow: boolean,
): Promise<{ file: boolean; links: number } | null> {
  const found = await (follow ? stat(path) : lstat(path)).catch(() => null);
  return found === null ? null : { file: found.isFile(), links: found.nlink };
}

describe("departure 2 (property): ACCEPT_EDITS allows only writes that land inside", () => {
  let tree: Tree;
  let roots: string[] = [];
  beforeAll(async () => {
    tree = await makeTree();
    roots = [tree.wd, await realpath(process.cwd())];
  });
  afterAll(async () => {
    await tree.remove();
  });

  const inside = (p: string): boolean => roots.some((r) => p === r || p.startsWith(`${r}/`));

  /** Why an allowed command breaks the property, or `null`. */
  async function violation(
    list: readonly Step[],
    connectors: readonly string[],
  ): Promise<string | null> {
    // A failing cd ends an && chain with a non-zero status; what was printed still counts.
    const { stdout } = await run("bash", ["--noprofile", "--norc", "-c", probe(list, connectors)], {
      cwd: tree.wd,
      env: { HOME: tree.home, PATH: process.env["PATH"] ?? "/usr/bin:/bin" },
    }).catch((error: unknown) => ({ stdout: (error as { stdout?: string }).stdout ?? "" }));
    let step = 0;
    for (const line of stdout.split("\n").filter((l) => l !== "")) {
      const [kind, landing = ""] = line.split("\t");
      if (kind === "step") {
        step = Number(landing);
        continue;
      }
      if (kind === "source") {
        // A cp/mv of anything but a plain file may change what later paths lead to.
        const later = list.slice(step + 1).some((s) => s.cd !== true);
        const source = await entry(landing, false);
        const plain = source !== null && source.file && source.links === 1;
        if (later && !plain) return `layout changed by ${list[step]?.text}`;
        continue;
      }
      if (!inside(landing)) return `${kind} lands outside: ${landing}`;
      if (
        kind === "remove" &&
        roots.some(
          (r) =>
            inside(r) && (r === landing || r.startsWith(`${landing}/`) || landing === `${r}/.git`),
        )
      ) {
        return `removes a working directory: ${landing}`;
      }
      const written = kind === "in-place" ? await entry(landing, true) : null;
      if (written !== null && written.file && written.links > 1)
        return `writes a hard link: ${landing}`;
    }
    return null;
  }

  it("departure 2: generated commands over a tree of symlinks, globs, .. and cd chains", async () => {
    let allowed = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(steps(tree), { minLength: 1, maxLength: 3 }),
        fc.array(fc.constantFrom(" && ", "; "), { minLength: 2, maxLength: 2 }),
        async (list, connectors) => {
          const command = list
            .map((s, i) => s.text + (i < list.length - 1 ? (connectors[i] ?? "; ") : ""))
            .join("");
          if ((await acceptEdits(tree, command)) !== "allow") return;
          allowed++;
          expect(await violation(list, connectors), command).toBeNull();
        },
      ),
      { numRuns: 250 },
    );
    // Not vacuous: plenty of the generated commands are allowed.
    expect(allowed).toBeGreaterThan(10);
  });
});
