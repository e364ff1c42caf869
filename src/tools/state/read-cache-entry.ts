import { z } from "zod";

/**
 * One file the Read tool has seen (spec §5.4): its lines, the file's mtime when read (seconds,
 * as a float, like Python's `getmtime`), its size in KB (UTF-8 bytes / 1024) and its path.
 * Write and Edit consult it to enforce read-before-write.
 */
export const ReadCacheEntrySchema = z.object({
  lines: z.array(z.string()),
  updated_at: z.number(),
  bytes: z.number(),
  file_path: z.string(),
});
export type ReadCacheEntry = z.output<typeof ReadCacheEntrySchema>;
