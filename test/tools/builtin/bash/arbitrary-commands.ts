import fc from "fast-check";

/**
 * Generators of Bash command lines whose safety is known by construction, for the property
 * tests of the analyser. A command is made of atoms (a program and its words) that are either
 * read-only or dangerous — they write, delete, run a program, change the shell's state, or read
 * secrets — wrapped, quoted, redirected and composed in every way the shell allows. A
 * composition is dangerous exactly when one of its parts is.
 */

/** One simple command as words, and whether its words may be re-quoted. */
interface Atom {
  readonly words: readonly string[];
  /** `[ … ]` must keep its brackets bare for the grammar to see a test. */
  readonly fixed?: boolean;
}

const atom = (line: string, fixed = false): Atom => ({ words: line.split(" "), fixed });

/** Read-only by construction: programs that only read, with options that only read. */
const READ_ONLY: readonly Atom[] = [
  atom("ls"),
  atom("ls -la src"),
  atom("pwd"),
  atom("cat README.md"),
  atom("head -n 5 notes.txt"),
  atom("tail -n 20 log.txt"),
  atom("wc -l notes.txt"),
  atom("grep -rn TODO src"),
  atom("rg -n foo src"),
  atom("git status"),
  atom("git log --oneline -5"),
  atom("git diff --stat"),
  atom("echo hello"),
  atom("printf %s\\n a"),
  atom("sort -rn counts.txt"),
  atom("uniq -c words.txt"),
  atom("cut -d, -f1 data.csv"),
  atom("date +%s"),
  atom("whoami"),
  atom("uname -a"),
  atom("true"),
  atom("jq .name package.json"),
  atom("diff -u a.txt b.txt"),
  atom("du -sh src"),
  atom("ps aux"),
  atom("seq 3"),
  atom("basename a/b.txt"),
  atom("sha256sum notes.txt"),
  atom("test -d src"),
  atom("[ -f notes.txt ]", true),
  atom("find . -name *.ts -type f"),
  atom("cd /tmp"),
];

/** Read-only atoms that stay read-only behind `xargs` (no option of theirs is dangerous). */
const XARGS_READ_ONLY: readonly Atom[] = [
  atom("cat"),
  atom("grep -n foo"),
  atom("wc -l"),
  atom("head -n 3"),
  atom("ls -la"),
];

/** Dangerous by construction: each writes, deletes, runs, changes state, or reads a secret. */
const DANGEROUS: readonly Atom[] = [
  atom("rm -rf /"),
  atom("rm notes.txt"),
  atom("touch new.txt"),
  atom("mkdir build"),
  atom("cp a.txt b.txt"),
  atom("mv a.txt b.txt"),
  atom("chmod 777 run.sh"),
  atom("tee out.txt"),
  atom("dd if=a of=b"),
  atom("git push"),
  atom("git commit -m fix"),
  atom("git branch -D main"),
  atom("npm install"),
  atom("curl -o page.html https://example.com"),
  atom("python script.py"),
  atom("node -e process.exit()"),
  atom("sort -o sorted.txt counts.txt"),
  atom("sort --compress-program=sh counts.txt"),
  atom("uniq words.txt out.txt"),
  atom("date -s 2020-01-01"),
  atom("find . -delete"),
  atom("find . -exec rm {} +"),
  atom("rg --pre sh foo"),
  atom("sed -i s/a/b/ notes.txt"),
  atom("cat /home/u/.env"),
  atom("cat /home/u/.ssh/id_rsa"),
  atom("head -c 64 /home/u/.aws/credentials"),
  atom("base64 /tmp/project/server.key"),
  atom("cp /home/u/.netrc stolen"),
  atom("env"),
  atom("printenv"),
  atom("printf -v PATH /tmp"),
  atom("read line"),
  atom("export PATH=/tmp"),
  atom("unset HOME"),
  atom("kill -9 1"),
  atom("sh -c rm\u00a0notes.txt"),
  atom("eval rm\u00a0notes.txt"),
];

/** Wrappers after which a command is judged by what it runs (departure 1). */
const TRANSPARENT_WRAPPERS: readonly (readonly string[])[] = [
  ["env"],
  ["env", "LANG=C"],
  ["nice"],
  ["nice", "-n", "5"],
  ["timeout", "5"],
  ["timeout", "-s", "KILL", "5"],
  ["command"],
];

/** Wrappers that change privileges: never read-only, whatever they run. */
const PRIVILEGE_WRAPPERS: readonly (readonly string[])[] = [
  ["sudo"],
  ["sudo", "-u", "root"],
  ["doas"],
  ["pkexec"],
];

/** Redirects that keep a command read-only: `/dev/null`, descriptor duplication, input. */
const HARMLESS_REDIRECTS: readonly string[] = [
  "2>/dev/null",
  ">/dev/null",
  "2>&1",
  "&>/dev/null",
  ">&2",
  "< input.txt",
];

/** Redirects that write a file or read a secret. */
const DANGEROUS_REDIRECTS: readonly string[] = [
  "> out.txt",
  ">> log.txt",
  "2> err.txt",
  "&> all.txt",
  ">| forced.txt",
  "> /home/u/.bashrc",
  "< /home/u/.ssh/id_ed25519",
];

/** Statements with a here-document (they end a line). */
const READ_ONLY_HEREDOCS: readonly string[] = [
  "cat <<'EOF'\nquoted `id` $(id) ${X}\nEOF",
  'cat <<"EOF"\n$(rm -rf /)\nEOF',
  "cat <<\\EOF\n`rm -rf /`\nEOF",
  "cat <<EOF\nplain $HOME text\nEOF",
  "cat <<-EOF\n\tindented\n\tEOF",
  "grep x <<< 'a b'",
];

const DANGEROUS_HEREDOCS: readonly string[] = [
  "cat <<EOF\n$(rm -rf /)\nEOF",
  "cat <<EOF\n`rm notes.txt`\nEOF",
  "cat <<EOF\n${X:-y}\nEOF",
  "bash <<'EOF'\nrm -rf /\nEOF",
  "sh <<'EOF'\ntouch x\nEOF",
  "sh <<< 'rm notes.txt'",
  "cat <<'EOF' | sh\nls\nEOF",
  "cat <<EOF > out.txt\nbody\nEOF",
];

/** A word written so that the shell reads it back unchanged. */
function quoted(word: string): fc.Arbitrary<string> {
  const plainOk = /^[A-Za-z0-9._/,:%+=@-]+$/.test(word) && !word.startsWith("=");
  const forms: fc.Arbitrary<string>[] = [
    fc.constant(`'${word.replaceAll("'", "'\\''")}'`),
    fc.constant(`"${word.replace(/["$`\\]/g, "\\$&")}"`),
    fc.constant(`$'${word.replace(/['\\]/g, "\\$&")}'`),
    fc.constant(
      Array.from(word)
        .map((c) => (c === "\n" ? "'\n'" : `\\${c}`))
        .join(""),
    ),
  ];
  if (word.length >= 2) {
    // A concatenation: `r""m`, `'r'm`, `"r"$'m'`.
    forms.push(
      fc.integer({ min: 1, max: word.length - 1 }).map((at) => {
        const [head, tail] = [word.slice(0, at), word.slice(at)];
        return `'${head.replaceAll("'", "'\\''")}'"${tail.replace(/["$`\\]/g, "\\$&")}"`;
      }),
    );
  }
  if (plainOk) forms.push(fc.constant(word), fc.constant(word), fc.constant(word));
  return fc.oneof(...forms);
}

/** An atom's words, each quoted some way (a no-break space in an atom stands for a space). */
function written(a: Atom): fc.Arbitrary<string> {
  const words = a.words.map((w) => w.replaceAll("\u00a0", " "));
  if (a.fixed === true) return fc.constant(words.join(" "));
  return fc.tuple(...words.map(quoted)).map((ws) => ws.join(" "));
}

function wrapped(
  a: fc.Arbitrary<string>,
  wrappers: readonly (readonly string[])[],
  max: number,
): fc.Arbitrary<string> {
  return fc
    .tuple(fc.array(fc.constantFrom(...wrappers), { maxLength: max }), a)
    .map(([ws, command]) => [...ws.map((w) => w.join(" ")), command].join(" "));
}

function redirected(a: fc.Arbitrary<string>, redirects: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(a, fc.array(fc.constantFrom(...redirects), { maxLength: 2 }))
    .map(([command, rs]) => [command, ...rs].join(" "));
}

/** A read-only simple command: quoted, behind transparent wrappers, harmless redirects. */
const readOnlySimple: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: redirected(
      wrapped(fc.constantFrom(...READ_ONLY).chain(written), TRANSPARENT_WRAPPERS, 2),
      HARMLESS_REDIRECTS,
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...XARGS_READ_ONLY)
      .chain(written)
      .map((command) => `find . -name '*.md' | xargs ${command}`),
  },
);

/** A dangerous simple command, by one of the ways a command can be dangerous. */
const dangerousSimple: fc.Arbitrary<string> = fc.oneof(
  // A dangerous program, however quoted, wrapped and redirected.
  wrapped(fc.constantFrom(...DANGEROUS).chain(written), TRANSPARENT_WRAPPERS, 2),
  // A read-only program behind a privilege change.
  fc
    .tuple(fc.constantFrom(...PRIVILEGE_WRAPPERS), fc.constantFrom(...READ_ONLY).chain(written))
    .map(([w, command]) => `${w.join(" ")} ${command}`),
  // A read-only program with a redirect that writes or reads a secret.
  fc
    .tuple(fc.constantFrom(...READ_ONLY).chain(written), fc.constantFrom(...DANGEROUS_REDIRECTS))
    .map(([command, r]) => `${command} ${r}`),
  // xargs running a dangerous program, or a wrapper whose program arrives on standard input.
  fc
    .constantFrom(...DANGEROUS)
    .chain(written)
    .map((command) => `ls | xargs ${command}`),
  fc
    .constantFrom(...TRANSPARENT_WRAPPERS, ...PRIVILEGE_WRAPPERS)
    .map((w) => `ls | xargs ${w.join(" ")}`),
);

/** How statements follow each other; a comment runs to the end of its line. */
const SEPARATORS: readonly string[] = [
  " ; ",
  " && ",
  " || ",
  " | ",
  " & ",
  "\n",
  " # note; rm -rf /\n",
];

/** Joins statements; a here-document statement is always followed by a newline. */
function composed(
  parts: readonly (readonly [string, boolean])[],
  separators: readonly string[],
): string {
  let out = "";
  parts.forEach(([text, endsLine], i) => {
    out += text;
    if (i === parts.length - 1) return;
    out += endsLine ? "\n" : (separators[i % separators.length] ?? " ; ");
  });
  return out;
}

/** A statement: a simple command (or a here-document line), or a `{ …; }` group of them. */
function statement(
  simple: fc.Arbitrary<string>,
  heredocs: readonly string[],
): fc.Arbitrary<readonly [string, boolean]> {
  const line = fc.oneof(
    { weight: 5, arbitrary: simple.map((s) => [s, false] as const) },
    { weight: 1, arbitrary: fc.constantFrom(...heredocs).map((h) => [h, true] as const) },
  );
  const group = fc
    .tuple(
      fc.array(line, { minLength: 1, maxLength: 3 }),
      fc.array(fc.constantFrom(...SEPARATORS), { minLength: 2, maxLength: 2 }),
    )
    .map(
      ([parts, seps]) =>
        [`{ ${composed(parts, seps)}${parts.at(-1)?.[1] === true ? "\n" : "; "}}`, false] as const,
    );
  return fc.oneof({ weight: 4, arbitrary: line }, { weight: 1, arbitrary: group });
}

/** A command line of read-only parts only. */
export const readOnlyCommand: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(statement(readOnlySimple, READ_ONLY_HEREDOCS), { minLength: 1, maxLength: 4 }),
    fc.array(fc.constantFrom(...SEPARATORS), { minLength: 3, maxLength: 3 }),
  )
  .map(([parts, seps]) => composed(parts, seps));

/** A command line with at least one dangerous part, anywhere, among read-only ones. */
export const dangerousCommand: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(statement(readOnlySimple, READ_ONLY_HEREDOCS), { maxLength: 3 }),
    statement(dangerousSimple, DANGEROUS_HEREDOCS),
    fc.array(statement(readOnlySimple, READ_ONLY_HEREDOCS), { maxLength: 2 }),
    fc.array(fc.constantFrom(...SEPARATORS), { minLength: 5, maxLength: 5 }),
  )
  .map(([before, bad, after, seps]) => composed([...before, bad, ...after], seps));
