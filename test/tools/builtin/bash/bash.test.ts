import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_DANGEROUS_DIRECTORIES,
  DEFAULT_DANGEROUS_FILES,
} from "../../../../src/permission/index.js";
import { Bash } from "../../../../src/tools/builtin/bash/index.js";
import type { ToolChunk, ToolMiddleware } from "../../../../src/tools/index.js";
import { contextOf, fakeBackend, result, sandbox, type Sandbox } from "./helpers.js";

async function run(
  tool: Bash,
  input: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<ToolChunk[]> {
  const chunks: ToolChunk[] = [];
  for await (const chunk of tool.invoke(input, { signal })) chunks.push(chunk);
  return chunks;
}

function textOf(chunk: ToolChunk | undefined): string {
  const block = chunk?.content[0];
  return block?.type === "text" ? block.text : "";
}

describe("Bash: description of the tool", () => {
  it("has the static attributes of spec §5.1", () => {
    const bash = new Bash();
    expect(bash.name).toBe("Bash");
    expect(bash.isReadOnly).toBe(false);
    expect(bash.isConcurrencySafe).toBe(false);
    expect(bash.isStateInjected).toBe(false);
    expect(bash.isExternalTool).toBe(false);
    expect(bash.description.startsWith("Executes a bash command and returns its output.")).toBe(
      true,
    );
  });

  it("has the input schema of spec §5.1", () => {
    expect(new Bash().inputSchema).toEqual({
      type: "object",
      properties: {
        command: { type: "string", description: "The bash command to execute." },
        description: {
          type: "string",
          description:
            "Clear, concise description of what this command does. For simple commands, keep it brief (5-10 words). For complex commands, include enough context.",
        },
        timeout: {
          type: "integer",
          description: "Optional timeout in milliseconds (default: 120000, max: 600000)",
          default: 120000,
          maximum: 600000,
          minimum: 0,
        },
      },
      required: ["command"],
    });
  });

  it("replaces or extends the dangerous lists from its options", () => {
    expect(new Bash().dangerousFiles).toEqual(DEFAULT_DANGEROUS_FILES);
    expect(new Bash().dangerousDirectories).toEqual(DEFAULT_DANGEROUS_DIRECTORIES);
    expect(new Bash({ additionalDangerousFiles: [".secrets"] }).dangerousFiles).toEqual([
      ...DEFAULT_DANGEROUS_FILES,
      ".secrets",
    ]);
    expect(new Bash({ dangerousFiles: [] }).dangerousFiles).toEqual([]);
    expect(
      new Bash({ dangerousDirectories: [".a"], additionalDangerousDirectories: [".b"] })
        .dangerousDirectories,
    ).toEqual([".a", ".b"]);
  });

  it("uses the configured lists in its checks", async () => {
    const backend = fakeBackend();
    const custom = new Bash({ backend, additionalDangerousFiles: [".secrets"] });
    expect((await custom.checkPermissions({ command: "rm .secrets" }, contextOf())).behavior).toBe(
      "ask",
    );
    const none = new Bash({ backend, dangerousFiles: [], dangerousDirectories: [] });
    expect((await none.checkPermissions({ command: "rm .bashrc" }, contextOf())).behavior).toBe(
      "passthrough",
    );
  });
});

describe("Bash.call with the local backend (in a sandbox: temporary cwd and HOME)", () => {
  let box: Sandbox;
  let bash: Bash;
  beforeAll(async () => {
    box = await sandbox();
    bash = new Bash({ backend: box.backend });
  });
  afterAll(async () => {
    await box.cleanup();
  });

  it("§11.50 echo Hello World → one chunk, state running, with the output", async () => {
    const chunks = await run(bash, { command: "echo Hello World" });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.state).toBe("running");
    expect(chunks[0]?.is_last).toBe(true);
    expect(textOf(chunks[0])).toContain("Hello World");
  });

  it("§11.50 exit 1 → one error chunk starting 'Command failed: exit 1\\n'", async () => {
    const chunks = await run(bash, { command: "exit 1" });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.state).toBe("error");
    expect(textOf(chunks[0])).toBe("Command failed: exit 1\n");
  });

  it("§11.51 sleep 10 with timeout 100 → 'Command timed out after 100ms: sleep 10'", async () => {
    const chunks = await run(bash, { command: "sleep 10", timeout: 100 });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.state).toBe("error");
    expect(textOf(chunks[0])).toBe("Command timed out after 100ms: sleep 10");
  });

  it("joins stdout and stderr with a newline, and lists them when the command fails", async () => {
    expect(textOf((await run(bash, { command: "echo out; echo err >&2" }))[0])).toBe(
      "out\n\nerr\n",
    );
    expect(textOf((await run(bash, { command: "echo out; echo err >&2; exit 2" }))[0])).toBe(
      "Command failed: echo out; echo err >&2; exit 2\n\nStdout:\nout\n\nStderr:\nerr\n",
    );
  });

  it("returns empty output for a silent command", async () => {
    const chunks = await run(bash, { command: "true" });
    expect(chunks[0]?.state).toBe("running");
    expect(textOf(chunks[0])).toBe("");
  });

  it("normalises CRLF line ends", async () => {
    expect(textOf((await run(bash, { command: "printf 'a\\r\\nb'" }))[0])).toBe("a\nb");
  });

  it("truncates output past 30000 characters with the reference's marker", async () => {
    const text = textOf((await run(bash, { command: "head -c 200000 /dev/zero | tr '\\0' x" }))[0]);
    expect(text).toBe("x".repeat(30000) + "\n... (output truncated)");
    const failed = textOf(
      (await run(bash, { command: "head -c 200000 /dev/zero | tr '\\0' y; exit 3" }))[0],
    );
    const prefix = "Command failed: head -c 200000 /dev/zero | tr '\\0' y; exit 3\n\nStdout:\n";
    expect(failed).toBe((prefix + "y".repeat(30000)).slice(0, 30000) + "\n... (output truncated)");
  });

  it("turns an abort into an interrupted chunk and stops the command", async () => {
    const controller = new AbortController();
    const pending = run(bash, { command: "sleep 30" }, controller.signal);
    controller.abort();
    const chunks = await pending;
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.state).toBe("interrupted");
    expect(textOf(chunks[0])).toBe(
      "<system-reminder>The tool call has been interrupted by the user.</system-reminder>",
    );
  });

  it("runs commands in the tool's cwd, in a fresh shell each call", async () => {
    const dir = join(box.dir, "sub");
    await mkdir(dir);
    const tool = new Bash({ cwd: dir, backend: box.backend });
    expect(textOf((await run(tool, { command: "pwd" }))[0])).toBe(`${dir}\n`);
    await run(tool, { command: "cd / && X=1" });
    expect(textOf((await run(tool, { command: 'pwd; echo "[$X]"' }))[0])).toBe(`${dir}\n[]\n`);
  });
});

describe("Bash.call with a scripted backend", () => {
  it("departure 6: runs bash --noprofile --norc -p -c on POSIX (cmd /c on Windows), with cwd, timeout, signal and a byte cap", async () => {
    const posix = fakeBackend();
    await run(new Bash({ backend: posix, cwd: "/w" }), { command: "ls" });
    expect(posix.calls[0]?.argv).toEqual(["bash", "--noprofile", "--norc", "-p", "-c", "ls"]);
    expect(posix.calls[0]?.options).toMatchObject({ cwd: "/w", timeoutMs: 120000 });
    expect(posix.calls[0]?.options.signal).toBeInstanceOf(AbortSignal);
    expect(posix.calls[0]?.options.maxOutputBytes).toBeGreaterThan(30000 * 4);
    const windows = fakeBackend({ platform: "windows" });
    await run(new Bash({ backend: windows }), { command: "dir" });
    expect(windows.calls[0]?.argv).toEqual(["cmd", "/c", "dir"]);
  });

  it("clamps the timeout to 600000 ms", async () => {
    const backend = fakeBackend({
      run: () => Promise.resolve(result({ timedOut: true, exitCode: -1 })),
    });
    const chunks = await run(new Bash({ backend }), { command: "sleep 1000", timeout: 9_999_999 });
    expect(backend.calls[0]?.options.timeoutMs).toBe(600000);
    expect(textOf(chunks[0])).toBe("Command timed out after 600000ms: sleep 1000");
  });

  it("never throws: a backend failure becomes 'Command failed: …\\nError: …'", async () => {
    const backend = fakeBackend({ run: () => Promise.reject(new Error("sandbox gone")) });
    const chunks = await run(new Bash({ backend }), { command: "ls" });
    expect(chunks[0]?.state).toBe("error");
    expect(textOf(chunks[0])).toBe("Command failed: ls\nError: sandbox gone");
  });

  it("decodes invalid UTF-8 with replacement characters", async () => {
    const backend = fakeBackend({
      run: () => Promise.resolve(result({ stdout: new Uint8Array([0x61, 0xff, 0x62]) })),
    });
    expect(textOf((await run(new Bash({ backend }), { command: "x" }))[0])).toBe("a\ufffdb");
  });

  it("runs through its middlewares", async () => {
    const seen: string[] = [];
    const logging: ToolMiddleware = {
      async *onToolCall(tool, input, next) {
        seen.push(`${tool.name}:${String(input["command"])}`);
        yield* next({ ...input, command: "echo rewritten" });
      },
    };
    const backend = fakeBackend({
      run: (argv) => Promise.resolve(result({ out: argv.at(-1) ?? "" })),
    });
    const chunks = await run(new Bash({ backend, middlewares: [logging] }), {
      command: "echo original",
    });
    expect(seen).toEqual(["Bash:echo original"]);
    expect(textOf(chunks[0])).toBe("echo rewritten");
  });
});
