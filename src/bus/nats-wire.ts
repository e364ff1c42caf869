import { MsgHdrsImpl, headers as natsHeaders, type MsgHdrs, type PublishOptions } from "nats";
import type { BusHeaders } from "./bus.js";
import type { Codec } from "./codec.js";
import { CODECS } from "./codec-choice.js";

/** Names the codec of the payload, so a receiver decodes whatever the sender chose. */
export const CODEC_HEADER = "as-codec";
/** Marks an error reply: the payload is a wire error `{ code, message, data }`. */
export const ERROR_HEADER = "as-error";

/**
 * Headers that never change (the codec's name, the error mark): encoded to bytes once, not on
 * every publish as nats.js otherwise does. Never mutated after construction.
 */
class FrozenHeaders extends MsgHdrsImpl {
  private bytes: Uint8Array | undefined;
  override encode(): Uint8Array {
    return (this.bytes ??= super.encode());
  }
}

function frozen(entries: readonly (readonly [string, string])[]): MsgHdrs {
  const h = new FrozenHeaders();
  for (const [key, value] of entries) h.set(key, value);
  return h;
}

/**
 * Builds nats.js publish options for one bus's codec. The options object is reused: nats.js
 * reads it synchronously inside `publish`, so one scratch object per bus saves an allocation
 * per message; only caller-supplied headers need a fresh header object.
 */
export class WireWriter {
  private readonly plain: MsgHdrs;
  private readonly error: MsgHdrs;
  private readonly scratch: PublishOptions = {};

  constructor(private readonly codec: Codec) {
    this.plain = frozen([[CODEC_HEADER, codec.name]]);
    this.error = frozen([
      [CODEC_HEADER, codec.name],
      [ERROR_HEADER, "1"],
    ]);
  }

  /** Publish options for one message; valid until the next call. */
  options(
    replyTo: string | undefined,
    headers: BusHeaders | undefined,
    isError: boolean,
  ): PublishOptions {
    const scratch = this.scratch;
    scratch.reply = replyTo ?? "";
    scratch.headers =
      headers === undefined ? (isError ? this.error : this.plain) : this.build(headers, isError);
    return scratch;
  }

  private build(headers: BusHeaders, isError: boolean): MsgHdrs {
    const h = natsHeaders();
    for (const key in headers) {
      const value = headers[key];
      if (value !== undefined) h.set(key, value);
    }
    // Set last: a caller's header of the same name cannot make the payload unreadable.
    h.set(CODEC_HEADER, this.codec.name);
    if (isError) h.set(ERROR_HEADER, "1");
    else h.delete(ERROR_HEADER);
    return h;
  }
}

/** What the headers of a received message say about its payload. */
export interface WireHeaders {
  /** The codec to decode with (`undefined`: the header names a codec this process lacks). */
  readonly codec: Codec | undefined;
  readonly codecName: string;
  readonly isError: boolean;
  /** The caller's own headers (ours removed); `undefined` when there are none. */
  readonly user: BusHeaders | undefined;
}

/**
 * Reads our headers of a received message. The receiving bus's own codec is understood even when
 * it is a custom one (not in {@link CODECS}), between processes that share it. Allocation-free
 * for the common case of a message carrying only our headers: the answers are cached per codec.
 */
export class WireReader {
  private readonly cache = new Map<string, readonly [WireHeaders, WireHeaders]>();

  constructor(private readonly own: Codec) {}

  read(h: MsgHdrs | undefined): WireHeaders {
    // Payloads without a codec header (a plain NATS client, `nats pub`) are read as JSON.
    if (h === undefined) return this.cached("json")[0];
    const map = h instanceof MsgHdrsImpl ? h.headers : undefined;
    const codecName = (map === undefined ? h.get(CODEC_HEADER) : map.get(CODEC_HEADER)?.[0]) ?? "";
    const isError = map === undefined ? h.has(ERROR_HEADER) : map.has(ERROR_HEADER);
    const ours = (codecName === "" ? 0 : 1) + (isError ? 1 : 0);
    const count = map === undefined ? h.keys().length : map.size;
    const cached = this.cached(codecName === "" ? "json" : codecName)[isError ? 1 : 0];
    return count > ours ? { ...cached, user: userHeaders(h) } : cached;
  }

  private cached(codecName: string): readonly [WireHeaders, WireHeaders] {
    let pair = this.cache.get(codecName);
    if (pair === undefined) {
      // Bounded: a hostile peer naming many codecs fills at most this many entries.
      if (this.cache.size > 16) this.cache.clear();
      const codec = codecName === this.own.name ? this.own : CODECS.get(codecName);
      pair = [
        { codec, codecName, isError: false, user: undefined },
        { codec, codecName, isError: true, user: undefined },
      ];
      this.cache.set(codecName, pair);
    }
    return pair;
  }
}

function userHeaders(h: MsgHdrs): BusHeaders | undefined {
  let out: Record<string, string> | undefined;
  for (const [key, values] of h) {
    if (key === CODEC_HEADER || key === ERROR_HEADER) continue;
    const value = values[0];
    if (value !== undefined) (out ??= {})[key] = value;
  }
  return out;
}
