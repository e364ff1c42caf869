import { Packr } from "msgpackr";
import { BusError, BusErrorCode } from "./bus-error.js";
import type { Codec } from "./codec.js";
import { mayHoldProtoKey, unpackKeepingProtoKeys } from "./msgpack-proto-keys.js";

// Plain maps, no shared record structures (a receiver in another process has not seen them), and
// `toJSON` honoured so a Msg travels as its wire form, as it does through JSON.
const packr = new Packr({ useRecords: false, mapsAsObjects: true, useToJSON: true });

/** MessagePack (msgpackr): smaller and faster than JSON, and binary stays binary. */
export const msgpackCodec: Codec = {
  name: "msgpack",
  encode(value: unknown): Uint8Array {
    try {
      return packr.pack(value);
    } catch (error) {
      throw new BusError(
        BusErrorCode.BUS_CODEC,
        `Cannot encode the payload as MessagePack: ${String(error)}`,
        {
          cause: error,
        },
      );
    }
  },
  decode(bytes: Uint8Array): unknown {
    if (bytes.length === 0) return undefined;
    try {
      return mayHoldProtoKey(bytes)
        ? unpackKeepingProtoKeys(bytes)
        : (packr.unpack(bytes) as unknown);
    } catch (error) {
      throw new BusError(
        BusErrorCode.BUS_CODEC,
        `Cannot decode the payload as MessagePack: ${String(error)}`,
        {
          cause: error,
        },
      );
    }
  },
};
