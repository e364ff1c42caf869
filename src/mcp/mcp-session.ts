import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  CallToolResultSchema,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { getLogger } from "../errors/index.js";
import type { MCPConfig } from "./mcp-config.js";
import { MCPError, MCPErrorCode } from "./mcp-error.js";
import { callFailure, describe, isProtocolNoise } from "./mcp-failure.js";
import { connectTimeoutMs, openTransport, type OpenedTransport } from "./mcp-transport.js";
import { GuardedOutputValidator } from "./output-validator.js";

/** A hostile server could page `tools/list` for ever; past this many pages the listing fails. */
const MAX_LIST_PAGES = 100;

const CLIENT_INFO = { name: "actorscope", version: "0.1.0" } as const;

/** What a session tells its owner. */
export interface SessionHooks {
  /** The server sent `notifications/tools/list_changed`. */
  onToolsChanged?(): void;
  /** The session ended without `close()` (the process exited, the stream dropped). */
  onLost?(): void;
}

/**
 * One initialised MCP session: the SDK `Client` on one fresh transport. It tracks the requests in
 * flight so that a server writing garbage onto the stream (not JSON-RPC at all) fails them at once
 * with `MCP_PROTOCOL_ERROR` instead of leaving them to time out, and it knows when it is lost.
 */
export class MCPSession {
  readonly server: string;
  readonly #client: Client;
  readonly #opened: OpenedTransport;
  readonly #hooks: SessionHooks;
  readonly #listTimeoutMs: number;
  /** One controller per request in flight, aborted with the reason when the stream breaks. */
  readonly #inflight = new Set<{ controller: AbortController; tool: string }>();
  #closing = false;
  #lost = false;

  private constructor(server: string, config: MCPConfig, hooks: SessionHooks) {
    this.server = server;
    this.#hooks = hooks;
    this.#listTimeoutMs = connectTimeoutMs(config);
    this.#opened = openTransport(config);
    this.#client = new Client(CLIENT_INFO, {
      capabilities: {},
      jsonSchemaValidator: new GuardedOutputValidator(),
    });
    this.#client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      this.#hooks.onToolsChanged?.();
    });
    this.#client.onclose = () => {
      this.#onClose();
    };
    this.#client.onerror = (error: Error) => {
      this.#onError(error);
    };
  }

  /** Starts the transport and completes the handshake, bounded by the config's timeout. */
  static async open(
    server: string,
    config: MCPConfig,
    hooks: SessionHooks = {},
  ): Promise<MCPSession> {
    const session = new MCPSession(server, config, hooks);
    try {
      await session.#client.connect(session.#opened.transport, {
        timeout: session.#listTimeoutMs,
      });
    } catch (error) {
      session.#closing = true;
      // What is reported is why connecting failed; freeing the half-open transport may fail
      // for the same reason and would only hide it.
      await session.#client.close().catch(() => undefined);
      throw new MCPError(
        MCPErrorCode.MCP_CONNECT_FAILED,
        `Could not connect to MCP server '${server}' over ${session.#opened.kind}: ` +
          `${describe(error)}.${session.stderrSuffix()}`,
        { server, cause: error },
      );
    }
    return session;
  }

  /** Whether the session ended under its owner (it must be replaced, not used). */
  get lost(): boolean {
    return this.#lost;
  }

  /** Whether the server announces `tools/list_changed` (its listing can be cached until then). */
  get announcesToolChanges(): boolean {
    return this.#client.getServerCapabilities()?.tools?.listChanged === true;
  }

  /** ` Its stderr ends with: …` for a stdio server that wrote some, else `""`. */
  stderrSuffix(): string {
    return this.#opened.stderr?.suffix() ?? "";
  }

  /** Every tool the server lists, all pages. */
  async listTools(): Promise<Tool[]> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const result = await this.#track("tools/list", null, (signal) =>
        this.#client.listTools(cursor === undefined ? {} : { cursor }, {
          signal,
          timeout: this.#listTimeoutMs,
        }),
      );
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (cursor === undefined) return tools;
    }
    throw new MCPError(
      MCPErrorCode.MCP_PROTOCOL_ERROR,
      `MCP server '${this.server}' paged its tool list past ${MAX_LIST_PAGES} pages.`,
      { server: this.server },
    );
  }

  /**
   * Calls one tool. `timeoutMs` cuts off a server that does not answer (the SDK then sends the
   * cancellation notification); `signal` interrupts, also notifying the server. Failures are
   * `MCPError`s naming the server and tool, except an interrupt, which rethrows the signal's reason.
   */
  callTool(
    tool: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    timeoutMs: number,
  ): Promise<CallToolResult> {
    return this.#track(
      "tools/call",
      signal,
      async (inner) => {
        const result = await this.#client.callTool(
          { name: tool, arguments: args },
          CallToolResultSchema,
          { signal: inner, timeout: timeoutMs, resetTimeoutOnProgress: true },
        );
        return result as CallToolResult;
      },
      tool,
      timeoutMs,
    );
  }

  /** Ends the session (a stdio server's process is stopped). */
  async close(): Promise<void> {
    this.#closing = true;
    await this.#client.close();
  }

  async #track<T>(
    what: string,
    outer: AbortSignal | null,
    run: (signal: AbortSignal) => Promise<T>,
    tool: string | null = null,
    timeoutMs = this.#listTimeoutMs,
  ): Promise<T> {
    if (this.#lost) throw this.#lostError(tool, true);
    const controller = new AbortController();
    const entry = { controller, tool: tool ?? what };
    const forward = () => {
      controller.abort(outer?.reason);
    };
    if (outer !== null) {
      if (outer.aborted) throw outer.reason;
      outer.addEventListener("abort", forward, { once: true });
    }
    this.#inflight.add(entry);
    try {
      return await run(controller.signal);
    } catch (error) {
      if (outer?.aborted === true) throw outer.reason;
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
      const failure = callFailure(reason, {
        server: this.server,
        tool,
        what,
        timeoutMs,
        stderr: this.#opened.stderr,
      });
      if (failure.code === MCPErrorCode.MCP_SESSION_LOST) this.#markLost();
      throw failure;
    } finally {
      outer?.removeEventListener("abort", forward);
      this.#inflight.delete(entry);
    }
  }

  #onClose(): void {
    if (this.#closing) return;
    this.#markLost();
  }

  #markLost(): void {
    if (this.#lost) return;
    this.#lost = true;
    this.#hooks.onLost?.();
  }

  #onError(error: Error): void {
    if (isProtocolNoise(error)) {
      const inflight = [...this.#inflight];
      getLogger().warn(`MCP server '${this.server}' wrote something that is not JSON-RPC`, {
        error: describe(error),
        failedRequests: inflight.length,
      });
      for (const { controller, tool } of inflight) {
        controller.abort(
          new MCPError(
            MCPErrorCode.MCP_PROTOCOL_ERROR,
            `MCP server '${this.server}' sent malformed JSON-RPC while tool '${tool}' was ` +
              `running: ${describe(error)}`,
            { server: this.server, tool, cause: error },
          ),
        );
      }
      return;
    }
    if (this.#closing || this.#lost) return;
    getLogger().warn(`MCP session of '${this.server}' reported an error`, {
      error: describe(error),
    });
  }

  #lostError(tool: string | null, notRun: boolean): MCPError {
    return new MCPError(
      MCPErrorCode.MCP_SESSION_LOST,
      `The session with MCP server '${this.server}' is gone.${this.stderrSuffix()}`,
      { server: this.server, tool, data: { notRun } },
    );
  }
}
