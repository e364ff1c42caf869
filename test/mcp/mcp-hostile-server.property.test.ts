import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MCPClient, MCPError } from "../../src/mcp/index.js";
import { ToolChunkSchema, Toolkit } from "../../src/tools/index.js";
import { hostileInputs, jsonFixtures } from "../harness/hostile-json.js";
import { useQuietLogger } from "../harness/quiet-logger.js";

useQuietLogger();

const SERVER = resolve(import.meta.dirname, "../harness/mcp/hostile-stdio-server.mjs");
const RUNS = 50;
const NEVER = new AbortController().signal;
const DEFAULT_LIST = {
  tools: ["reflect", "fail_with", "set_list", "raw"].map((name) => ({
    name,
    inputSchema: { type: "object" },
  })),
};

/** JSON only survives the pipe: a hostile value that is not JSON becomes `null`. */
const asJson = (make: () => unknown): unknown => {
  try {
    return JSON.parse(JSON.stringify(make()) ?? "null") as unknown;
  } catch {
    return null;
  }
};

const payloads = (...fixtures: unknown[]) =>
  fc.oneof(
    { weight: 3, arbitrary: hostileInputs(jsonFixtures(...fixtures)).map(asJson) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  );

const RESULTS = payloads(
  { content: [{ type: "text", text: "hi" }] },
  {
    content: [
      { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
      { type: "resource", resource: { uri: "file:///a", mimeType: "text/plain", text: "t" } },
      { type: "resource", resource: { uri: "file:///b", blob: "AAE=" } },
      { type: "resource_link", uri: "https://e.com/x", name: "x" },
    ],
    structuredContent: { a: [1, 2] },
    isError: true,
  },
);
const LISTS = payloads({
  tools: [
    {
      name: "get.weather",
      description: "d",
      inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      outputSchema: { type: "object", properties: { t: { type: "number" } } },
      annotations: { readOnlyHint: true, title: "Weather" },
    },
    { name: "x", inputSchema: { type: "object", $defs: { a: { type: "string" } } } },
  ],
  nextCursor: undefined,
});
const ERRORS = payloads({ code: -32602, message: "bad params", data: { field: "city" } });
const FRAMES = fc.array(
  fc.oneof(
    fc.string(),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc
      .record({ id: fc.oneof(fc.nat(50), fc.string()), result: fc.jsonValue({ maxDepth: 2 }) })
      .map((r) => JSON.stringify({ jsonrpc: "2.0", ...r })),
    fc.constantFrom(
      '{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}',
      '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":9,"progress":1}}',
      '{"jsonrpc":"2.0","method":"no/such/notification","params":[1,2]}',
      '{"jsonrpc":"2.0","id":999,"method":"sampling/createMessage","params":{}}',
    ),
  ),
  { maxLength: 5 },
);

/** Either it worked, or it failed with an `MCPError`: nothing untyped, nothing hung. */
async function typed<T>(work: Promise<T>): Promise<T | MCPError> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof MCPError) return error;
    throw new Error(
      `untyped failure: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
      {
        cause: error,
      },
    );
  }
}

describe("MCPClient against a hostile stdio server (fast-check)", () => {
  let home: string;
  let client: MCPClient;

  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), "actorscope-mcp-hostile-"));
    client = new MCPClient({
      name: "hostile",
      isStateful: true,
      mcpConfig: {
        type: "stdio_mcp",
        command: process.execPath,
        args: [SERVER],
        env: { HOME: home },
        cwd: home,
      },
      executionTimeout: 0.25,
    });
    await client.connect();
  });

  afterAll(async () => {
    await client.close();
    await rm(home, { recursive: true, force: true });
  });

  /** After any case the session answers again (reconnected if it had to be). */
  async function stillServes(): Promise<void> {
    const result = await client.callRaw(
      "reflect",
      { payload: { content: [{ type: "text", text: "alive" }] } },
      NEVER,
    );
    expect(result.content).toEqual([{ type: "text", text: "alive" }]);
  }

  it("any call result becomes valid chunks or an MCPError, and the session keeps serving", async () => {
    const reflect = await client.getTool("reflect");
    await fc.assert(
      fc.asyncProperty(RESULTS, async (payload) => {
        const outcome = await typed(
          (async () => {
            const chunks = [];
            for await (const chunk of reflect.invoke({ payload })) chunks.push(chunk);
            return chunks;
          })(),
        );
        if (!(outcome instanceof MCPError)) {
          for (const chunk of outcome) expect(ToolChunkSchema.safeParse(chunk).success).toBe(true);
        }
        await stillServes();
      }),
      { numRuns: RUNS },
    );
  });

  it("any JSON-RPC error becomes an MCPError", async () => {
    await fc.assert(
      fc.asyncProperty(ERRORS, async (payload) => {
        const outcome = await typed(client.callRaw("fail_with", { payload }, NEVER));
        expect(outcome).toBeInstanceOf(MCPError);
        await stillServes();
      }),
      { numRuns: RUNS },
    );
  });

  it("any tool listing gives usable MCPTools or an MCPError; a toolkit's view never throws", async () => {
    const toolkit = new Toolkit({ mcps: [client] });
    await fc.assert(
      fc.asyncProperty(LISTS, async (payload) => {
        await client.callRaw("set_list", { payload }, NEVER);
        const outcome = await typed(client.listTools());
        if (!(outcome instanceof MCPError)) {
          for (const tool of outcome) {
            expect(tool.name).toMatch(/^mcp__hostile__[a-zA-Z0-9_-]*$/);
            expect(tool.inputSchema["type"]).toBe("object");
          }
        }
        const view = await toolkit.view();
        for (const schema of view.schemas) expect(schema.function.name).toMatch(/^mcp__hostile__/);
        await client.callRaw("set_list", { payload: DEFAULT_LIST }, NEVER);
        await stillServes();
      }),
      { numRuns: RUNS },
    );
  });

  it("stray frames on stdout (unknown ids, unasked notifications, garbage) break nothing", async () => {
    await fc.assert(
      fc.asyncProperty(FRAMES, async (lines) => {
        await typed(client.callRaw("raw", { lines }, NEVER));
        await stillServes();
      }),
      { numRuns: RUNS },
    );
  });
});
