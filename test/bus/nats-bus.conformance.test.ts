import { afterAll, beforeAll } from "vitest";
import { NatsBus, type NatsBusOptions } from "../../src/bus/index.js";
import { startNatsServer, type NatsServer } from "../harness/nats-server.js";
import { useQuietLogger } from "../harness/quiet-logger.js";
import { describeBusConformance } from "./conformance/bus-conformance.js";

useQuietLogger();

let server: NatsServer;

beforeAll(async () => {
  server = await startNatsServer();
});

afterAll(async () => {
  await server.dispose();
});

/** Two connections to one server: the two endpoints behave like two processes. */
function pair(options: NatsBusOptions = {}) {
  return async () => {
    const [a, b] = await Promise.all([
      NatsBus.connect({ servers: server.url, name: "conformance-a", ...options }),
      NatsBus.connect({ servers: server.url, name: "conformance-b", ...options }),
    ]);
    const close = async (): Promise<void> => {
      await Promise.all([a.close(), b.close()]);
    };
    return { a, b, close };
  };
}

describeBusConformance("NatsBus", pair());
describeBusConformance("NatsBus with the JSON codec", pair({ codec: "json" }), { binary: false });
