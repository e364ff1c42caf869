import { firstValueFrom, take, toArray } from "rxjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InProcessBus, NatsBus, Subjects, type Bus } from "../../../src/bus/index.js";
import { MsgHub, UserMsg, type HubPost } from "../../../src/index.js";
import { startNatsServer, type NatsServer } from "../../harness/nats-server.js";
import { recordWarnings } from "../../tools/fixtures.js";
import { HandPort, heard, lines, talker } from "./hub-fixture.js";

/** Two endpoints of one bus: the same instance in-process, two connections on NATS. */
interface BusPair {
  readonly a: Bus;
  readonly b: Bus;
  close(): Promise<void>;
}

let server: NatsServer;
beforeAll(async () => {
  server = await startNatsServer();
});
afterAll(async () => {
  await server.dispose();
});

const transports: [string, () => Promise<BusPair>][] = [
  [
    "InProcessBus",
    () => {
      const bus = new InProcessBus();
      return Promise.resolve({ a: bus, b: bus, close: () => bus.close() });
    },
  ],
  [
    "NatsBus",
    async () => {
      const a = await NatsBus.connect({ servers: server.url, name: "a" });
      const b = await NatsBus.connect({ servers: server.url, name: "b", codec: "json" });
      return {
        a,
        b,
        close: async () => {
          await Promise.all([a.close(), b.close()]);
        },
      };
    },
  ],
];

/** The first `n` posts a member delivers from now on. */
function nextPosts(hub: MsgHub, n: number): Promise<HubPost[]> {
  return firstValueFrom(hub.posts$.pipe(take(n), toArray()));
}

const firstLine = (post: HubPost) => lines(post.msgs)[0] ?? "";
let hubCount = 0;
const hubName = () => `room ${++hubCount}.${Date.now()}`;

for (const [transport, open] of transports) {
  describe(`MsgHub on a bus (${transport})`, () => {
    const warnings = recordWarnings();

    it("members of one hub make one hub: each participant hears every reply of the others, never its own, in one order", async () => {
      const pair = await open();
      const name = hubName();
      const left = ["alice", "bob"].map((id) => talker(id));
      const right = ["carol", "dave"].map((id) => talker(id));
      const hubA = await MsgHub.open({ name, bus: pair.a, participants: left });
      const hubB = await MsgHub.open({ name, bus: pair.b, participants: right });
      const seenA = nextPosts(hubA, 12);
      const seenB = nextPosts(hubB, 12);
      await Promise.all(
        [...left, ...right].map(async (agent) => {
          for (let i = 0; i < 3; i++) await agent.reply();
        }),
      );
      const order = (await seenA).map(firstLine);
      expect((await seenB).map(firstLine)).toEqual(order);
      expect(new Set(order).size).toBe(12);
      for (const agent of [...left, ...right]) {
        expect(heard(agent)).toEqual(order.filter((line) => !line.startsWith(`${agent.name}:`)));
      }
      await hubA.close();
      await hubB.close();
      await pair.close();
    });

    it("broadcast reaches every member's participants, and resolves once its own member's observed it", async () => {
      const pair = await open();
      const name = hubName();
      const alice = talker("alice");
      const bob = talker("bob");
      const hubA = await MsgHub.open({ name, bus: pair.a, participants: [alice] });
      const hubB = await MsgHub.open({ name, bus: pair.b, participants: [bob] });
      const atB = nextPosts(hubB, 1);
      await hubA.broadcast(new UserMsg({ name: "host", content: "news" }));
      expect(heard(alice)).toEqual(["host: news"]);
      await atB;
      expect(heard(bob)).toEqual(["host: news"]);
      await Promise.all([hubA.close(), hubB.close()]);
      await pair.close();
    });

    it("flush waits until the member's own posts came back in the hub's order: turns taken on a bus", async () => {
      const pair = await open();
      const alice = talker("alice");
      const bob = talker("bob");
      const hub = await MsgHub.open({ name: hubName(), bus: pair.a, participants: [alice, bob] });
      await alice.reply();
      await hub.flush();
      await bob.reply();
      await hub.flush();
      expect(heard(bob)).toEqual(["alice: alice #1"]);
      expect(heard(alice)).toEqual(["bob: bob #1"]);
      await hub.close();
      await pair.close();
    });

    it("a participant that refuses a post flush waited for is a logged warning, not an unhandled rejection", async () => {
      const pair = await open();
      const alice = talker("alice");
      const refusing = new HandPort("refusing");
      refusing.failure = "reject";
      const hub = await MsgHub.open({
        name: hubName(),
        bus: pair.a,
        participants: [alice, refusing],
      });
      await alice.reply();
      await hub.flush();
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.includes("did not take a message"))).toHaveLength(1);
      await hub.close();
      await pair.close();
    });

    it("a member that opens later hears only what is said after it opened; its announcement stays its own", async () => {
      const pair = await open();
      const name = hubName();
      const alice = talker("alice");
      const bob = talker("bob");
      const hubA = await MsgHub.open({ name, bus: pair.a, participants: [alice] });
      await alice.reply();
      await hubA.flush();
      const hubB = await MsgHub.open({
        name,
        bus: pair.b,
        participants: [bob],
        announcement: new UserMsg({ name: "host", content: "welcome, bob" }),
      });
      const atB = nextPosts(hubB, 1);
      await alice.reply();
      await atB;
      expect(heard(bob)).toEqual(["host: welcome, bob", "alice: alice #2"]);
      expect(heard(alice)).toEqual([]);
      await Promise.all([hubA.close(), hubB.close()]);
      await pair.close();
    });

    it("a malformed post on the hub's subject is a warning, is not delivered, and loses nothing after it", async () => {
      const pair = await open();
      const name = hubName();
      const alice = talker("alice");
      const bob = talker("bob");
      const subjects = new Subjects("sim");
      const hubA = await MsgHub.open({ name, bus: pair.a, subjects, participants: [alice] });
      const hubB = await MsgHub.open({ name, bus: pair.b, subjects, participants: [bob] });
      const subject = subjects.hubMsgs(name);
      for (const bad of [
        "not a post",
        { id: "x", seq: 1 },
        { id: "x", seq: 1, sender: null, msgs: [{ name: "s", role: "system", content: [] }] },
        {
          id: "x",
          seq: 1,
          sender: null,
          msgs: [{ name: "a", role: "user", content: [{ type: "thinking", thinking: "t" }] }],
        },
      ])
        pair.b.publish(subject, bad);
      const atB = nextPosts(hubB, 1);
      await alice.reply();
      await atB;
      expect(heard(bob)).toEqual(["alice: alice #1"]);
      expect(warnings.filter((w) => w.includes("hub"))).not.toEqual([]);
      await Promise.all([hubA.close(), hubB.close()]);
      await pair.close();
    });
  });
}
