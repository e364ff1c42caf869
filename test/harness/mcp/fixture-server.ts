/**
 * The one tool catalogue every MCP test server serves (stdio, Streamable HTTP, legacy SSE), built on
 * the SDK's low-level `Server` so schemas go out verbatim — broken ones included — and each tool
 * exercises one behaviour of an MCP client: content kinds, errors, cancellation, a request that is
 * never answered, a changing tool list, stderr noise, a crash, garbage on stdout.
 */
/* eslint-disable @typescript-eslint/no-deprecated -- the low-level `Server` is the point: it serves tool schemas verbatim, broken ones too (`McpServer` builds them from zod). */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type ServerNotification,
  type ServerRequest,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { ALL_CONTENT_OUTPUT_SCHEMA, ALL_CONTENT_RESULT } from "./fixture-content.js";

/** What the server records about the calls it serves. */
export type FixtureEventType =
  "called" | "started" | "completed" | "cancelled" | "cancel-ignored" | "crash";

/** One recorded event; `requestId` is the JSON-RPC id of the `tools/call` request. */
export interface FixtureEvent {
  readonly type: FixtureEventType;
  readonly tool: string;
  readonly requestId?: string | number;
  readonly at: number;
}

/** The process a stdio server runs in: only there do `stderr_noise`, `crash` and `garble` act. */
export interface StdioHost {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  exit(code: number): void;
}

/** What a tool's implementation gets besides its arguments. */
export interface FixtureToolContext {
  readonly server: Server;
  readonly extra: RequestHandlerExtra<ServerRequest, ServerNotification>;
  readonly record: (type: FixtureEventType) => void;
  readonly catalogue: FixtureCatalogue;
  readonly stdio: StdioHost | undefined;
}

/** A tool: its definition as listed (verbatim) and what a call does. */
export interface FixtureTool {
  readonly definition: Tool;
  call(args: Record<string, unknown>, context: FixtureToolContext): Promise<CallToolResult>;
}

/**
 * Tools added while the server runs (by `add_tool`). The servers of one HTTP fixture (one per
 * session) share one catalogue, so an addition is visible to every session, and `onChange` lets the
 * host tell its other sessions.
 */
export interface FixtureCatalogue {
  readonly added: Map<string, FixtureTool>;
  onChange?: (origin: Server) => void;
}

export interface FixtureServerOptions {
  readonly record: (event: FixtureEvent) => void;
  /** Tools listed after the built-in ones. */
  readonly extraTools?: readonly FixtureTool[];
  /** Also list `bad_schema`, whose input schema is not valid JSON Schema. */
  readonly badSchema?: boolean;
  /** Set by the stdio entry point; absent over HTTP. */
  readonly stdio?: StdioHost;
  /** Shared by the servers of one host; a fresh one when absent. */
  readonly catalogue?: FixtureCatalogue;
}

const NO_ARGS = { type: "object", properties: {} } as const;

const text = (value: string): CallToolResult => ({ content: [{ type: "text", text: value }] });
const failure = (value: string): CallToolResult => ({ ...text(value), isError: true });
// A promise that never settles holds no handle, so a hung call never keeps a process alive.
const never = (): Promise<never> => new Promise<never>(() => undefined);

function stringArg(args: Record<string, unknown>, name: string, tool: string): string {
  const value = args[name];
  if (typeof value !== "string")
    throw new McpError(ErrorCode.InvalidParams, `${tool} needs a string "${name}"`);
  return value;
}

function tool(definition: Tool, call: FixtureTool["call"]): FixtureTool {
  return { definition, call };
}

const LATE = tool(
  { name: "late", description: "Added at run time by add_tool.", inputSchema: NO_ARGS },
  async () => text("late tool"),
);

const BAD_SCHEMA = tool(
  {
    name: "bad_schema",
    description: "Its input schema names a type JSON Schema does not have.",
    inputSchema: { type: "object", properties: { x: { type: "no-such-type" } } },
  },
  async () => text("should not be called"),
);

/** Waits `ms`, or less if `signal` fires; says which. */
function sleep(ms: number, signal: AbortSignal): Promise<"slept" | "aborted"> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve("aborted");
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      resolve("aborted");
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve("slept");
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

const BUILT_IN: readonly FixtureTool[] = [
  tool(
    {
      name: "echo",
      description: "Echo the text back.",
      inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
      annotations: { readOnlyHint: true },
    },
    async (args) => text(`echo: ${stringArg(args, "text", "echo")}`),
  ),
  tool(
    {
      name: "get.weather",
      description: "Tell the weather in a city.",
      inputSchema: { type: "object", properties: { city: { type: "string" } } },
    },
    async (args) => {
      const city = typeof args.city === "string" ? args.city : "anywhere";
      return text(`The weather in ${city} is sunny.`);
    },
  ),
  tool(
    {
      name: "all_content",
      description: "Return one block of every content kind, and structured content.",
      inputSchema: NO_ARGS,
      outputSchema: ALL_CONTENT_OUTPUT_SCHEMA,
      annotations: { readOnlyHint: true },
    },
    async () => structuredClone(ALL_CONTENT_RESULT),
  ),
  tool({ name: "fail", description: "Fail on purpose.", inputSchema: NO_ARGS }, async () =>
    failure("the tool failed on purpose"),
  ),
  tool(
    {
      name: "slow",
      description: "Sleep for ms milliseconds; stops when the call is cancelled.",
      inputSchema: { type: "object", properties: { ms: { type: "number" } }, required: ["ms"] },
    },
    async (args, { extra, record }) => {
      const ms = args.ms;
      if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0)
        throw new McpError(ErrorCode.InvalidParams, 'slow needs a non-negative number "ms"');
      record("started");
      if ((await sleep(ms, extra.signal)) === "aborted") {
        record("cancelled");
        // The SDK sends no response for a cancelled request; this result is dropped.
        return failure("cancelled");
      }
      record("completed");
      return text(`slept ${ms}`);
    },
  ),
  tool(
    {
      name: "hang",
      description: "Never answer, and ignore cancellation.",
      inputSchema: NO_ARGS,
    },
    async (_args, { extra, record }) => {
      record("started");
      extra.signal.addEventListener(
        "abort",
        () => {
          record("cancel-ignored");
        },
        { once: true },
      );
      return never();
    },
  ),
  tool(
    {
      name: "add_tool",
      description: "Add the tool 'late' and announce that the tool list changed.",
      inputSchema: NO_ARGS,
    },
    async (_args, { server, extra, catalogue }) => {
      catalogue.added.set(LATE.definition.name, LATE);
      // Sent on this request's own stream (over Streamable HTTP, the POST's SSE response), so the
      // calling session gets it before the result even if its GET stream is not open yet; the
      // host's `onChange` tells the other sessions on their GET streams.
      await extra.sendNotification({ method: "notifications/tools/list_changed" });
      catalogue.onChange?.(server);
      return text("added");
    },
  ),
  tool(
    {
      name: "stderr_noise",
      description: "Write 200 KB to stderr (stdio only).",
      inputSchema: NO_ARGS,
    },
    async (_args, { stdio }) => {
      if (stdio !== undefined) await writeNoise(stdio.stderr, 200 * 1024);
      return text("noisy");
    },
  ),
  tool(
    {
      name: "crash",
      description: "Exit the process before answering (stdio only).",
      inputSchema: NO_ARGS,
    },
    async (_args, { stdio, record }) => {
      if (stdio === undefined) return failure("crash is stdio only");
      record("crash");
      stdio.exit(3);
      return never();
    },
  ),
  tool(
    {
      name: "garble",
      description:
        "Write a non-JSON line and a non-JSON-RPC line to stdout, never answer (stdio only).",
      inputSchema: NO_ARGS,
    },
    async (_args, { stdio }) => {
      if (stdio === undefined) return failure("garble is stdio only");
      stdio.stdout.write("this is not json-rpc\n");
      stdio.stdout.write('{"hello":"world"}\n');
      return never();
    },
  ),
];

/** Writes `bytes` bytes of 1 KiB lines, resolving once they are handed to the OS. */
function writeNoise(stream: NodeJS.WritableStream, bytes: number): Promise<void> {
  const line = `${"noise ".repeat(170).slice(0, 1023)}\n`;
  const all = line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
  return new Promise((resolve, reject) => {
    stream.write(all, (error) => {
      if (error) reject(error);
      else resolve();
    });
  });
}

/**
 * Creates a fixture MCP server (not yet connected to a transport).
 *
 * @example
 * const server = createFixtureServer({ record: (event) => events.push(event) });
 * await server.connect(new StdioServerTransport());
 */
export function createFixtureServer(options: FixtureServerOptions): Server {
  const server = new Server(
    { name: "fixture", version: "1.0.0" },
    { capabilities: { tools: { listChanged: true } } },
  );
  const catalogue = options.catalogue ?? { added: new Map<string, FixtureTool>() };
  const tools = (): FixtureTool[] => [
    ...BUILT_IN,
    ...(options.badSchema === true ? [BAD_SCHEMA] : []),
    ...(options.extraTools ?? []),
    ...catalogue.added.values(),
  ];

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools().map((entry) => entry.definition),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    const record = (type: FixtureEventType) => {
      options.record({ type, tool: name, requestId: extra.requestId, at: Date.now() });
    };
    record("called");
    const found = tools().find((entry) => entry.definition.name === name);
    if (found === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${name}"`);
    return found.call(request.params.arguments ?? {}, {
      server,
      extra,
      record,
      catalogue,
      stdio: options.stdio,
    });
  });
  return server;
}
