import { stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PermissionEngine, type PermissionMode } from "../../../../src/permission/index.js";
import {
  BackendIoError,
  LocalBackend,
  type FileReader,
} from "../../../../src/tools/backends/index.js";
import { Read } from "../../../../src/tools/builtin/read/index.js";
import { createToolState } from "../../../../src/tools/index.js";
import { textDigest } from "../../../../src/tools/state/text-digest.js";
import { makeTempDir, removeTempDirs, runOnce, textOf } from "./file-fixtures.js";

afterEach(removeTempDirs);

async function file(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(await makeTempDir(), name);
  await writeFile(path, content);
  return path;
}

describe("Read (spec §5.2)", () => {
  it("§5.2 pins the input schema, with its top-level description", () => {
    expect(new Read().inputSchema).toEqual({
      type: "object",
      description: "The parameters of the Read tool.",
      properties: {
        file_path: { type: "string", description: "The absolute path to the file to read." },
        offset: {
          type: "integer",
          default: 1,
          minimum: 1,
          description:
            "Optional 1-based line number to start reading from. Only applies to plain text files (default: 1)",
        },
        limit: {
          type: "integer",
          default: 2000,
          minimum: 1,
          maximum: 2000,
          description:
            "Optional maximum number of lines to read. Only applies to plain text files (default: 2000, max: 2000)",
        },
        pages: {
          anyOf: [{ type: "string" }, { type: "null" }],
          default: null,
          description:
            'Page range for PDF files (e.g. "1-5", "3", "10-20"), max 20 pages per request; required for PDFs over 10 pages. Only applies to PDF files.',
        },
      },
      required: ["file_path"],
    });
  });

  it("§5.2 describes the images and PDF handling the model's input types allow", () => {
    const read = new Read();
    expect(read.description.split("\n").slice(-2)).toEqual([
      "- This tool allows you to read images (image/png, image/jpeg, image/gif, image/webp). When reading an image file the contents are presented visually as you're a multimodal LLM.",
      "- This tool can read PDF files (.pdf). Text is extracted per page. For large PDFs (more than 10 pages), you MUST provide the pages parameter to read specific pages (max 20 pages per request).",
    ]);
    expect(
      new Read({ modelInputTypes: ["text/plain", "application/pdf"] }).description
        .split("\n")
        .slice(-2),
    ).toEqual([
      "- Results are returned using cat -n format, with line numbers starting at 1",
      "- This tool can read PDF files (.pdf). When reading a PDF file the pages are presented to you as a document. For large PDFs (more than 10 pages), you MUST provide the pages parameter to read specific pages (max 20 pages per request).",
    ]);
  });

  it("§5.2 is read-only, concurrency-safe and state-injected", () => {
    const read = new Read();
    expect([read.name, read.isReadOnly, read.isConcurrencySafe, read.isStateInjected]).toEqual([
      "Read",
      true,
      true,
      true,
    ]);
    expect(read.isMcp).toBe(false);
  });

  it("§11.52 refuses a relative path, a missing file and a directory", async () => {
    const read = new Read();
    const relative = await runOnce(read, { file_path: "relative.txt" });
    expect([relative.state, textOf(relative)]).toEqual([
      "error",
      "Error: file_path must be an absolute path, got: relative.txt",
    ]);
    const dir = await makeTempDir();
    const missing = await runOnce(read, { file_path: join(dir, "nope.txt") });
    expect([missing.state, textOf(missing)]).toEqual([
      "error",
      `Error: File does not exist: ${join(dir, "nope.txt")}`,
    ]);
    const directory = await runOnce(read, { file_path: dir });
    expect([directory.state, textOf(directory)]).toEqual([
      "error",
      `Error: Path is a directory, not a file: ${dir}`,
    ]);
  });

  it("§11.53 formats lines as 6-wide numbers and a tab, without a final newline", async () => {
    const path = await file("a.txt", "a\nb\n");
    const chunk = await runOnce(new Read(), { file_path: path });
    expect([chunk.state, textOf(chunk)]).toEqual(["running", "     1\ta\n     2\tb"]);
  });

  it("§11.53 selects lines with offset and limit", async () => {
    const path = await file("a.txt", "a\nb\nc\n");
    expect(textOf(await runOnce(new Read(), { file_path: path, offset: 2, limit: 1 }))).toBe(
      "     2\tb",
    );
    expect(textOf(await runOnce(new Read(), { file_path: path, offset: 9 }))).toBe("");
  });

  it("§11.53 cuts a line longer than 2000 characters and marks it", async () => {
    const path = await file("long.txt", "x".repeat(2001) + "\n");
    expect(textOf(await runOnce(new Read(), { file_path: path }))).toBe(
      `     1\t${"x".repeat(2000)}[truncated]`,
    );
    const short = new Read({ maxLineCharacters: 3 });
    // Characters are code points, as in Python: an emoji is one.
    const emoji = await file("emoji.txt", "😀😀😀😀\n");
    expect(textOf(await runOnce(short, { file_path: emoji }))).toBe("     1\t😀😀😀[truncated]");
  });

  it("§5.2 reads an empty file as an empty text and a number wider than 6 columns as is", async () => {
    expect(textOf(await runOnce(new Read(), { file_path: await file("e.txt", "") }))).toBe("");
    const many = await file("many.txt", "x\n".repeat(1_000_001));
    const chunk = await runOnce(new Read(), { file_path: many, offset: 1_000_001 });
    expect(textOf(chunk)).toBe("1000001\tx");
  });

  it("§11.54 caches the digest of the text with \\n endings, CRLF and CR normalised (departure: a digest, not the lines)", async () => {
    const state = createToolState();
    const lf = await file("lf.txt", "line1\nline2\nline3\n");
    await runOnce(new Read(), { file_path: lf }, { state });
    expect(state.tool_context.read_file_cache[0]).toEqual({
      updated_at: (await stat(lf)).mtimeMs / 1000,
      bytes: 18 / 1024,
      file_path: lf,
      digest: textDigest(["line1\n", "line2\n", "line3\n"].join("")),
    });

    const crlf = await file("crlf.txt", "a\r\nb\rc");
    const chunk = await runOnce(new Read(), { file_path: crlf }, { state });
    expect(textOf(chunk)).toBe("     1\ta\n     2\tb\n     3\tc");
    const entry = state.tool_context.read_file_cache.find((e) => e.file_path === crlf);
    expect(entry?.digest).toBe(textDigest("a\nb\nc"));
    expect(entry?.updated_at).toBe((await stat(crlf)).mtimeMs / 1000);
  });

  it("§5.2 splits lines as Python's splitlines does (form feed ends a line)", async () => {
    const state = createToolState();
    const path = await file("ff.txt", "a\fb\n");
    expect(textOf(await runOnce(new Read(), { file_path: path }, { state }))).toBe(
      "     1\ta\f\n     2\tb",
    );
    expect(state.tool_context.read_file_cache[0]?.digest).toBe(textDigest("a\fb\n"));
  });

  it("§5.4 departure: Read always reads the file, so a change under the same mtime shows and re-digests", async () => {
    const state = createToolState();
    const path = await file("c.txt", "old\n");
    await utimes(path, 1_000, 1_000);
    await runOnce(new Read(), { file_path: path }, { state });
    await writeFile(path, "new\n");
    await utimes(path, 1_000, 1_000); // same mtime: the mtime alone cannot tell
    expect(textOf(await runOnce(new Read(), { file_path: path }, { state }))).toBe("     1\tnew");
    expect(state.tool_context.read_file_cache).toEqual([
      { updated_at: 1_000, bytes: 4 / 1024, file_path: path, digest: textDigest("new\n") },
    ]);
  });

  it("§5.2 decodes invalid UTF-8 with replacement characters", async () => {
    const path = await file("bin.txt", new Uint8Array([0x61, 0xff, 0x62, 0x0a]));
    expect(textOf(await runOnce(new Read(), { file_path: path }))).toBe("     1\ta\uFFFDb");
  });

  it("§5.2 returns an accepted image as a base64 data block named after the file", async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]);
    const path = await file("pic.PNG", bytes);
    const chunk = await runOnce(new Read(), { file_path: path });
    expect(chunk.state).toBe("running");
    expect(chunk.content).toEqual([
      {
        type: "data",
        id: expect.any(String) as string,
        source: {
          type: "base64",
          data: Buffer.from(bytes).toString("base64"),
          media_type: "image/png",
        },
        name: "pic.PNG",
        created_at: expect.any(String) as string,
        finished_at: null,
      },
    ]);
  });

  it("§5.2 refuses an image type the model does not accept, naming the accepted ones", async () => {
    const path = await file("pic.bmp", new Uint8Array([0x42, 0x4d, 0, 0]));
    const chunk = await runOnce(new Read(), { file_path: path });
    expect([chunk.state, textOf(chunk)]).toEqual([
      "error",
      "Error: Unsupported image type image/bmp, only image/png, image/jpeg, image/gif, image/webp are supported.",
    ]);
    for (const modelInputTypes of [["text/plain", "image/bmp"], ["image/*"]]) {
      const accepted = await runOnce(new Read({ modelInputTypes }), { file_path: path });
      expect(accepted.content[0]?.type).toBe("data");
    }
    const read = new Read({ modelInputTypes: ["image/*"] });
    read.modelInputTypes = ["text/plain"];
    expect(textOf(await runOnce(read, { file_path: path }))).toBe(
      "Error: Unsupported image type image/bmp, only none are supported.",
    );
    expect(read.description).not.toContain("read images");
  });

  it("§5.2 reads a file with an unknown extension as text", async () => {
    const path = await file("data.xyz", "hello world\nsecond line\n");
    expect(textOf(await runOnce(new Read(), { file_path: path }))).toBe(
      "     1\thello world\n     2\tsecond line",
    );
  });

  it("§5.2 returns an error chunk, never throws, when the file cannot be read", async () => {
    class UnreadableBackend extends LocalBackend {
      override openFile(path: string): Promise<FileReader> {
        return Promise.reject(new BackendIoError("read", path, new Error("EACCES: denied")));
      }
    }
    const path = await file("locked.txt", "secret\n");
    const chunk = await runOnce(new Read({ backend: new UnreadableBackend() }), {
      file_path: path,
    });
    expect([chunk.state, textOf(chunk)]).toEqual([
      "error",
      `Error reading file: Cannot read '${path}': EACCES: denied`,
    ]);
  });

  it("§5.2 validates a direct call's input into an error chunk", async () => {
    const chunk = await runOnce(new Read(), { file_path: "/x", limit: 5000 });
    expect(chunk.state).toBe("error");
    expect(textOf(chunk)).toMatch(/^Input validation failed for tool 'Read': limit: /);
    expect(chunk.metadata).toEqual({ code: "INVALID_INPUT" });
  });

  it("§5.2 reports an interrupted call as interrupted", async () => {
    const path = await file("a.txt", "a\n");
    const controller = new AbortController();
    controller.abort();
    const chunk = await runOnce(new Read(), { file_path: path }, { signal: controller.signal });
    expect(chunk.state).toBe("interrupted");
  });

  it("§4 checkPermissions is PASSTHROUGH 'File reading is read-only.'", async () => {
    const decision = await new Read().checkPermissions({ file_path: "/tmp/test.txt" });
    expect(decision).toEqual({
      behavior: "passthrough",
      message: "File reading is read-only.",
      decision_reason: null,
      updated_input: null,
      suggested_rules: null,
      bypass_immune: false,
    });
  });

  it("§4 matchRule is fnmatch on file_path (`*` crosses `/`); an empty path matches nothing", () => {
    const read = new Read();
    expect(read.matchRule("test.py", { file_path: "test.py" })).toBe(true);
    expect(read.matchRule("*.py", { file_path: "src/test.py" })).toBe(true);
    expect(read.matchRule("/tmp/**", { file_path: "/tmp/test.py" })).toBe(true);
    expect(read.matchRule("*.txt", { file_path: "test.py" })).toBe(false);
    expect(read.matchRule("*.py", { file_path: "" })).toBe(false);
    expect(read.matchRule(null, { file_path: "" })).toBe(true);
  });

  it("§11.55 suggests the parent directory: /tmp/project/src/** and /**", () => {
    const read = new Read();
    const rule = (filePath: string) => read.generateSuggestions({ file_path: filePath });
    expect(rule("/tmp/project/src/main.py")).toEqual([
      {
        tool_name: "Read",
        rule_content: "/tmp/project/src/**",
        behavior: "allow",
        source: "suggested",
      },
    ]);
    expect(rule("/test.py")[0]?.rule_content).toBe("/**");
    expect(rule("test.py")[0]?.rule_content).toBe("**");
    expect(rule("")).toEqual([]);
  });

  it.each(["default", "accept_edits", "explore", "bypass", "dont_ask"] as PermissionMode[])(
    "§11.26 Read of /anywhere/file.txt is allowed in %s mode without rules",
    async (mode) => {
      const decision = await new PermissionEngine({ mode }).decide(new Read(), {
        file_path: "/anywhere/file.txt",
      });
      expect(decision.behavior).toBe("allow");
      expect(decision.decision_reason).toBe("Read-only operations are auto-allowed");
    },
  );

  it("§11.28 EXPLORE: an ask rule on Read asks, other paths stay allowed", async () => {
    const engine = new PermissionEngine({
      mode: "explore",
      ask_rules: {
        Read: [{ tool_name: "Read", rule_content: "/secret/**", behavior: "ask", source: "x" }],
      },
    });
    expect((await engine.decide(new Read(), { file_path: "/secret/a" })).behavior).toBe("ask");
    expect((await engine.decide(new Read(), { file_path: "/public/a" })).behavior).toBe("allow");
  });
});
