import type { Offloader } from "../context/index.js";
import type { DataBlock, Msg, ToolResultBlock } from "../message/index.js";
import type { ToolBase } from "../tools/index.js";

/**
 * A workspace (spec §8.5, the reference's `WorkspaceBase`): the agent's execution environment.
 * It supplies built-in tools bound to it and a system-prompt fragment, and is an
 * {@link Offloader}: compressed context, omitted tool-result parts and data blocks are stored in
 * it for the agent to read back with its file tools. `initialize()` provisions it, `close()`
 * releases what it holds; `await using` closes it too.
 *
 * @example
 * const workspace = new LocalWorkspace({ workdir: "/tmp/agent-ws" });
 * await workspace.initialize();
 * const agent = new Agent({ name: "coder", systemPrompt: "…", model,
 *   toolkit: new Toolkit({ tools: await workspace.listTools() }), offloader: workspace });
 */
export abstract class WorkspaceBase implements Offloader, AsyncDisposable {
  /** This workspace's identifier. */
  abstract readonly workspaceId: string;
  /** The agent-visible root directory (absolute). */
  abstract readonly workdir: string;
  /** Whether `initialize()` ran and `close()` has not. */
  abstract readonly isAlive: boolean;

  /** Provisions the workspace (idempotent). */
  abstract initialize(): Promise<void>;
  /** Releases what the workspace holds; its files stay. */
  abstract close(): Promise<void>;
  /** The system-prompt fragment describing the workspace (a `<workspace>…</workspace>` block). */
  abstract getInstructions(): Promise<string>;
  /** The built-in tools (Bash, Edit, Glob, Grep, Read, Write) bound to this workspace. */
  abstract listTools(): Promise<ToolBase[]>;

  abstract offloadDataBlock(block: DataBlock): Promise<DataBlock>;
  abstract offloadContext(sessionId: string, msgs: readonly Msg[]): Promise<string>;
  abstract offloadToolResult(sessionId: string, result: ToolResultBlock): Promise<string>;

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}
