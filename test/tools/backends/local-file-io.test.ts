import { appendFile, readFile, rename, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/errors/index.js";
import {
  BackendIoError,
  FileTooLargeError,
  LocalBackend,
  NotRegularFileError,
  openFileReader,
  type ExecutionBackend,
} from "../../../src/tools/backends/index.js";
import { makeTempDir, removeTempDirs } from "../builtin/read/file-fixtures.js";
import { bounded, listenOnSocket, mkfifo, sparseFile } from "./special-files.js";

afterEach(removeTempDirs);

const backend = new LocalBackend();

/** What a rejected promise rejected with. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("LocalBackend file reads under hostile input (issue 10 §3)", () => {
  it("refuses a FIFO without opening it: the read returns instead of waiting for a writer", async () => {
    const fifo = await mkfifo(join(await makeTempDir(), "pipe"));
    const error = await bounded(rejection(backend.readFile(fifo)), "readFile(FIFO)");
    expect(error).toBeInstanceOf(NotRegularFileError);
    expect(error).toMatchObject({ code: "BACKEND_NOT_A_REGULAR_FILE", kind: "FIFO", path: fifo });
    const opened = await bounded(rejection(backend.openFile(fifo)), "openFile(FIFO)");
    expect(opened).toMatchObject({ code: "BACKEND_NOT_A_REGULAR_FILE", kind: "FIFO" });
  });

  it("refuses a listening Unix socket", async () => {
    const path = join(await makeTempDir(), "sock");
    const server = await listenOnSocket(path);
    try {
      const error = await bounded(rejection(backend.readFile(path)), "readFile(socket)");
      expect(error).toMatchObject({ code: "BACKEND_NOT_A_REGULAR_FILE", kind: "socket" });
    } finally {
      server.close();
    }
  });

  it.each(["/dev/zero", "/dev/urandom", "/dev/null"])(
    "refuses the character device %s without reading from it",
    async (device) => {
      const error = await bounded(rejection(backend.readFile(device)), `readFile(${device})`);
      expect(error).toMatchObject({
        code: "BACKEND_NOT_A_REGULAR_FILE",
        kind: "character device",
      });
    },
  );

  it("refuses a directory", async () => {
    const error = await rejection(backend.readFile(await makeTempDir()));
    expect(error).toMatchObject({ code: "BACKEND_NOT_A_REGULAR_FILE", kind: "directory" });
  });

  it("refuses a 5 GB sparse file over the budget before reading a byte", async () => {
    const path = await sparseFile(join(await makeTempDir(), "big.bin"), 5 * 1024 ** 3, "head");
    const error = await bounded(rejection(backend.readFile(path)), "readFile(5 GB)");
    expect(error).toBeInstanceOf(FileTooLargeError);
    expect(error).toMatchObject({
      code: "BACKEND_FILE_TOO_LARGE",
      size: 5 * 1024 ** 3,
      limit: 64 * 1024 * 1024,
    });
    const small = await rejection(backend.readFile(path, { maxBytes: 1024 }));
    expect(small).toMatchObject({ code: "BACKEND_FILE_TOO_LARGE", limit: 1024 });
  });

  it("reads a sparse file in chunks and stops at the budget, never loading it", async () => {
    const path = await sparseFile(join(await makeTempDir(), "big.bin"), 5 * 1024 ** 3, "head");
    const reader = await backend.openFile(path, { maxBytes: 1024 * 1024 });
    expect(reader.stat).toMatchObject({ kind: "file", size: 5 * 1024 ** 3 });
    let total = 0;
    const error = await bounded(
      rejection(
        (async () => {
          for (let chunk = await reader.read(); chunk !== null; chunk = await reader.read()) {
            total += chunk.byteLength;
          }
        })(),
      ),
      "chunked read",
    );
    await reader.close();
    expect(error).toMatchObject({ code: "BACKEND_FILE_TOO_LARGE", limit: 1024 * 1024 });
    expect(total).toBe(1024 * 1024);
  });

  it("reads a /proc file that reports size 0 to its end, within the budget", async () => {
    expect((await stat("/proc/self/status")).size).toBe(0);
    const text = new TextDecoder().decode(await backend.readFile("/proc/self/status"));
    expect(text).toContain("Pid:");
    const error = await rejection(backend.readFile("/proc/self/status", { maxBytes: 16 }));
    expect(error).toMatchObject({ code: "BACKEND_FILE_TOO_LARGE", limit: 16, size: null });
  });

  it("stops a file that grows while it is read at the budget", async () => {
    const path = join(await makeTempDir(), "log.txt");
    await writeFile(path, "x".repeat(100));
    const reader = await backend.openFile(path, { maxBytes: 64 * 1024 });
    expect((await reader.read())?.byteLength).toBe(100);
    await appendFile(path, "y".repeat(1024 * 1024));
    const error = await rejection(
      (async () => {
        while ((await reader.read()) !== null);
      })(),
    );
    await reader.close();
    expect(error).toMatchObject({ code: "BACKEND_FILE_TOO_LARGE", size: null });
  });

  it("a FIFO swapped in between the stat and the open is refused, never blocks", async () => {
    const dir = await makeTempDir();
    const path = join(dir, "target");
    const file = join(dir, "file");
    const fifo = await mkfifo(join(dir, "fifo"));
    await writeFile(file, "content");
    await rename(file, path);
    let swaps = 0;
    let stop = false;
    const swapper = (async () => {
      // `path` alternates between the regular file and the FIFO, each rename atomic.
      while (!stop) {
        await rename(path, swaps % 2 === 0 ? file : fifo);
        await rename(swaps % 2 === 0 ? fifo : file, path);
        swaps++;
      }
    })();
    const outcomes = new Set<string>();
    try {
      for (let i = 0; i < 300; i++) {
        const result = await bounded(
          backend.readFile(path).then(
            (bytes) => new TextDecoder().decode(bytes),
            (error: unknown) => (error as { code?: string }).code ?? String(error),
          ),
          "readFile during swaps",
        );
        outcomes.add(result);
      }
    } finally {
      stop = true;
      await swapper;
    }
    // Every read returned: the content, a refusal, or the path caught between two renames.
    for (const outcome of outcomes) {
      expect(["content", "BACKEND_NOT_A_REGULAR_FILE", "BACKEND_IO_FAILED"]).toContain(outcome);
    }
  });

  it("followSymlinks: false refuses a symlink as the last component (ELOOP)", async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, "real.txt"), "real");
    await symlink(join(dir, "real.txt"), join(dir, "link.txt"));
    const read = await rejection(
      backend.readFile(join(dir, "link.txt"), { followSymlinks: false }),
    );
    expect(read).toBeInstanceOf(BackendIoError);
    expect(read).toMatchObject({ errno: "ELOOP" });
    const write = await rejection(
      backend.writeFile(join(dir, "link.txt"), "evil", { followSymlinks: false }),
    );
    expect(write).toMatchObject({ code: "BACKEND_IO_FAILED", errno: "ELOOP" });
    expect(await readFile(join(dir, "real.txt"), "utf8")).toBe("real");
    expect(new TextDecoder().decode(await backend.readFile(join(dir, "link.txt")))).toBe("real");
  });
});

describe("LocalBackend file writes under hostile input (issue 10 §3)", () => {
  it("refuses to write to a FIFO (no reader: the write returns, nothing blocks)", async () => {
    const fifo = await mkfifo(join(await makeTempDir(), "pipe"));
    const error = await bounded(rejection(backend.writeFile(fifo, "data")), "writeFile(FIFO)");
    expect(error).toMatchObject({ code: "BACKEND_NOT_A_REGULAR_FILE", kind: "FIFO" });
  });

  it("refuses to write to a listening socket", async () => {
    const path = join(await makeTempDir(), "sock");
    const server = await listenOnSocket(path);
    try {
      const error = await rejection(backend.writeFile(path, "data"));
      expect(error).toMatchObject({ code: "BACKEND_NOT_A_REGULAR_FILE", kind: "socket" });
    } finally {
      server.close();
    }
  });

  it("replaces a regular file's content and creates missing parents", async () => {
    const dir = await makeTempDir();
    const path = join(dir, "a", "b", "f.txt");
    await backend.writeFile(path, "a longer first content");
    await backend.writeFile(path, "short");
    expect(await readFile(path, "utf8")).toBe("short");
  });
});

describe("openFileReader", () => {
  it("falls back to stat and a budgeted readFile on a backend without openFile", async () => {
    const path = join(await makeTempDir(), "f.txt");
    await writeFile(path, "hello");
    const plain: Pick<ExecutionBackend, "readFile" | "stat"> = {
      readFile: (p, o) => backend.readFile(p, o),
      stat: (p, o) => backend.stat(p, o),
    };
    const reader = await openFileReader(plain, path, { maxBytes: 10 });
    expect(reader.stat.kind).toBe("file");
    expect(new TextDecoder().decode((await reader.read()) ?? new Uint8Array())).toBe("hello");
    expect(await reader.read()).toBeNull();
    await reader.close();
    const fifo = await mkfifo(join(await makeTempDir(), "pipe"));
    expect(await rejection(openFileReader(plain, fifo))).toMatchObject({
      code: "BACKEND_NOT_A_REGULAR_FILE",
    });
    expect(await rejection(openFileReader(plain, join(path, "..", "nope")))).toMatchObject({
      errno: "ENOENT",
    });
  });
});

describe("LocalBackend options", () => {
  it("refuses an unknown option, naming the nearest known one", () => {
    expect(() => new LocalBackend({ cwdd: "/tmp" } as never)).toThrow(ValidationError);
    expect(() => new LocalBackend({ killGrace: 1 } as never)).toThrow(
      /Unknown option "killGrace"; did you mean "killGraceMs"\?/,
    );
  });
});
