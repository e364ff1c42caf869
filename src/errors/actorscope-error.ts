/** Free-form, JSON-serialisable details an error carries across the wire. */
export type ErrorData = Readonly<Record<string, unknown>>;

export interface ActorscopeErrorOptions {
  /** The error that caused this one (kept locally, never sent over the wire). */
  cause?: unknown;
  /** JSON-serialisable details; subclasses fill this from their own fields. */
  data?: ErrorData;
}

/**
 * The one base error of actorscope. Every error carries a stable `code` (branch on it, never on
 * the message) and optionally a `cause` and JSON-serialisable `data`.
 *
 * @example
 * try { Msg.fromJSON(obj) } catch (e) {
 *   if (e instanceof ActorscopeError && e.code === "VALIDATION_FAILED") …
 * }
 */
export class ActorscopeError extends Error {
  readonly code: string;
  readonly data: ErrorData;

  constructor(code: string, message: string, options: ActorscopeErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.data = options.data ?? {};
  }
}
