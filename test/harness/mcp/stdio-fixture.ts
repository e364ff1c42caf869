/**
 * The stdio fixture MCP server, run as a child process (see `stdio-fixture-command.ts`).
 * Env: `MCP_FIXTURE_EVENTS` — a file each event is appended to as one JSON line (synchronously, so
 * a `crash` is on disk before the exit); `MCP_FIXTURE_BAD_SCHEMA=1` — also list `bad_schema`.
 */
import { appendFileSync } from "node:fs";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createFixtureServer, type FixtureEvent } from "./fixture-server.js";

const eventsFile = process.env.MCP_FIXTURE_EVENTS;

const server = createFixtureServer({
  record: (event: FixtureEvent) => {
    if (eventsFile !== undefined && eventsFile !== "")
      appendFileSync(eventsFile, `${JSON.stringify(event)}\n`);
  },
  badSchema: process.env.MCP_FIXTURE_BAD_SCHEMA === "1",
  stdio: {
    stdout: process.stdout,
    stderr: process.stderr,
    exit: (code) => process.exit(code),
  },
});

// Like most stdio servers: the client closing stdin ends the server, even with calls in flight.
process.stdin.once("end", () => {
  process.exit(0);
});

await server.connect(new StdioServerTransport());
process.stderr.write("fixture ready\n");
