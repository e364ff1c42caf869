import { describe, expect, it } from "vitest";
import { isReadOnlyCommand } from "../../../../src/tools/builtin/bash/index.js";
import { parse } from "./helpers.js";

async function readOnly(command: string): Promise<boolean> {
  return isReadOnlyCommand(await parse(command));
}

describe("isReadOnlyCommand", () => {
  it.each([
    "git remote -v",
    "tail -f log.txt",
    "find . -name '-delete'",
    "git diff | grep p",
    "cat ~/.bashrc",
    "ls; pwd; cat f",
  ])("§11.41 %s is read-only", async (command) => {
    expect(await readOnly(command)).toBe(true);
  });

  it.each([
    "find . -delete",
    "find . -exec rm {} \\;",
    "ls &> out",
    "cat f 2> e",
    "pwd || mkdir d",
    "",
    "\t",
  ])("§11.42 %j is not read-only", async (command) => {
    expect(await readOnly(command)).toBe(false);
  });

  it("reads the reference lists: single programs, git, docker, gh, version queries", async () => {
    for (const command of [
      "ls -la",
      "head -n 5 f",
      "wc -l f",
      "stat f",
      "grep -rn foo .",
      "rg foo",
      "tree -L 2",
      "which node",
      "git status",
      "git log --oneline -5",
      "git show HEAD",
      "git rev-parse HEAD",
      "docker ps -a",
      "gh pr list",
      "python --version",
      "node -v",
      "npm ls",
      "pip show requests",
      "echo hi",
      "printf '%s' x",
      "cd src",
      "true",
    ]) {
      expect(await readOnly(command), command).toBe(true);
    }
  });

  it("is not fooled by a program that only looks like a read-only one", async () => {
    for (const command of [
      "/tmp/ls",
      "lsblk",
      "python script.py",
      "node -e 'x'",
      "npm install",
      "docker run x",
    ]) {
      expect(await readOnly(command), command).toBe(false);
    }
  });

  it("a command with an unanalysable part is not read-only", async () => {
    expect(await readOnly("ls $(rm -rf /)")).toBe(false);
    expect(await readOnly("echo ${X:-y}")).toBe(false);
  });
});

describe("departure 1: read-only detection works on the parsed command", () => {
  it("departure 1: git branch -D is not read-only (prefix matching said it was)", async () => {
    expect(await readOnly("git branch -D main")).toBe(false);
    expect(await readOnly("git branch -d x")).toBe(false);
    expect(await readOnly("git branch --delete x")).toBe(false);
    expect(await readOnly("git branch -m a b")).toBe(false);
    expect(await readOnly("git branch newbranch")).toBe(false);
    expect(await readOnly("git branch --set-upstream-to=origin/x")).toBe(false);
  });

  it("departure 1: listing branches stays read-only", async () => {
    for (const command of [
      "git branch",
      "git branch -a",
      "git branch -vv",
      "git branch --list 'f*'",
      "git branch --contains HEAD",
      "git branch --show-current",
    ]) {
      expect(await readOnly(command), command).toBe(true);
    }
  });

  it("departure 1: git tag -d is not read-only; listing tags is", async () => {
    expect(await readOnly("git tag -d v1")).toBe(false);
    expect(await readOnly("git tag v1")).toBe(false);
    expect(await readOnly("git tag -a v1 -m x")).toBe(false);
    expect(await readOnly("git tag")).toBe(true);
    expect(await readOnly("git tag -l 'v1.*'")).toBe(true);
    expect(await readOnly("git tag -n5")).toBe(true);
  });

  it("departure 1: git remote add/remove/set-url are not read-only", async () => {
    expect(await readOnly("git remote add x y")).toBe(false);
    expect(await readOnly("git remote remove x")).toBe(false);
    expect(await readOnly("git remote rm x")).toBe(false);
    expect(await readOnly("git remote set-url origin u")).toBe(false);
    expect(await readOnly("git remote rename a b")).toBe(false);
    expect(await readOnly("git remote")).toBe(true);
    expect(await readOnly("git remote show origin")).toBe(true);
    expect(await readOnly("git remote get-url origin")).toBe(true);
  });

  it("departure 1: git config other than --get/--list is not read-only", async () => {
    expect(await readOnly("git config user.name x")).toBe(false);
    expect(await readOnly("git config --unset user.name")).toBe(false);
    expect(await readOnly("git config --global --add x.y z")).toBe(false);
    expect(await readOnly("git config -e")).toBe(false);
    expect(await readOnly("git config user.name")).toBe(false);
    expect(await readOnly("git config --get user.name")).toBe(true);
    expect(await readOnly("git config --global --list")).toBe(true);
    expect(await readOnly("git config get user.name")).toBe(true);
  });

  it("departure 1: git options that write files or run programs are not read-only", async () => {
    expect(await readOnly("git diff --output=/tmp/x")).toBe(false);
    expect(await readOnly("git log -p --out=/tmp/x")).toBe(false);
    expect(await readOnly("git diff --ext-diff")).toBe(false);
    expect(await readOnly("git grep -O foo")).toBe(false);
    expect(await readOnly("git -c core.pager='rm -rf ~' log")).toBe(false);
    expect(await readOnly("git reflog expire --all")).toBe(false);
    expect(await readOnly("git log $ARGS")).toBe(false);
  });

  it("departure 1: tee is never read-only (ls | tee ~/.bashrc)", async () => {
    expect(await readOnly("ls | tee ~/.bashrc")).toBe(false);
    expect(await readOnly("tee out")).toBe(false);
  });

  it("departure 1: echo and printf are read-only only without redirection", async () => {
    expect(await readOnly("echo hi > f")).toBe(false);
    expect(await readOnly("printf x >> f")).toBe(false);
    expect(await readOnly("echo hi")).toBe(true);
  });

  it("departure 1: a quoted > is an argument, not a redirect", async () => {
    expect(await readOnly("grep '>' f")).toBe(true);
  });

  it("departure 1: options that write files, preprocess, page or compile make it not read-only", async () => {
    for (const command of [
      "less -o log f",
      "less --log-file=log f",
      "rg --pre ./run.sh foo",
      "rg --pre=sh foo",
      "ag --pager 'rm -rf ~' foo",
      "ack --output='system(1)' foo",
      "tree -o out.txt",
      "file -C -m magic",
    ]) {
      expect(await readOnly(command), command).toBe(false);
    }
    expect(await readOnly("less f")).toBe(true);
    expect(await readOnly("rg --pre-glob '*.gz' foo")).toBe(true);
  });

  it("departure 1: find with a writing or executing action is not read-only", async () => {
    for (const action of [
      "-delete",
      "-exec rm {} ;",
      "-execdir rm {} +",
      "-ok rm {} ;",
      "-okdir rm {} ;",
      "-fprint out",
      "-fprint0 out",
      "-fprintf out %p",
      "-fls out",
    ]) {
      expect(await readOnly(`find . ${action}`), action).toBe(false);
    }
    expect(await readOnly("find . '-delete'")).toBe(false);
    expect(await readOnly("find . $ACTION")).toBe(false);
    expect(await readOnly("find . -name '*.ts' -type f -newer x")).toBe(true);
  });

  it("departure 1: newlines separate commands like ;", async () => {
    expect(await readOnly("ls\nrm -rf x")).toBe(false);
    expect(await readOnly("ls\npwd")).toBe(true);
  });

  it("departure 1: a command behind xargs, env, nice, timeout, command, builtin, exec is judged by what it runs", async () => {
    expect(await readOnly("ls | xargs rm")).toBe(false);
    expect(await readOnly("find . | xargs grep foo")).toBe(true);
    expect(await readOnly("find . | xargs git log")).toBe(false);
    expect(await readOnly("env rm -rf /")).toBe(false);
    expect(await readOnly("env ls")).toBe(true);
    expect(await readOnly("env LD_PRELOAD=/tmp/x.so ls")).toBe(false);
    expect(await readOnly("env -S 'rm -rf /'")).toBe(false);
    expect(await readOnly("nice -n 5 cat f")).toBe(true);
    expect(await readOnly("nice rm f")).toBe(false);
    expect(await readOnly("timeout 5 tail -f log")).toBe(true);
    expect(await readOnly("timeout -s KILL 5 rm f")).toBe(false);
    expect(await readOnly("command ls")).toBe(true);
    expect(await readOnly("command -v rm")).toBe(true);
    expect(await readOnly("command rm f")).toBe(false);
    expect(await readOnly("builtin cd /tmp")).toBe(true);
    expect(await readOnly("exec rm f")).toBe(false);
    expect(await readOnly("nohup ls")).toBe(false);
  });

  it("assignments other than locale and colour settings make a command not read-only", async () => {
    expect(await readOnly("LANG=C ls")).toBe(true);
    expect(await readOnly("PATH=/tmp/evil ls")).toBe(false);
    expect(await readOnly("PAGER='rm -rf ~' git log")).toBe(false);
    expect(await readOnly("X=1")).toBe(false);
  });

  it("shells and eval are never read-only, whatever they run", async () => {
    expect(await readOnly("bash -c 'ls'")).toBe(false);
    expect(await readOnly("eval ls")).toBe(false);
  });
});
