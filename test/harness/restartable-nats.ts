import { afterAll, beforeAll } from "vitest";
import { NatsBus } from "../../src/bus/index.js";
import { startNatsServer, type NatsServer } from "./nats-server.js";

/** Reconnects fast, so a test that restarts the server does not wait out the default backoff. */
const RECONNECT = { initialDelayMs: 50, maxDelayMs: 200 };

/** The server of a restart test and its two connections: the serving side and the calling side. */
export interface RestartableNats {
  readonly server: NatsServer;
  readonly serving: NatsBus;
  readonly calling: NatsBus;
}

/**
 * Starts a private nats-server for the enclosing `describe`, with one connection for the side that
 * serves (named `servingName`) and one for callers, both reconnecting quickly; closes all after.
 * Read the fields inside tests (they are set in `beforeAll`).
 */
export function useRestartableNats(servingName: string): RestartableNats {
  const nats = {} as { server: NatsServer; serving: NatsBus; calling: NatsBus };
  beforeAll(async () => {
    nats.server = await startNatsServer();
    const servers = nats.server.url;
    nats.serving = await NatsBus.connect({ servers, name: servingName, reconnect: RECONNECT });
    nats.calling = await NatsBus.connect({ servers, name: "callers", reconnect: RECONNECT });
  });
  afterAll(async () => {
    await Promise.all([nats.serving.close(), nats.calling.close()]);
    await nats.server.dispose();
  });
  return nats;
}
