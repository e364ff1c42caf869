import { DebugEvents, Events, type Status } from "nats";
import type { ActorscopeError } from "../errors/index.js";

/**
 * What happened to a {@link NatsBus}'s connection:
 * - `disconnect`: the connection dropped; requests waiting for replies ended with `BUS_CONNECTION`,
 *   and messages published to this process until `reconnect` are lost (core NATS keeps nothing).
 * - `reconnecting`: an attempt is under way. `reconnect`: back, subscriptions restored.
 * - `error`: the server reported an error asynchronously, such as a publish its subject
 *   permissions refused (`error.code === "BUS_PERMISSION"`, `error.subject` the subject).
 * - `ldm`: the server is entering lame-duck mode (it will close soon; clients move elsewhere).
 * - `update`: the cluster's server list changed. `stale`: the server stopped answering pings.
 * - `closed`: the bus is closed for good, by `close()` or because reconnection gave up
 *   (`error` then says why).
 */
export type BusStatusType =
  "disconnect" | "reconnecting" | "reconnect" | "error" | "ldm" | "update" | "stale" | "closed";

/** One connection event of a {@link NatsBus} (see {@link BusStatusType}). */
export interface BusStatus {
  readonly type: BusStatusType;
  /** The server involved (`host:port`), when known. */
  readonly server?: string;
  readonly error?: ActorscopeError;
}

const TYPES: ReadonlyMap<string, BusStatusType> = new Map<string, BusStatusType>([
  [Events.Disconnect, "disconnect"],
  [Events.Reconnect, "reconnect"],
  [Events.Update, "update"],
  [Events.LDM, "ldm"],
  [Events.Error, "error"],
  [DebugEvents.Reconnecting, "reconnecting"],
  [DebugEvents.StaleConnection, "stale"],
]);

/** The bus's name for a nats.js status; `undefined` for ones the bus does not report (ping timers). */
export function statusType(status: Status): BusStatusType | undefined {
  return TYPES.get(status.type);
}

/** The server a status names, when its data is one. */
export function statusServer(status: Status): string | undefined {
  return typeof status.data === "string" && status.type !== Events.Error ? status.data : undefined;
}
