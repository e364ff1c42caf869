import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MCPClient } from "../../src/mcp/index.js";
import { LocalWorkspace } from "../../src/workspace/index.js";

const http = (name: string) =>
  new MCPClient({
    name,
    isStateful: false,
    mcpConfig: { type: "http_mcp", url: `http://127.0.0.1:9/${name}/mcp` },
  });

let root: string;
let workdir: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "as-ws-mcp-"));
  workdir = join(root, "ws");
  vi.stubEnv("HOME", join(root, "home"));
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

describe("LocalWorkspace MCP declarations (.mcp, the reference's version 2)", () => {
  it("addMcp persists per agent and session in the reference's format", async () => {
    const ws = new LocalWorkspace({ workdir });
    await ws.initialize();
    await ws.addMcp(http("search"), { agentId: "a1", sessionId: "s1" });
    expect(JSON.parse(await readFile(join(workdir, ".mcp"), "utf8"))).toEqual({
      version: 2,
      mcps: {
        a1: {
          s1: [
            {
              name: "search",
              is_stateful: false,
              mcp_config: {
                type: "http_mcp",
                url: "http://127.0.0.1:9/search/mcp",
                headers: null,
                timeout: 30,
              },
              enable_tools: null,
              disable_tools: null,
              execution_timeout: null,
            },
          ],
        },
      },
    });
  });

  it("a restarted workspace restores the declarations; each session gets its own clients", async () => {
    const first = new LocalWorkspace({ workdir });
    await first.initialize();
    const added = http("search");
    await first.addMcp(added, { agentId: "a1", sessionId: "s1" });
    await first.addMcp(http("docs"), { agentId: "a1", sessionId: "s1" });
    await first.addMcp(http("other"), { agentId: "a2", sessionId: "s9" });
    await first.close();

    const again = new LocalWorkspace({ workdir });
    await again.initialize();
    const s1 = await again.listMcps({ agentId: "a1", sessionId: "s1" });
    expect(s1.map((c) => c.name)).toEqual(["search", "docs"]);
    expect(s1[0]).not.toBe(added);
    expect(await again.listMcps({ agentId: "a1", sessionId: "s1" })).toEqual(s1);
    expect((await again.listMcps({ agentId: "a2", sessionId: "s9" })).map((c) => c.name)).toEqual([
      "other",
    ]);
    expect(await again.listMcps()).toEqual([]);
  });

  it("removeMcp forgets the declaration (persisted); a duplicate name is a typed error", async () => {
    const ws = new LocalWorkspace({ workdir });
    await ws.initialize();
    await ws.addMcp(http("search"));
    await expect(ws.addMcp(http("search"))).rejects.toMatchObject({ code: "WORKSPACE_MCP_EXISTS" });
    await ws.removeMcp("search");
    await ws.removeMcp("never-added");
    expect(JSON.parse(await readFile(join(workdir, ".mcp"), "utf8"))).toEqual({
      version: 2,
      mcps: { "": { "": [] } },
    });
  });

  it("reads a version 1 file (a bare list) under the empty ids, and a Python-written stdio entry", async () => {
    await mkdir(workdir, { recursive: true });
    await writeFile(
      join(workdir, ".mcp"),
      JSON.stringify([
        {
          name: "fs",
          is_stateful: true,
          mcp_config: {
            type: "stdio_mcp",
            command: join(root, "no-such-server"),
            args: null,
            env: null,
            cwd: null,
            encoding_error_handler: "strict",
          },
          enable_tools: null,
          disable_tools: null,
          execution_timeout: null,
        },
        { name: "bad name!", is_stateful: false, mcp_config: { type: "http_mcp", url: "x" } },
        {
          name: "web",
          is_stateful: false,
          mcp_config: { type: "http_mcp", url: "http://127.0.0.1:9/mcp" },
        },
      ]),
    );
    const ws = new LocalWorkspace({ workdir });
    await ws.initialize();
    // the invalid entry is skipped; the stdio server cannot start, so it is left out of the list
    expect((await ws.listMcps()).map((c) => c.name)).toEqual(["web"]);
    await ws.close();
  });
});
