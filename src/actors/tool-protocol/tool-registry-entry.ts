import { z } from "zod";
import { JsonObjectSchema } from "../../message/index.js";

/** The version of {@link ToolRegistryEntrySchema}; bumped when its meaning changes. */
export const TOOL_REGISTRY_VERSION = 1;

/**
 * One tool served by one worker, as the registry holds it (the KV bucket `Subjects.registry()`,
 * key `Subjects.registryKey(name, worker_id)`): what a caller needs to offer the tool to a model
 * and its permission engine (schema, flags, dangerous paths), and to pick a live worker (its id,
 * heartbeat and liveness intervals, the time of its last refresh). A worker refreshes its entries
 * every `liveness_ms` and removes them when it stops; an entry not refreshed for a few intervals
 * belongs to a worker that died.
 */
export const ToolRegistryEntrySchema = z.object({
  version: z.literal(TOOL_REGISTRY_VERSION),
  name: z.string().min(1),
  description: z.string(),
  input_schema: JsonObjectSchema,
  is_concurrency_safe: z.boolean(),
  is_read_only: z.boolean(),
  is_mcp: z.boolean(),
  mcp_name: z.string().nullable(),
  /** Whether the tool splits an input into rule parts (`ruleSubjects`, Bash). */
  has_rule_subjects: z.boolean(),
  dangerous_files: z.array(z.string()),
  dangerous_directories: z.array(z.string()),
  worker_id: z.string().min(1),
  /** The queue group the worker serves `as.tool.<name>.call` in. */
  queue: z.string().min(1),
  heartbeat_ms: z.number().int().positive(),
  liveness_ms: z.number().int().positive(),
  started_at: z.string(),
  updated_at: z.string(),
});
export type ToolRegistryEntry = z.output<typeof ToolRegistryEntrySchema>;
