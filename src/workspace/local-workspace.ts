import { randomUUID } from "node:crypto";
import { join, resolve } from "node:path";
import { assertKnownOptions } from "../errors/index.js";
import type { MCPClient } from "../mcp/index.js";
import type { DataBlock, Msg, ToolResultBlock } from "../message/index.js";
import {
  Bash,
  Edit,
  Glob,
  Grep,
  LocalBackend,
  Read,
  Write,
  type ToolBase,
} from "../tools/index.js";
import { DATA_DIR, LocalOffloadStore, SESSIONS_DIR, SKILLS_DIR } from "./local-offload-store.js";
import { McpRegistry, type McpScope } from "./mcp-registry.js";
import { WorkspaceBase } from "./workspace-base.js";
import { DEFAULT_WORKSPACE_INSTRUCTIONS, formatInstructions } from "./workspace-instructions.js";

/** The options of {@link LocalWorkspace}. */
export interface LocalWorkspaceOptions {
  /** The workspace root; made absolute, created on demand. */
  workdir: string;
  /** An identifier to adopt (default: a fresh UUID). */
  workspaceId?: string | undefined;
  /**
   * The system-prompt template (default {@link DEFAULT_WORKSPACE_INSTRUCTIONS}); `{backend}` and
   * `{workdir}` are filled in.
   */
  instructions?: string | undefined;
}

const LOCAL_WORKSPACE_OPTIONS: ReadonlySet<string> = new Set([
  "workdir",
  "workspaceId",
  "instructions",
]);

/**
 * A workspace in a local directory (spec §8.5, the reference's `LocalWorkspace`):
 *
 * ```
 * {workdir}/data/       offloaded binary payloads: <sha256 of the base64 text><ext>
 * {workdir}/skills/     skills
 * {workdir}/sessions/<session id>/context.jsonl          compressed messages, one Msg JSON a line
 * {workdir}/sessions/<session id>/tool_result-<id>.txt   then tool_result-<id>(1).txt, (2)…
 * ```
 *
 * Its tools run on this machine, Bash in `workdir`. Session and tool-call ids are encoded into
 * safe path segments, so nothing it writes leaves `workdir`.
 *
 * @example
 * const workspace = new LocalWorkspace({ workdir: "./my-workspace" });
 * await workspace.initialize();
 * const agent = new Agent({ name: "coder", systemPrompt: "…", model, offloader: workspace,
 *   toolkit: new Toolkit({ tools: await workspace.listTools() }) });
 */
export class LocalWorkspace extends WorkspaceBase {
  readonly workspaceId: string;
  readonly workdir: string;
  /** The instructions, filled in for this workspace. */
  readonly instructions: string;
  #alive = false;
  readonly #store: LocalOffloadStore;
  readonly #mcps: McpRegistry;

  constructor(options: LocalWorkspaceOptions) {
    super();
    assertKnownOptions(options, LOCAL_WORKSPACE_OPTIONS, "LocalWorkspace options");
    this.workdir = resolve(options.workdir);
    this.workspaceId = options.workspaceId ?? randomUUID().replaceAll("-", "");
    this.instructions = formatInstructions(options.instructions ?? DEFAULT_WORKSPACE_INSTRUCTIONS, {
      backend: "local",
      workdir: this.workdir,
    });
    this.#store = new LocalOffloadStore(this.workdir);
    this.#mcps = new McpRegistry(join(this.workdir, ".mcp"));
  }

  get isAlive(): boolean {
    return this.#alive;
  }

  /**
   * Creates the layout's folders and restores the MCP declarations from `.mcp` (nothing is
   * connected until `listMcps`). Idempotent.
   */
  async initialize(): Promise<void> {
    if (this.#alive) return;
    for (const folder of [DATA_DIR, SKILLS_DIR, SESSIONS_DIR]) await this.#store.folder([folder]);
    await this.#mcps.restore();
    this.#alive = true;
  }

  /** Closes the live MCP clients; the directory is the workspace and stays as it is. */
  async close(): Promise<void> {
    await this.#mcps.closeAll();
    this.#alive = false;
  }

  /**
   * The MCP clients declared for an agent and session, built on first use and private to it
   * (stateful ones connected; one that fails to start is logged and left out).
   */
  listMcps(scope?: McpScope): Promise<MCPClient[]> {
    return this.#mcps.list(scope);
  }

  /** Declares an MCP server for an agent and session (persisted in `.mcp`); names are unique. */
  addMcp(client: MCPClient, scope?: McpScope): Promise<void> {
    return this.#mcps.add(client, scope);
  }

  /** Removes an agent and session's MCP server by name (closing it; persisted in `.mcp`). */
  removeMcp(name: string, scope?: McpScope): Promise<void> {
    return this.#mcps.remove(name, scope);
  }

  getInstructions(): Promise<string> {
    return Promise.resolve(this.instructions);
  }

  /** Bash (in `workdir`), Edit, Glob, Grep, Read and Write, on a local backend rooted there. */
  listTools(): Promise<ToolBase[]> {
    const backend = new LocalBackend({ cwd: this.workdir });
    return Promise.resolve([
      new Bash({ cwd: this.workdir, backend }),
      new Edit({ backend }),
      new Glob({ backend }),
      new Grep({ backend }),
      new Read({ backend }),
      new Write({ backend }),
    ]);
  }

  offloadDataBlock(block: DataBlock): Promise<DataBlock> {
    return this.#store.offloadDataBlock(block);
  }

  offloadContext(sessionId: string, msgs: readonly Msg[]): Promise<string> {
    return this.#store.offloadContext(sessionId, msgs);
  }

  offloadToolResult(sessionId: string, result: ToolResultBlock): Promise<string> {
    return this.#store.offloadToolResult(sessionId, result);
  }
}
