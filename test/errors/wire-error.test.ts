import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  AbortedError,
  ActorscopeError,
  ErrorCode,
  TimeoutError,
  ValidationError,
} from "../../src/index.js";
import { errorFromWire, parseOrThrow, toWireError } from "../../src/errors/index.js";

describe("errors", () => {
  it("every error carries a stable code, its cause and its class name", () => {
    const cause = new Error("disk full");
    const error = new ActorscopeError("STORAGE_FULL", "Could not save 'session-1'", {
      cause,
      data: { id: 1 },
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe("STORAGE_FULL");
    expect(error.cause).toBe(cause);
    expect(error.name).toBe("ActorscopeError");
    expect(new TimeoutError("bus request", 50).name).toBe("TimeoutError");
  });

  it("parseOrThrow names every bad field by its dotted path", () => {
    const schema = z.object({ a: z.object({ b: z.array(z.number()) }), c: z.string() });
    let error: unknown;
    try {
      parseOrThrow(schema, { a: { b: [1, "x"] } }, "config");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    const v = error as ValidationError;
    expect(v.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(v.issues.map((i) => i.path)).toEqual(["a.b.1", "c"]);
    expect(v.message).toMatch(/^Invalid config: `a\.b\.1`: .*; `c`: /);
  });
});

describe("wire errors", () => {
  it.each([
    new TimeoutError("bus request as.tool.Bash.call", 250),
    new AbortedError("tool call c1"),
    new ValidationError("event", [{ path: "reply_id", message: "Required" }]),
    new ActorscopeError("TOOL_NOT_FOUND", "ToolNotFoundError: The tool named 'x' doesn't exist.", {
      data: { tool: "x" },
    }),
  ])("%s survives the wire with its class, code, message and data", (error) => {
    const wire = JSON.parse(JSON.stringify(toWireError(error))) as unknown;
    const back = errorFromWire(wire);
    expect(back.constructor).toBe(error.constructor);
    expect(back.code).toBe(error.code);
    expect(back.message).toBe(error.message);
    expect(back.data).toEqual(error.data);
  });

  it("never sends a stack or a cause", () => {
    const wire = toWireError(
      new ActorscopeError("X", "m", { cause: new Error("secret path /etc") }),
    );
    expect(JSON.stringify(wire)).not.toContain("secret");
    expect(Object.keys(wire).sort()).toEqual(["code", "data", "message"]);
  });

  it("turns foreign throwables into INTERNAL", () => {
    expect(toWireError(new TypeError("boom"))).toEqual({
      code: "INTERNAL",
      message: "boom",
      data: { name: "TypeError" },
    });
    expect(toWireError("plain string")).toEqual({
      code: "INTERNAL",
      message: "plain string",
      data: {},
    });
  });

  it.each([
    null,
    "x",
    { message: "no code" },
    { code: "", message: "m" },
    { code: "X", message: 3 },
  ])("a malformed wire error %j becomes MALFORMED_WIRE_ERROR, never a crash", (wire) => {
    const error = errorFromWire(wire);
    expect(error.code).toBe("MALFORMED_WIRE_ERROR");
  });
});
