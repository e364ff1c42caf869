import { randomUUID } from "node:crypto";

/**
 * The id and timestamp sources for every block, message and event. Defaults: 32-char hex ids
 * (unique, not random: see `counterId`) and ISO-8601 timestamps. Tests (and simulations that must replay exactly) swap them with
 * {@link setIdentitySource}; `actorscope/testing` offers deterministic ones.
 */
export interface IdentitySource {
  /** A new unique id. */
  newId: () => string;
  /** The current time as an ISO-8601 string. */
  now: () => string;
}

/**
 * Default ids: 80 random bits per process, then a 48-bit counter, as 32 hex chars. A simulation
 * mints millions (every event has one), and this is several times cheaper than a random UUID
 * each, while two processes still collide with negligible probability. Ids are names, not secrets.
 */
let idPrefix = randomPrefix();
let idCounter = 0;
const ID_COUNTER_LIMIT = 0xffff_ffff_ffff;

function randomPrefix(): string {
  return randomUUID().replaceAll("-", "").slice(0, 20);
}

function counterId(): string {
  if (++idCounter > ID_COUNTER_LIMIT) {
    idPrefix = randomPrefix();
    idCounter = 1;
  }
  return idPrefix + idCounter.toString(16).padStart(12, "0");
}

/** Default timestamps: the ISO string is formatted once per millisecond, not once per event. */
let lastMs = Number.NaN;
let lastIso = "";

function isoNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}

const defaults: IdentitySource = { newId: counterId, now: isoNow };

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
