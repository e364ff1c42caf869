import type { Codec } from "./codec.js";
import { msgpackCodec } from "./msgpack-codec.js";

/** Turns a published value into what a subscriber sees. */
export type PayloadCopy = (value: unknown) => unknown;

/**
 * The copy the in-process bus makes once per publish, so subscribers see what a transport would
 * give them: a codec round-trip (plain data; a `Msg` arrives as its `toJSON()`; the publisher may
 * change its object afterwards), or with `"none"` the value itself (fastest, for trusted
 * simulations whose subscribers never mutate what they receive).
 */
export function payloadCopy(codec: Codec | "none" = msgpackCodec): PayloadCopy {
  if (codec === "none") return identity;
  return (value) => codec.decode(codec.encode(value));
}

function identity(value: unknown): unknown {
  return value;
}
