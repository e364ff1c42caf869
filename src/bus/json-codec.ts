import { BusError, BusErrorCode } from "./bus-error.js";
import type { Codec } from "./codec.js";

const decoder = new TextDecoder("utf-8", { fatal: true });

/** UTF-8 JSON: what any NATS client can read (`nats sub` shows it as text). */
export const jsonCodec: Codec = {
  name: "json",
  encode(value: unknown): Uint8Array {
    let text: string | undefined;
    try {
      text = JSON.stringify(value);
    } catch (error) {
      throw new BusError(
        BusErrorCode.BUS_CODEC,
        `Cannot encode the payload as JSON: ${String(error)}`,
        {
          cause: error,
        },
      );
    }
    // Buffer.from is 3-5× faster than TextEncoder.encode on Node for bus-sized strings
    // (bench/codec); a Buffer is a Uint8Array, which is all a transport needs.
    return Buffer.from(text ?? "null", "utf8");
  },
  decode(bytes: Uint8Array): unknown {
    if (bytes.length === 0) return undefined;
    try {
      return JSON.parse(decoder.decode(bytes)) as unknown;
    } catch (error) {
      throw new BusError(
        BusErrorCode.BUS_CODEC,
        `Cannot decode the payload as JSON: ${String(error)}`,
        {
          cause: error,
        },
      );
    }
  },
};
