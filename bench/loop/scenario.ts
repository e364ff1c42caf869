/**
 * The scenario every contender of the loop benchmark plays: a zero-latency model answers one call
 * of an always-allowed no-op tool per step for {@link STEPS} steps, then the text {@link FINAL_TEXT}.
 * One reply is therefore {@link STEPS} + 1 model calls and {@link STEPS} tool calls; its time
 * divided by {@link STEPS} is the per-step overhead.
 */
export const STEPS = 5;

/** The model's last answer, which ends a reply. */
export const FINAL_TEXT = "done";

/** The no-op tool's name, as every contender registers it. */
export const TOOL_NAME = "noop";

/** What the no-op tool returns. */
export const TOOL_OUTPUT = "ok";

/** The user's input of every reply. */
export const USER_INPUT = "go";

/** One contender, prepared for a round of replies. */
export interface LoopSession {
  /** Runs one whole reply and returns the final text. */
  reply(): Promise<string>;
  /** How many times the no-op tool has run in this session (to check the scenario was played). */
  readonly toolCalls: number;
}

/** A framework (or the floor) under measurement. */
export interface LoopContender {
  /** How its model and tool are wired, for the report. */
  readonly setup: string;
  /** Builds a fresh session able to run `replies` replies in a row (not timed). */
  prepare(replies: number): Promise<LoopSession>;
}
