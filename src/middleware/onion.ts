/**
 * The next layer of an onion: called with no argument it forwards the input it was given (so a
 * middleware may mutate that object in place), with overrides it forwards `{ ...input, ...overrides }`.
 */
export type Next<I, R> = (overrides?: Partial<I>) => R;

/** One layer: it gets the input and the next layer, and returns what the hook returns. */
export type Layer<I, R> = (input: I, next: Next<I, R>) => R;

/**
 * Composes layers around an implementation; the first layer is the outermost (spec §9). With no
 * layers the implementation itself is returned, so an agent without middleware pays nothing.
 */
export function composeOnion<I extends object, R>(
  layers: readonly Layer<I, R>[],
  impl: (input: I) => R,
): (input: I) => R {
  if (layers.length === 0) return impl;
  const run = (index: number, input: I): R => {
    const layer = layers[index];
    if (layer === undefined) return impl(input);
    return layer(input, (overrides) =>
      run(index + 1, overrides === undefined ? input : { ...input, ...overrides }),
    );
  };
  return (input) => run(0, input);
}
