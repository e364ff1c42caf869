import { describe, expect, it } from "vitest";
import { AbortedError } from "../../../src/errors/index.js";
import { ModelError, ModelErrorCode, asModelError } from "../../../src/model/index.js";

describe("asModelError (issue 10 §2)", () => {
  it("keeps actorscope errors as they are", () => {
    const typed = new ModelError(ModelErrorCode.RATE_LIMITED, "slow");
    expect(asModelError(typed, "m", "call")).toBe(typed);
    const aborted = new AbortedError("reply");
    expect(asModelError(aborted, "m", "stream")).toBe(aborted);
  });

  it("wraps anything else in MODEL_CALL_FAILED with the original as cause", () => {
    for (const cause of [new TypeError("bad"), "a string", { code: 1 }, null, 42n]) {
      const error = asModelError(cause, "gpt", "call");
      expect(error).toBeInstanceOf(ModelError);
      expect(error).toMatchObject({
        code: ModelErrorCode.CALL_FAILED,
        model: "gpt",
        errorType: "unknown",
        retryable: false,
      });
      expect(error.cause).toBe(cause);
      expect(error.message).toMatch(/^The call of model 'gpt' failed: /);
    }
    expect(asModelError(new TypeError("bad"), "m", "stream").message).toBe(
      "The stream of model 'm' failed: TypeError: bad",
    );
  });

  it("bounds the message of a huge foreign error", () => {
    const error = asModelError(new Error("x".repeat(100_000)), "m", "call");
    expect(error.message.length).toBeLessThan(2100);
  });
});
