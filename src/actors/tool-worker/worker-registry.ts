import type { Bus, KeyValueStore, Subjects } from "../../bus/index.js";
import { TimeoutError } from "../../errors/index.js";
import { now } from "../../message/index.js";
import type { ToolBase } from "../../tools/index.js";
import {
  TOOL_REGISTRY_VERSION,
  type ToolRegistryEntry,
} from "../tool-protocol/tool-registry-entry.js";

/** What a worker registers about itself. */
export interface WorkerIdentity {
  readonly workerId: string;
  readonly subjects: Subjects;
  readonly queueOf: (tool: string) => string;
  readonly heartbeatMs: number;
  readonly livenessMs: number;
}

/**
 * A worker's entries in the registry: one per tool (key `Subjects.registryKey`), written when it
 * starts, rewritten every `livenessMs` (their `updated_at` is the worker's sign of life), removed
 * when it stops. A write that fails is reported, and the next refresh tries again.
 */
export class WorkerRegistry {
  readonly #identity: WorkerIdentity;
  readonly #entries: readonly { readonly key: string; readonly entry: ToolRegistryEntry }[];
  readonly #onFailure: (error: unknown) => void;
  #store: KeyValueStore | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    tools: readonly ToolBase[],
    identity: WorkerIdentity,
    onFailure: (error: unknown) => void,
  ) {
    this.#identity = identity;
    this.#onFailure = onFailure;
    const startedAt = now();
    this.#entries = tools.map((tool) => ({
      key: identity.subjects.registryKey(tool.name, identity.workerId),
      entry: entryOf(tool, identity, startedAt),
    }));
  }

  /** Opens the registry and writes every entry (rejects with the first failure). */
  async register(bus: Bus): Promise<void> {
    this.#store = await bus.keyValue(this.#identity.subjects.registry());
    await this.#writeAll();
    this.#timer = setInterval(() => {
      this.#writeAll().catch(this.#onFailure);
    }, this.#identity.livenessMs);
    // Refreshing alone never keeps a process alive.
    this.#timer.unref();
  }

  /** Stops refreshing and removes every entry, within `timeoutMs`. */
  async unregister(timeoutMs: number): Promise<void> {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    const store = this.#store;
    this.#store = null;
    if (store === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new TimeoutError("removing a tool worker's registry entries", timeoutMs));
      }, timeoutMs);
    });
    try {
      await Promise.race([
        Promise.all(this.#entries.map(({ key }) => store.delete(key))),
        deadline,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async #writeAll(): Promise<void> {
    const store = this.#store;
    if (store === null) return;
    const updatedAt = now();
    await Promise.all(
      this.#entries.map(({ key, entry }) => store.put(key, { ...entry, updated_at: updatedAt })),
    );
  }
}

function entryOf(tool: ToolBase, identity: WorkerIdentity, startedAt: string): ToolRegistryEntry {
  return {
    version: TOOL_REGISTRY_VERSION,
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema,
    is_concurrency_safe: tool.isConcurrencySafe,
    is_read_only: tool.isReadOnly,
    is_mcp: tool.isMcp,
    mcp_name: tool.mcpName,
    has_rule_subjects: tool.ruleSubjects !== undefined,
    dangerous_files: [...tool.dangerousFiles],
    dangerous_directories: [...tool.dangerousDirectories],
    worker_id: identity.workerId,
    queue: identity.queueOf(tool.name),
    heartbeat_ms: identity.heartbeatMs,
    liveness_ms: identity.livenessMs,
    started_at: startedAt,
    updated_at: startedAt,
  };
}
