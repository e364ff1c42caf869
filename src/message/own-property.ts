/**
 * Sets `key` on `target` as an own data property. `target[key] = value` would call the
 * `__proto__` setter for a key named `__proto__` (which arrives in any JSON object:
 * `JSON.parse('{"__proto__": …}')` makes it an own key) and replace the target's prototype;
 * here it stays data, like every other key.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}

/**
 * `Object.assign(target, source)` for data: every own enumerable key of `source` is set with
 * {@link setOwn}, so no key of `source` can change the prototype of `target`.
 */
export function assignOwn(
  target: Record<string, unknown>,
  source: Readonly<Record<string, unknown>>,
): void {
  for (const key of Object.keys(source)) setOwn(target, key, source[key]);
}
