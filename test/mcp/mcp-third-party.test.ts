import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MCPClient } from "../../src/mcp/index.js";
import { Toolkit } from "../../src/tools/index.js";
import { callTool } from "./mcp-test-kit.js";
import { PNG_1X1_BASE64 } from "../harness/mcp/fixture-content.js";
import { useQuietLogger } from "../harness/quiet-logger.js";

useQuietLogger();

const ROOT = resolve(import.meta.dirname, "../..");
const serverEntry = (pkg: string) =>
  join(ROOT, "node_modules", "@modelcontextprotocol", pkg, "dist", "index.js");

describe("@modelcontextprotocol/server-filesystem over stdio", () => {
  let dir: string;
  let home: string;
  let client: MCPClient;
  let toolkit: Toolkit;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "actorscope-mcp-fs-"));
    home = await mkdtemp(join(tmpdir(), "actorscope-mcp-fs-home-"));
    await writeFile(join(dir, "hello.txt"), "hello from the test\n");
    await writeFile(join(dir, "pixel.png"), Buffer.from(PNG_1X1_BASE64, "base64"));
    client = new MCPClient({
      name: "filesystem",
      isStateful: true,
      mcpConfig: {
        type: "stdio_mcp",
        command: process.execPath,
        args: [serverEntry("server-filesystem"), dir],
        env: { HOME: home },
        cwd: dir,
      },
      executionTimeout: 20,
    });
    await client.connect();
    toolkit = new Toolkit({ mcps: [client] });
  });

  afterAll(async () => {
    await client.close();
    await rm(dir, { recursive: true, force: true });
    await rm(home, { recursive: true, force: true });
  });

  it("lists its tools with their read-only hints and draft-07 schemas kept whole", async () => {
    const tools = await client.listTools();
    const byName = new Map(tools.map((t) => [t.toolName, t]));
    expect(byName.get("read_text_file")?.isReadOnly).toBe(true);
    expect(byName.get("write_file")?.isReadOnly).toBe(false);
    expect(byName.get("write_file")?.name).toBe("mcp__filesystem__write_file");
    expect(byName.get("list_directory")?.inputSchema).toMatchObject({
      $schema: "http://json-schema.org/draft-07/schema#",
      required: ["path"],
    });
  });

  it("reads, writes and lists files through the toolkit (input validated against the schema)", async () => {
    const read = await callTool(toolkit, "mcp__filesystem__read_text_file", {
      path: join(dir, "hello.txt"),
    });
    expect(read.response.state).toBe("success");
    expect(read.text).toContain("hello from the test");
    const written = await callTool(toolkit, "mcp__filesystem__write_file", {
      path: join(dir, "out.txt"),
      content: "written by an MCP tool",
    });
    expect(written.response.state).toBe("success");
    expect(await readFile(join(dir, "out.txt"), "utf8")).toBe("written by an MCP tool");
    const listing = await callTool(toolkit, "mcp__filesystem__list_directory", { path: dir });
    expect(listing.text).toContain("hello.txt");
    expect(listing.text).toContain("out.txt");
    const invalid = await callTool(toolkit, "mcp__filesystem__read_text_file", { path: 42 });
    expect(invalid.response.state).toBe("error");
  });

  it("an image comes back as a base64 data block", async () => {
    const media = await callTool(toolkit, "mcp__filesystem__read_media_file", {
      path: join(dir, "pixel.png"),
    });
    const block = media.response.content.find((b) => b.type === "data");
    expect(block).toMatchObject({
      source: { type: "base64", media_type: "image/png", data: PNG_1X1_BASE64 },
    });
  });

  it("a path outside the allowed directory is an error result, and the server keeps serving", async () => {
    const outside = await callTool(toolkit, "mcp__filesystem__read_text_file", {
      path: join(home, "..", "etc-passwd"),
    });
    expect(outside.response.state).toBe("error");
    const again = await callTool(toolkit, "mcp__filesystem__list_allowed_directories", {});
    expect(again.response.state).toBe("success");
  });
});

describe("@modelcontextprotocol/server-everything over stdio", () => {
  let home: string;
  let client: MCPClient;
  let toolkit: Toolkit;

  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), "actorscope-mcp-everything-"));
    client = new MCPClient({
      name: "everything",
      isStateful: true,
      mcpConfig: {
        type: "stdio_mcp",
        command: process.execPath,
        args: [serverEntry("server-everything"), "stdio"],
        env: { HOME: home },
        cwd: home,
      },
      executionTimeout: 20,
    });
    await client.connect();
    toolkit = new Toolkit({ mcps: [client] });
  });

  afterAll(async () => {
    await client.close();
    await rm(home, { recursive: true, force: true });
  });

  it("echo and get-sum answer", async () => {
    expect((await callTool(toolkit, "mcp__everything__echo", { message: "hi" })).text).toContain(
      "hi",
    );
    expect((await callTool(toolkit, "mcp__everything__get-sum", { a: 2, b: 3 })).text).toContain(
      "5",
    );
  });

  it("images, resource links, embedded resources and structured content convert", async () => {
    const image = await callTool(toolkit, "mcp__everything__get-tiny-image", {});
    expect(
      image.response.content.some((b) => b.type === "data" && b.source.media_type === "image/png"),
    ).toBe(true);
    const links = await callTool(toolkit, "mcp__everything__get-resource-links", { count: 2 });
    const urls = links.response.content.filter((b) => b.type === "data" && b.source.type === "url");
    expect(urls.length).toBe(2);
    const embedded = await callTool(toolkit, "mcp__everything__get-resource-reference", {
      resourceType: "Text",
      resourceId: 1,
    });
    expect(embedded.text).toContain('"uri"');
    const structured = await callTool(toolkit, "mcp__everything__get-structured-content", {
      location: "Chicago",
    });
    expect(structured.response.state).toBe("success");
    expect(structured.chunks[0]?.metadata["structured_content"]).toBeTypeOf("object");
  });

  it("a long-running operation is interrupted and the session stays usable", async () => {
    const controller = new AbortController();
    const running = callTool(
      toolkit,
      "mcp__everything__trigger-long-running-operation",
      { duration: 30, steps: 30 },
      controller.signal,
    );
    setTimeout(() => {
      controller.abort();
    }, 300);
    expect((await running).response.state).toBe("interrupted");
    expect((await callTool(toolkit, "mcp__everything__echo", { message: "after" })).text).toContain(
      "after",
    );
  });
});
