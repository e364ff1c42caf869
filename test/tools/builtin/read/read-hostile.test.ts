import { appendFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Read } from "../../../../src/tools/builtin/read/index.js";
import { createToolState } from "../../../../src/tools/index.js";
import { textDigest } from "../../../../src/tools/state/text-digest.js";
import { bounded, listenOnSocket, mkfifo, sparseFile } from "../../backends/special-files.js";
import { makeTempDir, removeTempDirs, runOnce, textOf } from "./file-fixtures.js";

afterEach(removeTempDirs);

const GB = 1024 ** 3;

/** Runs Read once, proving inside the test that it returns. */
function read(tool: Read, input: Record<string, unknown>, state = createToolState()) {
  return bounded(runOnce(tool, input, { state }), `Read ${JSON.stringify(input)}`);
}

describe("Read under hostile input (issue 10 §3)", () => {
  it.each(["notes.txt", "pic.png", "doc.pdf"])(
    "refuses a FIFO named %s before opening it, with a typed code",
    async (name) => {
      const fifo = await mkfifo(join(await makeTempDir(), name));
      const chunk = await read(new Read(), { file_path: fifo });
      expect([chunk.state, textOf(chunk), chunk.metadata]).toEqual([
        "error",
        `Error: Path is a FIFO, not a regular file: ${fifo}`,
        { code: "NOT_A_REGULAR_FILE" },
      ]);
    },
  );

  it("refuses a symlink to a FIFO (the real path is judged)", async () => {
    const dir = await makeTempDir();
    const fifo = await mkfifo(join(dir, "pipe"));
    await symlink(fifo, join(dir, "link.txt"));
    const chunk = await read(new Read(), { file_path: join(dir, "link.txt") });
    expect(chunk.metadata).toEqual({ code: "NOT_A_REGULAR_FILE" });
  });

  it("refuses a listening Unix socket", async () => {
    const path = join(await makeTempDir(), "agent.sock");
    const server = await listenOnSocket(path);
    try {
      const chunk = await read(new Read(), { file_path: path });
      expect(textOf(chunk)).toBe(`Error: Path is a socket, not a regular file: ${path}`);
    } finally {
      server.close();
    }
  });

  it.each(["/dev/zero", "/dev/urandom"])(
    "refuses the endless device %s instead of reading it for ever",
    async (device) => {
      const chunk = await read(new Read(), { file_path: device });
      expect([textOf(chunk), chunk.metadata]).toEqual([
        `Error: Path is a character device, not a regular file: ${device}`,
        { code: "NOT_A_REGULAR_FILE" },
      ]);
    },
  );

  it("reads the requested lines of a 5 GB sparse file without loading it; the cache gets no digest", async () => {
    const path = await sparseFile(join(await makeTempDir(), "huge.log"), 5 * GB, "one\ntwo\n");
    const state = createToolState();
    const chunk = await read(new Read(), { file_path: path, limit: 2 }, state);
    expect([chunk.state, textOf(chunk)]).toEqual(["running", "     1\tone\n     2\ttwo"]);
    // Too large to digest: only the mtime rule protects it (Edit refuses it by size anyway).
    expect(state.tool_context.read_file_cache).toEqual([
      expect.objectContaining({ file_path: path, digest: null, bytes: (5 * GB) / 1024 }),
    ]);
  });

  it("cuts a gigantic line at the cap while streaming, then stops at the byte budget", async () => {
    const path = await sparseFile(join(await makeTempDir(), "one-line.txt"), 5 * GB, "x");
    const tool = new Read({ maxTextBytes: 1024 * 1024, maxLineCharacters: 5 });
    const chunk = await read(tool, { file_path: path });
    expect(textOf(chunk)).toBe(
      `     1\tx\0\0\0\0[truncated]\n\n[Read stopped after 1048576 bytes of ${path}; the file continues after line 1.]`,
    );
  });

  it("a line beyond the byte budget is a FILE_TOO_LARGE error, not a silent empty text", async () => {
    const path = await sparseFile(join(await makeTempDir(), "big.txt"), 5 * GB, "a\nb\n");
    const chunk = await read(new Read({ maxTextBytes: 64 * 1024 }), {
      file_path: path,
      offset: 4,
    });
    expect([chunk.state, chunk.metadata]).toEqual(["error", { code: "FILE_TOO_LARGE" }]);
    expect(textOf(chunk)).toBe(
      `Error: File too large: Read scans at most 65536 bytes of a text file, and ${path} holds ` +
        "only 2 complete line(s) in them, before line 4. Search it with Grep instead.",
    );
  });

  it("reads a /proc file that reports size 0", async () => {
    const chunk = await read(new Read(), { file_path: "/proc/self/status" });
    expect(chunk.state).toBe("running");
    expect(textOf(chunk)).toMatch(/^\s+\d+\tPid:\t\d+$/m);
  });

  it("digests a file read to its end, so the cache matches what was shown", async () => {
    const path = join(await makeTempDir(), "a.txt");
    await writeFile(path, "a\r\nb\n");
    const state = createToolState();
    await read(new Read(), { file_path: path, offset: 2, limit: 1 }, state);
    expect(state.tool_context.read_file_cache[0]?.digest).toBe(textDigest("a\nb\n"));
  });

  it("stops at the byte budget with the lines it has and says so; no digest", async () => {
    const path = join(await makeTempDir(), "long.log");
    await writeFile(path, "first\n");
    await appendFile(path, "y".repeat(200_000));
    const state = createToolState();
    const chunk = await read(new Read({ maxTextBytes: 100_000 }), { file_path: path }, state);
    expect(textOf(chunk)).toContain("     1\tfirst");
    expect(textOf(chunk)).toContain("[Read stopped after 100000 bytes");
    expect(state.tool_context.read_file_cache[0]?.digest).toBeNull();
  });

  it("refuses an image over its size cap before reading it", async () => {
    const path = await sparseFile(join(await makeTempDir(), "huge.png"), 30 * 1024 * 1024);
    const chunk = await read(new Read(), { file_path: path });
    expect([textOf(chunk), chunk.metadata]).toEqual([
      `Error: Image too large: ${path} is 31457280 bytes, Read returns images of at most 20971520 bytes.`,
      { code: "FILE_TOO_LARGE" },
    ]);
  });

  it("refuses a PDF over its size cap before parsing it", async () => {
    const path = await sparseFile(join(await makeTempDir(), "huge.pdf"), 2 * GB, "%PDF-1.7\n");
    const chunk = await read(new Read({ maxPdfBytes: 1024 }), { file_path: path });
    expect([chunk.state, chunk.metadata]).toEqual(["error", { code: "FILE_TOO_LARGE" }]);
    expect(textOf(chunk)).toBe(
      `Error: PDF too large: ${path} is ${2 * GB} bytes, Read takes PDFs of at most 1024 bytes. ` +
        "Extract the pages you need with another tool first.",
    );
  });

  it("refuses a byte budget that is not a positive whole number", () => {
    expect(() => new Read({ maxTextBytes: 0 })).toThrow(/maxTextBytes/);
    expect(() => new Read({ maxImageBytes: 1.5 })).toThrow(/positive whole number/);
  });
});
