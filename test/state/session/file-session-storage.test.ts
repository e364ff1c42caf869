import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FileSessionStorage } from "../../../src/state/index.js";
import { HOSTILE_IDS, describeSessionStorageConformance } from "./session-storage.conformance.js";

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "actorscope-sessions-"));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describeSessionStorageConformance("FileSessionStorage", async (now) => {
  const dir = await tempDir();
  // Two storages on one folder, as two parts of a program would open it.
  const a = new FileSessionStorage(dir, { now });
  const b = new FileSessionStorage(dir, { now });
  return { a, b, close: async () => Promise.all([a.close(), b.close()]).then(() => undefined) };
});

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(path)));
    else out.push(path);
  }
  return out;
}

describe("FileSessionStorage layout", () => {
  it("keeps one JSON file per session at dir/<user>/<agent>/<session>.json, ids encoded", async () => {
    const dir = await tempDir();
    const storage = new FileSessionStorage(dir);
    await storage.upsertSession("alice", "Friday", "s-1");
    expect(storage.fileOf("alice", "Friday", "s-1")).toBe(join(dir, "alice", "Friday", "s-1.json"));
    expect(await walk(dir)).toEqual([join(dir, "alice", "Friday", "s-1.json")]);
    expect(storage.fileOf("a.b", "x/y", "../z")).toBe(
      join(dir, "a=2Eb", "x=2Fy", "=2E=2E=2Fz.json"),
    );
  });

  it("no hostile id puts a file outside dir, and every path part is a plain short name", async () => {
    const dir = await tempDir();
    const storage = new FileSessionStorage(dir);
    for (const id of HOSTILE_IDS) await storage.upsertSession(id, id, id);
    const files = await walk(dir);
    expect(files).toHaveLength(HOSTILE_IDS.length);
    for (const file of files) {
      const parts = relative(dir, file).split("/");
      expect(parts).toHaveLength(3);
      for (const part of parts) {
        expect(part).toMatch(/^[A-Za-z0-9_=-]+(\.json)?$/);
        expect(part.length).toBeLessThanOrEqual(200);
      }
    }
  });

  it("a file that is not a stored session is SESSION_STORAGE naming the file, not a crash", async () => {
    const dir = await tempDir();
    const storage = new FileSessionStorage(dir);
    await storage.upsertSession("u", "ag", "s");
    const { writeFile } = await import("node:fs/promises");
    await writeFile(storage.fileOf("u", "ag", "s"), "{ half", "utf8");
    await expect(storage.getSession("u", "ag", "s")).rejects.toMatchObject({
      code: "SESSION_STORAGE",
    });
  });
});
