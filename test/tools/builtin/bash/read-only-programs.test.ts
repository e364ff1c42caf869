import { describe, expect, it } from "vitest";
import { parse, readOnly } from "./helpers.js";

describe("departure 1: options that write a file, run a program or change the system", () => {
  it.each([
    // sort: -o writes, --compress-program runs a program, -T writes temporaries.
    "sort -o out f",
    "sort -ro out f",
    "sort --output=out f",
    "sort --out out f",
    "sort --compress-program=sh f",
    "sort --compress=sh f",
    "sort -T /tmp f",
    // uniq: the second operand is the output file.
    "uniq in out",
    "uniq -c in out",
    // date: -s and an MMDDhhmm operand set the clock.
    "date -s 2020-01-01",
    "date --set=tomorrow",
    "date 0101000020",
    "date -u 0101000020",
    // hostname: an operand, -F and -b set the name.
    "hostname evil",
    "hostname -F /tmp/name",
    "hostname -b x",
    // file: -C compiles a magic file, -p rewrites access times.
    "file -C -m magic",
    "file --compile",
    "file -p f",
    "file --no-sandbox f",
    // ripgrep: --pre and --hostname-bin run programs.
    "rg --pre sh foo",
    "rg --pre=./x.sh foo",
    "rg --hostname-bin=sh foo",
    "rg --hostname-bin sh foo",
    // less: log files, key bindings, initial commands.
    "less -o log f",
    "less --log-file=log f",
    "less -k keys f",
    "less '+!rm -rf ~' f",
    // tree: -o writes, -R writes 00Tree.html everywhere.
    "tree -o out.txt",
    "tree -R -H . -o x",
    // jq: code from files or modules.
    "jq -f prog.jq data.json",
    "jq -L lib 'import \"x\" as x; .' f",
    "jq --from-file prog.jq f",
    // pip and npm options that write or run.
    "pip --log /tmp/x list",
    "pip list --log /tmp/x",
    "pip list --python /usr/bin/python3",
    "pip show --cache-dir /tmp/c requests",
    "pip install x",
    "npm ls --logs-dir=/tmp/x",
    "npm ls --userconfig=/tmp/npmrc",
    "npm version",
    "npm -v install",
    // git, gh, docker beyond their read-only forms.
    "git --version --exec-path=/tmp",
    "git --exec-path=/tmp version",
    "gh pr list --web",
    "gh repo view -w",
    "docker --config /tmp ps",
    "printf -v X y",
    "ack --output='$&' foo",
    "ag --pager 'rm -rf ~' foo",
  ])("departure 1: %j is not read-only", async (command) => {
    expect(await readOnly(command)).toBe(false);
  });
});

describe("harmless stays harmless: the common read-only programs run without a prompt", () => {
  it.each([
    "sort f",
    "sort -rn f",
    "sort -t, -k2,2n data.csv",
    "sort --check=quiet f",
    "sort -u --parallel=2 f",
    "uniq f",
    "uniq -c f",
    "uniq -2 f",
    "uniq --group=both f",
    "cut -d: -f1 /etc/passwd",
    "diff -u a b",
    "diff -r dir1 dir2",
    "du -sh .",
    "df -h",
    "uname -a",
    "date",
    "date +%Y-%m-%d",
    "date -u +%s",
    "date -d yesterday +%F",
    "date -I",
    "date --iso-8601=seconds",
    "date -r f",
    "whoami",
    "id -u",
    "groups",
    "basename a/b.txt .txt",
    "dirname a/b",
    "realpath -m x/../y",
    "readlink -f link",
    "jq . package.json",
    "jq -r '.name' package.json",
    "jq --arg v 1 -c '.a == $v' f",
    "jq -n '1 + 1'",
    "sha256sum f",
    "sha1sum -c sums",
    "md5sum f",
    "b2sum f",
    "nl -ba f",
    "seq 1 10",
    "tr a-z A-Z < f",
    "test -d src",
    "test -n x",
    "[ -f x ]",
    "ps aux",
    "ps -ef",
    "ps -eo pid,comm",
    "column -t -s, f",
    "hostname",
    "hostname -f",
    "file -b --mime-type f",
    "rg -n --hidden foo",
    "rg -uuu foo",
    "rg -tpy foo",
    "rg --glob '*.ts' -l foo",
    "rg --pre-glob '*.gz' foo",
    "rg -e foo -e bar",
    "git --version",
    "git version",
    "npm -v",
    "npm --version",
    "npm ls --depth=0",
    "npm list --json --all",
    "pip --version",
    "pip list --outdated",
    "pip show -f requests",
    "python3 --version",
    "grep -rn TODO src 2>/dev/null",
    "ls -la >/dev/null 2>&1",
    "cat f 2>&1 | head",
    "wc -l *.ts",
    "tail -n 50 log &>/dev/null",
    "git status >&2",
    "ls 1>&-",
  ])("%j is read-only", async (command) => {
    expect(await readOnly(command)).toBe(true);
  });

  it("only /dev/null is a harmless redirect target, not other devices or files", async () => {
    for (const command of [
      "ls > /dev/stdout",
      "ls > /dev/tty",
      "ls > /dev/null2",
      "ls > out",
      "ls 2> err",
      "ls >& out",
      "ls &>> all",
      "ls <> f",
      "ls > /dev/nul*",
    ]) {
      expect(await readOnly(command), command).toBe(false);
    }
  });

  it("a redirect bash turns into a network socket is not read-only, reading included", async () => {
    for (const command of [
      "cat < /dev/tcp/198.51.100.1/80",
      "wc -c < /dev/udp/198.51.100.1/53",
      "cat <> /dev/tcp/198.51.100.1/80",
      'cat < "/dev/tcp/$H/80"',
      "cat < /dev/tcp/$H/80",
    ]) {
      expect(await readOnly(command), command).toBe(false);
    }
    // As an argument it is an ordinary (missing) path: only redirects are special to bash.
    expect(await readOnly("cat /dev/tcp/198.51.100.1/80")).toBe(true);
  });

  it("arguments xargs appends may be options: allowed only after a literal --, never as operands that write", async () => {
    expect(await readOnly("ls | xargs cat")).toBe(true);
    expect(await readOnly("ls | xargs sort")).toBe(false);
    expect(await readOnly("ls | xargs sort --")).toBe(true);
    expect(await readOnly("ls | xargs uniq --")).toBe(false);
    expect(await readOnly("ls | xargs jq .")).toBe(false);
    expect(await readOnly("ls | xargs find")).toBe(false);
  });
});

describe("departure 6: a word with unquoted glob characters is not a literal (wildcard injection)", () => {
  it.each([
    "find . -de*",
    "find * -name x",
    "find . -name *.ts",
    "rg --pr* x",
    "rg foo *",
    "rg foo [-]-pre=sh",
    "rg foo ?-pre=sh",
    "sort *",
    "sort -k1 ./*",
    "uniq *",
    "git diff *",
    "git log *",
    "date +%s *",
    "jq . *.json",
    "less -*",
    "tree -?",
    "rg {--pre=sh,x} y",
  ])("departure 6: %j may expand to a dangerous option: not read-only", async (command) => {
    expect(await readOnly(command)).toBe(false);
  });

  it("a glob after --, or given to a program without dangerous options, stays read-only", async () => {
    for (const command of [
      "rg foo -- *",
      "sort -- *.txt",
      "git log -- '*.ts' *.md",
      "grep -n foo *",
      "cat *.md",
      "ls -la src/*",
      "wc -l [ab]*.txt",
      "head -n 1 ?.txt",
    ]) {
      expect(await readOnly(command), command).toBe(true);
    }
  });

  it("extglob patterns count as globs", async () => {
    const script = await parse("x '@(a)' +\\(b\\) c");
    expect(script.commands[0]?.args.map((a) => a.glob)).toEqual([false, false, false]);
    // Unquoted, they do not even parse: never allowed.
    expect(await readOnly("ls @(a|b)")).toBe(false);
    expect(await readOnly("ls !(x)")).toBe(false);
  });
});
