import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { MCPError, MCPErrorCode, describe } from "./mcp-error.js";
import type { StderrTail } from "./stderr-tail.js";

/** What failed: the server, the tool (null for a listing), the request, its bound. */
export interface FailureContext {
  readonly server: string;
  readonly tool: string | null;
  readonly what: string;
  readonly timeoutMs: number;
  readonly stderr: StderrTail | null;
}

/**
 * The one `MCPError` a failed request becomes. `data.notRun` is true only when the server surely
 * did not run it (an HTTP 404 for a session it forgot), so the client may retry it on a new one.
 */
export function callFailure(reason: unknown, context: FailureContext): MCPError {
  if (reason instanceof MCPError) return reason;
  const { server, tool } = context;
  const subject = tool === null ? context.what : `tool '${tool}'`;
  const stderr = context.stderr?.suffix() ?? "";
  if (reason instanceof McpError) {
    if (reason.code === (ErrorCode.RequestTimeout as number)) {
      return new MCPError(
        MCPErrorCode.MCP_TIMEOUT,
        `MCP server '${server}' did not finish ${subject} within ` +
          `${context.timeoutMs / 1000} s; the request was cancelled.`,
        { server, tool, cause: reason, data: { timeoutMs: context.timeoutMs } },
      );
    }
    if (reason.code === (ErrorCode.ConnectionClosed as number)) {
      return new MCPError(
        MCPErrorCode.MCP_SESSION_LOST,
        `The session with MCP server '${server}' ended during ${subject} (it may have run).${stderr}`,
        { server, tool, cause: reason, data: { notRun: false } },
      );
    }
    return new MCPError(MCPErrorCode.MCP_CALL_FAILED, reason.message, {
      server,
      tool,
      cause: reason,
      data: { rpcCode: reason.code },
    });
  }
  if (httpStatusOf(reason) === 404) {
    return new MCPError(
      MCPErrorCode.MCP_SESSION_LOST,
      `MCP server '${server}' no longer knows this session (HTTP 404).`,
      { server, tool, cause: reason, data: { notRun: true } },
    );
  }
  if (isProtocolNoise(reason)) {
    return new MCPError(
      MCPErrorCode.MCP_PROTOCOL_ERROR,
      `MCP server '${server}' answered ${subject} with a message that breaks the MCP schema: ` +
        describe(reason),
      { server, tool, cause: reason },
    );
  }
  // A transport failure (connection refused, a pooled socket the server closed, a reset): the
  // session cannot be trusted any more. A refused connection never delivered the request; after
  // any other failure it may have run, and only a retry-safe request is sent again.
  const refused = causeCode(reason) === "ECONNREFUSED";
  return new MCPError(
    MCPErrorCode.MCP_SESSION_LOST,
    `The connection to MCP server '${server}' failed during ${subject}: ` +
      `${describe(reason)}${refused ? " (connection refused)" : ""}.${stderr}`,
    { server, tool, cause: reason, data: { notRun: refused, transport: true } },
  );
}

/**
 * Whether a transport error is the server writing something that is not a JSON-RPC message:
 * a line that is not JSON (`SyntaxError`) or JSON that breaks the message schema (`ZodError`).
 */
export function isProtocolNoise(error: unknown): boolean {
  return error instanceof SyntaxError || (error instanceof Error && error.name === "ZodError");
}

const TRANSIENT_CODES = new Set(["UND_ERR_SOCKET", "UND_ERR_CLOSED", "ECONNRESET", "EPIPE"]);

/**
 * Whether a failure is a connection dropped under a request (a pooled socket the server closed
 * when it restarted, a reset): the next attempt on a fresh connection may well work. Refused
 * connections, HTTP statuses and protocol errors are not transient.
 */
export function isTransientTransport(error: unknown): boolean {
  const code = causeCode(error);
  if (code !== null && TRANSIENT_CODES.has(code)) return true;
  // The SSE transport flattens its cause into the message ("SSE error: TypeError: fetch failed:
  // other side closed").
  return /other side closed|socket hang up|ECONNRESET/.test(describe(error));
}

/** The first `code` string along an error's `cause` chain (`ECONNREFUSED`, `UND_ERR_SOCKET`). */
function causeCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = current.cause;
  }
  return null;
}

/** The HTTP status an SDK transport error carries: `code` on streamable HTTP, text on SSE POSTs. */
function httpStatusOf(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "number" && code >= 100 && code < 600) return code;
  const match = /\(HTTP (\d{3})\)/.exec(error.message);
  return match === null ? null : Number(match[1]);
}
