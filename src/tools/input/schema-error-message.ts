import type { ErrorObject } from "ajv";
import type { JsonSchema } from "../json-schema.js";
import { pyRepr } from "./py-repr.js";

/** Combinators whose own error is less telling than its branches' (jsonschema's "weak" matches). */
const WEAK = new Set(["anyOf", "oneOf"]);

/**
 * The one error Python's `jsonschema.validate` would raise for these failures, worded as it words
 * it. jsonschema picks, among all errors, the one nearest the root of the input (ties go to the
 * first found, walking the schema in its key order, `anyOf`/`oneOf` last), and descends into a
 * combinator's branches when one branch error is more relevant than the others.
 */
export function describeSchemaError(errors: readonly ErrorObject[], schema: JsonSchema): string {
  const own = errors.filter((e) => e.keyword !== "if");
  const top = own.filter((e) => !insideCombinator(e.schemaPath));
  const picked = pickBest(top.length > 0 ? top : own, schema);
  if (picked === undefined) return "the input does not match the schema";
  let best: ErrorObject = picked;
  // Like jsonschema's `best_match`: inside a combinator, the most specific branch error (deepest,
  // then weak first) replaces it, unless the two most specific ones are equally relevant.
  while (WEAK.has(best.keyword)) {
    const prefix = `${best.schemaPath}/`;
    const branch: { error: ErrorObject; key: [number, number] }[] = own
      .filter((e) => e.schemaPath.startsWith(prefix))
      .map((error) => ({ error, key: relevance(error) }))
      .sort((a, b) => compareKeys(a.key, b.key));
    const [first, second] = branch;
    if (first === undefined) break;
    if (second !== undefined && compareKeys(first.key, second.key) === 0) break;
    best = first.error;
  }
  return jsonschemaMessage(best, own);
}

/** jsonschema's relevance, smallest first: deepest in the input, then weak keywords. */
function relevance(error: ErrorObject): [number, number] {
  return [-depthOf(error), WEAK.has(error.keyword) ? 0 : 1];
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

function depthOf(error: ErrorObject): number {
  return error.instancePath === "" ? 0 : error.instancePath.split("/").length - 1;
}

interface Ranked {
  error: ErrorObject;
  depth: number;
  weak: boolean;
  position: number[];
}

function pickBest(errors: readonly ErrorObject[], schema: JsonSchema): ErrorObject | undefined {
  return rank(errors, schema)[0]?.error;
}

function rank(errors: readonly ErrorObject[], schema: JsonSchema): Ranked[] {
  const ranked = errors.map((error) => ({
    error,
    depth: depthOf(error),
    weak: WEAK.has(error.keyword),
    position: schemaPosition(schema, error.schemaPath),
  }));
  // Stable: equal ranks keep the validator's order, which follows the input's order.
  return ranked.sort(compareRank);
}

function compareRank(a: Ranked, b: Ranked): number {
  if (a.depth !== b.depth) return a.depth - b.depth;
  if (a.weak !== b.weak) return a.weak ? 1 : -1;
  return compareKeys(a.position, b.position);
}

/** The indices of each schema-path step among its siblings: the order jsonschema walks them. */
function schemaPosition(schema: JsonSchema, schemaPath: string): number[] {
  const position: number[] = [];
  let node: unknown = schema;
  for (const raw of schemaPath.replace(/^#\/?/, "").split("/")) {
    if (raw === "") continue;
    const step = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (Array.isArray(node)) {
      position.push(Number(step));
      node = node[Number(step)];
    } else if (typeof node === "object" && node !== null) {
      position.push(Object.keys(node).indexOf(step));
      node = (node as Record<string, unknown>)[step];
    } else {
      break;
    }
  }
  return position;
}

function insideCombinator(schemaPath: string): boolean {
  return /\/(anyOf|oneOf)\/\d+(\/|$)/.test(schemaPath);
}

/**
 * One ajv error (validated with `verbose: true`, so it carries its data and schema) worded as
 * Python's `jsonschema` words it: `'hot' is not of type 'number'`. `all` are its siblings (the
 * unexpected properties of one place are reported together).
 */
export function jsonschemaMessage(error: ErrorObject, all: readonly ErrorObject[]): string {
  const data: unknown = error.data;
  const value = pyRepr(data);
  const params = error.params as Record<string, unknown>;
  const limit = params["limit"];
  switch (error.keyword) {
    case "type": {
      const types = Array.isArray(error.schema) ? (error.schema as unknown[]) : [error.schema];
      return `${value} is not of type ${types.map(pyRepr).join(", ")}`;
    }
    case "required":
      return `${pyRepr(params["missingProperty"])} is a required property`;
    case "enum":
      return `${value} is not one of ${pyRepr(error.schema)}`;
    case "const":
      return `${pyRepr(params["allowedValue"])} was expected`;
    case "minimum":
      return `${value} is less than the minimum of ${pyRepr(limit)}`;
    case "maximum":
      return `${value} is greater than the maximum of ${pyRepr(limit)}`;
    case "exclusiveMinimum":
      return `${value} is less than or equal to the minimum of ${pyRepr(limit)}`;
    case "exclusiveMaximum":
      return `${value} is greater than or equal to the maximum of ${pyRepr(limit)}`;
    case "multipleOf":
      return `${value} is not a multiple of ${pyRepr(params["multipleOf"])}`;
    case "minLength":
    case "minItems":
      return limit === 1 ? `${value} should be non-empty` : `${value} is too short`;
    case "maxLength":
    case "maxItems":
      return limit === 0 ? `${value} is expected to be empty` : `${value} is too long`;
    case "minProperties":
      return limit === 1
        ? `${value} should be non-empty`
        : `${value} does not have enough properties`;
    case "maxProperties":
      return limit === 0 ? `${value} is expected to be empty` : `${value} has too many properties`;
    case "uniqueItems":
      return `${value} has non-unique elements`;
    case "pattern":
      return `${value} does not match ${pyRepr(params["pattern"])}`;
    case "format":
      return `${value} is not a ${pyRepr(params["format"])}`;
    case "additionalProperties":
    case "unevaluatedProperties":
      return extrasMessage(error, all);
    case "anyOf":
    case "oneOf":
      return params["passingSchemas"] === undefined || params["passingSchemas"] === null
        ? `${value} is not valid under any of the given schemas`
        : `${value} is valid under each of ${pyRepr(error.schema)}`;
    case "not":
      return `${value} should not be valid under ${pyRepr(error.schema)}`;
    case "dependentRequired":
    case "dependencies":
      return `${pyRepr(params["missingProperty"])} is a dependency of ${pyRepr(params["property"])}`;
    case "false schema":
      return `False schema does not allow ${value}`;
    default:
      return `${value} is not valid: ${error.message ?? error.keyword}`;
  }
}

/** One message for every unexpected property at that place, as jsonschema reports them. */
function extrasMessage(error: ErrorObject, all: readonly ErrorObject[]): string {
  const extras = all
    .filter(
      (e) =>
        e.keyword === error.keyword &&
        e.schemaPath === error.schemaPath &&
        e.instancePath === error.instancePath,
    )
    .map((e) => {
      const params = e.params as Record<string, unknown>;
      return pyRepr(params["additionalProperty"] ?? params["unevaluatedProperty"]);
    });
  const verb = extras.length === 1 ? "was" : "were";
  const what = error.keyword === "additionalProperties" ? "Additional" : "Unevaluated";
  return `${what} properties are not allowed (${extras.join(", ")} ${verb} unexpected)`;
}
