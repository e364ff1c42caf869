import { describe } from "vitest";
import type { BusPair } from "./collect.js";
import { keyValueCases } from "./kv-cases.js";
import { lifecycleCases } from "./lifecycle-cases.js";
import { noRespondersCases } from "./no-responders-cases.js";
import { payloadCases } from "./payload-cases.js";
import { propertyCases } from "./property-cases.js";
import { pubSubCases } from "./pubsub-cases.js";
import { requestCases } from "./request-cases.js";

export type { BusPair } from "./collect.js";

/** What the transport under test can carry. */
export interface ConformanceOptions {
  /** False for a codec without binary (JSON): the cases that send `Uint8Array` are skipped. */
  readonly binary?: boolean;
}

/**
 * The cases every `Bus` transport must pass, as one `describe` block. `open` gives a fresh pair
 * of endpoints of one bus for each test (the same instance in-process; two connections to one
 * server on NATS, like two processes). Only what the `Bus` contract promises is tested.
 *
 * @example
 * describeBusConformance("InProcessBus", async () => {
 *   const bus = new InProcessBus();
 *   return { a: bus, b: bus, close: () => bus.close() };
 * });
 */
export function describeBusConformance(
  name: string,
  open: () => Promise<BusPair>,
  options: ConformanceOptions = {},
): void {
  const binary = options.binary ?? true;
  describe(`Bus conformance: ${name}`, () => {
    pubSubCases(open);
    requestCases(open);
    noRespondersCases(open);
    payloadCases(open, { binary });
    lifecycleCases(open);
    keyValueCases(open);
    propertyCases(open, { binary });
  });
}
