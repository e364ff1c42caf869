import type { ErrorObject } from "ajv";

/** Keywords whose subschema applies to each element of an array: the element's index orders first. */
const PER_ITEM = new Set(["items", "contains", "additionalItems", "unevaluatedItems"]);
/** Keywords followed by a property name in the schema path; all but one step into the input. */
const BY_NAME = new Set(["properties", "patternProperties", "dependentSchemas", "$defs"]);

/**
 * The errors in the order Python's `jsonschema` `iter_errors` yields them: it walks the schema's
 * keywords in their order, `properties` in the schema's order and array elements by index,
 * descending into each. ajv (with `allErrors`) reports in its own order (e.g. `required` before
 * `properties`). Errors the walk cannot tell apart keep ajv's order.
 *
 * @example
 * sortLikeJsonschema(validate.errors ?? [], schema).map((e) => jsonschemaMessage(e, errors));
 */
export function sortLikeJsonschema(errors: readonly ErrorObject[], schema: unknown): ErrorObject[] {
  const keyed = errors.map((error, index) => ({ error, index, key: walkKey(error, schema) }));
  keyed.sort((a, b) => compareKeys(a.key, b.key) || a.index - b.index);
  return keyed.map((k) => k.error);
}

function walkKey(error: ErrorObject, schema: unknown): number[] {
  const steps = error.schemaPath
    .replace(/^#\/?/, "")
    .split("/")
    .filter((s) => s !== "")
    .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
  const instance = error.instancePath.split("/").slice(1);
  const key: number[] = [];
  let node: unknown = schema;
  let depth = 0;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as string;
    if (Array.isArray(node)) {
      key.push(Number(step));
      node = node[Number(step)];
      continue;
    }
    if (typeof node !== "object" || node === null) break;
    const object = node as Record<string, unknown>;
    key.push(Object.keys(object).indexOf(step));
    const child = object[step];
    if (BY_NAME.has(step)) {
      const name = steps[++i];
      if (name === undefined || typeof child !== "object" || child === null) break;
      key.push(Object.keys(child).indexOf(name));
      node = (child as Record<string, unknown>)[name];
      if (step !== "dependentSchemas" && step !== "$defs") depth += 1;
    } else if (PER_ITEM.has(step)) {
      key.push(Number(instance[depth] ?? 0));
      depth += 1;
      node = child;
    } else if (step === "prefixItems") {
      const index = Number(steps[++i]);
      key.push(index);
      depth += 1;
      node = Array.isArray(child) ? (child[index] as unknown) : undefined;
    } else {
      node = child;
    }
  }
  return key;
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}
