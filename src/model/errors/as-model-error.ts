import { ActorscopeError } from "../../errors/index.js";
import { ModelError } from "./model-error.js";
import { ModelErrorCode } from "./model-error-code.js";

/** The longest part of a foreign error's message kept in the wrapping error's message. */
const MAX_CAUSE_TEXT = 2000;

/**
 * An error a model call raised, typed: an actorscope error (a {@link ModelError}, an
 * `AbortedError`, a `TimeoutError`…) as it is; anything else wrapped in a `MODEL_CALL_FAILED`
 * {@link ModelError} whose `cause` is the original, so callers branch on a code and still reach
 * the original.
 *
 * @example
 * try { await model.call(messages) } catch (e) { throw asModelError(e, model.model, "call") }
 */
export function asModelError(
  error: unknown,
  model: string,
  during: "call" | "stream",
): ActorscopeError {
  if (error instanceof ActorscopeError) return error;
  return new ModelError(
    ModelErrorCode.CALL_FAILED,
    `The ${during === "call" ? "call" : "stream"} of model '${model}' failed: ${foreignText(error)}`,
    { model, cause: error, retryable: false },
  );
}

function foreignText(error: unknown): string {
  let text: string;
  if (error instanceof Error) {
    text =
      error.name === "Error" || error.name === ""
        ? error.message
        : `${error.name}: ${error.message}`;
  } else if (typeof error === "string") {
    text = error;
  } else {
    try {
      text = JSON.stringify(error) ?? String(error);
    } catch {
      text = Object.prototype.toString.call(error);
    }
  }
  return text.length <= MAX_CAUSE_TEXT ? text : `${text.slice(0, MAX_CAUSE_TEXT)}…`;
}
