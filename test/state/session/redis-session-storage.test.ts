import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisSessionStorage } from "../../../src/state/index.js";
import { startRedisServer, type RedisServer } from "../../harness/redis-server.js";
import { describeSessionStorageConformance } from "./session-storage.conformance.js";

let server: RedisServer;
let prefixes = 0;

beforeAll(async () => {
  server = await startRedisServer();
});

afterAll(async () => {
  await server.dispose();
});

describeSessionStorageConformance("RedisSessionStorage", async (now) => {
  // Two connections to one server under one prefix (fresh per test): like two processes.
  const prefix = `t${++prefixes}`;
  const a = await RedisSessionStorage.connect({ url: server.url, prefix, now });
  const b = await RedisSessionStorage.connect({ url: server.url, prefix, now });
  return { a, b, close: async () => Promise.all([a.close(), b.close()]).then(() => undefined) };
});

describe("RedisSessionStorage layout", () => {
  it("keys sessions as AgentScope's RedisStorage does, with a per-(user, agent) index set", async () => {
    const client = createClient({ url: server.url });
    await client.connect();
    try {
      const storage = await RedisSessionStorage.connect({ client, prefix: "layout" });
      const key = storage.keyOf("alice", "Friday", "s-1");
      expect(key).toBe("layout:user:alice:agent:Friday:session:s-1");
      expect(storage.keyOf("a:b", "x", "y")).toBe("layout:user:a=3Ab:agent:x:session:y");
      const revision = await storage.upsertSession("alice", "Friday", "s-1");
      expect(await client.hGet(key, "revision")).toBe(String(revision));
      expect(await client.sMembers("layout:user:alice:agent:Friday:sessions")).toEqual(["s-1"]);
      await storage.close();
      // The client was the caller's: closing the storage leaves it open.
      expect(client.isOpen).toBe(true);
    } finally {
      await client.close();
    }
  });
});
