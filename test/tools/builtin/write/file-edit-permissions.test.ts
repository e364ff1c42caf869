import { mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  PermissionContextSchema,
  PermissionEngine,
  type PermissionContextInput,
} from "../../../../src/permission/index.js";
import { Edit } from "../../../../src/tools/builtin/edit/index.js";
import { Read } from "../../../../src/tools/builtin/read/index.js";
import { Write } from "../../../../src/tools/builtin/write/index.js";
import { makeTempDir, removeTempDirs } from "../read/file-fixtures.js";

afterEach(removeTempDirs);

const projectDirs = { "/tmp/project": { path: "/tmp/project", source: "session" } };

function ctx(input: PermissionContextInput = {}) {
  return PermissionContextSchema.parse(input);
}

describe.each([
  { Tool: Write, verb: "writing" },
  { Tool: Edit, verb: "editing" },
])("$Tool.name checkPermissions (spec §4)", ({ Tool, verb }) => {
  const name = new Tool().name;

  it("§4 no path → PASSTHROUGH 'No file path provided'", async () => {
    expect(await new Tool().checkPermissions({}, ctx())).toMatchObject({
      behavior: "passthrough",
      message: "No file path provided",
    });
  });

  it("§4 a sensitive path → safety ASK (bypass-immune) with the reference's texts", async () => {
    expect(await new Tool().checkPermissions({ file_path: "/home/user/.bashrc" }, ctx())).toEqual({
      behavior: "ask",
      message: `Permission required: ${name} operation on sensitive file /home/user/.bashrc`,
      decision_reason: "Safety check: dangerous file or directory",
      updated_input: null,
      suggested_rules: null,
      bypass_immune: true,
    });
    const inGit = await new Tool().checkPermissions({ file_path: "/repo/.git/config" }, ctx());
    expect(inGit.bypass_immune).toBe(true);
  });

  it("§4 ACCEPT_EDITS and DONT_ASK allow a file inside a working directory", async () => {
    for (const mode of ["accept_edits", "dont_ask"] as const) {
      const decision = await new Tool().checkPermissions(
        { file_path: "/tmp/project/file.txt" },
        ctx({ mode, working_directories: projectDirs }),
      );
      expect(decision).toMatchObject({
        behavior: "allow",
        message: `Permission granted for ${verb} /tmp/project/file.txt (in working directory)`,
        decision_reason: "File is in working directory and not a dangerous path",
      });
    }
  });

  it("§4 otherwise PASSTHROUGH with an empty message", async () => {
    const outside = await new Tool().checkPermissions(
      { file_path: "/home/user/file.txt" },
      ctx({ mode: "accept_edits", working_directories: projectDirs }),
    );
    const defaultMode = await new Tool().checkPermissions(
      { file_path: "/tmp/project/file.txt" },
      ctx({ working_directories: projectDirs }),
    );
    for (const decision of [outside, defaultMode]) {
      expect(decision).toMatchObject({ behavior: "passthrough", message: "" });
    }
  });

  it("§4 replacement and additional dangerous lists are honoured", async () => {
    const custom = new Tool({ dangerousFiles: [], additionalDangerousFiles: ["secrets.yaml"] });
    expect((await custom.checkPermissions({ file_path: "/x/.bashrc" }, ctx())).behavior).toBe(
      "passthrough",
    );
    expect((await custom.checkPermissions({ file_path: "/x/secrets.yaml" }, ctx())).behavior).toBe(
      "ask",
    );
  });

  it("§4 matchRule is fnmatch on file_path; suggestions cover the parent directory", () => {
    const tool = new Tool();
    expect(tool.matchRule("*.py", { file_path: "/a/b.py" })).toBe(true);
    expect(tool.matchRule("*.py", { file_path: "" })).toBe(false);
    expect(tool.generateSuggestions({ file_path: "/tmp/project/src/main.py" })).toEqual([
      {
        tool_name: name,
        rule_content: "/tmp/project/src/**",
        behavior: "allow",
        source: "suggested",
      },
    ]);
  });
});

describe("file tools through the permission engine (spec §11.19–30)", () => {
  it("§11.19 allow Write '*.py': test.py → ALLOW, test.txt → ASK (DEFAULT)", async () => {
    const engine = new PermissionEngine();
    engine.addRule({ tool_name: "Write", rule_content: "*.py", behavior: "allow", source: "x" });
    const write = new Write();
    expect((await engine.decide(write, { file_path: "test.py", content: "" })).behavior).toBe(
      "allow",
    );
    expect((await engine.decide(write, { file_path: "test.txt", content: "" })).behavior).toBe(
      "ask",
    );
  });

  it("§11.20 DEFAULT Write /tmp/test.py → ASK 'Mode: default', suggestion /tmp/**", async () => {
    const decision = await new PermissionEngine().decide(new Write(), {
      file_path: "/tmp/test.py",
      content: "",
    });
    expect(decision.behavior).toBe("ask");
    expect(decision.decision_reason).toBe("Mode: default");
    expect(decision.suggested_rules?.map((r) => r.rule_content)).toEqual(["/tmp/**"]);
  });

  it("§11.21 DEFAULT Write ~/.bashrc → safety ASK, even with an allow rule for Write", async () => {
    const engine = new PermissionEngine();
    const input = { file_path: "/home/user/.bashrc", content: "" };
    const first = await engine.decide(new Write(), input);
    expect(first.behavior).toBe("ask");
    expect(first.decision_reason).toContain("Safety");
    engine.addRule({ tool_name: "Write", rule_content: null, behavior: "allow", source: "x" });
    expect((await engine.decide(new Write(), input)).behavior).toBe("ask");
  });

  it("§11.22 ACCEPT_EDITS with working dir /home/user: Write /home/user/.bashrc → safety ASK", async () => {
    const engine = new PermissionEngine({
      mode: "accept_edits",
      working_directories: { "/home/user": { path: "/home/user", source: "session" } },
    });
    const decision = await engine.decide(new Write(), { file_path: "/home/user/.bashrc" });
    expect([decision.behavior, decision.bypass_immune]).toEqual(["ask", true]);
  });

  it("§11.23 ACCEPT_EDITS /tmp/project: Write/Edit/Read inside → ALLOW; Edit outside → ASK", async () => {
    const engine = new PermissionEngine({ mode: "accept_edits", working_directories: projectDirs });
    for (const tool of [new Write(), new Edit(), new Read()]) {
      const decision = await engine.decide(tool, { file_path: "/tmp/project/file.txt" });
      expect(decision.behavior).toBe("allow");
    }
    const outside = await engine.decide(new Edit(), { file_path: "/home/user/file.txt" });
    expect(outside.behavior).toBe("ask");
  });

  it("§11.24 ACCEPT_EDITS: a working dir given as a link and a file by its real path (and vice versa) → ALLOW", async () => {
    const root = await makeTempDir();
    const real = join(root, "real");
    const link = join(root, "link");
    await mkdir(real);
    await symlink(real, link);
    const viaLink = new PermissionEngine({
      mode: "accept_edits",
      working_directories: { [link]: { path: link, source: "session" } },
    });
    expect((await viaLink.decide(new Write(), { file_path: join(real, "f.txt") })).behavior).toBe(
      "allow",
    );
    const viaReal = new PermissionEngine({
      mode: "accept_edits",
      working_directories: { [real]: { path: real, source: "session" } },
    });
    expect((await viaReal.decide(new Edit(), { file_path: join(link, "f.txt") })).behavior).toBe(
      "allow",
    );
  });

  it("§11.28 EXPLORE denies Write, even with an allow rule", async () => {
    const engine = new PermissionEngine({ mode: "explore" });
    engine.addRule({ tool_name: "Write", rule_content: null, behavior: "allow", source: "x" });
    const decision = await engine.decide(new Write(), { file_path: "/tmp/x", content: "" });
    expect([decision.behavior, decision.message]).toEqual([
      "deny",
      "Permission denied for Write (explore mode is read-only)",
    ]);
  });

  it("§11.30 DONT_ASK: Write outside the working dirs → DENY, inside → ALLOW", async () => {
    const engine = new PermissionEngine({ mode: "dont_ask", working_directories: projectDirs });
    const outside = await engine.decide(new Write(), { file_path: "/elsewhere/x", content: "" });
    expect([outside.behavior, outside.message]).toEqual([
      "deny",
      "Permission denied for Write (dont_ask mode - user not available)",
    ]);
    const inside = await engine.decide(new Write(), { file_path: "/tmp/project/x", content: "" });
    expect(inside.behavior).toBe("allow");
  });

  it("§4 BYPASS allows a sensitive Write (it opts out of safety prompts)", async () => {
    const decision = await new PermissionEngine({ mode: "bypass" }).decide(new Write(), {
      file_path: "/home/user/.bashrc",
    });
    expect(decision.behavior).toBe("allow");
  });
});
