import { connect } from "nats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NatsKvSessionStorage } from "../../../src/state/index.js";
import { startNatsServer, type NatsServer } from "../../harness/nats-server.js";
import { describeSessionStorageConformance } from "./session-storage.conformance.js";

let server: NatsServer;
let buckets = 0;

beforeAll(async () => {
  server = await startNatsServer();
});

afterAll(async () => {
  await server.dispose();
});

describeSessionStorageConformance("NatsKvSessionStorage", async (now) => {
  // Two connections to one server and one bucket (fresh per test): like two processes.
  const bucket = `sessions_${++buckets}`;
  const a = await NatsKvSessionStorage.connect({ servers: server.url, bucket, now });
  const b = await NatsKvSessionStorage.connect({ servers: server.url, bucket, now });
  return { a, b, close: async () => Promise.all([a.close(), b.close()]).then(() => undefined) };
});

describe("NatsKvSessionStorage layout", () => {
  it("keys a session <user>.<agent>.<session> in KV's alphabet; the revision is the key's", async () => {
    const nc = await connect({ servers: server.url });
    try {
      const storage = await NatsKvSessionStorage.connect({ connection: nc, bucket: "layout" });
      expect(storage.keyOf("alice", "Friday", "s-1")).toBe("alice.Friday.s-1");
      expect(storage.keyOf("a.b", "*", "> x")).toBe("a=2Eb.=2A.=3E=20x");
      const revision = await storage.upsertSession("alice", "Friday", "s-1");
      const kv = await nc.jetstream().views.kv("layout");
      const entry = await kv.get("alice.Friday.s-1");
      expect(entry?.revision).toBe(revision);
      expect(entry?.json()).toMatchObject({ session_id: "s-1", user_id: "alice" });
      await storage.close();
      // The connection was the caller's: closing the storage leaves it open.
      expect(nc.isClosed()).toBe(false);
    } finally {
      await nc.close();
    }
  });
});
