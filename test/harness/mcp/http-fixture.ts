/**
 * The fixture MCP server over HTTP on `node:http` at 127.0.0.1: Streamable HTTP (`/mcp`, stateful
 * with one `Server` per session, or stateless with one per request) or the legacy SSE transport
 * (`GET /sse` + `POST /messages/?sessionId=…`). Fault controls: required headers (401 without),
 * `dropSessions` (a lost session: 404), `restart` (same port, every session gone).
 */
/* eslint-disable @typescript-eslint/no-deprecated -- the low-level `Server` serves schemas verbatim, and the legacy SSE transport is one the client must still speak to. */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setImmediate } from "node:timers/promises";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import {
  createFixtureServer,
  type FixtureCatalogue,
  type FixtureEvent,
  type FixtureTool,
} from "./fixture-server.js";

export interface HttpFixtureOptions {
  readonly transport: "streamable" | "sse";
  /** Streamable only: a new server and transport per request, no session ids. */
  readonly stateless?: boolean;
  /** Every request must carry these headers with these values, or gets 401. */
  readonly requiredHeaders?: Record<string, string>;
  /** Also list `bad_schema`. */
  readonly badSchema?: boolean;
  /** Tools listed after the built-in ones. */
  readonly extraTools?: readonly FixtureTool[];
}

export interface HttpFixture {
  /** `http://127.0.0.1:<port>/mcp` (streamable) or `…/sse` (sse). */
  readonly url: string;
  readonly port: number;
  /** Every event recorded, oldest first (kept across `restart`). */
  readonly events: FixtureEvent[];
  /** Errors the server side reported (a failed notification, a transport or routing error). */
  readonly errors: Error[];
  /** Resolves with the first event (past or future) `predicate` accepts; rejects after `timeoutMs`. */
  waitForEvent(
    predicate: (event: FixtureEvent) => boolean,
    timeoutMs?: number,
  ): Promise<FixtureEvent>;
  /**
   * Forgets every session: the next request naming one gets 404 (a lost session). Their open
   * streams stay open, as on a server that lost its session table, until `restart` or `close`.
   */
  dropSessions(): void;
  /**
   * Closes the listener, every connection and every session, forgets tools added by `add_tool`
   * (as a restarted server would), and listens again on the same port.
   */
  restart(): Promise<void>;
  /** Frees everything: no open handle is left. Calling it again does nothing. */
  close(): Promise<void>;
  /** Live sessions (always 0 when stateless). */
  sessionCount(): number;
  /**
   * Open notification streams the server can push to now (Streamable HTTP's GET streams, SSE's
   * event streams): a test that needs a notification to reach another session waits for it.
   */
  notificationStreams(): number;
}

/** A connected server and the transport of one session (or of one stateless request). */
interface Session {
  readonly server: Server;
  readonly streamable?: StreamableHTTPServerTransport;
  readonly sse?: SSEServerTransport;
}

const asError = (error: unknown): Error =>
  error instanceof Error ? error : new Error(String(error));

const jsonRpcError = (res: ServerResponse, status: number, code: number, message: string) => {
  res
    .writeHead(status, { "content-type": "application/json" })
    .end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
};

// The SDK's own answer to an unknown session (webStandardStreamableHttp.js), so clients see the same.
const sessionNotFound = (res: ServerResponse) => {
  jsonRpcError(res, 404, -32001, "Session not found");
};

async function readJson(
  req: IncomingMessage,
): Promise<{ ok: true; body: unknown } | { ok: false }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return { ok: true, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown };
  } catch (_error) {
    // Not JSON: the caller answers a JSON-RPC parse error, as the SDK would.
    return { ok: false };
  }
}

const headerValue = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Starts an HTTP fixture MCP server on a free loopback port.
 *
 * @example
 * const fixture = await startHttpFixture({ transport: "streamable" });
 * const transport = new StreamableHTTPClientTransport(new URL(fixture.url));
 */
export async function startHttpFixture(options: HttpFixtureOptions): Promise<HttpFixture> {
  const events: FixtureEvent[] = [];
  const errors: Error[] = [];
  const waiters = new Set<() => void>();
  const sessions = new Map<string, Session>();
  // Open but not reachable by id, closed by `close`/`restart`: stateless requests in flight (a
  // `hang` call) and dropped sessions.
  const unlisted = new Set<Session>();
  const streams = new Set<ServerResponse>();
  const trackStream = (res: ServerResponse) => {
    streams.add(res);
    res.once("close", () => streams.delete(res));
  };
  const catalogue: FixtureCatalogue = { added: new Map() };
  catalogue.onChange = (origin) => {
    for (const session of sessions.values()) {
      if (session.server === origin) continue;
      session.server.sendToolListChanged().catch((error: unknown) => errors.push(asError(error)));
    }
  };

  const newServer = (): Server => {
    const server = createFixtureServer({
      record: (event) => {
        events.push(event);
        for (const wake of waiters) wake();
      },
      badSchema: options.badSchema === true,
      extraTools: options.extraTools ?? [],
      catalogue,
    });
    server.onerror = (error) => errors.push(error);
    return server;
  };

  const authorised = (req: IncomingMessage): boolean =>
    Object.entries(options.requiredHeaders ?? {}).every(
      ([name, value]) => headerValue(req, name) === value,
    );

  async function streamableStateful(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const sessionId = headerValue(req, "mcp-session-id");
    const known = sessionId === undefined ? undefined : sessions.get(sessionId)?.streamable;
    if (sessionId !== undefined && known === undefined) {
      sessionNotFound(res);
      return;
    }
    if (req.method !== "POST") {
      // GET (the notification stream) and DELETE (end the session) need a session.
      if (known === undefined)
        jsonRpcError(res, 400, -32000, "Bad Request: Mcp-Session-Id header is required");
      else {
        if (req.method === "GET") trackStream(res);
        await known.handleRequest(req, res);
      }
      return;
    }
    const parsed = await readJson(req);
    if (!parsed.ok) {
      jsonRpcError(res, 400, -32700, "Parse error: Invalid JSON");
      return;
    }
    if (known !== undefined) {
      await known.handleRequest(req, res, parsed.body);
      return;
    }
    if (!isInitializeRequest(parsed.body)) {
      jsonRpcError(res, 400, -32000, "Bad Request: No valid session ID provided");
      return;
    }
    const server = newServer();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        sessions.set(id, session);
      },
    });
    const session: Session = { server, streamable: transport };
    // Set before `connect`, which chains its own handler after this one. A DELETE ends up here.
    transport.onclose = () => {
      const id = transport.sessionId;
      if (id !== undefined && sessions.get(id) === session) sessions.delete(id);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, parsed.body);
  }

  async function streamableStateless(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "POST") {
      jsonRpcError(res, 405, -32000, "Method not allowed (stateless server)");
      return;
    }
    const parsed = await readJson(req);
    if (!parsed.ok) {
      jsonRpcError(res, 400, -32700, "Parse error: Invalid JSON");
      return;
    }
    const server = newServer();
    // The SDK's option type has no `undefined`; stateless mode is asked for by leaving it out.
    const transport = new StreamableHTTPServerTransport({});
    const pair: Session = { server, streamable: transport };
    unlisted.add(pair);
    res.on("close", () => {
      unlisted.delete(pair);
      server.close().catch((error: unknown) => errors.push(asError(error)));
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, parsed.body);
  }

  async function sse(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method === "GET" && url.pathname === "/sse") {
      const server = newServer();
      const transport = new SSEServerTransport("/messages/", res);
      const session: Session = { server, sse: transport };
      sessions.set(transport.sessionId, session);
      trackStream(res);
      res.on("close", () => {
        if (sessions.get(transport.sessionId) === session) sessions.delete(transport.sessionId);
      });
      await server.connect(transport);
      return;
    }
    if (req.method === "POST" && url.pathname === "/messages/") {
      const transport = sessions.get(url.searchParams.get("sessionId") ?? "")?.sse;
      if (transport === undefined) sessionNotFound(res);
      else await transport.handlePostMessage(req, res);
      return;
    }
    res.writeHead(404).end();
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (!authorised(req)) {
      res.writeHead(401, { "content-type": "text/plain" }).end("missing or wrong required header");
      return;
    }
    if (options.transport === "sse") await sse(req, res, url);
    else if (url.pathname !== "/mcp") res.writeHead(404).end();
    else if (options.stateless === true) await streamableStateless(req, res);
    else await streamableStateful(req, res);
  }

  const http = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      errors.push(asError(error));
      if (!res.headersSent) jsonRpcError(res, 500, -32603, "Internal error");
      else res.destroy();
    });
  });

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      http.once("error", reject);
      http.listen(port, "127.0.0.1", () => {
        http.off("error", reject);
        listening = true;
        resolve((http.address() as AddressInfo).port);
      });
    });

  let listening = false;
  const stop = async () => {
    if (!listening) return;
    listening = false;
    const all = [...sessions.values(), ...unlisted];
    sessions.clear();
    unlisted.clear();
    await Promise.all(all.map((session) => session.server.close()));
    const closed = new Promise<void>((resolve, reject) => {
      http.close((error) => {
        if (error) reject(error);
        else resolve();
      });
    });
    // Hung calls and open SSE streams would keep `close` waiting for ever.
    http.closeAllConnections();
    await closed;
    // The clients live in this process: let their pools see the closed sockets (one poll phase,
    // then the nextTicks of their teardown) before the port serves again, or the next request
    // goes out on a dead keep-alive socket and fails with "other side closed".
    await setImmediate();
    await setImmediate();
  };

  const port = await listen(0);
  return {
    url: `http://127.0.0.1:${port}${options.transport === "sse" ? "/sse" : "/mcp"}`,
    port,
    events,
    errors,
    waitForEvent(predicate, timeoutMs = 5_000) {
      return new Promise<FixtureEvent>((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate);
          if (found === undefined) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching MCP fixture event in ${timeoutMs} ms; recorded: ${JSON.stringify(events)}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    dropSessions() {
      for (const session of sessions.values()) unlisted.add(session);
      sessions.clear();
    },
    async restart() {
      await stop();
      catalogue.added.clear();
      await listen(port);
    },
    close: stop,
    sessionCount: () => sessions.size,
    // Headers sent means the transport has registered the stream (it does so before answering).
    notificationStreams: () =>
      [...streams].filter((res) => res.headersSent && !res.writableEnded).length,
  };
}
