import { randomUUID } from "node:crypto";

/**
 * The id and timestamp sources for every block, message and event. Defaults: 32-char hex ids
 * and ISO-8601 timestamps. Tests (and simulations that must replay exactly) swap them with
 * {@link setIdentitySource}; `actorscope/testing` offers deterministic ones.
 */
export interface IdentitySource {
  /** A new unique id. */
  newId: () => string;
  /** The current time as an ISO-8601 string. */
  now: () => string;
}

const defaults: IdentitySource = {
  newId: () => randomUUID().replaceAll("-", ""),
  now: () => new Date().toISOString(),
};

let source: IdentitySource = defaults;

/** A new id from the current source. */
export function newId(): string {
  return source.newId();
}

/** The current time from the current source. */
export function now(): string {
  return source.now();
}

/**
 * Replaces the id and/or clock source (missing parts keep the current ones); returns a function
 * that restores the previous source.
 */
export function setIdentitySource(next: Partial<IdentitySource>): () => void {
  const previous = source;
  source = { newId: next.newId ?? previous.newId, now: next.now ?? previous.now };
  return () => {
    source = previous;
  };
}
