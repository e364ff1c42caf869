/** A value, or a promise of it: sync tools pay no promise per check. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Whether a hook's result must be awaited. Duck-typed on `then` rather than `instanceof Promise`
 * because a thenable from another realm or library that slipped through would otherwise be taken
 * for the value itself, and a truthy "read-only" object would allow a call.
 */
export function isPromiseLike<T>(value: MaybePromise<T>): value is Promise<T> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}
