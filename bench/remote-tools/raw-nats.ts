import { connect, type NatsConnection } from "nats";

/**
 * The floor: a raw nats.js request/reply of the same bytes a remote tool call sends, answered
 * with the same bytes a worker's answer carries, on two connections (caller and worker) as two
 * processes would have.
 */
export interface RawNats {
  /** One request/reply. */
  call(): Promise<void>;
  close(): Promise<void>;
}

export async function rawNats(
  url: string,
  request: Uint8Array,
  reply: Uint8Array,
): Promise<RawNats> {
  const server: NatsConnection = await connect({ servers: url, name: "raw-worker" });
  const client: NatsConnection = await connect({ servers: url, name: "raw-caller" });
  server.subscribe("bench.raw.call", {
    queue: "bench",
    callback: (_error, msg) => {
      msg.respond(reply);
    },
  });
  await server.flush();
  return {
    async call() {
      await client.request("bench.raw.call", request, { timeout: 10_000 });
    },
    async close() {
      await Promise.all([client.drain(), server.drain()]);
    },
  };
}
