import { describe, expect, it } from "vitest";
import {
  parseToolArguments,
  ToolErrorCode,
  ToolJSONDecodeError,
} from "../../../src/tools/index.js";

function reminder(reason: string, shown: string, hint = ""): string {
  return (
    `<system-reminder>${reason}\n\n` +
    `Your argument string is decoded by the following code snippet${hint}:\n` +
    "```python\nimport json\n\n" +
    `your_tool_arguments = ${shown}\n` +
    "json.loads(your_tool_arguments)\n```\n\n" +
    "**You should recorrect the arguments in JSON format.**</system-reminder>"
  );
}

describe("parseToolArguments (§3.7 step 1)", () => {
  it("parses a JSON object", () => {
    expect(parseToolArguments('{"city": "Chengdu", "n": 2}')).toEqual({ city: "Chengdu", n: 2 });
  });

  it.each([
    ['{"city": "Chengdu"', { city: "Chengdu" }],
    ['{"a": 1,', { a: 1 }],
    ["{'a': 'b'}", { a: "b" }],
    ["{a: 1}", { a: 1 }],
  ])("repairs the malformed JSON %j", (text, expected) => {
    expect(parseToolArguments(text)).toEqual(expected);
  });

  it('still yields an object for a partial key (`{"key`)', () => {
    expect(Object.keys(parseToolArguments('{"key'))).toEqual(["key"]);
  });

  it("asks the model to correct JSON that cannot be repaired", () => {
    const error = (() => {
      try {
        parseToolArguments("");
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ToolJSONDecodeError);
    expect(error).toMatchObject({ code: ToolErrorCode.TOOL_INPUT_NOT_JSON, rawInput: "" });
    expect((error as Error).message).toBe(
      reminder(
        "Error: When decoding your tool arguments from JSON format to a Python dictionary, a " +
          "JSONDecodeError was raised with message: Unexpected end of JSON input.",
        "''",
      ),
    );
  });

  it("reports JSON that is not an object with its Python type", () => {
    expect(() => parseToolArguments("[1, 2]")).toThrow(
      reminder(
        "Error: Your argument string is decoded into a <class 'list'> object, but a dict object is expected!",
        "'[1, 2]'",
      ),
    );
    expect(() => parseToolArguments('"text"')).toThrow(
      "decoded into a <class 'str'> object, but a dict object is expected!",
    );
  });

  it("shows a long argument string truncated, saying so", () => {
    const text = `[${"1,".repeat(150)}1]`;
    expect(text.length).toBeGreaterThan(200);
    expect(() => parseToolArguments(text)).toThrow(
      reminder(
        "Error: Your argument string is decoded into a <class 'list'> object, but a dict object is expected!",
        `'${text.slice(0, 100)}[TRUNCATE]${text.slice(-100)}'`,
        '(Because the JSON string is too long, a truncated label "[TRUNCATE]" is used here to indicate the truncation)',
      ),
    );
  });
});
