/**
 * The transports the agent-bus tests run on: two endpoints of one bus, as two processes would
 * have (the agent served on `serving`, called from `calling`). On NATS they are two connections
 * to the harness's nats-server; in process, one bus.
 */
import { agentRef, spawnAgent, type AgentHandle } from "../../../src/actors/index.js";
import type { Bus } from "../../../src/bus/index.js";
import { InProcessBus, NatsBus } from "../../../src/bus/index.js";
import { startNatsServer } from "../../harness/nats-server.js";
import type { PortEnv } from "./agent-port-conformance.js";

export interface BusPair {
  readonly serving: Bus;
  readonly calling: Bus;
  /** The nats-server's URL, for raw clients (NATS only). */
  readonly natsUrl?: string;
  close(): Promise<void>;
}

export interface Transport {
  readonly name: string;
  open(): Promise<BusPair>;
}

export const natsTransport: Transport = {
  name: "NatsBus",
  async open() {
    const server = await startNatsServer();
    const serving = await NatsBus.connect({ servers: server.url, name: "agents" });
    const calling = await NatsBus.connect({ servers: server.url, name: "callers" });
    return {
      serving,
      calling,
      natsUrl: server.url,
      async close() {
        await Promise.all([serving.close(), calling.close()]);
        await server.dispose();
      },
    };
  },
};

export const inProcessTransport: Transport = {
  name: "InProcessBus",
  async open() {
    const bus = new InProcessBus();
    return {
      serving: bus,
      calling: bus,
      close: () => bus.close(),
    };
  },
};

/** Every transport, for `describe.each`. */
export const TRANSPORTS: readonly Transport[] = [inProcessTransport, natsTransport];

/**
 * The conformance suite's ports through `transport`: each agent spawned on `serving`, reached
 * by an `agentRef` on `calling`.
 */
export async function refPorts(transport: Transport): Promise<PortEnv> {
  const pair = await transport.open();
  const handles: AgentHandle[] = [];
  return {
    port: async (agent) => {
      handles.push(await spawnAgent(pair.serving, agent));
      return agentRef(pair.calling, agent.id);
    },
    close: async () => {
      await Promise.all(handles.map((h) => h.stop()));
      await pair.close();
    },
  };
}
