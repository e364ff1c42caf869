/** What the runner asks a worker process. */
export type WorkerRequest =
  /** Run replies for about `ms` (JIT, caches) and report how many and how long. */
  | { kind: "warmup"; ms: number }
  /** Build a fresh session for `replies` replies (not timed), collect garbage, time them. */
  | { kind: "round"; replies: number };

/** What a worker process answers. */
export type WorkerReply =
  | { kind: "ready"; setup: string }
  /** `replies` in `ms` in all; the last batch (the warmest) was `lastReplies` in `lastMs`. */
  | { kind: "warmed"; replies: number; ms: number; lastReplies: number; lastMs: number }
  | { kind: "round"; ms: number }
  | { kind: "error"; message: string };
