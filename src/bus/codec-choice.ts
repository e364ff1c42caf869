import { BusError, BusErrorCode } from "./bus-error.js";
import type { Codec } from "./codec.js";
import { jsonCodec } from "./json-codec.js";
import { msgpackCodec } from "./msgpack-codec.js";

/** The codecs every process knows by name: a receiver decodes whichever one the sender named. */
export const CODECS: ReadonlyMap<string, Codec> = new Map([
  [msgpackCodec.name, msgpackCodec],
  [jsonCodec.name, jsonCodec],
]);

/**
 * The codec a bus encodes every payload with unless told otherwise: MessagePack. `bench/codec`
 * (bench/README.md "codec") measured it against JSON on the bus's payloads. On agent events the
 * two are level (within ±12%, run to run); on a `Msg` JSON's encode was up to 30% faster in some
 * runs, its decode level — and decode is what a fan-out multiplies (a hub message is encoded
 * once, decoded by every participant). On tool results msgpack is 1.8–2.6× faster (2 KB of text)
 * to 4× (a 96 KB image in base64), and 23–30× when the image travels as raw bytes, which JSON
 * cannot carry; it is 2–17% smaller everywhere. One codec wins or ties on every kind, so there
 * is one default rather than a chooser per payload kind.
 */
export const DEFAULT_CODEC: Codec = msgpackCodec;

/**
 * The codec for a `codec` option: `"msgpack"` (the default), `"json"`, or a custom
 * {@link Codec} (receivers understand it when they are given the same one). Unknown names are
 * refused with `BUS_CODEC`.
 */
export function resolveCodec(choice: string | Codec | undefined): Codec {
  if (choice === undefined) return DEFAULT_CODEC;
  if (typeof choice !== "string") return choice;
  const codec = CODECS.get(choice);
  if (codec === undefined) {
    throw new BusError(
      BusErrorCode.BUS_CODEC,
      `Unknown codec "${choice}"; use ${[...CODECS.keys()].map((n) => `"${n}"`).join(" or ")}, or pass a Codec object.`,
    );
  }
  return codec;
}
