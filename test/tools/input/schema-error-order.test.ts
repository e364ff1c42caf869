import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { jsonschemaMessage, sortLikeJsonschema } from "../../../src/tools/index.js";

function errorsOf(schema: Record<string, unknown>, data: unknown) {
  const validate = new Ajv2020({ allErrors: true, strict: false, verbose: true }).compile(schema);
  expect(validate(data)).toBe(false);
  const errors = validate.errors ?? [];
  return sortLikeJsonschema(errors, schema).map(
    (e) => `${e.instancePath || "/"}: ${jsonschemaMessage(e, errors)}`,
  );
}

describe("sortLikeJsonschema", () => {
  it("does walk keywords in the schema's order, properties in the schema's order, elements by index", () => {
    const schema = {
      type: "object",
      properties: {
        b: { type: "string" },
        list: {
          type: "array",
          items: {
            type: "object",
            properties: { n: { type: "integer" } },
            required: ["n"],
          },
        },
        a: { type: "string" },
      },
      required: ["z"],
      additionalProperties: false,
    };
    expect(errorsOf(schema, { a: 1, b: 2, list: [{}, { n: "x" }], q: 0 })).toEqual([
      "/b: 2 is not of type 'string'",
      "/list/0: 'n' is a required property",
      "/list/1/n: 'x' is not of type 'integer'",
      "/a: 1 is not of type 'string'",
      "/: 'z' is a required property",
      "/: Additional properties are not allowed ('q' was unexpected)",
    ]);
  });

  it("does order prefixItems by position", () => {
    const schema = { type: "array", prefixItems: [{ type: "string" }, { type: "number" }] };
    expect(errorsOf(schema, [1, "x"])).toEqual([
      "/0: 1 is not of type 'string'",
      "/1: 'x' is not of type 'number'",
    ]);
  });
});
