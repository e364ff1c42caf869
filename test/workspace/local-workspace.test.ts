import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  Msg,
  ToolResultBlockSchema,
  UserMsg,
  type DataBlock,
  type TextOrDataBlock,
  type ToolResultBlock,
} from "../../src/message/index.js";
import type { ToolChunk } from "../../src/tools/index.js";
import {
  LocalWorkspace,
  WorkspaceError,
  formatInstructions,
  pathSegment,
} from "../../src/workspace/index.js";

const PNG_BASE64 = Buffer.from("not really a png").toString("base64");

const dataBlock = (data: string, mediaType: string, name: string | null = "pic"): DataBlock => ({
  type: "data",
  id: `d-${data.slice(0, 4)}`,
  name,
  source: { type: "base64", data, media_type: mediaType },
  created_at: "2026-01-01T00:00:00.000Z",
  finished_at: null,
});

const toolResult = (id: string, output: string | TextOrDataBlock[]): ToolResultBlock =>
  ToolResultBlockSchema.parse({ type: "tool_result", id, name: "big", output, state: "success" });

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Every file under `dir`, relative, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => !e.isDirectory())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

let root: string;
let workdir: string;
let workspace: LocalWorkspace;

beforeEach(async () => {
  // the workspace lives in root/ws: anything written elsewhere in root escaped it
  root = await mkdtemp(join(tmpdir(), "as-ws-"));
  workdir = join(root, "ws");
  vi.stubEnv("HOME", join(root, "home"));
  workspace = new LocalWorkspace({ workdir });
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

describe("LocalWorkspace lifecycle and instructions (spec §8.5)", () => {
  it("initialize() creates data/, skills/ and sessions/ (idempotent); close() ends it", async () => {
    expect(workspace.isAlive).toBe(false);
    await workspace.initialize();
    await workspace.initialize();
    expect((await readdir(workdir)).sort()).toEqual(["data", "sessions", "skills"]);
    expect(workspace.isAlive).toBe(true);
    await workspace.close();
    expect(workspace.isAlive).toBe(false);
    expect(workspace.workspaceId).toMatch(/^[0-9a-f]{32}$/);
    expect(new LocalWorkspace({ workdir, workspaceId: "w1" }).workspaceId).toBe("w1");
  });

  it("a relative workdir is made absolute", () => {
    expect(new LocalWorkspace({ workdir: "rel/ws" }).workdir).toBe(join(process.cwd(), "rel/ws"));
  });

  it("getInstructions() is the reference's DEFAULT_WORKSPACE_INSTRUCTIONS with backend 'local' and the workdir", async () => {
    const expected = await readFile(
      join(import.meta.dirname, "fixtures", "instructions-local-srv-ws.txt"),
      "utf8",
    );
    expect(await new LocalWorkspace({ workdir: "/srv/ws" }).getInstructions()).toBe(expected);
  });

  it("custom instructions get {workdir} and {backend}; {{ }} are braces; another placeholder is refused", async () => {
    const ws = new LocalWorkspace({
      workdir: "/srv/ws",
      instructions: "{backend} at {workdir} {{x}}",
    });
    expect(await ws.getInstructions()).toBe("local at /srv/ws {x}");
    expect(() => formatInstructions("{user}", { backend: "b", workdir: "w" })).toThrow(
      expect.objectContaining({ code: "WORKSPACE_BAD_INSTRUCTIONS" }),
    );
  });

  it("refuses an unknown option (a typed error naming it)", () => {
    expect(() => new LocalWorkspace({ workdir, skillPath: [] } as never)).toThrow(/skillPath/);
  });
});

describe("LocalWorkspace.listTools (spec §8.5)", () => {
  it("gives Bash, Edit, Glob, Grep, Read, Write, and Bash runs in the workdir", async () => {
    await workspace.initialize();
    const tools = await workspace.listTools();
    expect(tools.map((t) => t.name)).toEqual(["Bash", "Edit", "Glob", "Grep", "Read", "Write"]);
    const chunks: ToolChunk[] = [];
    for await (const chunk of tools[0]!.invoke({ command: "pwd" })) chunks.push(chunk);
    const text = chunks.flatMap((c) => c.content).map((b) => (b.type === "text" ? b.text : ""));
    expect(text.join("")).toContain(workdir);
  });
});

describe("LocalWorkspace.offloadDataBlock (spec §8.5)", () => {
  it("writes data/<sha256 of the base64 text><ext> once and returns a workspace:/// URL block", async () => {
    const block = dataBlock(PNG_BASE64, "image/png");
    const stored = await workspace.offloadDataBlock(block);
    const name = `${sha256(PNG_BASE64)}.png`;
    expect(stored).toMatchObject({
      type: "data",
      id: block.id,
      name: "pic",
      source: { type: "url", url: `workspace:///data/${name}`, media_type: "image/png" },
    });
    const path = join(workdir, "data", name);
    expect(await readFile(path, "utf8")).toBe("not really a png");
    // the same base64 text again: the file is not written a second time
    await writeFile(path, "kept");
    await workspace.offloadDataBlock(block);
    expect(await readFile(path, "utf8")).toBe("kept");
  });

  it("names the extension from the media type as Python's mimetypes does, .bin when unknown", async () => {
    const urls = [];
    for (const mt of ["image/jpeg", "audio/mpeg", "application/pdf", "x-unknown/thing"]) {
      const stored = await workspace.offloadDataBlock(
        dataBlock(Buffer.from(mt).toString("base64"), mt),
      );
      urls.push(stored.source.type === "url" ? stored.source.url.slice(-4) : "");
    }
    expect(urls).toEqual([".jpg", ".mp3", ".pdf", ".bin"]);
  });

  it("returns a URL block unchanged", async () => {
    const block: DataBlock = {
      ...dataBlock("x", "image/png"),
      source: { type: "url", url: "https://example.com/a.png", media_type: "image/png" },
    };
    expect(await workspace.offloadDataBlock(block)).toBe(block);
  });
});

describe("LocalWorkspace.offloadToolResult (spec §8.5)", () => {
  it("writes sessions/<id>/tool_result-<id>.txt, then (1), (2) on collisions", async () => {
    const paths = [];
    for (const text of ["first", "second", "third"]) {
      paths.push(await workspace.offloadToolResult("s1", toolResult("call_1", text)));
    }
    const dir = join(workdir, "sessions", "s1");
    expect(paths).toEqual([
      join(dir, "tool_result-call_1.txt"),
      join(dir, "tool_result-call_1(1).txt"),
      join(dir, "tool_result-call_1(2).txt"),
    ]);
    expect(await Promise.all(paths.map((p) => readFile(p, "utf8")))).toEqual([
      "first",
      "second",
      "third",
    ]);
  });

  it("renders data blocks as <data url='…' name='…' media_type='…'/>, offloading base64 ones", async () => {
    const url: DataBlock = {
      ...dataBlock("u", "image/gif", null),
      source: { type: "url", url: "https://example.com/a.gif", media_type: "image/gif" },
    };
    const path = await workspace.offloadToolResult(
      "s1",
      toolResult("c2", [
        { type: "text", text: "before ", id: "t", created_at: "x", finished_at: null },
        dataBlock(PNG_BASE64, "image/png"),
        url,
        { type: "text", text: " after", id: "t2", created_at: "x", finished_at: null },
      ]),
    );
    expect(await readFile(path, "utf8")).toBe(
      `before <data url='workspace:///data/${sha256(PNG_BASE64)}.png' name='pic' media_type='image/png'/>` +
        "<data url='https://example.com/a.gif' name='None' media_type='image/gif'/> after",
    );
    expect(await filesUnder(join(workdir, "data"))).toEqual([`${sha256(PNG_BASE64)}.png`]);
  });

  it("concurrent offloads of one id each get their own file, none overwritten", async () => {
    const texts = Array.from({ length: 8 }, (_, i) => `result ${i}`);
    const paths = await Promise.all(
      texts.map((t) => workspace.offloadToolResult("s", toolResult("same", t))),
    );
    expect(new Set(paths).size).toBe(8);
    const contents = await Promise.all(paths.map((p) => readFile(p, "utf8")));
    expect(contents.sort()).toEqual(texts);
    // no temporary file is left behind
    expect((await filesUnder(workdir)).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });
});

describe("LocalWorkspace.offloadContext (spec §8.5)", () => {
  it("appends one Msg JSON per line to sessions/<id>/context.jsonl, top-level base64 data offloaded", async () => {
    const first = new UserMsg({ name: "u", content: "hello" });
    const withImage = new UserMsg({ name: "u", content: [dataBlock(PNG_BASE64, "image/png")] });
    const path = await workspace.offloadContext("s1", [first, withImage]);
    expect(path).toBe(join(workdir, "sessions", "s1", "context.jsonl"));
    await workspace.offloadContext("s1", [new UserMsg({ name: "u", content: "later" })]);
    const lines = (await readFile(path, "utf8")).split("\n");
    expect(lines.at(-1)).toBe("");
    const msgs = lines.slice(0, -1).map((l) => Msg.fromJSON(JSON.parse(l)));
    expect(msgs.map((m) => m.getTextContent())).toEqual(["hello", null, "later"]);
    expect(msgs[0]!.id).toBe(first.id);
    expect(msgs[1]!.content[0]).toMatchObject({
      type: "data",
      source: { type: "url", url: `workspace:///data/${sha256(PNG_BASE64)}.png` },
    });
    // the messages given are not changed
    expect(withImage.content[0]).toMatchObject({ source: { type: "base64" } });
  });

  it("concurrent appends to one session all land, each line whole", async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        workspace.offloadContext("s", [new UserMsg({ name: "u", content: `m${i}` })]),
      ),
    );
    const text = await readFile(join(workdir, "sessions", "s", "context.jsonl"), "utf8");
    const got = text
      .trimEnd()
      .split("\n")
      .map((l) => Msg.fromJSON(JSON.parse(l)).getTextContent());
    expect(got.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `m${i}`).sort());
  });
});

describe("LocalWorkspace paths never escape the workdir (hostile ids)", () => {
  const hostile = [
    "../x",
    "../../etc/passwd",
    "/abs/path",
    "a\0b",
    "x".repeat(300),
    "é/ü/日本",
    "..",
    ".",
    ".hidden",
    "a\\b",
    "\ud800",
  ];

  it("session and tool-call ids become segments inside sessions/, distinct for distinct ids", async () => {
    const paths = new Set<string>();
    for (const id of hostile) {
      paths.add(await workspace.offloadToolResult(id, toolResult(id, `r ${id}`)));
      paths.add(await workspace.offloadContext(id, [new UserMsg({ name: "u", content: "m" })]));
    }
    expect(paths.size).toBe(hostile.length * 2);
    for (const path of paths) expect(path.startsWith(join(workdir, "sessions") + "/")).toBe(true);
    // nothing outside the workdir, and one folder per session directly under sessions/
    expect(await readdir(root)).toEqual(["ws"]);
    const sessions = await readdir(join(workdir, "sessions"));
    expect(sessions).toHaveLength(hostile.length);
    for (const name of sessions) {
      expect(name.length).toBeLessThanOrEqual(120);
      expect(name).not.toMatch(/^\.|[/\\\0]/);
    }
  });

  it("plain ids are kept as they are", () => {
    expect(pathSegment("call_1-x.y", "id")).toBe("call_1-x.y");
    expect(pathSegment("../x", "id")).toBe("%2E.%2Fx");
  });

  it("an empty id is refused with a typed error", async () => {
    await expect(workspace.offloadToolResult("", toolResult("c", "x"))).rejects.toMatchObject({
      code: "WORKSPACE_INVALID_ID",
    });
    await expect(workspace.offloadToolResult("s", toolResult("", "x"))).rejects.toBeInstanceOf(
      WorkspaceError,
    );
  });

  it("a symlink planted in the layout is refused, nothing written through it", async () => {
    const outside = join(root, "outside");
    await mkdir(outside);
    await mkdir(join(workdir, "sessions"), { recursive: true });
    await symlink(outside, join(workdir, "sessions", "evil"));
    await expect(workspace.offloadToolResult("evil", toolResult("c", "x"))).rejects.toMatchObject({
      code: "WORKSPACE_PATH_ESCAPE",
    });
    await mkdir(join(workdir, "sessions", "s2"));
    await writeFile(join(outside, "secret"), "secret");
    await symlink(join(outside, "secret"), join(workdir, "sessions", "s2", "context.jsonl"));
    await expect(
      workspace.offloadContext("s2", [new UserMsg({ name: "u", content: "m" })]),
    ).rejects.toMatchObject({ code: "WORKSPACE_PATH_ESCAPE" });
    expect(await readdir(outside)).toEqual(["secret"]);
    expect(await readFile(join(outside, "secret"), "utf8")).toBe("secret");
  });
});
