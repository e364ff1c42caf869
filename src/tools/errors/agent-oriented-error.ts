import { ActorscopeError, type ErrorData } from "../../errors/index.js";

/**
 * An error meant for the model: the toolkit turns it into an `error` tool result the model reads
 * and corrects itself from (AgentScope's `AgentOrientedException`). Tools may throw subclasses of
 * it; their text is `"{ClassName}: {message}"`, as in the reference.
 *
 * @example
 * class QuotaExceededError extends AgentOrientedError {
 *   constructor() { super("QUOTA_EXCEEDED", "Try again tomorrow.") }
 * }
 * // the model reads "QuotaExceededError: Try again tomorrow."
 */
export class AgentOrientedError extends ActorscopeError {
  constructor(code: string, message: string, options: { cause?: unknown; data?: ErrorData } = {}) {
    super(code, message, options);
  }

  /**
   * `"{ClassName}: {message}"`. Some reference messages already start with the class name
   * (`"ToolNotFoundError: The tool named …"`); those are not prefixed twice.
   */
  override toString(): string {
    const prefix = `${this.name}: `;
    return this.message.startsWith(prefix) ? this.message : prefix + this.message;
  }
}
