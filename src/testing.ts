/**
 * `actorscope/testing`: the deterministic kit our own tests use, offered to users.
 */
import { setIdentitySource } from "./message/index.js";

/** Options for {@link useDeterministicIdentity}. */
export interface DeterministicIdentityOptions {
  /** Prefix of the ids (default `"id-"`, giving `id-1`, `id-2`, …). */
  idPrefix?: string;
  /** The first timestamp (default 2025-01-01T00:00:00.000Z). */
  start?: Date;
  /** How far the clock moves on each reading (default 1 ms). */
  stepMs?: number;
}

/**
 * Makes ids and timestamps deterministic until the returned function is called: ids count up
 * (`id-1`, `id-2`, …) and each timestamp reading moves a simulated clock by `stepMs`.
 *
 * @example
 * const restore = useDeterministicIdentity();
 * try { … } finally { restore(); }
 */
export function useDeterministicIdentity(options: DeterministicIdentityOptions = {}): () => void {
  const prefix = options.idPrefix ?? "id-";
  const stepMs = options.stepMs ?? 1;
  let counter = 0;
  let clock = (options.start ?? new Date("2025-01-01T00:00:00.000Z")).getTime();
  return setIdentitySource({
    newId: () => `${prefix}${++counter}`,
    now: () => {
      const stamp = new Date(clock).toISOString();
      clock += stepMs;
      return stamp;
    },
  });
}

export {
  ScriptedModel,
  ScriptExhaustedError,
  ResponseAccumulator,
  abortableSleep,
  type ScriptedModelOptions,
  type ScriptedTurn,
  type ScriptedReply,
  type ScriptedResponder,
  type ScriptedCall,
  type Sleep,
} from "./model/index.js";
