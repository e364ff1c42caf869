import { readFile, unlink, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Edit } from "../../../../src/tools/builtin/edit/index.js";
import { Read } from "../../../../src/tools/builtin/read/index.js";
import { Write } from "../../../../src/tools/builtin/write/index.js";
import { createToolState } from "../../../../src/tools/index.js";
import { makeTempDir, removeTempDirs, runOnce, textOf } from "../read/file-fixtures.js";

afterEach(removeTempDirs);

async function file(content: string): Promise<string> {
  const path = join(await makeTempDir(), "test.txt");
  await writeFile(path, content);
  await utimes(path, 1_000, 1_000);
  return path;
}

/** Gives the file a new mtime, as any later write does on a fine-grained clock. */
async function touch(path: string, seconds: number): Promise<void> {
  await utimes(path, seconds, seconds);
}

describe("Edit (spec §5.3)", () => {
  it("§5.3 pins the schema and the flags", () => {
    const edit = new Edit();
    expect(edit.inputSchema).toEqual({
      type: "object",
      properties: {
        file_path: { type: "string", description: "The absolute path to the file to edit." },
        old_string: {
          type: "string",
          description:
            "The exact string to replace. Must match exactly including whitespace and indentation.",
        },
        new_string: { type: "string", description: "The string to replace old_string with." },
        replace_all: {
          type: "boolean",
          default: false,
          description:
            "If true, replace all occurrences. If false (default), only replace if there is exactly one occurrence.",
        },
      },
      required: ["file_path", "old_string", "new_string"],
    });
    expect([edit.name, edit.isReadOnly, edit.isConcurrencySafe, edit.isStateInjected]).toEqual([
      "Edit",
      false,
      false,
      true,
    ]);
  });

  it("§5.3 needs a Read first when the state is given", async () => {
    const path = await file("Hello World\n");
    const chunk = await runOnce(
      new Edit(),
      { file_path: path, old_string: "Hello", new_string: "Hi" },
      { state: createToolState() },
    );
    expect([chunk.state, textOf(chunk)]).toEqual([
      "error",
      "Error: To edit a file, you must first read it using the Read tool.",
    ]);
  });

  it("§11.57 Read → Write → Edit fails; Read → Write → Read → Edit succeeds", async () => {
    const state = createToolState();
    const path = await file("original content\n");
    await runOnce(new Read(), { file_path: path }, { state });
    await runOnce(new Write(), { file_path: path, content: "new content\n" }, { state });
    await touch(path, 2_000);
    const edit = { file_path: path, old_string: "new", new_string: "newer" };
    expect(textOf(await runOnce(new Edit(), edit, { state }))).toBe(
      "Error: To edit a file, you must first read it using the Read tool.",
    );
    await runOnce(new Read(), { file_path: path }, { state });
    const chunk = await runOnce(new Edit(), edit, { state });
    expect([chunk.state, textOf(chunk)]).toEqual([
      "running",
      `Successfully replaced 1 occurrence in ${path}`,
    ]);
    expect(chunk.metadata).toEqual({
      diff: `--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-new content\n+newer content\n`,
      file_path: path,
      occurrences: 1,
    });
    expect(await readFile(path, "utf8")).toBe("newer content\n");
  });

  it("§11.58 without state reads the file from disk and succeeds", async () => {
    const path = await file("Hello World\n");
    const chunk = await runOnce(new Edit(), {
      file_path: path,
      old_string: "Hello",
      new_string: "Hi",
    });
    expect(chunk.state).toBe("running");
    expect(await readFile(path, "utf8")).toBe("Hi World\n");
  });

  it("§11.59 identical strings, several occurrences, and replace_all", async () => {
    const path = await file("test test test\n");
    const identical = await runOnce(new Edit(), {
      file_path: path,
      old_string: "a",
      new_string: "a",
    });
    expect(textOf(identical)).toBe(
      "Error: old_string and new_string are identical. No changes to make.",
    );
    const several = await runOnce(new Edit(), {
      file_path: path,
      old_string: "test",
      new_string: "x",
    });
    expect([several.state, textOf(several)]).toEqual([
      "error",
      `Error: old_string appears 3 times in ${path}. Set replace_all=true to replace all occurrences, or make old_string more specific.`,
    ]);
    const all = await runOnce(new Edit(), {
      file_path: path,
      old_string: "test",
      new_string: "$&x",
      replace_all: true,
    });
    expect(textOf(all)).toBe(`Successfully replaced all 3 occurrences in ${path}`);
    expect(all.metadata["occurrences"]).toBe(3);
    expect(await readFile(path, "utf8")).toBe("$&x $&x $&x\n"); // replacement is literal
  });

  it("§5.3 reports a missing old_string", async () => {
    const path = await file("abc\n");
    const chunk = await runOnce(new Edit(), {
      file_path: path,
      old_string: "zzz",
      new_string: "y",
    });
    expect(textOf(chunk)).toBe(`Error: old_string not found in ${path}`);
  });

  it("§11.60 a file deleted after Read → 'File not found'; its cache entry goes on next lookup", async () => {
    const state = createToolState();
    const path = await file("Test content\n");
    await runOnce(new Read(), { file_path: path }, { state });
    expect(state.tool_context.read_file_cache).toHaveLength(1);
    await unlink(path);
    const edit = await runOnce(
      new Edit(),
      { file_path: path, old_string: "Test", new_string: "New" },
      { state },
    );
    expect([edit.state, textOf(edit)]).toEqual(["error", `Error: File not found: ${path}`]);
    const read = await runOnce(new Read(), { file_path: path }, { state });
    expect(textOf(read)).toBe(`Error: File does not exist: ${path}`);
    await writeFile(path, "again\n");
    expect(state.tool_context.read_file_cache).toHaveLength(1); // not looked up yet
    // The stale entry is dropped as soon as it is looked up with another mtime.
    await touch(path, 3_000);
    const afterRecreate = await runOnce(
      new Edit(),
      { file_path: path, old_string: "again", new_string: "x" },
      { state },
    );
    expect(textOf(afterRecreate)).toBe(
      "Error: To edit a file, you must first read it using the Read tool.",
    );
    expect(state.tool_context.read_file_cache).toEqual([]);
  });

  it("§5.3 an external change after Read makes the cache stale", async () => {
    const state = createToolState();
    const path = await file("Original content\n");
    await runOnce(new Read(), { file_path: path }, { state });
    await writeFile(path, "Modified content\n");
    await touch(path, 2_000);
    const chunk = await runOnce(
      new Edit(),
      { file_path: path, old_string: "Original", new_string: "New" },
      { state },
    );
    expect(textOf(chunk)).toContain("must first read");
  });

  it("§5.3 edits the cached (LF) content and writes the file LF-normalised", async () => {
    const state = createToolState();
    const path = await file("line1\r\nline2\r\nline3\r\n");
    await runOnce(new Read(), { file_path: path }, { state });
    const chunk = await runOnce(
      new Edit(),
      { file_path: path, old_string: "line1\nline2", new_string: "replaced" },
      { state },
    );
    expect(chunk.state).toBe("running");
    expect(await readFile(path, "utf8")).toBe("replaced\nline3\n");
  });

  it("§5.3 does not refresh the cache: a second Edit needs a new Read", async () => {
    const state = createToolState();
    const path = await file("a b\n");
    await runOnce(new Read(), { file_path: path }, { state });
    await runOnce(new Edit(), { file_path: path, old_string: "a", new_string: "c" }, { state });
    await touch(path, 2_000);
    const second = await runOnce(
      new Edit(),
      { file_path: path, old_string: "b", new_string: "d" },
      { state },
    );
    expect(textOf(second)).toContain("must first read");
  });

  it("§5.3 refuses a relative path and a directory", async () => {
    expect(
      textOf(await runOnce(new Edit(), { file_path: "x", old_string: "a", new_string: "b" })),
    ).toBe("Error: file_path must be an absolute path, got: x");
    const dir = await makeTempDir();
    expect(
      textOf(await runOnce(new Edit(), { file_path: dir, old_string: "a", new_string: "b" })),
    ).toBe(`Error: Path is a directory, not a file: ${dir}`);
  });
});
