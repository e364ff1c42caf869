/**
 * `JSON.stringify` with Python's `json.dumps` spacing (`", "` between items, `": "` after keys;
 * `ensure_ascii=False`, so non-ASCII stays as is). Token estimates count the bytes of the tool
 * schemas the way the reference does, so they must be serialised the same way.
 */
export function pythonJsonDumps(value: unknown): string {
  const parts: string[] = [];
  write(value, parts);
  return parts.join("");
}

function write(value: unknown, out: string[]): void {
  if (value === null || typeof value !== "object") {
    // Strings, numbers, booleans and null serialise the same in both languages (up to float
    // formatting such as Python's `1.0`, which JavaScript cannot tell apart from `1`).
    out.push(JSON.stringify(value) ?? "null");
    return;
  }
  if (Array.isArray(value)) {
    out.push("[");
    value.forEach((item: unknown, index) => {
      if (index > 0) out.push(", ");
      write(item === undefined ? null : item, out);
    });
    out.push("]");
    return;
  }
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") {
    write((toJSON as () => unknown).call(value), out);
    return;
  }
  out.push("{");
  let first = true;
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || typeof item === "function") continue;
    if (!first) out.push(", ");
    first = false;
    out.push(JSON.stringify(key), ": ");
    write(item, out);
  }
  out.push("}");
}
