import { getLogger } from "../errors/index.js";
import { MCPClient, type MCPConfig } from "../mcp/index.js";
import { readOwnFile, replaceFileAtomically } from "./atomic-file.js";

/** The `.mcp` schema version the reference writes (1 was a bare list, read under the empty ids). */
export const MCP_FILE_VERSION = 2;

/** Declared MCP servers per agent and session (`""` for none), the persisted layer of `.mcp`. */
export type McpDeclarations = Map<string, Map<string, MCPClient[]>>;

/** One client's declaration as the reference's `MCPClient.model_dump(mode="json")` writes it. */
export function mcpDeclaration(client: MCPClient): Record<string, unknown> {
  const config: MCPConfig = client.mcpConfig;
  const mcpConfig =
    config.type === "stdio_mcp"
      ? {
          type: config.type,
          command: config.command,
          args: config.args ?? null,
          env: config.env ?? null,
          cwd: config.cwd ?? null,
          encoding_error_handler: "strict",
        }
      : {
          type: config.type,
          url: config.url,
          headers: config.headers ?? null,
          timeout: config.timeout ?? null,
        };
  return {
    name: client.name,
    is_stateful: client.isStateful,
    mcp_config: mcpConfig,
    enable_tools: client.enableTools === null ? null : [...client.enableTools],
    disable_tools: client.disableTools === null ? null : [...client.disableTools],
    execution_timeout: client.executionTimeout,
  };
}

/** A fresh, unconnected client from a declaration (throws a typed error when it is invalid). */
export function clientFromDeclaration(entry: unknown): MCPClient {
  const e = (typeof entry === "object" && entry !== null ? entry : {}) as Record<string, unknown>;
  const config = { ...(e["mcp_config"] as Record<string, unknown> | undefined) };
  // The reference's stdio field this port does not have (text is always decoded strictly).
  if (config["encoding_error_handler"] === "strict") delete config["encoding_error_handler"];
  return new MCPClient({
    name: e["name"] as string,
    isStateful: e["is_stateful"] as boolean,
    mcpConfig: config as never,
    enableTools: (e["enable_tools"] as string[] | null | undefined) ?? null,
    disableTools: (e["disable_tools"] as string[] | null | undefined) ?? null,
    executionTimeout: (e["execution_timeout"] as number | null | undefined) ?? null,
  });
}

/**
 * Reads `.mcp` (version 2: `{ version, mcps: { agent: { session: [declaration…] } } }`; version
 * 1: a bare list, under the empty ids). A missing file declares nothing; an unreadable file or an
 * invalid entry is logged and skipped, so one bad entry cannot block startup (as the reference).
 */
export async function readMcpFile(path: string): Promise<McpDeclarations> {
  const declared: McpDeclarations = new Map();
  const text = await readOwnFile(path);
  if (text === "") return declared;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    getLogger().warn(`workspace: '${path}' is not JSON; no MCP declarations restored`, {
      error: String(error),
    });
    return declared;
  }
  const put = (agent: string, session: string, entries: unknown) => {
    if (!Array.isArray(entries)) return;
    const clients: MCPClient[] = [];
    for (const entry of entries) {
      try {
        clients.push(clientFromDeclaration(entry));
      } catch (error) {
        getLogger().warn(`workspace: skipping an invalid MCP entry in '${path}'`, {
          agent,
          session,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    if (!declared.has(agent)) declared.set(agent, new Map());
    declared.get(agent)?.set(session, clients);
  };
  if (Array.isArray(data)) put("", "", data);
  else if (typeof data === "object" && data !== null) {
    const mcps = (data as { mcps?: unknown }).mcps;
    if (typeof mcps === "object" && mcps !== null) {
      for (const [agent, bySession] of Object.entries(mcps as Record<string, unknown>)) {
        if (typeof bySession !== "object" || bySession === null) continue;
        for (const [session, entries] of Object.entries(bySession as Record<string, unknown>)) {
          put(agent, session, entries);
        }
      }
    }
  }
  return declared;
}

/** Writes `.mcp` in one step (indented as the reference's `json.dumps(…, indent=2)`). */
export async function writeMcpFile(path: string, declared: McpDeclarations): Promise<void> {
  // fromEntries defines own keys, so an id such as `__proto__` stays a plain key.
  const mcps = Object.fromEntries(
    [...declared].map(([agent, bySession]) => [
      agent,
      Object.fromEntries(
        [...bySession].map(([session, clients]) => [session, clients.map(mcpDeclaration)]),
      ),
    ]),
  );
  await replaceFileAtomically(path, JSON.stringify({ version: MCP_FILE_VERSION, mcps }, null, 2));
}
