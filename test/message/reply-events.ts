/** Helpers for tests that rebuild a reply message from its events. */
import { afterEach, beforeEach } from "vitest";
import {
  AssistantMsg,
  createEvent,
  setLogger,
  type AgentEvent,
  type EventFields,
  type EventType,
} from "../../src/index.js";
import { useDeterministicIdentity } from "../../src/testing.js";

/** The reply id every helper event carries. */
export const R = "reply-1";

/** An event of reply {@link R}. */
export const ev = <T extends EventType>(
  type: T,
  fields: Omit<EventFields<T>, "reply_id">,
): AgentEvent => createEvent(type, { reply_id: R, ...fields } as EventFields<T>);

/** An empty assistant message with id {@link R}. */
export function newReply(): AssistantMsg {
  return new AssistantMsg({ name: "agent", content: [], id: R });
}

/**
 * Deterministic ids and a logger that collects warnings, for each test of the calling suite;
 * returns the list the warnings of the running test go to.
 */
export function collectWarnings(): string[] {
  const warnings: string[] = [];
  let restoreIds: () => void = () => undefined;
  let restoreLogger: () => void = () => undefined;
  beforeEach(() => {
    warnings.length = 0;
    restoreIds = useDeterministicIdentity();
    restoreLogger = setLogger({ warn: (m) => warnings.push(m), error: (m) => warnings.push(m) });
  });
  afterEach(() => {
    restoreLogger();
    restoreIds();
  });
  return warnings;
}
