import { jsonrepair } from "jsonrepair";
import type { ToolInput } from "../../permission/index.js";
import { ToolJSONDecodeError } from "../errors/tool-json-decode-error.js";
import { pyStrRepr, pyTypeRepr } from "./py-repr.js";

/** Argument texts longer than this are shown truncated in the reminder. */
const SHOWN_LIMIT = 200;
const SHOWN_EDGE = 100;

/**
 * Parses a tool call's argument text (raw JSON, possibly partial or malformed, as models stream
 * it) into the input object. Strict JSON first; then a repair (`{"key` still yields an object,
 * single quotes and trailing commas are fixed); if no object comes out, throws a
 * `ToolJSONDecodeError` whose message is the reference's `<system-reminder>` asking the model to
 * correct its arguments, quoting the first error (JavaScript's JSON parser words it, not Python's).
 */
export function parseToolArguments(text: string): ToolInput {
  let reason: string;
  try {
    const value: unknown = JSON.parse(text);
    if (isPlainObject(value)) return value;
    reason =
      `Error: Your argument string is decoded into a ${pyTypeRepr(value)} object, ` +
      "but a dict object is expected!";
  } catch (error) {
    reason =
      "Error: When decoding your tool arguments from JSON format to a Python dictionary, a " +
      `JSONDecodeError was raised with message: ${(error as Error).message}.`;
  }
  try {
    const repaired: unknown = JSON.parse(jsonrepair(text));
    if (isPlainObject(repaired)) return repaired;
  } catch {
    // The first error explains the problem better than the repairer's; it is reported below.
  }
  throw new ToolJSONDecodeError(decodeReminder(reason, text), text);
}

function decodeReminder(reason: string, text: string): string {
  // Python measures and slices by code points, not UTF-16 units.
  const chars = Array.from(text);
  const long = chars.length > SHOWN_LIMIT;
  const shown = long
    ? `${chars.slice(0, SHOWN_EDGE).join("")}[TRUNCATE]${chars.slice(-SHOWN_EDGE).join("")}`
    : text;
  const hint = long
    ? '(Because the JSON string is too long, a truncated label "[TRUNCATE]" is used here to ' +
      "indicate the truncation)"
    : "";
  return (
    `<system-reminder>${reason}\n\n` +
    `Your argument string is decoded by the following code snippet${hint}:\n` +
    "```python\nimport json\n\n" +
    `your_tool_arguments = ${pyStrRepr(shown)}\n` +
    "json.loads(your_tool_arguments)\n```\n\n" +
    "**You should recorrect the arguments in JSON format.**</system-reminder>"
  );
}

function isPlainObject(value: unknown): value is ToolInput {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
