/**
 * A local HTTP server that speaks the Chat Completions protocol (`POST /v1/chat/completions`,
 * JSON and SSE streaming), scripted per test: each request takes the next queued reply. Fault
 * modes: error statuses (429 with `retry-after`, 401, …), a connection dropped mid-stream, a
 * malformed chunk, a stream that ends without finishing, a server that stalls after some chunks,
 * and one that never answers; and hostile bodies: raw bytes of any kind (an HTML page with a 200,
 * a body cut mid-chunk, then ended or with the socket destroyed) and a stream that never ends but
 * keeps sending keep-alives. Every request is recorded (headers and JSON body), so tests can check
 * what the real `openai` SDK sent.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** An SSE event: an object is sent as JSON, a string is sent as is (to script malformed data). */
export type SseEvent = object | string;

/** What the server answers to one request. */
export type ServerReply =
  /** A JSON body (a completion, or anything else). */
  | { kind: "json"; body: unknown; status?: number; headers?: Record<string, string> }
  /** An SSE stream of `events`, then `data: [DONE]` unless `done` is false. */
  | { kind: "sse"; events: readonly SseEvent[]; done?: boolean }
  /** An OpenAI-style error body with `status`. */
  | {
      kind: "error";
      status: number;
      message: string;
      type?: string;
      code?: string | null;
      headers?: Record<string, string>;
    }
  /** SSE `events`, then the socket is destroyed (a connection lost mid-stream). */
  | { kind: "drop"; events: readonly SseEvent[] }
  /** SSE headers and `events`, then silence (the response never ends). */
  | { kind: "stall"; events?: readonly SseEvent[] }
  /** No answer at all, not even headers. */
  | { kind: "hang" }
  /**
   * Raw `body` pieces, written in order with `status` and `headers` (no content type unless
   * given), then the response ends (`end`, default) or the socket is destroyed (`destroy`).
   */
  | {
      kind: "raw";
      body: string | readonly string[];
      status?: number;
      headers?: Record<string, string>;
      end?: "end" | "destroy";
    }
  /**
   * SSE `events`, then `beat` (raw text: an SSE comment, an empty chunk, or bytes without any
   * newline) written again and again until the client goes away: a stream that never ends.
   */
  | { kind: "keepalive"; events?: readonly SseEvent[]; beat: string };

/** A request as the server saw it. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The parsed JSON body (`{}` when there was none). */
  readonly body: Record<string, unknown>;
}

/** A queued reply, or a function of the request giving one. */
export type ScriptedReply = ServerReply | ((request: RecordedRequest) => ServerReply);

/** A running scripted server. */
export interface OpenAIServer {
  /** `http://127.0.0.1:<port>/v1`, the base URL for the SDK. */
  readonly baseURL: string;
  /** Every request received, oldest first. */
  readonly requests: RecordedRequest[];
  /** Queues replies, used one per request in order. */
  reply(...replies: ScriptedReply[]): void;
  /**
   * Forgets queued replies and recorded requests: a test whose request was aborted before it
   * arrived must not hand its reply to the next test.
   */
  reset(): void;
  /** Closes every connection (ending hung and stalled responses) and the server. */
  close(): Promise<void>;
}

/** Starts a scripted Chat Completions server on a free loopback port. */
export async function startOpenAIServer(): Promise<OpenAIServer> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const request: RecordedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: text === "" ? {} : (JSON.parse(text) as Record<string, unknown>),
      };
      requests.push(request);
      if (request.method !== "POST" || request.path !== "/v1/chat/completions") {
        sendError(res, 404, `No route for ${request.method} ${request.path}`);
        return;
      }
      const next = queue.shift();
      if (next === undefined) {
        sendError(res, 500, "The test server has no scripted reply left for this request");
        return;
      }
      serve(typeof next === "function" ? next(request) : next, res);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port bound");

  return {
    baseURL: `http://127.0.0.1:${address.port}/v1`,
    requests,
    reply: (...replies) => {
      queue.push(...replies);
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => {
          resolve();
        });
      }),
  };
}

function serve(reply: ServerReply, res: ServerResponse): void {
  switch (reply.kind) {
    case "json":
      res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
      res.end(JSON.stringify(reply.body));
      return;
    case "error":
      res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      res.end(
        JSON.stringify({
          error: {
            message: reply.message,
            type: reply.type ?? "invalid_request_error",
            param: null,
            code: reply.code ?? null,
          },
        }),
      );
      return;
    case "sse":
      startSse(res, reply.events);
      if (reply.done ?? true) res.write("data: [DONE]\n\n");
      res.end();
      return;
    case "drop":
      startSse(res, reply.events);
      // Let the written events leave before the socket dies, as a dropped connection would.
      setImmediate(() => res.socket?.destroy());
      return;
    case "stall":
      startSse(res, reply.events ?? []);
      return;
    case "hang":
      return;
    case "raw": {
      res.writeHead(reply.status ?? 200, reply.headers ?? {});
      for (const piece of typeof reply.body === "string" ? [reply.body] : reply.body) {
        res.write(piece);
      }
      if (reply.end === "destroy") setImmediate(() => res.socket?.destroy());
      else res.end();
      return;
    }
    case "keepalive": {
      startSse(res, reply.events ?? []);
      const beat = (): void => {
        if (res.destroyed) return;
        // Wait for the socket to drain, so a client that stops reading stops the beats too.
        if (res.write(reply.beat)) setTimeout(beat, 1);
        else res.once("drain", beat);
      };
      beat();
      return;
    }
  }
}

function startSse(res: ServerResponse, events: readonly SseEvent[]): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const event of events) {
    res.write(`data: ${typeof event === "string" ? event : JSON.stringify(event)}\n\n`);
  }
}

function sendError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ error: { message, type: "server_error", param: null, code: null } }));
}

// ---------------------------------------------------------------------------------------------
// Payload builders (the Chat Completions wire shapes).

/** `usage` with `prompt_tokens_details.cached_tokens`. */
export function usage(prompt: number, completion: number, cached = 0): Record<string, unknown> {
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: cached },
  };
}

/** A tool call in a completion message. */
export interface WireToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A non-streamed chat completion. */
export function completion(
  message: {
    content?: string | null;
    reasoning_content?: string;
    tool_calls?: readonly WireToolCall[];
  },
  options: { usage?: Record<string, unknown>; finish_reason?: string; id?: string } = {},
): Record<string, unknown> {
  const toolCalls = message.tool_calls?.map((call) => ({
    id: call.id,
    type: "function",
    function: { name: call.name, arguments: call.arguments },
  }));
  return {
    id: options.id ?? "chatcmpl-test",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "test-model",
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: message.content ?? null,
          refusal: null,
          ...(message.reasoning_content === undefined
            ? {}
            : { reasoning_content: message.reasoning_content }),
          ...(toolCalls === undefined ? {} : { tool_calls: toolCalls }),
        },
        finish_reason: options.finish_reason ?? (toolCalls === undefined ? "stop" : "tool_calls"),
        logprobs: null,
      },
    ],
    ...(options.usage === undefined ? {} : { usage: options.usage }),
  };
}

/** One streamed chunk with `delta`; `finish_reason` null unless given. */
export function chunk(
  delta: Record<string, unknown>,
  options: { finish_reason?: string | null; id?: string } = {},
): Record<string, unknown> {
  return {
    id: options.id ?? "chatcmpl-stream",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "test-model",
    choices: [{ index: 0, delta, finish_reason: options.finish_reason ?? null, logprobs: null }],
  };
}

/** The usage-only last chunk (`choices: []`), as with `stream_options.include_usage`. */
export function usageChunk(
  value: Record<string, unknown>,
  id = "chatcmpl-stream",
): Record<string, unknown> {
  return {
    id,
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "test-model",
    choices: [],
    usage: value,
  };
}

/** A text answer streamed in `pieces`: role chunk, content deltas, a `stop` chunk, then usage. */
export function textStream(
  pieces: readonly string[],
  options: { usage?: Record<string, unknown>; reasoning?: readonly string[] } = {},
): SseEvent[] {
  return [
    chunk({ role: "assistant", content: "" }),
    ...(options.reasoning ?? []).map((piece) => chunk({ reasoning_content: piece })),
    ...pieces.map((piece) => chunk({ content: piece })),
    chunk({}, { finish_reason: "stop" }),
    ...(options.usage === undefined ? [] : [usageChunk(options.usage)]),
  ];
}

/** A tool-call delta: the first one of a call carries `id` and `name`, later ones only arguments. */
export function toolCallDelta(
  index: number,
  args: string,
  first?: { id: string; name: string },
): Record<string, unknown> {
  return chunk({
    tool_calls: [
      {
        index,
        ...(first === undefined ? {} : { id: first.id, type: "function" }),
        function: { ...(first === undefined ? {} : { name: first.name }), arguments: args },
      },
    ],
  });
}
