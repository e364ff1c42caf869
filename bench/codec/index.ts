import { DEFAULT_CODEC, jsonCodec, msgpackCodec, type Codec } from "../../src/bus/index.js";
import { printTable } from "../table.js";
import { measurePair, typical, type CodecMeasureOptions } from "./measure.js";
import { payloads, type Payload, type PayloadKind } from "./payloads.js";

/** Options of the codec benchmark (from `npm run bench -- …`). */
export interface CodecBenchOptions extends CodecMeasureOptions {
  /** Print nothing: the caller prints the returned report as JSON. */
  json: boolean;
}

/** One codec on one payload. */
export interface CodecFigures {
  bytes: number;
  /** encode + decode pairs per second (from the 10th-percentile batch, see `typical`). */
  roundTripPerSec: number;
  /** decodes per second (a fan-out decodes once per subscriber). */
  decodePerSec: number;
}

/** One payload kind: JSON against MessagePack. */
export interface CodecRow {
  payload: string;
  name: string;
  kind: PayloadKind;
  /** How MessagePack carried the binary data (JSON always carries base64). */
  binary: "none" | "base64 string" | "raw bytes";
  json: CodecFigures;
  msgpack: CodecFigures;
  /** MessagePack's size over JSON's (lower is smaller). */
  sizeRatio: number;
  /** How many times faster MessagePack's encode+decode is. */
  roundTripSpeedup: number;
  /** How many times faster MessagePack's decode is. */
  decodeSpeedup: number;
  /** The faster codec for encode+decode. */
  winner: "json" | "msgpack";
}

/** The JSON document of one run (`npm run -s bench -- --json`). */
export interface CodecBenchReport {
  bench: "codec";
  node: string;
  platform: string;
  options: CodecMeasureOptions;
  rows: CodecRow[];
  /**
   * Per payload kind: msgpack's speed-ups (geometric means of its rows, raw bytes left out: no
   * schema carries them today), for encode+decode and for decode alone.
   */
  decision: KindDecision[];
  /**
   * The default codec, and whether the numbers support it for every kind: faster or level
   * (within `TIE`) on encode+decode, or on decode alone — what a fan-out multiplies: a message
   * said in a hub of N is encoded once and decoded N times, an event once per observer.
   */
  defaultCodec: { name: string; supported: boolean };
}

/** What the numbers say about one payload kind. */
export interface KindDecision {
  kind: PayloadKind;
  /** Geometric mean of msgpack's encode+decode speed-ups over the kind's payloads. */
  msgpackSpeedup: number;
  /** The same for decode alone. */
  msgpackDecodeSpeedup: number;
  /** The faster codec for encode+decode, or "tie" when they are within `TIE` of each other. */
  faster: Verdict;
  /** The faster codec for decode alone. */
  fasterDecode: Verdict;
}

type Verdict = "json" | "msgpack" | "tie";

/**
 * Speed-ups within this factor of 1 count as a tie: repeated runs on the same machine move a
 * small payload's ratio by about this much (0.88–1.06 for the same TEXT_BLOCK_DELTA).
 */
export const TIE = 1.12;

interface Case {
  readonly payload: Payload;
  readonly binary: CodecRow["binary"];
  readonly msgpackValue: unknown;
}

function cases(): Case[] {
  return payloads().flatMap((payload): Case[] =>
    payload.binary === undefined
      ? [{ payload, binary: "none", msgpackValue: payload.value }]
      : [
          { payload, binary: "base64 string", msgpackValue: payload.value },
          { payload, binary: "raw bytes", msgpackValue: payload.binary },
        ],
  );
}

const figures = (codec: Codec, value: unknown, roundTrip: number[], decode: number[]) => ({
  bytes: codec.encode(value).length,
  roundTripPerSec: 1e9 / typical(roundTrip),
  decodePerSec: 1e9 / typical(decode),
});

/**
 * msgpackr against JSON on the bus's real payloads: agent events, a `Msg` with tool calls, tool
 * results with text only and with an image. Each codec is timed as the bus uses it (`Codec`
 * from src/bus), in one process, in alternating batches per payload (see `measurePair`).
 */
export function runCodecBench(options: CodecBenchOptions): CodecBenchReport {
  const all = cases();
  if (!options.json) {
    console.log(
      `codec: msgpackr vs JSON on ${all.length} payloads; ${options.rounds} alternating batches of ~${options.sampleMs} ms per codec, payload and operation`,
    );
  }
  const rows = all.map((c): CodecRow => {
    const [j, m] = measurePair(
      [
        { codec: jsonCodec, value: c.payload.value },
        { codec: msgpackCodec, value: c.msgpackValue },
      ],
      options,
    );
    if (j === undefined || m === undefined) throw new Error("missing samples");
    const json = figures(jsonCodec, c.payload.value, j.roundTrip, j.decode);
    const msgpack = figures(msgpackCodec, c.msgpackValue, m.roundTrip, m.decode);
    const roundTripSpeedup = msgpack.roundTripPerSec / json.roundTripPerSec;
    return {
      payload: c.payload.id,
      name: c.payload.name,
      kind: c.payload.kind,
      binary: c.binary,
      json,
      msgpack,
      sizeRatio: msgpack.bytes / json.bytes,
      roundTripSpeedup,
      decodeSpeedup: msgpack.decodePerSec / json.decodePerSec,
      winner: roundTripSpeedup >= 1 ? "msgpack" : "json",
    };
  });
  const decision = decide(rows);
  const report: CodecBenchReport = {
    bench: "codec",
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    options: { rounds: options.rounds, sampleMs: options.sampleMs },
    rows,
    decision,
    defaultCodec: { name: DEFAULT_CODEC.name, supported: supported(DEFAULT_CODEC, decision) },
  };
  if (!options.json) print(report);
  return report;
}

const geometricMean = (xs: readonly number[]): number =>
  Math.exp(xs.reduce((sum, x) => sum + Math.log(x), 0) / xs.length);
const verdict = (speedup: number): Verdict =>
  speedup >= TIE ? "msgpack" : speedup <= 1 / TIE ? "json" : "tie";

function decide(rows: readonly CodecRow[]): KindDecision[] {
  const kinds = [...new Set(rows.map((r) => r.kind))];
  return kinds.map((kind) => {
    const of = rows.filter((r) => r.kind === kind && r.binary !== "raw bytes");
    const speedup = geometricMean(of.map((r) => r.roundTripSpeedup));
    const decode = geometricMean(of.map((r) => r.decodeSpeedup));
    return {
      kind,
      msgpackSpeedup: speedup,
      msgpackDecodeSpeedup: decode,
      faster: verdict(speedup),
      fasterDecode: verdict(decode),
    };
  });
}

/** The default is supported when, for every kind, it is faster or level on one of the two. */
function supported(codec: Codec, decision: readonly KindDecision[]): boolean {
  const fine = (v: Verdict): boolean => v === "tie" || v === codec.name;
  return decision.every((d) => fine(d.faster) || fine(d.fasterDecode));
}

const rate = (perSec: number): string =>
  perSec >= 1e6 ? `${(perSec / 1e6).toFixed(2)} M/s` : `${(perSec / 1e3).toFixed(1)} k/s`;

function print(report: CodecBenchReport): void {
  const header = [
    "payload",
    "JSON B",
    "msgpack B",
    "size",
    "JSON enc+dec",
    "msgpack enc+dec",
    "speed-up",
    "decode speed-up",
  ];
  const rows = report.rows.map((r) => [
    r.binary === "raw bytes" ? `${r.name} (raw bytes in msgpack)` : r.name,
    String(r.json.bytes),
    String(r.msgpack.bytes),
    `${r.sizeRatio.toFixed(2)}×`,
    rate(r.json.roundTripPerSec),
    rate(r.msgpack.roundTripPerSec),
    `${r.roundTripSpeedup.toFixed(2)}×`,
    `${r.decodeSpeedup.toFixed(2)}×`,
  ]);
  printTable(header, rows);
  const say = (x: number, v: Verdict): string =>
    `${x.toFixed(2)}× (${v === "tie" ? "level" : `${v} faster`})`;
  const { name, supported: ok } = report.defaultCodec;
  console.log("msgpack's speed over JSON's, by kind (geometric means; raw bytes left out):");
  for (const d of report.decision) {
    console.log(
      `  ${d.kind}s: enc+dec ${say(d.msgpackSpeedup, d.faster)}, decode ${say(d.msgpackDecodeSpeedup, d.fasterDecode)}`,
    );
  }
  console.log(
    `Default codec: ${name} — ${ok ? "faster or level on every kind" : "NOT supported by these numbers"} (ties within ${TIE}×).`,
  );
}
