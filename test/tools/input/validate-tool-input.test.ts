import { describe, expect, it } from "vitest";
import {
  ToolErrorCode,
  ToolInputValidationError,
  validateToolInput,
} from "../../../src/tools/index.js";

function reason(schema: Record<string, unknown>, input: Record<string, unknown>): string {
  try {
    validateToolInput("T", schema, input);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolInputValidationError);
    const message = (error as Error).message;
    expect(message.startsWith("Input validation failed for tool 'T': ")).toBe(true);
    return message.slice("Input validation failed for tool 'T': ".length);
  }
  return "valid";
}

const weather = {
  type: "object",
  properties: {
    city: { type: "string" },
    temperature: { type: "number" },
    unit: { type: "string", enum: ["celsius", "fahrenheit"] },
    days: { type: "integer", minimum: 1, maximum: 7 },
  },
  required: ["city", "temperature"],
};

describe("validateToolInput (§3.7 step 1, worded like Python's jsonschema)", () => {
  it("accepts a valid input", () => {
    expect(reason(weather, { city: "Chengdu", temperature: 21.5, unit: "celsius", days: 3 })).toBe(
      "valid",
    );
  });

  it("reports the exact reference message for a wrong type", () => {
    const schema = {
      type: "object",
      properties: { temperature: { type: "number" } },
      required: ["temperature"],
    };
    try {
      validateToolInput("GenerateStructuredOutput", schema, { temperature: "hot" });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({
        code: ToolErrorCode.TOOL_INPUT_INVALID,
        toolName: "GenerateStructuredOutput",
        reason: "'hot' is not of type 'number'",
        message:
          "Input validation failed for tool 'GenerateStructuredOutput': 'hot' is not of type 'number'",
      });
    }
  });

  it("reports a missing required property", () => {
    expect(reason(weather, { temperature: 1 })).toBe("'city' is a required property");
  });

  it("reports the first missing property in `required` order", () => {
    expect(reason(weather, {})).toBe("'city' is a required property");
  });

  it("prefers an error at the root over one inside a property", () => {
    expect(reason(weather, { temperature: "hot" })).toBe("'city' is a required property");
  });

  it("reports property errors in the schema's property order", () => {
    expect(reason(weather, { city: 1, temperature: "hot" })).toBe("1 is not of type 'string'");
  });

  it("reports a value outside an enum", () => {
    expect(reason(weather, { city: "c", temperature: 1, unit: "kelvin" })).toBe(
      "'kelvin' is not one of ['celsius', 'fahrenheit']",
    );
  });

  it("reports minimum and maximum", () => {
    expect(reason(weather, { city: "c", temperature: 1, days: 0 })).toBe(
      "0 is less than the minimum of 1",
    );
    expect(reason(weather, { city: "c", temperature: 1, days: 9 })).toBe(
      "9 is greater than the maximum of 7",
    );
  });

  it("reports exclusive bounds", () => {
    const schema = {
      type: "object",
      properties: { x: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 } },
    };
    expect(reason(schema, { x: 0 })).toBe("0 is less than or equal to the minimum of 0");
    expect(reason(schema, { x: 1 })).toBe("1 is greater than or equal to the maximum of 1");
  });

  it("reports every unexpected property in one message", () => {
    const closed = { ...weather, additionalProperties: false };
    expect(reason(closed, { city: "c", temperature: 1, color: "red" })).toBe(
      "Additional properties are not allowed ('color' was unexpected)",
    );
    expect(reason(closed, { city: "c", temperature: 1, color: "red", size: 2 })).toBe(
      "Additional properties are not allowed ('color', 'size' were unexpected)",
    );
  });

  it("reports union types, lengths and patterns", () => {
    const schema = {
      type: "object",
      properties: {
        a: { type: ["string", "null"] },
        b: { type: "string", minLength: 1 },
        c: { type: "string", minLength: 3 },
        d: { type: "string", pattern: "^x" },
        e: { type: "array", maxItems: 0 },
        f: { const: "fixed" },
      },
    };
    expect(reason(schema, { a: 1 })).toBe("1 is not of type 'string', 'null'");
    expect(reason(schema, { b: "" })).toBe("'' should be non-empty");
    expect(reason(schema, { c: "ab" })).toBe("'ab' is too short");
    expect(reason(schema, { d: "y" })).toBe("'y' does not match '^x'");
    expect(reason(schema, { e: [1] })).toBe("[1] is expected to be empty");
    expect(reason(schema, { f: "other" })).toBe("'fixed' was expected");
  });

  it("reports nested errors with the nested value", () => {
    const schema = {
      type: "object",
      properties: {
        items: { type: "array", items: { type: "object", properties: { n: { type: "integer" } } } },
      },
    };
    expect(reason(schema, { items: [{ n: 1 }, { n: "two" }] })).toBe(
      "'two' is not of type 'integer'",
    );
  });

  it("reports an anyOf failure as a whole when no branch is closer", () => {
    const schema = {
      type: "object",
      properties: { v: { anyOf: [{ type: "number" }, { type: "boolean" }] } },
    };
    expect(reason(schema, { v: "x" })).toBe("'x' is not valid under any of the given schemas");
  });

  it("reports the more specific branch error of an anyOf when there is one", () => {
    const schema = {
      type: "object",
      properties: {
        v: {
          anyOf: [{ type: "string" }, { type: "object", properties: { n: { type: "integer" } } }],
        },
      },
    };
    expect(reason(schema, { v: { n: "x" } })).toBe("'x' is not of type 'integer'");
  });

  it("follows $ref into $defs", () => {
    const schema = {
      type: "object",
      properties: { p: { $ref: "#/$defs/Point" } },
      $defs: { Point: { type: "object", properties: { x: { type: "number" } }, required: ["x"] } },
    };
    expect(reason(schema, { p: {} })).toBe("'x' is a required property");
  });

  it("ignores $schema naming another draft, and formats", () => {
    const schema = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { mail: { type: "string", format: "email" } },
    };
    expect(reason(schema, { mail: "not an email" })).toBe("valid");
  });

  it("compiles a rebuilt but equal schema once and keeps validating", () => {
    for (let i = 0; i < 3; i++) {
      expect(reason(JSON.parse(JSON.stringify(weather)) as Record<string, unknown>, {})).toBe(
        "'city' is a required property",
      );
    }
  });
});
