import { expect } from "vitest";
import { ValidationError } from "../../src/errors/index.js";

/** The `ValidationError` `make` throws (fails the test when it throws nothing or something else). */
export function refusal(make: () => unknown): ValidationError {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error("expected a ValidationError");
}
