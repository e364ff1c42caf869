import { spawn } from "node:child_process";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FileSessionStorage, migrateStoredSession } from "../../../src/state/index.js";

const ROOT = resolve(import.meta.dirname, "../../..");
const TSX_LOADER = pathToFileURL(join(ROOT, "node_modules", "tsx", "dist", "loader.mjs")).href;
const WRITER = join(import.meta.dirname, "fixtures", "file-writer.ts");
const ROUNDS = 8;

let dir: string;
let home: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "actorscope-crash-"));
  home = await mkdtemp(join(tmpdir(), "actorscope-crash-home-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

/**
 * Runs the writer until it has reported `writes` writes, then SIGKILLs it `delayMs` later (its
 * next write under way, at a different point each round) and resolves with the last revision it
 * reported.
 */
function writeThenKill(
  storeDir: string,
  writes: number,
  delayMs: number,
  selfKill: boolean,
): Promise<number> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        "--conditions=actorscope-source",
        "--import",
        TSX_LOADER,
        WRITER,
        storeDir,
        ...(selfKill ? [String(writes)] : []),
      ],
      {
        cwd: home,
        env: { ...process.env, HOME: home, TSX_TSCONFIG_PATH: join(ROOT, "tsconfig.json") },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let last = 0;
    let killed = false;
    createInterface({ input: child.stdout }).on("line", (line) => {
      const [, n, revision] = line.split(" ");
      last = Number(revision);
      if (!selfKill && !killed && Number(n) >= writes) {
        killed = true;
        setTimeout(() => child.kill("SIGKILL"), delayMs);
      }
    });
    child.once("exit", (_code, signal) => {
      if (signal === "SIGKILL") done(last);
      else fail(new Error(`the writer exited by itself (signal ${signal})`));
    });
  });
}

describe("FileSessionStorage under SIGKILL mid-write", () => {
  it("a writer killed in a loop never leaves a half-written or empty session file", async () => {
    const storage = new FileSessionStorage(dir);
    const file = storage.fileOf("u", "writer", "s");
    let reported = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // Odd rounds: the writer kills itself inside the write window (a temporary file exists).
      // Even rounds: killed after 1 to 3 writes, 0 to 40 ms on, at another point each time.
      const selfKill = round % 2 === 1;
      const last = await writeThenKill(dir, 1 + (round % 3), (round * 13) % 41, selfKill);
      const text = await readFile(file, "utf8");
      expect(text.length).toBeGreaterThan(0);
      const stored = migrateStoredSession(JSON.parse(text));
      // What the writer reported done is on disk (or one newer write that completed).
      expect(stored.revision).toBeGreaterThanOrEqual(last);
      // A kill may land after a write completed and before it was reported: at most a few.
      expect(stored.revision).toBeLessThanOrEqual(last + 3);
      expect(stored.revision).toBeGreaterThan(reported);
      reported = stored.revision;
      const { n } = stored.state.middle_context as { n: number };
      expect(stored.state.summary).toMatch(new RegExp(`^write ${n} `));
      expect(stored.snapshot).toEqual({ value: "idle", n });
      await expect(storage.getSession("u", "writer", "s")).resolves.toMatchObject({
        revision: stored.revision,
      });
    }
    // Leftover temporary files of killed writers are hidden from listing.
    const names = await readdir(dirname(file));
    // A self-kill that caught the write window left its temporary file behind: crashes did land
    // mid-write (the writer polls for the window, so most of its kills do, not always all).
    expect(names.filter((name) => name.startsWith(".")).length).toBeGreaterThan(0);
    expect(names.filter((name) => !name.startsWith("."))).toEqual(["s.json"]);
    await expect(storage.listSessions("u", "writer")).resolves.toHaveLength(1);
  }, 120_000);
});
