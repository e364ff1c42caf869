import { lstat, readFile, rename, symlink, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AgentState } from "../../../../src/state/index.js";
import { LocalBackend, type FileStat } from "../../../../src/tools/backends/index.js";
import { Edit } from "../../../../src/tools/builtin/edit/index.js";
import { Read } from "../../../../src/tools/builtin/read/index.js";
import { Write } from "../../../../src/tools/builtin/write/index.js";
import { createToolState, type ToolState } from "../../../../src/tools/index.js";
import { bounded, listenOnSocket, mkfifo, sparseFile } from "../../backends/special-files.js";
import { makeTempDir, removeTempDirs, runOnce, textOf } from "../read/file-fixtures.js";

afterEach(removeTempDirs);

/** Runs a tool once, proving inside the test that it returns. */
function run(tool: Write | Edit | Read, input: Record<string, unknown>, state?: ToolState) {
  return bounded(runOnce(tool, input, { state }), `${tool.name} ${JSON.stringify(input)}`);
}

/**
 * A local backend that, once, runs `swap` at a chosen moment between the guard's check of the
 * path and its use: after the tool's stat of `target` (`"stat"`), or after the guard confirmed
 * `target` unchanged once the old content was read (`"read-checked"`: its second `realpath`).
 */
class SwappingBackend extends LocalBackend {
  private armed = true;
  private resolved = 0;
  constructor(
    private readonly target: string,
    private readonly moment: "stat" | "read-checked",
    private readonly swap: () => Promise<void>,
  ) {
    super();
  }
  override async stat(path: string, options?: { followSymlinks?: boolean }) {
    const result: FileStat | null = await super.stat(path, options);
    if (this.moment === "stat" && path === this.target) await this.fire();
    return result;
  }
  override async realpath(path: string) {
    const real = await super.realpath(path);
    if (this.moment === "read-checked" && path === this.target && ++this.resolved === 2) {
      await this.fire();
    }
    return real;
  }
  private async fire(): Promise<void> {
    if (!this.armed) return;
    this.armed = false;
    await this.swap();
  }
}

describe("Write and Edit under hostile input (issue 10 §3)", () => {
  it("Write refuses a FIFO target without blocking, and leaves it a FIFO", async () => {
    const fifo = await mkfifo(join(await makeTempDir(), "out.txt"));
    const chunk = await run(new Write(), { file_path: fifo, content: "x" });
    expect([chunk.state, textOf(chunk), chunk.metadata]).toEqual([
      "error",
      `Error: Path is a FIFO, not a regular file: ${fifo}`,
      { code: "NOT_A_REGULAR_FILE" },
    ]);
    expect((await lstat(fifo)).isFIFO()).toBe(true);
  });

  it("with a state too, a FIFO is refused as such (not as a file to Read first)", async () => {
    const fifo = await mkfifo(join(await makeTempDir(), "out.txt"));
    for (const [tool, input] of [
      [new Write(), { file_path: fifo, content: "x" }],
      [new Edit(), { file_path: fifo, old_string: "a", new_string: "b" }],
    ] as const) {
      const chunk = await run(tool, input, createToolState());
      expect(chunk.metadata).toEqual({ code: "NOT_A_REGULAR_FILE" });
    }
  });

  it("Write refuses a listening socket; Edit too", async () => {
    const path = join(await makeTempDir(), "s.sock");
    const server = await listenOnSocket(path);
    try {
      for (const [tool, input] of [
        [new Write(), { file_path: path, content: "x" }],
        [new Edit(), { file_path: path, old_string: "a", new_string: "b" }],
      ] as const) {
        const chunk = await run(tool, input);
        expect(textOf(chunk)).toBe(`Error: Path is a socket, not a regular file: ${path}`);
      }
    } finally {
      server.close();
    }
  });

  it("Edit refuses a FIFO (no state: it would otherwise block reading it)", async () => {
    const fifo = await mkfifo(join(await makeTempDir(), "f.txt"));
    const chunk = await run(new Edit(), { file_path: fifo, old_string: "a", new_string: "b" });
    expect(chunk.metadata).toEqual({ code: "NOT_A_REGULAR_FILE" });
  });

  it("Edit refuses a file over its budget before reading it", async () => {
    const path = await sparseFile(join(await makeTempDir(), "big.txt"), 20 * 1024 * 1024, "a");
    const chunk = await run(new Edit(), { file_path: path, old_string: "a", new_string: "b" });
    expect([textOf(chunk), chunk.metadata]).toEqual([
      `Error: File too large to edit: ${path} is 20971520 bytes, Edit edits files of at most 16777216 bytes.`,
      { code: "FILE_TOO_LARGE" },
    ]);
  });

  it("Write overwrites a file over its diff budget (read first) and diffs it as empty", async () => {
    const path = await sparseFile(join(await makeTempDir(), "big.log"), 1024 * 1024, "old");
    const state = new AgentState();
    await run(new Read(), { file_path: path, limit: 1 }, state);
    const chunk = await run(
      new Write({ maxFileBytes: 1024 }),
      { file_path: path, content: "new\n" },
      state,
    );
    expect(chunk.state).toBe("running");
    expect(await readFile(path, "utf8")).toBe("new\n");
    expect(chunk.metadata["diff"]).toContain("+new");
  });

  it("departure (digest): Edit catches a change under an unchanged mtime and asks for a new Read", async () => {
    const path = join(await makeTempDir(), "a.txt");
    await writeFile(path, "alpha\n");
    await utimes(path, 1_000, 1_000);
    const state = createToolState();
    await run(new Read(), { file_path: path }, state);
    await writeFile(path, "gamma\n");
    await utimes(path, 1_000, 1_000);
    const edit = { file_path: path, old_string: "gamma", new_string: "delta" };
    const refused = await run(new Edit(), edit, state);
    expect(textOf(refused)).toBe(
      "Error: To edit a file, you must first read it using the Read tool.",
    );
    expect(state.tool_context.read_file_cache).toEqual([]);
    expect(await readFile(path, "utf8")).toBe("gamma\n");
    await run(new Read(), { file_path: path }, state);
    expect((await run(new Edit(), edit, state)).state).toBe("running");
    expect(await readFile(path, "utf8")).toBe("delta\n");
  });

  it("a legacy state (cached lines) still lets Edit run once migrated", async () => {
    const path = join(await makeTempDir(), "a.txt");
    await writeFile(path, "one\r\ntwo\r\n");
    const mtime = (await lstat(path)).mtimeMs / 1000;
    const state = AgentState.fromJSON({
      version: 1,
      tool_context: {
        read_file_cache: [
          { lines: ["one\n", "two\n"], updated_at: mtime, bytes: 0, file_path: path },
        ],
      },
    });
    const chunk = await run(
      new Edit(),
      { file_path: path, old_string: "two", new_string: "2" },
      state,
    );
    expect(textOf(chunk)).toBe(`Successfully replaced 1 occurrence in ${path}`);
    expect(await readFile(path, "utf8")).toBe("one\n2\n");
  });

  it("a symlink swapped into the file between the guard's check and the open is not followed (Edit)", async () => {
    const dir = await makeTempDir();
    const path = join(dir, "a.txt");
    const outside = join(await makeTempDir(), "victim.txt");
    await writeFile(path, "safe\n");
    await writeFile(outside, "safe\n");
    const backend = new SwappingBackend(path, "stat", async () => {
      await rename(path, join(dir, "a.old"));
      await symlink(outside, path);
    });
    const chunk = await run(new Edit({ backend }), {
      file_path: path,
      old_string: "safe",
      new_string: "pwned",
    });
    expect([chunk.state, chunk.metadata]).toEqual(["error", { code: "PATH_CHANGED_DURING_IO" }]);
    expect(await readFile(outside, "utf8")).toBe("safe\n");
  });

  it("a symlink swapped in after Write read the old content is not written through", async () => {
    const dir = await makeTempDir();
    const path = join(dir, "a.txt");
    const outside = join(await makeTempDir(), "victim.txt");
    await writeFile(path, "old\n");
    await writeFile(outside, "untouched\n");
    const backend = new SwappingBackend(path, "read-checked", async () => {
      await rename(path, join(dir, "a.old"));
      await symlink(outside, path);
    });
    const chunk = await run(new Write({ backend }), { file_path: path, content: "evil\n" });
    expect(textOf(chunk)).toBe(
      `Error: ${path} was replaced by a symbolic link just before it was opened; nothing was read ` +
        "or written. Request it again so it is checked again.",
    );
    expect(await readFile(outside, "utf8")).toBe("untouched\n");
  });
});
