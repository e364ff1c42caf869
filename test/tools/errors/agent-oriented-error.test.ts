import { describe, expect, it } from "vitest";
import { ActorscopeError, toWireError } from "../../../src/errors/index.js";
import {
  AgentOrientedError,
  ToolErrorCode,
  ToolGroupInactiveError,
  ToolNotFoundError,
  toolErrorText,
} from "../../../src/tools/index.js";

describe("tool errors", () => {
  it("render agent-oriented errors as '{ClassName}: {message}', without doubling a prefix", () => {
    class RateLimitedError extends AgentOrientedError {}
    const error = new RateLimitedError("RATE_LIMITED", "Slow down.");
    expect(String(error)).toBe("RateLimitedError: Slow down.");
    expect(toolErrorText(error)).toBe("RateLimitedError: Slow down.");
    expect(String(new ToolNotFoundError("x"))).toBe(
      "ToolNotFoundError: The tool named 'x' doesn't exist.",
    );
  });

  it("render other errors by their message alone, as Python's str() does", () => {
    expect(toolErrorText(new TypeError("bad value"))).toBe("bad value");
    expect(toolErrorText("a string")).toBe("a string");
    expect(toolErrorText({ reason: 1 })).toBe('{"reason":1}');
  });

  it("carry stable codes and their fields across the wire", () => {
    const error = new ToolGroupInactiveError("t", "g");
    expect(error).toBeInstanceOf(ActorscopeError);
    expect(toWireError(error)).toEqual({
      code: ToolErrorCode.TOOL_GROUP_INACTIVE,
      message:
        "ToolGroupInactiveError: The tool 't' in group 'g' is currently inactive. You should first " +
        "activate the group by calling the 'reset_tools' tool.",
      data: { toolName: "t", groupName: "g" },
    });
  });
});
