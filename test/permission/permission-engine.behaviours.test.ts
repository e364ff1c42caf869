/**
 * Spec §11 behaviours 16–36 (permission engine). Bash, Read, Write and Edit are the fakes of
 * `fake-tools.ts`, which reproduce the tool-side rows of the spec's §4 table; the versions of
 * these tests against the real tools land with issue 4.
 */
import { mkdtemp, mkdir, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PermissionEngine,
  type PermissionContextInput,
  type PermissionMode,
  type PermissionRuleInput,
} from "../../src/permission/index.js";
import { fakeBash, fakeFileWriter, fakeRead, suggested, toolDecision } from "./fake-tools.js";

const MODES: readonly PermissionMode[] = [
  "default",
  "accept_edits",
  "explore",
  "bypass",
  "dont_ask",
];

function rule(
  tool_name: string,
  behavior: PermissionRuleInput["behavior"],
  rule_content: string | null = null,
): PermissionRuleInput {
  return { tool_name, rule_content, behavior, source: "userSettings" };
}

function engineWith(context: PermissionContextInput, rules: PermissionRuleInput[] = []) {
  const engine = new PermissionEngine(context);
  for (const r of rules) engine.addRule(r);
  return engine;
}

const projectDirs = { "/tmp/project": { path: "/tmp/project", source: "session" } };

describe("PermissionEngine (spec §11 behaviours 16–36)", () => {
  const bash = fakeBash();
  const read = fakeRead();
  const write = fakeFileWriter("Write");
  const edit = fakeFileWriter("Edit");

  it("§11.16 a Bash command matched by allow, ask and deny rules alike is DENIED (deny wins)", async () => {
    const engine = engineWith({}, [
      rule("Bash", "allow", "test:*"),
      rule("Bash", "ask", "test:*"),
      rule("Bash", "deny", "test:*"),
    ]);
    const decision = await engine.decide(bash, { command: "test command" });
    expect(decision).toMatchObject({
      behavior: "deny",
      message: "Permission to use Bash has been denied",
      decision_reason: "Rule: test:*",
    });
  });

  it("§11.17 allow `git:*` covers `git`, `git status`, `git add .` but not `npm install`", async () => {
    const engine = engineWith({}, [rule("Bash", "allow", "git:*")]);
    for (const command of ["git", "git status", "git add ."]) {
      expect((await engine.decide(bash, { command })).behavior, command).toBe("allow");
    }
    const npm = await engine.decide(bash, { command: "npm install" });
    expect(npm).toMatchObject({ behavior: "ask", decision_reason: "Mode: default" });
  });

  it("§11.18 a deny rule without wildcard matches as a substring (`install` denies `pip install requests`)", async () => {
    const engine = engineWith({}, [rule("Bash", "deny", "install")]);
    const decision = await engine.decide(bash, { command: "pip install requests" });
    expect(decision).toMatchObject({ behavior: "deny", decision_reason: "Rule: install" });
  });

  it("§11.19 an allow rule `*.py` for Write allows test.py and leaves test.txt to ASK (DEFAULT)", async () => {
    const engine = engineWith({}, [rule("Write", "allow", "*.py")]);
    const py = await engine.decide(write, { file_path: "test.py", content: "x" });
    expect(py).toEqual({
      behavior: "allow",
      message: "Permission granted for Write",
      decision_reason: null,
      updated_input: { file_path: "test.py", content: "x" },
      suggested_rules: null,
      bypass_immune: false,
    });
    const txt = await engine.decide(write, { file_path: "test.txt", content: "x" });
    expect(txt.behavior).toBe("ask");
  });

  it("§11.20 DEFAULT Write /tmp/test.py without rules asks with reason `Mode: default` and suggests /tmp/**", async () => {
    const decision = await new PermissionEngine({}).decide(write, { file_path: "/tmp/test.py" });
    expect(decision).toEqual({
      behavior: "ask",
      message: "Permission required for Write",
      decision_reason: "Mode: default",
      updated_input: null,
      suggested_rules: [suggested("Write", "/tmp/**")],
      bypass_immune: false,
    });
  });

  it("§11.21 DEFAULT Write ~/.bashrc is a safety ASK that an allow rule for Write cannot override", async () => {
    const input = { file_path: "/home/user/.bashrc" };
    const plain = await new PermissionEngine({}).decide(write, input);
    expect(plain.behavior).toBe("ask");
    expect(plain.decision_reason).toContain("Safety");
    const allowed = await engineWith({}, [rule("Write", "allow")]).decide(write, input);
    expect(allowed).toEqual({
      behavior: "ask",
      message: "Permission required: Write operation on sensitive file /home/user/.bashrc",
      decision_reason: "Safety check: dangerous file or directory",
      updated_input: null,
      suggested_rules: [suggested("Write", "/home/user/**")],
      bypass_immune: true,
    });
  });

  it("§11.22 ACCEPT_EDITS with working dir /home/user still asks for /home/user/.bashrc (safety)", async () => {
    const engine = new PermissionEngine({
      mode: "accept_edits",
      working_directories: { "/home/user": { path: "/home/user", source: "session" } },
    });
    const decision = await engine.decide(write, { file_path: "/home/user/.bashrc" });
    expect(decision).toMatchObject({ behavior: "ask", bypass_immune: true });
    expect(decision.decision_reason).toBe("Safety check: dangerous file or directory");
  });

  it("§11.23 ACCEPT_EDITS allows Write/Edit/Read inside the working dir and asks for Edit outside", async () => {
    const engine = new PermissionEngine({ mode: "accept_edits", working_directories: projectDirs });
    const input = { file_path: "/tmp/project/file.txt" };
    expect(await engine.decide(write, input)).toMatchObject({
      behavior: "allow",
      message: "Permission granted for writing /tmp/project/file.txt (in working directory)",
      decision_reason: "File is in working directory and not a dangerous path",
    });
    expect(await engine.decide(edit, input)).toMatchObject({
      behavior: "allow",
      message: "Permission granted for editing /tmp/project/file.txt (in working directory)",
    });
    expect((await engine.decide(read, input)).behavior).toBe("allow");
    expect(await engine.decide(edit, { file_path: "/home/user/file.txt" })).toMatchObject({
      behavior: "ask",
      decision_reason: "Mode: accept_edits",
    });
  });

  describe("24: working directories resolved through symlinks (real temp dirs)", () => {
    let base = "";
    let real = "";
    let link = "";
    beforeAll(async () => {
      base = await mkdtemp(join(tmpdir(), "actorscope-perm-"));
      real = join(base, "real-project");
      link = join(base, "link-project");
      await mkdir(real);
      await symlink(real, link, "dir");
    });
    afterAll(async () => {
      await rm(base, { recursive: true, force: true });
    });

    it("§11.24 ACCEPT_EDITS allows a file given by its real path when the working dir is a symlink", async () => {
      const engine = new PermissionEngine({ mode: "accept_edits" });
      engine.addWorkingDirectory(link, "session");
      const decision = await engine.decide(write, { file_path: join(real, "new.txt") });
      expect(decision.behavior).toBe("allow");
    });

    it("§11.24 ACCEPT_EDITS allows a file given through a symlink when the working dir is the real path", async () => {
      const engine = new PermissionEngine({ mode: "accept_edits" });
      engine.addWorkingDirectory(real, "session");
      const decision = await engine.decide(write, { file_path: join(link, "new.txt") });
      expect(decision.behavior).toBe("allow");
    });

    it("§11.24 a sibling of the symlinked working dir is not inside it", async () => {
      const engine = new PermissionEngine({ mode: "accept_edits" });
      engine.addWorkingDirectory(link, "session");
      const decision = await engine.decide(write, { file_path: join(base, "real-project-2", "x") });
      expect(decision.behavior).toBe("ask");
    });
  });

  it("§11.25 ACCEPT_EDITS Bash auto-allows filesystem commands whose targets are all in the working dir", async () => {
    const engine = new PermissionEngine({ mode: "accept_edits", working_directories: projectDirs });
    const allowed: [string, string][] = [
      ["touch /tmp/project/new.txt", "touch"],
      ["cp /tmp/project/a /tmp/project/b", "cp"],
      ["sed -i 's/x/y/g' /tmp/project/foo.txt", "sed"],
    ];
    for (const [command, base] of allowed) {
      expect(await engine.decide(bash, { command }), command).toMatchObject({
        behavior: "allow",
        message: `Permission granted for '${base}' command (filesystem command, all targets in working directory)`,
      });
    }
    for (const command of ["cp /tmp/project/a /Users/x/b", "mkdir"]) {
      expect(await engine.decide(bash, { command }), command).toMatchObject({
        behavior: "ask",
        decision_reason: "Mode: accept_edits",
      });
    }
  });

  it("§11.26 Read of any file is ALLOWED in every mode without rules (read-only fast path)", async () => {
    for (const mode of MODES) {
      const decision = await new PermissionEngine({ mode }).decide(read, {
        file_path: "/anywhere/file.txt",
      });
      expect(decision, mode).toEqual({
        behavior: "allow",
        message: "Permission granted for Read (read-only invocation)",
        decision_reason: "Read-only operations are auto-allowed",
        updated_input: null,
        suggested_rules: null,
        bypass_immune: false,
      });
    }
  });

  it("§11.27 Bash `ls -a` is ALLOWED in all five modes", async () => {
    for (const mode of MODES) {
      const decision = await new PermissionEngine({ mode }).decide(bash, { command: "ls -a" });
      expect(decision.behavior, mode).toBe("allow");
    }
  });

  it("§11.28 EXPLORE denies Write even with an allow rule, denies `rm -rf /`, and honours ask rules", async () => {
    const engine = engineWith({ mode: "explore" }, [rule("Write", "allow"), rule("Read", "ask")]);
    expect(await engine.decide(write, { file_path: "/tmp/x.txt" })).toEqual({
      behavior: "deny",
      message: "Permission denied for Write (explore mode is read-only)",
      decision_reason: "Explore mode does not allow modifications",
      updated_input: null,
      suggested_rules: null,
      bypass_immune: false,
    });
    expect(await engine.decide(bash, { command: "rm -rf /" })).toMatchObject({
      behavior: "deny",
      message: "Permission denied for Bash (explore mode is read-only)",
    });
    expect(await engine.decide(read, { file_path: "/tmp/x.txt" })).toMatchObject({
      behavior: "ask",
      message: "Permission required for Read",
      decision_reason: "Rule: None",
      suggested_rules: [suggested("Read", "/tmp/**")],
    });
  });

  it("§11.29 BYPASS allows `npm install` and `rm -rf /`; deny and ask rules still apply", async () => {
    const engine = new PermissionEngine({ mode: "bypass" });
    expect(await engine.decide(bash, { command: "npm install" })).toMatchObject({
      behavior: "allow",
      message: "Permission granted for Bash (bypass mode)",
      decision_reason: "Bypass mode allows all operations",
    });
    expect((await engine.decide(bash, { command: "rm -rf /" })).behavior).toBe("allow");
    const denied = engineWith({ mode: "bypass" }, [rule("Bash", "deny", "npm:*")]);
    expect((await denied.decide(bash, { command: "npm install" })).behavior).toBe("deny");
    const asked = engineWith({ mode: "bypass" }, [rule("Bash", "ask", "npm:*")]);
    expect(await asked.decide(bash, { command: "npm install" })).toMatchObject({
      behavior: "ask",
      decision_reason: "Rule: npm:*",
      suggested_rules: [suggested("Bash", "npm install:*")],
    });
  });

  it("§11.30 DONT_ASK denies Write outside the working dirs, allows inside, converts ask rules keeping suggestions", async () => {
    const engine = new PermissionEngine({ mode: "dont_ask", working_directories: projectDirs });
    expect(await engine.decide(write, { file_path: "/outside/x.txt" })).toEqual({
      behavior: "deny",
      message: "Permission denied for Write (dont_ask mode - user not available)",
      decision_reason: "User is not available to answer permission prompts",
      updated_input: null,
      suggested_rules: null,
      bypass_immune: false,
    });
    expect((await engine.decide(write, { file_path: "/tmp/project/x.txt" })).behavior).toBe(
      "allow",
    );
    engine.addRule(rule("Write", "ask", "/tmp/project/*"));
    const converted = await engine.decide(write, { file_path: "/tmp/project/x.txt" });
    expect(converted.behavior).toBe("deny");
    expect(converted.decision_reason?.startsWith("DONT_ASK mode converted ASK to DENY.")).toBe(
      true,
    );
    expect(converted).toEqual({
      behavior: "deny",
      message:
        "Permission denied for Write (dont_ask mode - ASK converted to DENY, user not available)",
      decision_reason: "DONT_ASK mode converted ASK to DENY. Original reason: Rule: /tmp/project/*",
      updated_input: null,
      suggested_rules: [suggested("Write", "/tmp/project/**")],
      bypass_immune: false,
    });
  });

  it("§11.31 a tool's bypass-immune ASK beats an allow rule in DEFAULT; BYPASS allows; DONT_ASK denies", async () => {
    const fake = (bypass_immune: boolean) => ({
      name: "Fake",
      checkReadOnly: () => false,
      checkPermissions: () =>
        toolDecision("ask", "Fake asks", { decision_reason: "Fake reason", bypass_immune }),
      matchRule: () => true,
      generateSuggestions: () => [suggested("Fake", null)],
    });
    const allowFake = [rule("Fake", "allow")];
    expect(await engineWith({}, allowFake).decide(fake(true), {})).toMatchObject({
      behavior: "ask",
      message: "Fake asks",
      bypass_immune: true,
      suggested_rules: [suggested("Fake", null)],
    });
    expect(await engineWith({}, allowFake).decide(fake(false), {})).toMatchObject({
      behavior: "allow",
      message: "Permission granted for Fake",
    });
    expect((await engineWith({ mode: "bypass" }, allowFake).decide(fake(true), {})).behavior).toBe(
      "allow",
    );
    expect(await engineWith({ mode: "dont_ask" }, allowFake).decide(fake(true), {})).toMatchObject({
      behavior: "deny",
      decision_reason: "DONT_ASK mode converted ASK to DENY. Original reason: Fake reason",
      suggested_rules: [suggested("Fake", null)],
    });
  });

  it("§11.32 DEFAULT `ls $(rm -rf /)` with allow `ls:*` is a safety ASK naming command_substitution", async () => {
    const engine = engineWith({}, [rule("Bash", "allow", "ls:*")]);
    const decision = await engine.decide(bash, { command: "ls $(rm -rf /)" });
    expect(decision.behavior).toBe("ask");
    expect(decision.message).toContain("command_substitution");
    expect(decision.bypass_immune).toBe(true);
  });

  it("§11.33 DEFAULT `rm -rf /` with allow `rm:*` asks about the dangerous pattern", async () => {
    const engine = engineWith({}, [rule("Bash", "allow", "rm:*")]);
    const decision = await engine.decide(bash, { command: "rm -rf /" });
    expect(decision).toMatchObject({
      behavior: "ask",
      message: "Permission required: Command contains dangerous pattern: rm -rf",
      decision_reason: "Safety check: dangerous command pattern detected",
      bypass_immune: true,
      suggested_rules: [suggested("Bash", "rm -rf:*")],
    });
  });

  it("§11.34 `git commit -m 'test'` asks suggesting `git commit:*`; `git status` is allowed as read-only", async () => {
    const engine = new PermissionEngine({});
    expect(await engine.decide(bash, { command: "git commit -m 'test'" })).toMatchObject({
      behavior: "ask",
      suggested_rules: [suggested("Bash", "git commit:*")],
    });
    const status = await engine.decide(bash, { command: "git status" });
    expect(status).toMatchObject({
      behavior: "allow",
      message: "Permission granted for Bash (read-only invocation)",
    });
    expect(status.decision_reason?.toLowerCase()).toContain("read-only");
  });

  it("§11.35 redirects to and removals of sensitive files are safety ASKs; other redirects plain ASKs", async () => {
    const engine = new PermissionEngine({});
    expect(await engine.decide(bash, { command: "cat file.txt > ~/.bashrc" })).toMatchObject({
      behavior: "ask",
      message: "Permission required: Bash command operates on sensitive paths: ~/.bashrc",
      bypass_immune: true,
    });
    expect(await engine.decide(bash, { command: "cat file.txt > /tmp/output.txt" })).toMatchObject({
      behavior: "ask",
      decision_reason: "Mode: default",
      bypass_immune: false,
    });
    expect(await engine.decide(bash, { command: "ls -la && rm ~/.bashrc" })).toMatchObject({
      behavior: "ask",
      decision_reason: "Safety check: dangerous file or directory in bash command",
      bypass_immune: true,
    });
  });

  it("§11.36 addRule lands in context.allow_rules, and empty rule_content matches every input", async () => {
    const engine = new PermissionEngine({});
    const added = rule("Bash", "allow", "");
    engine.addRule(added);
    expect(engine.context.allow_rules["Bash"]).toEqual([added]);
    for (const command of ["npm install", "make deploy", "anything at all"]) {
      expect(await engine.decide(bash, { command }), command).toMatchObject({
        behavior: "allow",
        message: "Permission granted for Bash",
        updated_input: { command },
      });
    }
  });
});
