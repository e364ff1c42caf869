/**
 * How to launch the stdio fixture MCP server (`stdio-fixture.ts`) — node with tsx's loader and the
 * `actorscope-source` condition, in a temporary working directory with HOME another temporary
 * directory — and how to read the events it records.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { FixtureEvent } from "./fixture-server.js";

const ROOT = resolve(import.meta.dirname, "../../..");
// tsx as a loader of the child node process (not its CLI, which would add a process of its own):
// the pid the client holds is the server itself, so a kill or a crash is the server's.
const TSX_LOADER = pathToFileURL(join(ROOT, "node_modules", "tsx", "dist", "loader.mjs")).href;
const ENTRY = join(ROOT, "test", "harness", "mcp", "stdio-fixture.ts");

/** What an MCP client needs to spawn the fixture (the SDK's `StdioServerParameters` shape). */
export interface StdioFixtureCommand {
  readonly command: string;
  readonly args: string[];
  readonly env: Record<string, string>;
  readonly cwd: string;
}

export interface StdioFixtureOptions {
  /** The file the server appends its events to (see `createFixtureScratch`). */
  readonly eventsFile?: string;
  /** Also list `bad_schema`. */
  readonly badSchema?: boolean;
  /** Working directory; a shared temporary one when absent. */
  readonly cwd?: string;
  /** HOME; another shared temporary directory when absent. */
  readonly home?: string;
}

/** Temporary directories for stdio fixtures: a working directory, a HOME and events files. */
export interface FixtureScratch {
  readonly cwd: string;
  readonly home: string;
  /** A fresh (not yet existing) events file path inside the scratch directory. */
  eventsFile(): string;
  /** Removes the scratch directory and everything in it. */
  remove(): void;
}

/**
 * Makes a scratch directory, which the test removes (`afterAll`/`afterEach`): vitest's workers do
 * not reliably run `exit` handlers, so nothing cleans up behind the test's back.
 */
export function createFixtureScratch(): FixtureScratch {
  const root = mkdtempSync(join(tmpdir(), "actorscope-mcp-fixture-"));
  const cwd = join(root, "cwd");
  const home = join(root, "home");
  mkdirSync(cwd);
  mkdirSync(home);
  let files = 0;
  return {
    cwd,
    home,
    eventsFile: () => join(root, `events-${++files}.jsonl`),
    remove: () => {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * The working directory and HOME used when a caller gives none: one fixed pair per user under the
 * temporary directory, reused by every run (so nothing piles up), and never the real HOME.
 */
function sharedDirs(): { cwd: string; home: string } {
  const root = join(tmpdir(), `actorscope-mcp-fixture-shared-${process.getuid?.() ?? "user"}`);
  const dirs = { cwd: join(root, "cwd"), home: join(root, "home") };
  mkdirSync(dirs.cwd, { recursive: true });
  mkdirSync(dirs.home, { recursive: true });
  return dirs;
}

/**
 * The command, arguments, environment and working directory that run the stdio fixture.
 *
 * @example
 * const scratch = createFixtureScratch(); // scratch.remove() in afterAll
 * const eventsFile = scratch.eventsFile();
 * const command = stdioFixtureCommand({ eventsFile, cwd: scratch.cwd, home: scratch.home });
 * const transport = new StdioClientTransport({ ...command, stderr: "pipe" });
 */
export function stdioFixtureCommand(options: StdioFixtureOptions = {}): StdioFixtureCommand {
  const shared = options.cwd === undefined || options.home === undefined ? sharedDirs() : undefined;
  const env: Record<string, string> = {
    HOME: options.home ?? shared?.home ?? "",
    TSX_TSCONFIG_PATH: join(ROOT, "tsconfig.json"),
  };
  if (options.eventsFile !== undefined) env.MCP_FIXTURE_EVENTS = options.eventsFile;
  if (options.badSchema === true) env.MCP_FIXTURE_BAD_SCHEMA = "1";
  return {
    command: process.execPath,
    args: ["--conditions=actorscope-source", "--import", TSX_LOADER, ENTRY],
    env,
    cwd: options.cwd ?? shared?.cwd ?? "",
  };
}

/** Every event recorded in `file` so far (none if the file does not exist yet). */
export function readEvents(file: string): FixtureEvent[] {
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, "utf8").split("\n");
  // The last piece is "" or a line still being written: only whole lines are events.
  lines.pop();
  return lines.filter((line) => line !== "").map((line) => JSON.parse(line) as FixtureEvent);
}

/** Polls `file` until an event matches; throws (listing what was recorded) after `timeoutMs`. */
export async function waitForEvent(
  file: string,
  predicate: (event: FixtureEvent) => boolean,
  timeoutMs = 5_000,
): Promise<FixtureEvent> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = readEvents(file);
    const found = events.find(predicate);
    if (found !== undefined) return found;
    if (Date.now() >= deadline)
      throw new Error(
        `no matching MCP fixture event in ${timeoutMs} ms; recorded: ${JSON.stringify(events)}`,
      );
    await new Promise((wake) => setTimeout(wake, 20));
  }
}
