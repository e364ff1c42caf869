import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { httpTransportOf, type MCPConfig } from "./mcp-config.js";
import { StderrTail } from "./stderr-tail.js";

/** A fresh transport to one server (transports are one-shot: one per session). */
export interface OpenedTransport {
  readonly transport: Transport;
  /** The child's stderr, for stdio servers. */
  readonly stderr: StderrTail | null;
  /** `"stdio"`, `"sse"` or `"streamable-http"`, for messages. */
  readonly kind: string;
}

/** How long to wait for the handshake and listings when the config does not say (seconds). */
export const DEFAULT_CONNECT_TIMEOUT_S = 30;

/** Builds the transport a config asks for (spec §7: an HTTP URL's path picks SSE or streamable). */
export function openTransport(config: MCPConfig): OpenedTransport {
  if (config.type === "stdio_mcp") {
    const transport = new StdioClientTransport({
      command: config.command,
      args: [...(config.args ?? [])],
      ...(config.env == null ? {} : { env: { ...config.env } }),
      ...(config.cwd == null ? {} : { cwd: config.cwd }),
      // Piped, never inherited: a server's logs must not write over the user's terminal.
      stderr: "pipe",
    });
    const stderr = new StderrTail();
    stderr.attach(transport.stderr);
    return { transport, stderr, kind: "stdio" };
  }
  const url = new URL(config.url);
  const requestInit: RequestInit = config.headers == null ? {} : { headers: { ...config.headers } };
  if (httpTransportOf(config.url) === "sse") {
    // Deprecated by the SDK in favour of streamable HTTP, and still what many servers speak
    // (the spec picks it by URL path), so it stays supported.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    return { transport: new SSEClientTransport(url, { requestInit }), stderr: null, kind: "sse" };
  }
  return {
    transport: new StreamableHTTPClientTransport(url, { requestInit }),
    stderr: null,
    kind: "streamable-http",
  };
}

/** The bound on connecting and listing, in milliseconds. */
export function connectTimeoutMs(config: MCPConfig): number {
  const seconds = config.type === "http_mcp" ? config.timeout : null;
  return Math.ceil((seconds ?? DEFAULT_CONNECT_TIMEOUT_S) * 1000);
}
