import { Buffer } from "node:buffer";
import { ModelError } from "../errors/model-error.js";
import { ModelErrorCode } from "../errors/model-error-code.js";

/** How much a provider may send in one response, in bytes. */
export interface ResponseLimits {
  /** The whole body (a completion, or every chunk of a stream together). */
  readonly maxResponseBytes: number;
  /** One server-sent event (the text between two blank lines). */
  readonly maxEventBytes: number;
}

/** Where a limit was passed, for the message. */
interface LimitContext {
  readonly model: string;
  readonly baseURL: string;
}

// Where the SDK's SSE reader ends an event (its `findDoubleNewlineIndex`): the same three
// separators, so no event the SDK keeps buffering escapes the count.
const SEPARATORS = [Buffer.from("\r\r"), Buffer.from("\n\n"), Buffer.from("\r\n\r\n")];

/**
 * A `fetch` for the SDK that counts what the provider sends and fails the body once it passes a
 * limit, with a `MODEL_UPSTREAM` {@link ModelError}. Without it a hostile or broken server could
 * send one endless line (the SDK buffers an event until its blank line, copying the buffer on
 * every read, so memory and time grow without bound) or an endless body.
 */
export function limitedFetch(limits: ResponseLimits, ctx: LimitContext): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.body === null) return response;
    const counter = new BodyCounter(limits, ctx);
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          const problem = counter.add(chunk);
          if (problem === null) controller.enqueue(chunk);
          else controller.error(problem);
        },
      }),
    );
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** Counts the bytes of one body: in total, and since the last event separator (exported for tests). */
export class BodyCounter {
  readonly #limits: ResponseLimits;
  readonly #ctx: LimitContext;
  #total = 0;
  #sinceSeparator = 0;
  /** The last bytes of the previous chunk: a separator may be split across two chunks. */
  #tail: Buffer = Buffer.alloc(0);

  constructor(limits: ResponseLimits, ctx: LimitContext) {
    this.#limits = limits;
    this.#ctx = ctx;
  }

  add(chunk: Uint8Array): ModelError | null {
    this.#total += chunk.byteLength;
    if (this.#total > this.#limits.maxResponseBytes) {
      return this.#error(`more than ${this.#limits.maxResponseBytes} bytes in one response`);
    }
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const end = lastSeparatorEnd(bytes, this.#tail);
    this.#sinceSeparator = end === null ? this.#sinceSeparator + bytes.length : bytes.length - end;
    if (this.#sinceSeparator > this.#limits.maxEventBytes) {
      return this.#error(`an event of more than ${this.#limits.maxEventBytes} bytes`);
    }
    const joined = bytes.length >= 3 ? bytes : Buffer.concat([this.#tail, bytes]);
    this.#tail = Buffer.from(joined.subarray(Math.max(0, joined.length - 3)));
    return null;
  }

  #error(what: string): ModelError {
    return new ModelError(
      ModelErrorCode.UPSTREAM,
      `Model "${this.#ctx.model}" at ${this.#ctx.baseURL} sent ${what}; the call was stopped. Raise maxResponseBytes/maxEventBytes if this is expected.`,
      { model: this.#ctx.model, retryable: false },
    );
  }
}

/**
 * Where (in `bytes`) the text after the last separator starts, or null when `bytes` has none.
 * `tail` (the previous chunk's last bytes) catches a separator split across the two chunks.
 */
function lastSeparatorEnd(bytes: Buffer, tail: Buffer): number | null {
  let end: number | null = null;
  for (const separator of SEPARATORS) {
    const at = bytes.lastIndexOf(separator);
    if (at >= 0 && (end === null || at + separator.length > end)) end = at + separator.length;
  }
  if (end !== null || tail.length === 0) return end;
  const seam = Buffer.concat([tail, bytes.subarray(0, 3)]);
  for (const separator of SEPARATORS) {
    const at = seam.lastIndexOf(separator);
    // A separator that ends inside `bytes` (one wholly inside `tail` was counted before).
    if (at >= 0 && at + separator.length > tail.length) {
      const inBytes = at + separator.length - tail.length;
      if (end === null || inBytes > end) end = inBytes;
    }
  }
  return end;
}
