import { getLogger } from "../errors/index.js";
import type { MCPClient } from "../mcp/index.js";
import {
  clientFromDeclaration,
  mcpDeclaration,
  readMcpFile,
  writeMcpFile,
  type McpDeclarations,
} from "./mcp-file.js";
import { WorkspaceError, WorkspaceErrorCode } from "./workspace-error.js";

/** Which agent and session an MCP declaration belongs to (`""` when not given, as the reference). */
export interface McpScope {
  agentId?: string | undefined;
  sessionId?: string | undefined;
}

/**
 * The MCP servers of a workspace, per agent and session (the reference's `WorkspaceBase` MCP
 * part): declarations persisted in `.mcp`, live clients built lazily per session on
 * `list()` (copies, so two sessions never share a stateful server's state; stateful ones
 * connected, failures logged and skipped).
 */
export class McpRegistry {
  #declared: McpDeclarations = new Map();
  readonly #live = new Map<string, Map<string, MCPClient>>();
  /** Mutations run one at a time (the reference's `_mcp_lock`). */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(readonly file: string) {}

  /** Restores the declarations from `.mcp`. */
  async restore(): Promise<void> {
    this.#declared = await readMcpFile(this.file);
  }

  list(scope: McpScope = {}): Promise<MCPClient[]> {
    return this.#serial(async () => {
      const [agent, session] = ids(scope);
      const live = this.#liveOf(agent, session);
      const specs = this.#specs(agent, session);
      for (const spec of specs) {
        if (live.has(spec.name)) continue;
        try {
          const client = clientFromDeclaration(mcpDeclaration(spec));
          if (client.isStateful) await client.connect();
          live.set(spec.name, client);
        } catch (error) {
          getLogger().warn(`workspace: MCP '${spec.name}' failed to start; skipped`, {
            agent,
            session,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
      return specs.flatMap((s) => live.get(s.name) ?? []);
    });
  }

  /** Declares `client` for the scope (connecting it when stateful) and persists `.mcp`. */
  add(client: MCPClient, scope: McpScope = {}): Promise<void> {
    return this.#serial(async () => {
      const [agent, session] = ids(scope);
      const specs = this.#specs(agent, session);
      if (specs.some((s) => s.name === client.name)) {
        throw new WorkspaceError(
          WorkspaceErrorCode.WORKSPACE_MCP_EXISTS,
          `MCP '${client.name}' already exists for agent='${agent}' session='${session}'; remove it first.`,
          { data: { name: client.name, agent, session } },
        );
      }
      if (client.isStateful && !client.isConnected) await client.connect();
      this.#liveOf(agent, session).set(client.name, client);
      this.#setSpecs(agent, session, [...specs, client]);
      await writeMcpFile(this.file, this.#declared);
    });
  }

  /** Removes the scope's MCP named `name` (closing it) and persists `.mcp`; unknown: logged. */
  remove(name: string, scope: McpScope = {}): Promise<void> {
    return this.#serial(async () => {
      const [agent, session] = ids(scope);
      const specs = this.#specs(agent, session);
      if (!specs.some((s) => s.name === name)) {
        getLogger().warn(`workspace: MCP '${name}' not found`, { agent, session });
        return;
      }
      const live = this.#liveOf(agent, session);
      const instance = live.get(name);
      live.delete(name);
      if (instance?.isStateful === true && instance.isConnected) await instance.close();
      this.#setSpecs(
        agent,
        session,
        specs.filter((s) => s.name !== name),
      );
      await writeMcpFile(this.file, this.#declared);
    });
  }

  /** Closes every live client; the declarations stay. */
  closeAll(): Promise<void> {
    return this.#serial(async () => {
      for (const bySession of this.#live.values()) {
        for (const client of bySession.values()) {
          if (client.isStateful && client.isConnected) await client.close();
        }
      }
      this.#live.clear();
    });
  }

  #specs(agent: string, session: string): MCPClient[] {
    return this.#declared.get(agent)?.get(session) ?? [];
  }

  #setSpecs(agent: string, session: string, specs: MCPClient[]): void {
    let bySession = this.#declared.get(agent);
    if (bySession === undefined)
      this.#declared.set(agent, (bySession = new Map<string, MCPClient[]>()));
    bySession.set(session, specs);
  }

  #liveOf(agent: string, session: string): Map<string, MCPClient> {
    const key = JSON.stringify([agent, session]);
    let live = this.#live.get(key);
    if (live === undefined) this.#live.set(key, (live = new Map<string, MCPClient>()));
    return live;
  }

  #serial<T>(body: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(body);
    // The queue only orders the bodies; each failure reaches its caller through `run`.
    this.#queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
}

function ids(scope: McpScope): [string, string] {
  return [scope.agentId ?? "", scope.sessionId ?? ""];
}
