import type { DataBlock } from "../message/index.js";

/** Stores a data block somewhere the model can be pointed at (spec §8.5, `offload_data_block`). */
export interface DataBlockOffloader {
  offloadDataBlock(block: DataBlock): Promise<DataBlock>;
}

/**
 * Where an agent offloads what does not fit its context (spec §8.5): input media the model does
 * not take, and (with the context issue) large tool results. A workspace is one, and adds
 * instructions to the system prompt.
 */
export interface AgentOffloader extends DataBlockOffloader {
  /** Text added to the system prompt (a workspace's `<workspace>` block), if any. */
  getInstructions?(): string | null | Promise<string | null>;
}
