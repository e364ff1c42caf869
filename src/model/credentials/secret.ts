const MASK = "**********";
const inspectCustom = Symbol.for("nodejs.util.inspect.custom");

/**
 * A secret string (an API key) that never shows itself: `String(secret)`, `JSON.stringify` and
 * `util.inspect` all give `**********`. Only {@link Secret.reveal} returns the value — call it
 * where the secret is used, nowhere else.
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  /** Wraps a string; a `Secret` passes through. */
  static from(value: string | Secret): Secret {
    return value instanceof Secret ? value : new Secret(value);
  }

  /** The secret value. */
  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return MASK;
  }

  toJSON(): string {
    return MASK;
  }

  [inspectCustom](): string {
    return `Secret(${MASK})`;
  }
}

/** The mask secrets are shown as. */
export const SECRET_MASK = MASK;

/** `text` with every occurrence of `secret` masked (for provider error messages that echo keys). */
export function redactSecret(text: string, secret: string | null): string {
  if (secret === null || secret.length < 4) return text;
  return text.split(secret).join(MASK);
}
