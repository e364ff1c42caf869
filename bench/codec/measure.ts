import type { Codec } from "../../src/bus/index.js";

/** How long and how often to measure. */
export interface CodecMeasureOptions {
  /** Timed batches per codec, payload and operation. */
  rounds: number;
  /** Target wall time of one batch, in ms. */
  sampleMs: number;
}

/** One codec on one payload: ns per operation of every batch, in order. */
export interface Samples {
  /** encode then decode, ns per pair. */
  roundTrip: number[];
  /** decode only, ns. */
  decode: number[];
}

/** One measured pair: a codec and the value it encodes. */
export interface Contender {
  readonly codec: Codec;
  readonly value: unknown;
}

let sink = 0;

/** ns per call of `op` over `count` calls. */
function time(op: () => void, count: number): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) op();
  return Number(process.hrtime.bigint() - start) / count;
}

/** How many calls of `op` take about `ms` (warming it up on the way). */
function calibrate(op: () => void, ms: number): number {
  let count = 16;
  for (;;) {
    const ns = time(op, count) * count;
    if (ns >= 10e6 || count >= 1 << 22) return Math.max(1, Math.round((count * ms * 1e6) / ns));
    count *= 2;
  }
}

function operations(codec: Codec, value: unknown): { roundTrip: () => void; decode: () => void } {
  const bytes = codec.encode(value);
  return {
    roundTrip: () => {
      if (codec.decode(codec.encode(value)) !== undefined) sink++;
    },
    decode: () => {
      if (codec.decode(bytes) !== undefined) sink++;
    },
  };
}

/**
 * Measures the contenders of one payload in alternating batches (a batch of one, then of the
 * other, `rounds` times), so a moment when the shared machine is busy falls on both alike.
 */
export function measurePair(
  contenders: readonly Contender[],
  options: CodecMeasureOptions,
): Samples[] {
  const plans = contenders.map(({ codec, value }) => {
    const ops = operations(codec, value);
    return {
      ...ops,
      roundTripCount: calibrate(ops.roundTrip, options.sampleMs),
      decodeCount: calibrate(ops.decode, options.sampleMs),
    };
  });
  const samples: Samples[] = contenders.map(() => ({ roundTrip: [], decode: [] }));
  for (let round = 0; round < options.rounds; round++) {
    plans.forEach((plan, i) => {
      samples[i]?.roundTrip.push(time(plan.roundTrip, plan.roundTripCount));
    });
    plans.forEach((plan, i) => {
      samples[i]?.decode.push(time(plan.decode, plan.decodeCount));
    });
  }
  if (sink < 0) console.log(sink); // keeps the work observable
  return samples;
}

/**
 * The figure of a list of batch times: their 10th percentile. On a machine shared with other
 * work, a batch is only ever slowed down, never sped up, so the fast batches are the ones least
 * disturbed; the 10th percentile is that, without trusting one lucky batch as the minimum would.
 */
export function typical(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 10)] ?? Number.NaN;
}
