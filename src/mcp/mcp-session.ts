import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SseError } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  CallToolResultSchema,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { setTimeout as delay } from "node:timers/promises";
import { getLogger } from "../errors/index.js";
import type { MCPConfig } from "./mcp-config.js";
import { MCPError, MCPErrorCode, describe } from "./mcp-error.js";
import { callFailure, isProtocolNoise, isTransientTransport } from "./mcp-failure.js";
import { connectTimeoutMs, openTransport, type OpenedTransport } from "./mcp-transport.js";
import { GuardedOutputValidator } from "./output-validator.js";

/** A hostile server could page `tools/list` for ever; past this many pages the listing fails. */
const MAX_LIST_PAGES = 100;

/** Handshakes tried before connecting fails, and the pause before the next (times the attempt). */
const HANDSHAKE_ATTEMPTS = 3;
const HANDSHAKE_RETRY_MS = 50;

const CLIENT_INFO = { name: "actorscope", version: "0.1.0" } as const;

/** What a session tells its owner. */
export interface SessionHooks {
  /** The server sent `notifications/tools/list_changed`. */
  onToolsChanged?(): void;
  /** The session ended without `close()` (the process exited, the stream dropped). */
  onLost?(): void;
}

/**
 * One initialised MCP session: the SDK `Client` on one fresh transport. It knows when it is lost,
 * and it notes when the server writes something that is not JSON-RPC onto the stream: such a line
 * cannot be tied to a request (it may be a stray log line while every answer still arrives), so
 * no request fails for it, but one that then goes unanswered fails with `MCP_PROTOCOL_ERROR`
 * quoting the line, not with a plain timeout.
 */
export class MCPSession {
  readonly server: string;
  readonly #client: Client;
  readonly #opened: OpenedTransport;
  readonly #hooks: SessionHooks;
  readonly #listTimeoutMs: number;
  /** How many non-JSON-RPC messages the server wrote, and the last one's error. */
  #noiseCount = 0;
  #lastNoise: Error | null = null;
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

  /**
   * Starts a transport and completes the handshake, bounded by the config's timeout. A handshake
   * whose connection drops (a server that just restarted leaves dead pooled sockets behind) is
   * tried again on a fresh transport, at most {@link HANDSHAKE_ATTEMPTS} times in all.
   */
  static async open(
    server: string,
    config: MCPConfig,
    hooks: SessionHooks = {},
  ): Promise<MCPSession> {
    for (let attempt = 1; ; attempt++) {
      const session = new MCPSession(server, config, hooks);
      try {
        await session.#client.connect(session.#opened.transport, {
          timeout: session.#listTimeoutMs,
        });
        return session;
      } catch (error) {
        session.#closing = true;
        // What is reported is why connecting failed; freeing the half-open transport may fail
        // for the same reason and would only hide it.
        await session.#client.close().catch(() => undefined);
        if (attempt < HANDSHAKE_ATTEMPTS && isTransientTransport(error)) {
          await delay(HANDSHAKE_RETRY_MS * attempt);
          continue;
        }
        throw new MCPError(
          MCPErrorCode.MCP_CONNECT_FAILED,
          `Could not connect to MCP server '${server}' over ${session.#opened.kind}: ` +
            `${describe(error)}.${session.stderrSuffix()}`,
          { server, cause: error, data: { attempts: attempt } },
        );
      }
    }
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
      const params = cursor === undefined ? {} : { cursor };
      const result = await this.#track("tools/list", null, () =>
        this.#client.listTools(params, { timeout: this.#listTimeoutMs }),
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
      async () => {
        const result = await this.#client.callTool(
          { name: tool, arguments: args },
          CallToolResultSchema,
          { signal, timeout: timeoutMs, resetTimeoutOnProgress: true },
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
    try {
      // A streamable HTTP session is ended on the server too (DELETE), so a stateless client or
      // a closed one leaves no session behind; a lost session has nothing left to end.
      const transport = this.#opened.transport;
      if (
        !this.#lost &&
        transport instanceof StreamableHTTPClientTransport &&
        transport.sessionId
      ) {
        await transport.terminateSession();
      }
    } finally {
      await this.#client.close();
    }
  }

  async #track<T>(
    what: string,
    signal: AbortSignal | null,
    run: () => Promise<T>,
    tool: string | null = null,
    timeoutMs = this.#listTimeoutMs,
  ): Promise<T> {
    if (this.#lost) throw this.#lostError(tool, true);
    if (signal !== null && isAborted(signal)) throw signal.reason;
    const noiseBefore = this.#noiseCount;
    try {
      return await run();
    } catch (error) {
      // An interrupt rethrows the signal's reason: the caller's toolkit reports it as such.
      if (signal !== null && isAborted(signal)) throw signal.reason;
      const failure = callFailure(error, {
        server: this.server,
        tool,
        what,
        timeoutMs,
        stderr: this.#opened.stderr,
      });
      if (failure.code === MCPErrorCode.MCP_SESSION_LOST) this.#markLost();
      if (failure.code === MCPErrorCode.MCP_TIMEOUT && this.#noiseCount > noiseBefore) {
        throw this.#garbled(tool ?? what, failure);
      }
      throw failure;
    }
  }

  #garbled(subject: string, timeout: MCPError): MCPError {
    return new MCPError(
      MCPErrorCode.MCP_PROTOCOL_ERROR,
      `MCP server '${this.server}' never answered '${subject}' and wrote malformed JSON-RPC ` +
        `meanwhile: ${describe(this.#lastNoise)}`,
      { server: this.server, tool: timeout.tool, cause: this.#lastNoise, data: timeout.data },
    );
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
      this.#noiseCount++;
      this.#lastNoise = error;
      getLogger().warn(`MCP server '${this.server}' wrote something that is not JSON-RPC`, {
        error: describe(error),
      });
      return;
    }
    if (this.#closing || this.#lost) return;
    getLogger().warn(`MCP session of '${this.server}' reported an error`, {
      error: describe(error),
    });
    // An SSE event stream that broke is a lost session: the SDK's event source would reconnect
    // on its own and carry on in a new server session that was never initialised.
    if (error instanceof SseError) this.#markLost();
  }

  #lostError(tool: string | null, notRun: boolean): MCPError {
    return new MCPError(
      MCPErrorCode.MCP_SESSION_LOST,
      `The session with MCP server '${this.server}' is gone.${this.stderrSuffix()}`,
      { server: this.server, tool, data: { notRun } },
    );
  }
}

/** Read through a call, so the check after an await is not narrowed away by the one before it. */
function isAborted(signal: AbortSignal): boolean {
  return signal.aborted;
}
