import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Observable } from "rxjs";
import { Subject } from "rxjs";
import { getLogger } from "../errors/index.js";
import type { ToolSource } from "../tools/index.js";
import {
  DEFAULT_EXECUTION_TIMEOUT_S,
  resolveClientOptions,
  type MCPClientOptions,
  type ResolvedClientOptions,
} from "./mcp-client-options.js";
import type { MCPConfig } from "./mcp-config.js";
import { MCPError, MCPErrorCode, describe } from "./mcp-error.js";
import type { MCPSession } from "./mcp-session.js";
import { MCPTool, type MCPToolHost } from "./mcp-tool.js";

/**
 * A client of one MCP server and a `ToolSource` (spec §7): `new Toolkit({ mcps: [client] })`.
 *
 * A **stateful** client keeps one session: `await client.connect()` before giving it to a toolkit,
 * `await client.close()` at the end. If that session is lost — a stdio server exits or restarts,
 * an HTTP server forgets the session (404) — the next call or listing reconnects once,
 * transparently; a 404 (the server surely did not run the call) is also retried on the new
 * session. A **stateless** client (HTTP only) opens a session for each listing and call.
 *
 * When the server announces `notifications/tools/list_changed`, `changes$` emits and toolkits
 * holding the client list its tools again; otherwise they ask on every step, as the reference does.
 *
 * @example
 * const fs = new MCPClient({
 *   name: "filesystem",
 *   isStateful: true,
 *   mcpConfig: { type: "stdio_mcp", command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", dir] },
 * });
 * await fs.connect();
 * const agent = new Agent({ name: "Friday", model, toolkit: new Toolkit({ mcps: [fs] }) });
 * …
 * await fs.close();
 */
export class MCPClient implements ToolSource, MCPToolHost {
  readonly name: string;
  readonly isStateful: boolean;
  readonly mcpConfig: MCPConfig;
  readonly enableTools: readonly string[] | null;
  readonly disableTools: readonly string[] | null;
  /** Seconds a call may take (null: the default bound, {@link DEFAULT_EXECUTION_TIMEOUT_S}). */
  readonly executionTimeout: number | null;
  #connected = false;
  #session: MCPSession | null = null;
  #reconnecting: Promise<MCPSession> | null = null;
  /** The server's whole last listing (before enable/disable), for `getTool`. */
  #cached: readonly Tool[] | null = null;
  /** Open while the session announces tool changes; replaced when a new session does not. */
  #changes: Subject<void> | null = null;

  constructor(options: MCPClientOptions) {
    const resolved: ResolvedClientOptions = resolveClientOptions(options);
    this.name = resolved.name;
    this.isStateful = resolved.isStateful;
    this.mcpConfig = resolved.mcpConfig;
    this.enableTools = resolved.enableTools;
    this.disableTools = resolved.disableTools;
    this.executionTimeout = resolved.executionTimeout;
  }

  get isConnected(): boolean {
    return !this.isStateful || this.#connected;
  }

  /** Emits when the server's tools may have changed; absent when the server never says so. */
  get changes$(): Observable<void> | undefined {
    return this.#changes?.asObservable();
  }

  /** Starts the session of a stateful client (a no-op for stateless ones). */
  async connect(): Promise<void> {
    if (!this.isStateful) return;
    if (this.#connected) {
      throw new MCPError(
        MCPErrorCode.MCP_ALREADY_CONNECTED,
        `MCP '${this.name}' is already connected. Call close() before reconnecting.`,
        { server: this.name },
      );
    }
    const session = await this.#open();
    this.#session = session;
    this.#connected = true;
    this.#watchChanges(session);
  }

  /**
   * Ends the session of a stateful client (a no-op for stateless ones). Errors while closing are
   * logged and swallowed unless `ignoreErrors` is false; the client is closed either way.
   */
  async close(ignoreErrors = true): Promise<void> {
    if (!this.isStateful) return;
    this.#assertConnected();
    const session = this.#session;
    this.#session = null;
    this.#connected = false;
    this.#cached = null;
    const changes = this.#changes;
    this.#changes = null;
    try {
      // A reconnect still under way closes its new session itself: it finds the client closed.
      await session?.close();
    } catch (error) {
      if (!ignoreErrors) throw error;
      getLogger().warn(`Error closing MCP '${this.name}': ${describe(error)}`);
    } finally {
      // Toolkits drop the cached listing, then find the client not connected.
      changes?.next();
      changes?.complete();
    }
  }

  /** The server's tools as listed, after `enableTools`/`disableTools`. */
  async listRawTools(): Promise<readonly Tool[]> {
    const tools = await this.#run((session) => session.listTools(), true);
    this.#cached = tools;
    return tools.filter(
      (tool) =>
        (this.enableTools === null || this.enableTools.includes(tool.name)) &&
        (this.disableTools === null || !this.disableTools.includes(tool.name)),
    );
  }

  /**
   * The server's tools as `MCPTool`s. A tool whose input schema is not valid JSON Schema is left
   * out with a warning (`getTool` names the problem); the others are offered.
   */
  async listTools(): Promise<MCPTool[]> {
    const tools: MCPTool[] = [];
    for (const raw of await this.listRawTools()) {
      try {
        tools.push(new MCPTool({ host: this, tool: raw }));
      } catch (error) {
        getLogger().warn(`Skipping a tool of MCP server '${this.name}'`, {
          error: describe(error),
        });
      }
    }
    return tools;
  }

  /** One tool by its server name, from the last listing (listing once if there is none). */
  async getTool(name: string): Promise<MCPTool> {
    if (this.isStateful) this.#assertConnected();
    if (this.#cached === null) await this.listRawTools();
    const raw = this.#cached?.find((tool) => tool.name === name);
    if (raw === undefined) {
      throw new MCPError(
        MCPErrorCode.MCP_TOOL_NOT_FOUND,
        `Tool '${name}' not found in MCP server '${this.name}'`,
        { server: this.name, tool: name },
      );
    }
    return new MCPTool({ host: this, tool: raw });
  }

  /** `tools/call` on the server, bounded by `executionTimeout`; what `MCPTool.call` runs. */
  callRaw(
    tool: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<CallToolResult> {
    const timeoutMs = Math.ceil((this.executionTimeout ?? DEFAULT_EXECUTION_TIMEOUT_S) * 1000);
    const annotations = this.#cached?.find((listed) => listed.name === tool)?.annotations;
    const retrySafe = annotations?.readOnlyHint === true || annotations?.idempotentHint === true;
    return this.#run((session) => session.callTool(tool, args, signal, timeoutMs), retrySafe);
  }

  /**
   * Runs `work` on the session (a new one per call when stateless). A request the server surely
   * did not run (HTTP 404 for a forgotten session, a refused connection) is sent once more on a
   * new session; one that may have run (the connection dropped under it) only when `retrySafe`:
   * a listing, or a tool the server marks read-only or idempotent.
   */
  async #run<T>(work: (session: MCPSession) => Promise<T>, retrySafe: boolean): Promise<T> {
    if (!this.isStateful) {
      const session = await this.#open();
      try {
        return await work(session);
      } finally {
        await session.close().catch((error: unknown) => {
          getLogger().warn(`Closing a stateless session of MCP '${this.name}' failed`, {
            error: describe(error),
          });
        });
      }
    }
    this.#assertConnected();
    let session = await this.#live();
    try {
      return await work(session);
    } catch (error) {
      if (!mayRetry(error, retrySafe)) throw error;
      session = await this.#reconnect(session);
      return await work(session);
    }
  }

  /** The session, reconnected first (once) if it was lost. */
  #live(): Promise<MCPSession> {
    const session = this.#session;
    if (session !== null && !session.lost) return Promise.resolve(session);
    return this.#reconnect(session);
  }

  #reconnect(lost: MCPSession | null): Promise<MCPSession> {
    if (this.#session !== lost && this.#session !== null && !this.#session.lost) {
      return Promise.resolve(this.#session);
    }
    this.#reconnecting ??= (async () => {
      try {
        // The lost session is dead already (its process gone, its id forgotten): closing it only
        // frees what is left, and its failure says nothing new.
        await lost?.close().catch(() => undefined);
        const session = await this.#open();
        if (!this.#connected) {
          await session.close();
          throw this.#notConnected();
        }
        this.#session = session;
        this.#cached = null;
        this.#watchChanges(session);
        return session;
      } finally {
        this.#reconnecting = null;
      }
    })();
    return this.#reconnecting;
  }

  async #open(): Promise<MCPSession> {
    // The SDK is loaded with the first session, so importing actorscope costs nothing for it.
    const { MCPSession } = await import("./mcp-session.js");
    return MCPSession.open(this.name, this.mcpConfig, {
      onToolsChanged: () => {
        this.#cached = null;
        this.#changes?.next();
      },
      onLost: () => {
        getLogger().warn(`MCP '${this.name}' lost its session; the next call reconnects.`);
      },
    });
  }

  /** A new session: announce that the tools may differ, and keep announcing only if it can. */
  #watchChanges(session: MCPSession): void {
    const previous = this.#changes;
    if (session.announcesToolChanges) {
      this.#changes = previous ?? new Subject<void>();
      previous?.next();
      return;
    }
    this.#changes = null;
    previous?.next();
    previous?.complete();
  }

  #assertConnected(): void {
    if (!this.#connected) throw this.#notConnected();
  }

  #notConnected(): MCPError {
    return new MCPError(
      MCPErrorCode.MCP_NOT_CONNECTED,
      `MCP '${this.name}' is not connected. Call connect() first.`,
      { server: this.name },
    );
  }
}

function mayRetry(error: unknown, retrySafe: boolean): boolean {
  if (!(error instanceof MCPError) || error.code !== MCPErrorCode.MCP_SESSION_LOST) return false;
  return error.data["notRun"] === true || (retrySafe && error.data["transport"] === true);
}
