/**
 * The payloads the codec benchmark encodes: what actually travels on the bus, built with
 * actorscope's own constructors (so field names, defaults and ids are the real ones).
 */
import { AssistantMsg, createEvent, type ToolResultBlock } from "../../src/index.js";

/** One payload kind, as JSON sends it and as MessagePack may send it. */
export interface Payload {
  readonly id: string;
  readonly name: string;
  /** What the bus's codec policy tells apart (see `AUTO_CODEC_POLICY`). */
  readonly kind: PayloadKind;
  /** The value both codecs encode (binary as a base64 string, as the schemas carry it). */
  readonly value: unknown;
  /**
   * The same payload with its binary data as raw bytes, which MessagePack can carry and JSON
   * cannot (JSON gets `value`): the comparison for "binary in msgpack vs base64 in JSON".
   */
  readonly binary?: unknown;
}

/** Agent events (on `.events`), messages (hub `.msgs`, agent commands), tool results (replies). */
export type PayloadKind = "event" | "message" | "tool result";

const REPLY_ID = "rep_3f9c2a7e4b1d4e0a9c2b";
const SESSION_ID = "ses_8d1e0c6b5a4f";
const AGENT_ID = "agent-17";

/** A 2 KB Bash output (an `ls -l` listing): a typical text-only tool result. */
function listing(): string {
  const lines: string[] = ["total 96"];
  for (let i = 0; lines.join("\n").length < 2_000; i++) {
    lines.push(
      `-rw-r--r--  1 sim  staff  ${String(1000 + i * 37).padStart(6)} Mar 14 09:${String(i % 60).padStart(2, "0")} src/actors/agent-${i}.ts`,
    );
  }
  return lines.join("\n");
}

/** Deterministic bytes standing in for a 96 KB PNG screenshot (incompressible, like one). */
function image(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let x = 0x2545f491;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

function toolResult(output: ToolResultBlock["output"]): ToolResultBlock {
  return {
    type: "tool_result",
    id: "call_0b7e5d2c",
    name: "Bash",
    output,
    state: "success",
    metadata: {},
    created_at: "2026-03-14T09:26:53.589Z",
    finished_at: "2026-03-14T09:26:53.912Z",
  };
}

/** Every payload kind the benchmark measures, in table order. */
export function payloads(): Payload[] {
  const textDelta = createEvent("TEXT_BLOCK_DELTA", {
    reply_id: REPLY_ID,
    block_id: "blk_51c0",
    delta: "The build passes; next I will ",
    agent_id: AGENT_ID,
  });
  const toolCallDelta = createEvent("TOOL_CALL_DELTA", {
    reply_id: REPLY_ID,
    tool_call_id: "call_0b7e5d2c",
    delta: '{"command": "npm test -- --run',
    agent_id: AGENT_ID,
  });
  const replyEnd = createEvent("REPLY_END", {
    reply_id: REPLY_ID,
    session_id: SESSION_ID,
    agent_id: AGENT_ID,
  });
  const msg = new AssistantMsg({
    name: "planner",
    content: [
      { type: "text", text: "I will read the config and then run the tests." },
      {
        type: "tool_call",
        id: "call_0b7e5d2c",
        name: "Read",
        input: '{"file_path": "/work/project/tsconfig.json"}',
      },
      {
        type: "tool_call",
        id: "call_9a31f0e4",
        name: "Bash",
        input: '{"command": "npm test -- --run", "timeout": 120000}',
      },
    ],
  }).toJSON();
  const bytes = image(96 * 1024);
  const base64 = Buffer.from(bytes).toString("base64");
  const caption = {
    type: "text" as const,
    text: "Screenshot of the failing page:",
    id: "blk_1",
    created_at: "2026-03-14T09:26:53.699Z",
    finished_at: "2026-03-14T09:26:53.699Z",
  };
  const withImage = (data: string | Uint8Array) =>
    toolResult([
      caption,
      {
        type: "data",
        id: "blk_2",
        source: { type: "base64", data: data as string, media_type: "image/png" },
        name: "screenshot.png",
        created_at: "2026-03-14T09:26:53.700Z",
        finished_at: "2026-03-14T09:26:53.701Z",
      },
    ]);
  return [
    { id: "text-delta", kind: "event", name: "event: TEXT_BLOCK_DELTA", value: textDelta },
    { id: "tool-call-delta", kind: "event", name: "event: TOOL_CALL_DELTA", value: toolCallDelta },
    { id: "reply-end", kind: "event", name: "event: REPLY_END", value: replyEnd },
    { id: "msg-tool-calls", kind: "message", name: "Msg with 2 tool calls", value: msg },
    {
      id: "tool-result-text",
      kind: "tool result",
      name: "tool result, 2 KB text",
      value: toolResult(listing()),
    },
    {
      id: "tool-result-image",
      kind: "tool result",
      name: "tool result, 96 KB image",
      value: withImage(base64),
      binary: withImage(bytes),
    },
  ];
}
