import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PermissionEngine, type PermissionMode } from "../../../../src/permission/index.js";
import { Read } from "../../../../src/tools/builtin/read/index.js";
import { makeTempDir, removeTempDirs, runOnce, textOf } from "./file-fixtures.js";

afterEach(removeTempDirs);

/** A fake home with credential files, and a working directory beside it. */
async function layout(): Promise<{ home: string; wd: string }> {
  const root = await makeTempDir();
  const home = join(root, "home");
  const wd = join(root, "wd");
  for (const dir of [".ssh", ".aws", "wd"]) await mkdir(join(home, dir), { recursive: true });
  await mkdir(wd);
  const files: Record<string, string> = {
    ".ssh/id_rsa": "PRIVATE KEY\n",
    ".ssh/id_ed25519.pub": "ssh-ed25519 AAAA\n",
    ".aws/credentials": "[default]\n",
    ".netrc": "machine x\n",
    ".git-credentials": "https://u:p@x\n",
    ".npmrc": "//registry/:_authToken=x\n",
  };
  for (const [name, content] of Object.entries(files)) await writeFile(join(home, name), content);
  for (const name of [".env", ".env.production", "server.pem", "tls.key", "notes.txt"]) {
    await writeFile(join(wd, name), "SECRET=1\n");
  }
  return { home, wd };
}

/** An engine that allows every Read by a rule: a safety ASK must still ask. */
function allowingEngine(mode: PermissionMode = "default"): PermissionEngine {
  const engine = new PermissionEngine({ mode });
  engine.addRule({ tool_name: "Read", rule_content: null, behavior: "allow", source: "user" });
  return engine;
}

describe("departure 8: secrets are not auto-allowed reads (Read)", () => {
  it("asks (safety, bypass-immune) for each credential file, even with an allow rule", async () => {
    const { home, wd } = await layout();
    const secrets = [
      join(home, ".ssh", "id_rsa"),
      join(home, ".aws", "credentials"),
      join(home, ".netrc"),
      join(home, ".git-credentials"),
      join(home, ".npmrc"),
      join(wd, ".env"),
      join(wd, ".env.production"),
      join(wd, "server.pem"),
      join(wd, "tls.key"),
    ];
    const read = new Read();
    for (const path of secrets) {
      expect(await read.checkReadOnly({ file_path: path })).toBe(false);
      const decision = await allowingEngine().decide(read, { file_path: path });
      expect(decision).toMatchObject({
        behavior: "ask",
        bypass_immune: true,
        message: `Permission required: Read operation on secret file ${path}`,
        decision_reason: "Safety check: file may hold secrets (credentials, private keys)",
      });
    }
  });

  it("keeps ordinary files and public keys auto-allowed reads", async () => {
    const { home, wd } = await layout();
    for (const path of [join(wd, "notes.txt"), join(home, ".ssh", "id_ed25519.pub")]) {
      const decision = await new PermissionEngine().decide(new Read(), { file_path: path });
      expect(decision.decision_reason).toBe("Read-only operations are auto-allowed");
    }
  });

  it("judges the real path: a harmless name linked to ~/.ssh/id_rsa asks, naming both", async () => {
    const { home, wd } = await layout();
    const link = join(wd, "readme.txt");
    await symlink(join(home, ".ssh", "id_rsa"), link);
    const read = new Read();
    expect(await read.checkReadOnly({ file_path: link })).toBe(false);
    expect(await allowingEngine().decide(read, { file_path: link })).toMatchObject({
      behavior: "ask",
      bypass_immune: true,
      message: `Permission required: Read operation on secret file ${join(home, ".ssh", "id_rsa")} (through the symbolic link ${link})`,
    });
  });

  it("dont_ask denies a secret read; bypass allows it (the mode's contract)", async () => {
    const { wd } = await layout();
    const input = { file_path: join(wd, ".env") };
    expect((await allowingEngine("dont_ask").decide(new Read(), input)).behavior).toBe("deny");
    expect(
      (await new PermissionEngine({ mode: "bypass" }).decide(new Read(), input)).behavior,
    ).toBe("allow");
  });

  it("the list is configurable: secretFiles replaces it, additionalSecretFiles extends it", async () => {
    const { wd } = await layout();
    const env = { file_path: join(wd, ".env") };
    const notes = { file_path: join(wd, "notes.txt") };
    expect(await new Read({ secretFiles: [] }).checkReadOnly(env)).toBe(true);
    expect(await new Read({ additionalSecretFiles: ["notes.*"] }).checkReadOnly(notes)).toBe(false);
    expect(await new Read({ secretFiles: ["*.txt"] }).checkReadOnly(env)).toBe(true);
  });

  it("a call no check saw refuses a link to a secret file and does not leak it", async () => {
    const { wd } = await layout();
    const outside = await makeTempDir();
    await writeFile(join(outside, "deploy.pem"), "-----BEGIN PRIVATE KEY-----\n");
    const link = join(wd, "cert.txt");
    await symlink(join(outside, "deploy.pem"), link);
    const chunk = await runOnce(new Read(), { file_path: link });
    expect([chunk.state, chunk.metadata]).toEqual(["error", { code: "SYMLINK_TO_SENSITIVE_PATH" }]);
    expect(textOf(chunk)).not.toContain("PRIVATE KEY");
  });
});
