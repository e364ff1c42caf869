/**
 * How payloads become bytes on a transport and back. A codec round-trip gives plain data, as
 * `JSON.parse(JSON.stringify(x))` would (objects with `toJSON` travel as what it returns), so a
 * subscriber sees the same shapes on every transport; binary (`Uint8Array`) is kept as binary
 * where the format can carry it.
 */
export interface Codec {
  /** `"msgpack"` or `"json"`; goes in the `as-codec` header so a receiver can tell. */
  readonly name: string;
  encode(value: unknown): Uint8Array;
  /** Throws `BUS_CODEC` on bytes it cannot read. */
  decode(bytes: Uint8Array): unknown;
}
