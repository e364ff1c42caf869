import { z } from "zod";
import { ReadCacheEntrySchema } from "./read-cache-entry.js";

/**
 * The part of the agent state that tools own (`AgentState.tool_context`, wire names): the Read
 * cache (an LRU list, newest last, bounded by `max_cache_files` entries and `max_cache_bytes` KB)
 * and the names of the activated tool groups.
 */
export const ToolContextSchema = z.object({
  max_cache_files: z.number().int().gt(1).default(100),
  max_cache_bytes: z.number().gt(10000).default(25000),
  read_file_cache: z.array(ReadCacheEntrySchema).default(() => []),
  activated_groups: z.array(z.string()).default(() => []),
});
export type ToolContext = z.output<typeof ToolContextSchema>;
export type ToolContextInput = z.input<typeof ToolContextSchema>;
