import { z } from "zod";

/**
 * An MCP server started as a child process and spoken to over its stdin/stdout (AgentScope's
 * `StdioMCPConfig`). `env` is added to a small safe default environment (`PATH`, `HOME`, …), not
 * to the whole of `process.env`, so secrets of the parent do not leak into third-party servers.
 * The child's stderr is captured (the last 16 KiB) for error messages, never printed.
 */
export const StdioMCPConfigSchema = z.strictObject({
  type: z.literal("stdio_mcp"),
  /** The program to run (`npx`, `node`, a path). */
  command: z.string().min(1),
  args: z.array(z.string()).readonly().nullish(),
  env: z.record(z.string(), z.string()).nullish(),
  cwd: z.string().min(1).nullish(),
});
export type StdioMCPConfig = z.output<typeof StdioMCPConfigSchema>;

/**
 * An MCP server reached over HTTP (AgentScope's `HttpMCPConfig`). The transport follows the URL's
 * path: one ending in `/sse` or `/messages/` speaks the legacy SSE transport, any other the
 * streamable HTTP transport (the query string is ignored, so `https://h/sse?key=…` is SSE).
 * `headers` go on every request (auth tokens); `timeout` (seconds, default 30) bounds connecting
 * and listing.
 */
export const HttpMCPConfigSchema = z.strictObject({
  type: z.literal("http_mcp"),
  url: z.url({ protocol: /^https?$/ }),
  headers: z.record(z.string(), z.string()).nullish(),
  timeout: z.number().positive().max(2_147_483).nullish().default(30),
});
export type HttpMCPConfig = z.output<typeof HttpMCPConfigSchema>;

/** Either kind of server, told apart by `type`. */
export const MCPConfigSchema = z.discriminatedUnion("type", [
  StdioMCPConfigSchema,
  HttpMCPConfigSchema,
]);
export type MCPConfig = z.output<typeof MCPConfigSchema>;
/** A config as a user writes it (`timeout` may be left out). */
export type MCPConfigInput = z.input<typeof MCPConfigSchema>;

/** The transport an HTTP server speaks, chosen by the URL's path (spec §7). */
export type HttpTransportKind = "sse" | "streamable-http";

/** `/sse` or `/messages/` at the end of the path → SSE; anything else → streamable HTTP. */
export function httpTransportOf(url: string): HttpTransportKind {
  const path = new URL(url).pathname;
  return path.endsWith("/sse") || path.endsWith("/messages/") ? "sse" : "streamable-http";
}
