import { Subject } from "rxjs";
import { MsgHub, type Bus, type HubPost } from "../../src/index.js";
import { breathe, timed, type Sample } from "./measure.js";
import { deliveriesPerRound } from "./scenario.js";
import { SpeakerPort } from "./speaker-port.js";

/** How long one round may take to be delivered before the bench gives up (a bound, not a goal). */
const ROUND_TIMEOUT_MS = 300_000;

/** One hub size run with `SpeakerPort`s: the hub's samples and the bare Subject's, interleaved. */
export interface SpeakerRun {
  hub: Sample[];
  subject: Sample[];
}

export interface SpeakerRunOptions {
  readonly size: number;
  readonly rounds: number;
  readonly samples: number;
  /** Untimed rounds first (compiled code, the hub's caches). */
  readonly warmupRounds: number;
  /** The hub's bus (none: the hub lives in this process, `LocalTransport`). */
  readonly bus?: Bus | undefined;
  /**
   * `"turns"`: each speaker says its line in its own turn of the microtask queue, as replies
   * ending one after another do. `"burst"`: all say theirs in one synchronous stretch.
   */
  readonly pace: "turns" | "burst";
}

/**
 * `size` speakers in one hub; a round is every speaker saying one line (the events of a one-line
 * reply), one after another (see `pace`), then `hub.flush()`. Every sample is checked: each speaker observed
 * exactly the others' lines. The Subject's sample replays the very posts the hub's sample
 * delivered (the same frozen messages) through one RxJS `Subject` with a subscriber per
 * speaker calling the same `observe` for every post not its own: the floor of an in-process
 * fan-out.
 */
export async function runSpeakers(options: SpeakerRunOptions): Promise<SpeakerRun> {
  const { size, rounds, samples, warmupRounds, bus, pace } = options;
  const ports = Array.from({ length: size }, (_, i) => new SpeakerPort(`speaker-${i}`));
  const hub = await MsgHub.open({ participants: ports, bus, deliveryTimeoutMs: ROUND_TIMEOUT_MS });
  let posts: HubPost[] = [];
  const taking = hub.posts$.subscribe((post) => posts.push(post));
  const subject = new Subject<HubPost>();
  for (const port of ports) {
    subject.subscribe((post) => {
      if (post.sender !== port.id) void port.observe(post.msgs);
    });
  }
  let line = 0;
  const round = async (): Promise<void> => {
    line += 1;
    for (const port of ports) {
      port.say(`line ${line} of ${port.id}`);
      if (pace === "turns") await Promise.resolve();
    }
    await hub.flush();
  };
  const run = { hub: [] as Sample[], subject: [] as Sample[] };
  try {
    for (let r = 0; r < warmupRounds; r++) await round();
    for (let s = 0; s < samples; s++) {
      await breathe();
      posts = [];
      const before = observedBy(ports);
      run.hub.push(
        await timed(rounds * deliveriesPerRound(size), async () => {
          for (let r = 0; r < rounds; r++) await round();
        }),
      );
      check("hub", ports, before, rounds * (size - 1));
      if (posts.length !== rounds * size) {
        throw new Error(`hub sample: ${posts.length} posts, expected ${rounds * size}`);
      }
      await breathe();
      const replay = posts;
      const again = observedBy(ports);
      run.subject.push(
        await timed(rounds * deliveriesPerRound(size), () => {
          for (const post of replay) subject.next(post);
          return Promise.resolve();
        }),
      );
      check("Subject", ports, again, rounds * (size - 1));
    }
  } finally {
    taking.unsubscribe();
    subject.complete();
    await hub.close();
  }
  return run;
}

function observedBy(ports: readonly SpeakerPort[]): number[] {
  return ports.map((port) => port.observed);
}

/** Every speaker observed `each` more messages since `before`. */
function check(what: string, ports: readonly SpeakerPort[], before: number[], each: number): void {
  ports.forEach((port, i) => {
    const got = port.observed - (before[i] ?? 0);
    if (got !== each)
      throw new Error(`${what} sample: ${port.id} observed ${got}, expected ${each}`);
  });
}
