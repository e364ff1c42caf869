import { describe, expect, it } from "vitest";
import { withoutTitles } from "../../src/message/index.js";

describe("withoutTitles (§6.2 title removal)", () => {
  it("removes titles everywhere a schema can nest, keeping a property named title", () => {
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      title: "Root",
      type: "object",
      properties: {
        title: { title: "Title", type: "string" },
        list: { type: "array", title: "List", items: { title: "Item", type: "string" } },
        map: { type: "object", additionalProperties: { title: "Value", type: "number" } },
        either: {
          anyOf: [
            { title: "A", type: "string" },
            { title: "B", type: "null" },
          ],
        },
        ref: { $ref: "#/$defs/Inner" },
      },
      required: ["title"],
      $defs: {
        Inner: {
          title: "Inner",
          type: "object",
          properties: { val: { title: "Val", type: "string" } },
        },
        AlwaysTrue: true,
      },
    };
    expect(withoutTitles(schema)).toEqual({
      type: "object",
      properties: {
        title: { type: "string" },
        list: { type: "array", items: { type: "string" } },
        map: { type: "object", additionalProperties: { type: "number" } },
        either: { anyOf: [{ type: "string" }, { type: "null" }] },
        ref: { $ref: "#/$defs/Inner" },
      },
      required: ["title"],
      $defs: {
        Inner: { type: "object", properties: { val: { type: "string" } } },
        AlwaysTrue: true,
      },
    });
  });

  it("returns a copy and leaves the original alone", () => {
    const schema = {
      type: "object",
      title: "T",
      properties: { a: { type: "string", title: "A" } },
    };
    const copy = withoutTitles(schema);
    expect(schema.title).toBe("T");
    expect(schema.properties.a.title).toBe("A");
    expect(copy["properties"]).not.toBe(schema.properties);
  });

  it("keeps a title that is data, such as an enum value or a default", () => {
    const schema = {
      type: "object",
      properties: { kind: { type: "string", enum: ["title"], default: "title" } },
      examples: [{ title: "x" }],
    };
    expect(withoutTitles(schema)).toEqual(schema);
  });
});
