import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BashNotFoundError } from "../../../../src/tools/backends/index.js";
import {
  BASH_FLAGS,
  Bash,
  SHELL_STARTUP_VARIABLES,
} from "../../../../src/tools/builtin/bash/index.js";
import type { ToolChunk } from "../../../../src/tools/index.js";
import { fakeBackend, sandbox, type Sandbox } from "./helpers.js";

async function output(tool: Bash, command: string): Promise<ToolChunk> {
  const chunks: ToolChunk[] = [];
  for await (const chunk of tool.invoke({ command })) chunks.push(chunk);
  expect(chunks).toHaveLength(1);
  return chunks[0] as ToolChunk;
}

function textOf(chunk: ToolChunk): string {
  const block = chunk.content[0];
  return block?.type === "text" ? block.text : "";
}

describe("departure 6: what is analysed is what runs (bash, blind to its environment)", () => {
  let box: Sandbox;
  afterEach(async () => {
    await box.cleanup();
  });

  describe("with a clean environment", () => {
    beforeEach(async () => {
      box = await sandbox();
    });

    it("departure 6: $'…' and ((…)) mean what the analyser parsed (dash reads them otherwise)", async () => {
      const bash = new Bash({ backend: box.backend });
      expect(textOf(await output(bash, "printf '[%s]' $'a\\x41b'"))).toBe("[aAb]");
      expect(textOf(await output(bash, "((x = 2 + 3)); echo $x"))).toBe("5\n");
      expect(textOf(await output(bash, 'echo "$BASH_VERSION" | cut -c1'))).toMatch(/^\d\n$/);
    });

    it("departure 6: the backend's bash gets the shell's flags and the cleaned environment", async () => {
      const backend = fakeBackend();
      const withShell = {
        ...backend,
        bashShell: () =>
          Promise.resolve({ path: "/opt/bash", env: { "BASH_FUNC_ls%%": undefined } }),
      };
      await output(new Bash({ backend: withShell }), "ls");
      expect(backend.calls[0]?.argv).toEqual(["/opt/bash", ...BASH_FLAGS, "ls"]);
      const env = backend.calls[0]?.options.env ?? {};
      for (const name of [...SHELL_STARTUP_VARIABLES, "BASH_FUNC_ls%%"]) {
        expect(Object.hasOwn(env, name), name).toBe(true);
        expect(env[name], name).toBeUndefined();
      }
    });

    it("departure 6: no bash on the machine is a clear error chunk, never another shell", async () => {
      const backend = fakeBackend();
      const missing = {
        ...backend,
        bashShell: () => Promise.reject(new BashNotFoundError(["/nowhere"])),
      };
      const chunk = await output(new Bash({ backend: missing }), "ls");
      expect(chunk.state).toBe("error");
      expect(textOf(chunk)).toMatch(/^Command failed: ls\nError: bash was not found on PATH/);
      expect(backend.calls).toHaveLength(0);
    });
  });

  it("departure 6: BASH_ENV and ENV from the environment are never sourced", async () => {
    const files = await mkdtemp(join(tmpdir(), "actorscope-bash-startup-"));
    try {
      const marker = join(files, "sourced");
      const startup = join(files, "startup.sh");
      await writeFile(startup, `echo sourced > '${marker}'\n`);
      box = await sandbox({ env: { BASH_ENV: startup, ENV: startup } });
      const bash = new Bash({ backend: box.backend });
      expect(textOf(await output(bash, "echo ok; bash -c 'echo inner'"))).toBe("ok\ninner\n");
      await expect(readFile(marker, "utf8")).rejects.toThrow(/ENOENT/);
    } finally {
      await rm(files, { recursive: true, force: true });
    }
  });

  it("departure 6: SHELLOPTS, BASHOPTS, POSIXLY_CORRECT and BASH_COMPAT do not change the shell", async () => {
    box = await sandbox({
      env: { SHELLOPTS: "xtrace", BASHOPTS: "extglob", POSIXLY_CORRECT: "1", BASH_COMPAT: "31" },
    });
    const bash = new Bash({ backend: box.backend });
    const chunk = await output(
      bash,
      'shopt -q extglob && echo extglob; shopt -qo posix && echo posix; echo "[$BASH_COMPAT]"',
    );
    // xtrace would add `+ …` lines on stderr.
    expect(textOf(chunk)).toBe("[]\n");
  });

  it("departure 6: an exported function never stands in for a program, not even in a bash it starts", async () => {
    box = await sandbox();
    const name = "BASH_FUNC_ls%%";
    const previous = process.env[name];
    process.env[name] = "() { echo HIJACKED; }";
    try {
      const bash = new Bash({ backend: box.backend });
      const text = textOf(await output(bash, "ls -d .; bash -c 'ls -d .'"));
      expect(text).toBe(".\n.\n");
    } finally {
      if (previous === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = previous;
    }
  });
});
