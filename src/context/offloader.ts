import type { DataBlock, Msg, ToolResultBlock } from "../message/index.js";

/** Stores a data block somewhere the model can be pointed at (spec §8.5, `offload_data_block`). */
export interface DataBlockOffloader {
  /** Stores a base64 block and returns it by URL; a URL block comes back unchanged. */
  offloadDataBlock(block: DataBlock): Promise<DataBlock>;
}

/**
 * Where an agent offloads what does not fit its context (spec §8.5): input media the model does
 * not take, compressed messages and the omitted part of large tool results. Only
 * `offloadDataBlock` is required, so a media-only offloader still fits; an agent whose offloader
 * lacks `offloadToolResult` truncates with the marker that names no file. A workspace is one,
 * and adds instructions to the system prompt.
 */
export interface AgentOffloader extends DataBlockOffloader {
  /** Text added to the system prompt (a workspace's `<workspace>` block), if any. */
  getInstructions?(): string | null | Promise<string | null>;
  /** Stores compressed messages of a session; returns where (a path or another reference). */
  offloadContext?(sessionId: string, msgs: readonly Msg[]): Promise<string>;
  /** Stores the omitted part of a tool result; returns where (a path or another reference). */
  offloadToolResult?(sessionId: string, result: ToolResultBlock): Promise<string>;
}

/**
 * The offloader protocol of spec §8.5 (`agentscope.workspace.Offloader`) in full: structural, so
 * any object with the three methods is one (a database, a blob store, `LocalWorkspace`).
 *
 * @example
 * const offloader: Offloader = new LocalWorkspace({ workdir: "/tmp/ws" });
 * const path = await offloader.offloadToolResult(sessionId, result);
 */
export interface Offloader extends AgentOffloader {
  offloadContext(sessionId: string, msgs: readonly Msg[]): Promise<string>;
  offloadToolResult(sessionId: string, result: ToolResultBlock): Promise<string>;
}
