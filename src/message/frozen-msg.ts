import type { Msg } from "./msg.js";

/** The messages {@link freezeMsg} froze: a lookup, where checking every field would cost per use. */
const frozen = new WeakSet<object>();

/**
 * Deep-freezes a message in place and returns it, so that many holders can keep the one object
 * instead of a copy each: a hub hands one frozen copy of a message to all of its participants,
 * and an agent keeps a frozen message it observes as it is (changing it afterwards throws, in
 * strict mode, rather than changing every holder's copy at once).
 *
 * @example
 * const shared = freezeMsg(new UserMsg({ name: "host", content: "Round 2 begins." }));
 * await Promise.all(agents.map((agent) => agent.observe(shared))); // no copy per agent
 */
export function freezeMsg<T extends Msg>(msg: T): T {
  freezeDeep(msg);
  frozen.add(msg);
  return msg;
}

/** Whether `value` is a message {@link freezeMsg} froze: nothing in it can change. */
export function isFrozenMsg(value: unknown): boolean {
  return typeof value === "object" && value !== null && frozen.has(value);
}

/**
 * Freezes every object reachable from `value`. Unlike a freeze that stops at an object already
 * frozen, it always descends: a message frozen only at its top must still have its blocks frozen.
 * A message is JSON data (validated on construction), so there are no cycles.
 */
function freezeDeep(value: unknown): void {
  if (typeof value !== "object" || value === null) return;
  Object.freeze(value);
  for (const sub of Object.values(value)) freezeDeep(sub);
}
