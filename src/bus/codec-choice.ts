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
 * The codec a bus encodes with when none is chosen. MessagePack: `bench/codec` measured it
 * against JSON on agent events, messages and tool results (bench/README.md "codec"), and it is
 * the one that keeps binary data binary.
 */
export const DEFAULT_CODEC: Codec = msgpackCodec;

/** A codec by name (`"msgpack"`, `"json"`) or the codec itself; unknown names are refused. */
export function resolveCodec(choice: string | Codec | undefined): Codec {
  if (choice === undefined) return DEFAULT_CODEC;
  if (typeof choice !== "string") return choice;
  const codec = CODECS.get(choice);
  if (codec === undefined) {
    throw new BusError(
      BusErrorCode.BUS_CODEC,
      `Unknown codec "${choice}"; use one of: ${[...CODECS.keys()].join(", ")}, or pass a Codec object.`,
    );
  }
  return codec;
}
