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

/** The message of the error a concurrent batch throws (the reference's ExceptionGroup text). */
export const CONCURRENT_BATCH_ERROR = "One or more tool calls raised an exception";

/**
 * Runs one batch of tool calls (spec §3.7), emitting their events through `deps.emit` as they
 * happen.
 * - `sequential`: one call after the other; stops at the first that asks, is submitted, or ends
 *   interrupted. An error thrown by a call propagates at once.
 * - `concurrent`: all calls at once (their events interleave); they share one list of suggested
 *   rules so that calls one answer covers are asked about once; a failing call does not cancel its
 *   siblings, and once all have finished the errors are thrown together as an `AggregateError`.
 *
 * Aborting `signal` interrupts the running tools (each ends with a `TOOL_RESULT_END(interrupted)`)
 * and starts no further call; the batch then resolves with `interrupted: true` and leaves the
 * calls that never started to be closed with the reply (spec §3.8).
 *
 * @example
 * const { interrupted, parked } = await runBatch(deps, { kind: "concurrent", calls }, signal);
 */
export async function runBatch(
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
      return failedBatch([error], signal);
    }
    return { interrupted: signal.aborted || outcome === "interrupted", parked: isParked(outcome) };
  }
  const settled = await Promise.allSettled(
    calls.map((call) => executeToolCall(deps, call, signal, keptRules)),
  );
  let interrupted = signal.aborted;
  let parked = false;
  const errors: unknown[] = [];
  for (const result of settled) {
    if (result.status === "rejected") errors.push(result.reason);
    else if (result.value === "interrupted") interrupted = true;
    else if (isParked(result.value)) parked = true;
  }
  if (errors.length > 0) return failedBatch(errors, signal);
  return { interrupted, parked };
}

/**
 * Calls of a concurrent batch threw: the errors go up together, unless the batch was being
 * interrupted (then, like the reference, it ends normally and the reply ends interrupted).
 */
function failedBatch(errors: unknown[], signal: AbortSignal): BatchOutcome {
  if (!signal.aborted) throw new AggregateError(errors, CONCURRENT_BATCH_ERROR);
  getLogger().warn(`${CONCURRENT_BATCH_ERROR} while the batch was being interrupted`, {
    errors: errors.map(String),
  });
  return { interrupted: true, parked: false };
}

function isParked(outcome: CallOutcome): boolean {
  return outcome === "asking" || outcome === "submitted";
}
