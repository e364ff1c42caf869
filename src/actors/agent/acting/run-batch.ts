import { getLogger } from "../../../errors/index.js";
import type { ToolBatch } from "../../../machines/index.js";
import type { PermissionRule, ToolCallBlock } from "../../../message/index.js";
import type { LoopDeps } from "../loop-deps.js";
import { type CallOutcome, executeToolCall } from "./execute-tool-call.js";

/** What a batch reports to the statechart (the machine's `ActingOutput`). */
export interface BatchOutcome {
  /** A call ended `interrupted`, or the batch was aborted: the reply ends interrupted. */
  interrupted: boolean;
  /** A call waits for a user confirmation or an external result: run no further batch. */
  parked: boolean;
}

/**
 * Runs one batch of tool calls (spec §3.7), emitting their events through `deps.emit` as they
 * happen.
 * - `sequential`: one call after the other; stops at the first that asks, is submitted, or ends
 *   interrupted.
 * - `concurrent`: all calls at once (their events interleave); they share one list of suggested
 *   rules so that calls one answer covers are asked about once; a failing call does not cancel its
 *   siblings.
 *
 * A call that fails gets an `error` result (see {@link executeToolCall}) and the batch goes on:
 * unlike the reference (which raises, an `ExceptionGroup` for a concurrent batch), a batch never
 * throws for one call's failure. Only a failure to emit events rejects it, with a typed
 * `ActingError` (`ACTING_EMIT_FAILED`; in a concurrent batch once every call has
 * settled), and the reply fails with it.
 *
 * Aborting `signal` interrupts the running tools (each ends with a `TOOL_RESULT_END(interrupted)`)
 * and starts no further call; the batch then resolves with `interrupted: true` and leaves the
 * calls that never started to be closed with the reply (spec §3.8).
 *
 * @example
 * const { interrupted, parked } = await runBatch(deps, { kind: "concurrent", calls }, signal);
 */
export function runBatch(
  deps: LoopDeps,
  batch: ToolBatch,
  signal: AbortSignal,
): Promise<BatchOutcome> {
  return batch.kind === "sequential"
    ? runSequential(deps, batch.calls, signal)
    : runConcurrent(deps, batch.calls, signal);
}

async function runSequential(
  deps: LoopDeps,
  calls: readonly ToolCallBlock[],
  signal: AbortSignal,
): Promise<BatchOutcome> {
  for (const call of calls) {
    if (signal.aborted) break;
    const outcome = await executeToolCall(deps, call, signal, null);
    if (outcome === "interrupted") return { interrupted: true, parked: false };
    if (outcome === "asking" || outcome === "submitted") {
      return { interrupted: signal.aborted, parked: true };
    }
  }
  return { interrupted: signal.aborted, parked: false };
}

async function runConcurrent(
  deps: LoopDeps,
  calls: readonly ToolCallBlock[],
  signal: AbortSignal,
): Promise<BatchOutcome> {
  const keptRules: PermissionRule[] = [];
  const only = calls.length === 1 ? calls[0] : undefined;
  if (only !== undefined) {
    // One call (the common case) without the settle-all machinery; same outcomes and errors.
    let outcome: CallOutcome;
    try {
      outcome = await executeToolCall(deps, only, signal, keptRules);
    } catch (error) {
      return failedBatch(error, 1, signal);
    }
    return { interrupted: signal.aborted || outcome === "interrupted", parked: isParked(outcome) };
  }
  const settled = await Promise.allSettled(
    calls.map((call) => executeToolCall(deps, call, signal, keptRules)),
  );
  let interrupted = signal.aborted;
  let parked = false;
  let failed: unknown = undefined;
  let failures = 0;
  for (const result of settled) {
    if (result.status === "rejected") {
      if (failures++ === 0) failed = result.reason;
    } else if (result.value === "interrupted") interrupted = true;
    else if (isParked(result.value)) parked = true;
  }
  if (failures > 0) return failedBatch(failed, failures, signal);
  return { interrupted, parked };
}

/**
 * Calls of a concurrent batch could not emit their events (`executeToolCall` rejects for nothing
 * else): the first error goes up once all have settled, unless the batch was being interrupted
 * (then, like the reference, it ends normally and the reply ends interrupted).
 */
function failedBatch(error: unknown, failures: number, signal: AbortSignal): BatchOutcome {
  if (!signal.aborted) throw error;
  getLogger().warn("tool calls failed while their batch was being interrupted", {
    failures,
    error: String(error),
  });
  return { interrupted: true, parked: false };
}

function isParked(outcome: CallOutcome): boolean {
  return outcome === "asking" || outcome === "submitted";
}
