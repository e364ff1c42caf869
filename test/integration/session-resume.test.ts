import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FileSessionStorage,
  NatsKvSessionStorage,
  RedisSessionStorage,
  type SessionStorage,
} from "../../src/index.js";
import { startNatsServer, type NatsServer } from "../harness/nats-server.js";
import { startRedisServer, type RedisServer } from "../harness/redis-server.js";
import { runFixture } from "./agent-bus-process.js";

/*
 * Issue 14: an agent given a SessionStorage saves at every park and reply end, so a process
 * SIGKILLed while its agent waits for a confirmation loses nothing — a new process loads the
 * session and resumes the reply. One real process parks, is killed, another resumes; on each
 * of the three storages.
 */

let nats: NatsServer;
let redis: RedisServer;
let dir: string;

beforeAll(async () => {
  [nats, redis] = await Promise.all([startNatsServer(), startRedisServer()]);
  dir = await mkdtemp(join(tmpdir(), "actorscope-resume-"));
});

afterAll(async () => {
  await Promise.all([nats.dispose(), redis.dispose()]);
  await rm(dir, { recursive: true, force: true });
});

interface Backend {
  readonly kind: string;
  where(): string;
  open(): Promise<SessionStorage>;
}

const BACKENDS: readonly Backend[] = [
  { kind: "file", where: () => dir, open: async () => new FileSessionStorage(dir) },
  {
    kind: "nats",
    where: () => nats.url,
    open: () => NatsKvSessionStorage.connect({ servers: nats.url, bucket: "resume" }),
  },
  {
    kind: "redis",
    where: () => redis.url,
    open: () => RedisSessionStorage.connect({ url: redis.url, prefix: "resume" }),
  },
];

describe.each(BACKENDS)("a parked agent's session on $kind", (backend) => {
  it("survives SIGKILL of its process: a new process loads it and resumes the reply", async () => {
    const args = (stage: string) => [stage, backend.kind, backend.where(), "alice", "s-kill"];
    const parker = await runFixture("parked-agent.ts", args("park"), "session");
    let replyId: string;
    try {
      const parked = await parker.line((l) => l.startsWith("PARKED "), 60_000);
      replyId = parked.slice("PARKED ".length);
      parker.child.kill("SIGKILL");
      expect(await parker.exited).toBe("SIGKILL");
    } finally {
      await parker.dispose();
    }

    const storage = await backend.open();
    try {
      const stored = await storage.getSession("alice", "friday", "s-kill");
      expect(stored.snapshot).toMatchObject({ value: "awaiting-confirm" });
      expect(stored.state.reply_context.reply_id).toBe(replyId);

      const resumer = await runFixture("parked-agent.ts", args("resume"), "session");
      try {
        const outcome = JSON.parse(await resumer.line((l) => l.startsWith("{"), 60_000)) as Record<
          string,
          unknown
        >;
        expect(outcome).toEqual({
          parkedState: "awaiting-confirm",
          replyId,
          text: "The note is written.",
          finished: "completed",
          ran: ["remember me"],
          state: "idle",
        });
        expect(await resumer.exited).toBe(0);
      } finally {
        await resumer.dispose();
      }

      const ended = await storage.getSession("alice", "friday", "s-kill");
      expect(ended.revision).not.toBe(stored.revision);
      expect(ended.snapshot).toMatchObject({ value: "idle" });
      expect(JSON.stringify(ended.state.context)).toContain("written: remember me");
    } finally {
      await storage.close();
    }
  });
});
