import { describe, expect, it } from "vitest";
import {
  ActorscopeError,
  TimeoutError,
  errorFromWire,
  toWireError,
} from "../../../src/errors/index.js";
import {
  MODEL_ERROR_TYPES,
  ModelError,
  ModelErrorCode,
  ModelRateLimitError,
  modelErrorInfo,
  modelErrorType,
} from "../../../src/model/index.js";

describe("ModelError", () => {
  it("maps every code to an ErrorType a reply can report", () => {
    expect(MODEL_ERROR_TYPES).toMatchObject({
      MODEL_AUTHENTICATION: "authentication",
      MODEL_PERMISSION_DENIED: "permission",
      MODEL_RATE_LIMITED: "rate_limit",
      MODEL_CONNECTION: "connection",
      MODEL_INVALID_REQUEST: "invalid_request",
      MODEL_UPSTREAM: "upstream",
      MODEL_SETUP: "setup",
    });
    const error = new ModelError(ModelErrorCode.UPSTREAM, "boom", { model: "m", status: 503 });
    expect(error).toBeInstanceOf(ActorscopeError);
    expect(error).toMatchObject({
      code: "MODEL_UPSTREAM",
      errorType: "upstream",
      retryable: true,
      status: 503,
    });
    expect(new ModelError(ModelErrorCode.AUTHENTICATION, "no").retryable).toBe(false);
  });

  it("crosses the wire with its code and fields, and still reports its type", () => {
    const error = new ModelRateLimitError("slow down", { model: "m", retryAfterMs: 1500 });
    const wire = toWireError(error);
    expect(wire).toMatchObject({
      code: "MODEL_RATE_LIMITED",
      data: { errorType: "rate_limit", retryAfterMs: 1500, retryable: true, model: "m" },
    });
    const back = errorFromWire(wire);
    expect(modelErrorType(back)).toBe("rate_limit");
  });

  it("gives the ErrorInfo of any failure", () => {
    expect(modelErrorInfo(new ModelError(ModelErrorCode.SETUP, "no key"))).toEqual({
      type: "setup",
      message: "no key",
    });
    expect(modelErrorInfo(new TimeoutError("model call", 10)).type).toBe("connection");
    expect(modelErrorInfo(new Error("?"))).toEqual({ type: "unknown", message: "?" });
  });
});
