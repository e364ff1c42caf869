import { z } from "zod";
import { textDigest } from "./text-digest.js";

/**
 * One file the Read tool has seen (spec §5.4, departure from the reference's JSON): the file's
 * mtime when read (seconds, as a float, like Python's `getmtime`), its size in KB (UTF-8 bytes of
 * its text / 1024), its path, and the digest of its text (see `textDigest`; `null` when the file
 * was larger than Read's budget, so only the mtime rule applies). Write and Edit consult it to
 * enforce read-before-write; Edit also checks the file still has that digest.
 *
 * The reference keeps the file's `lines` instead, which makes a 200 MB file a 200 MB state. Such
 * an entry (AgentScope's JSON, actorscope state version 1) is migrated on load: its lines are
 * digested and dropped.
 */
export const ReadCacheEntrySchema = z
  .object({
    updated_at: z.number(),
    bytes: z.number(),
    file_path: z.string(),
    digest: z.string().nullable().optional(),
    /** Legacy (version 1 and AgentScope): the file's lines with their endings. */
    lines: z.array(z.string()).optional(),
  })
  .superRefine((entry, context) => {
    if (entry.digest === undefined && entry.lines === undefined) {
      context.addIssue({
        code: "custom",
        path: ["digest"],
        message: "A read cache entry needs `digest` (or, in legacy states, `lines`)",
      });
    }
  })
  .transform(({ lines, digest, ...rest }) => ({
    ...rest,
    digest: digest !== undefined ? digest : textDigest((lines ?? []).join("")),
  }));
export type ReadCacheEntry = z.output<typeof ReadCacheEntrySchema>;
export type ReadCacheEntryInput = z.input<typeof ReadCacheEntrySchema>;
