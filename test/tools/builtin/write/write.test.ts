import { readFile, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Read } from "../../../../src/tools/builtin/read/index.js";
import { Write } from "../../../../src/tools/builtin/write/index.js";
import { createToolState } from "../../../../src/tools/index.js";
import { makeTempDir, removeTempDirs, runOnce, textOf } from "../read/file-fixtures.js";

afterEach(removeTempDirs);

describe("Write (spec §5.3)", () => {
  it("§5.3 pins the schema and the flags", () => {
    const write = new Write();
    expect(write.inputSchema).toEqual({
      type: "object",
      properties: {
        file_path: {
          type: "string",
          description: "The absolute path to the file to write (must be absolute, not relative)",
        },
        content: { type: "string", description: "The content to write to the file" },
      },
      required: ["file_path", "content"],
    });
    expect([write.name, write.isReadOnly, write.isConcurrencySafe, write.isStateInjected]).toEqual([
      "Write",
      false,
      false,
      true,
    ]);
    expect(write.description).toMatch(/^Writes a file to the local filesystem\./);
  });

  it("§11.56 refuses to overwrite an existing file that was not read (with state)", async () => {
    const path = join(await makeTempDir(), "a.txt");
    await writeFile(path, "Existing content\n");
    const chunk = await runOnce(
      new Write(),
      { file_path: path, content: "New\n" },
      { state: createToolState() },
    );
    expect([chunk.state, textOf(chunk)]).toEqual([
      "error",
      `Error: File ${path} exists but has not been read yet. You must read the file first before writing to it.`,
    ]);
    expect(await readFile(path, "utf8")).toBe("Existing content\n");
  });

  it("§11.56 creates a new file with its parents: '(2 lines)' for 'New file content\\n'", async () => {
    const path = join(await makeTempDir(), "deep", "er", "new.txt");
    const chunk = await runOnce(
      new Write(),
      { file_path: path, content: "New file content\n" },
      { state: createToolState() },
    );
    expect([chunk.state, textOf(chunk)]).toEqual([
      "running",
      `The file ${path} has been written successfully (2 lines).`,
    ]);
    expect(chunk.metadata).toEqual({
      diff: `--- /dev/null\n+++ b/${path}\n@@ -0,0 +1 @@\n+New file content\n`,
      file_path: path,
      occurrences: 1,
    });
    expect(await readFile(path, "utf8")).toBe("New file content\n");
  });

  it("§5.3 overwrites a file read first, with an a/ → b/ diff, content written as given", async () => {
    const state = createToolState();
    const path = join(await makeTempDir(), "a.txt");
    await writeFile(path, "old\nsame\n");
    await runOnce(new Read(), { file_path: path }, { state });
    const chunk = await runOnce(
      new Write(),
      { file_path: path, content: "new\r\nsame\n" },
      { state },
    );
    expect(textOf(chunk)).toBe(`The file ${path} has been written successfully (3 lines).`);
    expect(chunk.metadata["diff"]).toBe(
      `--- a/${path}\n+++ b/${path}\n@@ -1,2 +1,2 @@\n-old\n+new\r\n same\n`,
    );
    expect(await readFile(path, "utf8")).toBe("new\r\nsame\n");
  });

  it("§5.3 does not refresh the cache: a second Write needs a new Read", async () => {
    const state = createToolState();
    const path = join(await makeTempDir(), "a.txt");
    await writeFile(path, "v1\n");
    await utimes(path, 1_000, 1_000);
    await runOnce(new Read(), { file_path: path }, { state });
    expect(
      (await runOnce(new Write(), { file_path: path, content: "v2\n" }, { state })).state,
    ).toBe("running");
    await utimes(path, 1_000, 2_000); // a different mtime even on coarse file systems
    const second = await runOnce(new Write(), { file_path: path, content: "v3\n" }, { state });
    expect(textOf(second)).toContain("has not been read yet");
  });

  it("§5.3 without state writes an existing file unread", async () => {
    const path = join(await makeTempDir(), "a.txt");
    await writeFile(path, "old\n");
    expect((await runOnce(new Write(), { file_path: path, content: "new\n" })).state).toBe(
      "running",
    );
    expect(await readFile(path, "utf8")).toBe("new\n");
  });

  it("§5.3 counts lines as content.split('\\n'): '' is 1, 'a\\nb' is 2", async () => {
    const dir = await makeTempDir();
    expect(textOf(await runOnce(new Write(), { file_path: join(dir, "e"), content: "" }))).toMatch(
      /\(1 lines\)\.$/,
    );
    expect(
      textOf(await runOnce(new Write(), { file_path: join(dir, "f"), content: "a\nb" })),
    ).toMatch(/\(2 lines\)\.$/);
  });

  it("§5.3 diffs an old file that is not UTF-8 as empty", async () => {
    const path = join(await makeTempDir(), "bin");
    await writeFile(path, new Uint8Array([0xff, 0xfe, 0x0a]));
    const chunk = await runOnce(new Write(), { file_path: path, content: "t\n" });
    expect(chunk.metadata["diff"]).toBe(`--- a/${path}\n+++ b/${path}\n@@ -0,0 +1 @@\n+t\n`);
  });

  it("§5.3 refuses a relative path and a directory with error chunks", async () => {
    const relative = await runOnce(new Write(), { file_path: "x.txt", content: "" });
    expect(textOf(relative)).toBe("Error: file_path must be an absolute path, got: x.txt");
    const dir = await makeTempDir();
    const directory = await runOnce(new Write(), { file_path: dir, content: "" });
    expect([directory.state, textOf(directory)]).toEqual([
      "error",
      `Error: Path is a directory, not a file: ${dir}`,
    ]);
  });

  it("§5.3 reports a failed write as 'Error writing file: …', never throws", async () => {
    const dir = await makeTempDir();
    const blocker = join(dir, "file");
    await writeFile(blocker, "x");
    const chunk = await runOnce(new Write(), {
      file_path: join(blocker, "child.txt"),
      content: "",
    });
    expect(chunk.state).toBe("error");
    expect(textOf(chunk)).toMatch(/^Error writing file: /);
  });
});
