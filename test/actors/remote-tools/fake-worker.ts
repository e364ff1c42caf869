/**
 * A worker that misbehaves on purpose: it registers a tool `name` like a real worker, and
 * answers each call with the frames the test scripts (then nothing), so the caller's handling of
 * silence, gaps and late errors can be watched.
 */
import type { Subscription } from "rxjs";
import { Subjects, type Bus } from "../../../src/bus/index.js";
import type { ToolRegistryEntry } from "../../../src/actors/index.js";
import { ActorscopeError } from "../../../src/errors/index.js";

/** One scripted answer: a frame (numbered as given, or in order) or an error reply. */
export type FakeFrame =
  | { readonly frame: Record<string, unknown>; readonly seq?: number }
  | { readonly error: { code: string; message: string; data?: Record<string, unknown> } };

const subjects = new Subjects();

/** A registry entry of `name` served by `workerId`. */
export function fakeEntry(
  name: string,
  workerId: string,
  overrides: Partial<ToolRegistryEntry> = {},
): ToolRegistryEntry {
  const at = new Date().toISOString();
  return {
    version: 1,
    name,
    description: `The fake ${name}.`,
    input_schema: { type: "object", properties: {} },
    is_concurrency_safe: true,
    is_read_only: true,
    is_mcp: false,
    mcp_name: null,
    has_rule_subjects: false,
    dangerous_files: [],
    dangerous_directories: [],
    worker_id: workerId,
    queue: `as.tool.${name}`,
    heartbeat_ms: 100,
    liveness_ms: 60_000,
    started_at: at,
    updated_at: at,
    ...overrides,
  };
}

/** Registers `name` for `workerId` and answers its calls with `script` (a function of the call's index). */
export async function fakeWorker(
  bus: Bus,
  name: string,
  workerId: string,
  script: (index: number) => readonly FakeFrame[],
): Promise<{ calls: number; stop(): Promise<void> }> {
  const state = { calls: 0 };
  const answer = (message: { respond?: unknown; respondError?: unknown }) => {
    const respond = message.respond as
      ((payload: unknown, options?: { headers?: Record<string, string> }) => void) | undefined;
    const respondError = message.respondError as
      ((error: unknown, options?: { headers?: Record<string, string> }) => void) | undefined;
    let seq = 0;
    for (const step of script(state.calls++)) {
      if ("error" in step) {
        respondError?.(new ActorscopeError(step.error.code, step.error.message), {
          headers: { "as-seq": String(seq++) },
        });
      } else {
        const at = step.seq ?? seq;
        seq = at + 1;
        respond?.(step.frame, { headers: { "as-seq": String(at) } });
      }
    }
  };
  const subs: Subscription[] = [
    bus.subscribe(subjects.toolCall(name)).subscribe(answer),
    bus.subscribe(subjects.toolCallAt(name, workerId)).subscribe(answer),
  ];
  const kv = await bus.keyValue(subjects.registry());
  const key = subjects.registryKey(name, workerId);
  await kv.put(key, fakeEntry(name, workerId));
  await bus.flush();
  return {
    get calls() {
      return state.calls;
    },
    async stop() {
      for (const sub of subs) sub.unsubscribe();
      await kv.delete(key);
    },
  };
}
