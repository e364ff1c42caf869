// A hostile MCP server over stdio, in plain JavaScript so it starts in milliseconds. It completes
// the handshake, then answers what the test tells it to, verbatim, with no schema in the way:
// - tools/call `reflect` {payload}: the result is `payload` itself (anything: a result that
//   breaks the MCP schema, huge text, wrong content kinds …);
// - tools/call `fail_with` {payload}: a JSON-RPC error whose `error` member is `payload`;
// - tools/call `set_list` {payload}: the next tools/list results are `payload` (an object; any other
//   value is sent as `{ tools: payload }`, since a result that is no object at all is never
//   answered, and a listing waits 30 s for its answer — the call results cover that case);
// - tools/call `raw` {lines}: writes each string of `lines` onto stdout as is (frames with unknown
//   ids, notifications nobody asked for, garbage), then answers the call normally.
import { createInterface } from "node:readline";

const DEFAULT_TOOLS = [
  { name: "reflect", inputSchema: { type: "object" } },
  { name: "fail_with", inputSchema: { type: "object" } },
  { name: "set_list", inputSchema: { type: "object" } },
  { name: "raw", inputSchema: { type: "object" } },
];
let listResult = { tools: DEFAULT_TOOLS };

const send = (message) => {
  process.stdout.write(`${JSON.stringify(message)}\n`);
};

const reply = (id, result) => {
  send({ jsonrpc: "2.0", id, result });
};

createInterface({ input: process.stdin }).on("line", (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  const { id, method, params } = message ?? {};
  if (id === undefined) return; // a notification
  if (method === "initialize") {
    reply(id, {
      protocolVersion: params?.protocolVersion ?? "2025-06-18",
      capabilities: { tools: { listChanged: true } },
      serverInfo: { name: "hostile", version: "1.0.0" },
    });
    return;
  }
  if (method === "tools/list") {
    reply(id, listResult);
    return;
  }
  if (method !== "tools/call") {
    send({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } });
    return;
  }
  const args = params?.arguments ?? {};
  switch (params?.name) {
    case "reflect":
      reply(id, args.payload);
      return;
    case "fail_with":
      send({ jsonrpc: "2.0", id, error: args.payload });
      return;
    case "set_list":
      listResult =
        typeof args.payload === "object" && args.payload !== null && !Array.isArray(args.payload)
          ? args.payload
          : { tools: args.payload };
      reply(id, { content: [{ type: "text", text: "set" }] });
      return;
    case "raw":
      for (const frame of Array.isArray(args.lines) ? args.lines : []) {
        process.stdout.write(`${String(frame).replace(/\n/g, " ")}\n`);
      }
      reply(id, { content: [{ type: "text", text: "raw done" }] });
      return;
    default:
      reply(id, { content: [{ type: "text", text: "unknown tool" }], isError: true });
  }
});
process.stdin.on("end", () => process.exit(0));
