import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { z } from "zod";
import {
  DeveloperOrientedError,
  ToolErrorCode,
  jsonschemaMessage,
  sortLikeJsonschema,
} from "../../tools/index.js";
import { isPlainObject } from "./structured-output-state.js";

/** A checked structured output: the object to store, or one line per problem. */
export type StructuredOutputCheck =
  { ok: true; output: Record<string, unknown> } | { ok: false; errors: string[] };

/**
 * Validates with the zod schema of a reply started in this process (pydantic's `model_validate`):
 * the output is the parsed value (defaults filled, unknown keys handled as the schema says,
 * stripped by `z.object`). Errors read `"{path}: {message}"`, the path joined with dots.
 */
export async function checkWithZod(
  toolName: string,
  schema: z.ZodType,
  input: Record<string, unknown>,
): Promise<StructuredOutputCheck> {
  // The async parse also runs async refinements; the input is not changed.
  const result = await schema.safeParseAsync(input);
  if (!result.success) {
    return {
      ok: false,
      errors: result.error.issues.map((issue) =>
        issue.path.length === 0
          ? issue.message
          : `${issue.path.map(String).join(".")}: ${issue.message}`,
      ),
    };
  }
  if (!isPlainObject(result.data)) {
    throw new DeveloperOrientedError(
      ToolErrorCode.INVALID_INPUT_SCHEMA,
      `The structured-output schema of ${toolName} must produce an object, but it produced ` +
        `${Array.isArray(result.data) ? "an array" : typeof result.data}. Use a z.object schema.`,
      { data: { tool: toolName } },
    );
  }
  return { ok: true, output: result.data };
}

/**
 * Validates with the JSON schema of a reloaded reply (JSON Schema 2020-12). Declared defaults are
 * filled in; the output is a copy of the input with them (unknown keys kept). Errors read
 * `"{json_path}: {message}"` (`$.items[0].name: 2 is not of type 'string'`), one per failing keyword outside
 * `anyOf`/`oneOf` branches (whose combinator reports them), as Python's `iter_errors` yields them.
 */
export function checkWithJsonSchema(
  toolName: string,
  schema: Record<string, unknown>,
  input: Record<string, unknown>,
): StructuredOutputCheck {
  const validate = structuredValidatorFor(toolName, schema);
  // Filling defaults mutates the data: work on a copy, never on the model's call input.
  const output = structuredClone(input);
  if (validate(output)) return { ok: true, output };
  const errors = (validate.errors ?? []).filter((error) => error.keyword !== "if");
  const lines = sortLikeJsonschema(errors, schema)
    .filter((error) => !insideCombinator(error.schemaPath))
    .map((error) => `${jsonPath(output, error.instancePath)}: ${jsonschemaMessage(error, errors)}`);
  return { ok: false, errors: [...new Set(lines)] };
}

/*
 * `useDefaults` fills declared defaults (jsonschema's "extend with default" recipe); formats are
 * not checked (jsonschema does not by default); `strict: false` because the schema may come from
 * anywhere and carry keywords ajv does not know.
 */
let ajv: Ajv2020 | null = null;
/** Compiled validators by schema object (the hot path) and by schema text (reloaded states). */
const bySchema = new WeakMap<object, ValidateFunction>();
const byText = new Map<string, ValidateFunction>();
const MAX_BY_TEXT = 100;

/**
 * The compiled validator of a structured-output JSON schema, compiled once per schema. A schema
 * that cannot be compiled throws a developer-oriented `INVALID_INPUT_SCHEMA`.
 */
export function structuredValidatorFor(
  toolName: string,
  schema: Record<string, unknown>,
): ValidateFunction {
  const cached = bySchema.get(schema);
  if (cached !== undefined) return cached;
  const text = JSON.stringify(schema);
  let validate = byText.get(text);
  if (validate === undefined) {
    validate = compile(toolName, schema);
    if (byText.size >= MAX_BY_TEXT) {
      const oldest = byText.keys().next();
      if (oldest.done !== true) byText.delete(oldest.value);
    }
    byText.set(text, validate);
  }
  bySchema.set(schema, validate);
  return validate;
}

function compile(toolName: string, schema: Record<string, unknown>): ValidateFunction {
  ajv ??= new Ajv2020({
    allErrors: true,
    useDefaults: true,
    strict: false,
    validateFormats: false,
    // Errors carry their data and schema, to be worded as jsonschema words them.
    verbose: true,
  });
  // `$schema` may name another draft and `$id` may clash with an earlier schema: neither matters
  // for validating one output.
  const body = { ...schema };
  delete body["$schema"];
  delete body["$id"];
  try {
    const validate = ajv.compile(body);
    // The validator keeps working; dropping it from ajv's cache keeps memory bounded by ours.
    ajv.removeSchema(body);
    return validate;
  } catch (cause) {
    throw new DeveloperOrientedError(
      ToolErrorCode.INVALID_INPUT_SCHEMA,
      `The structured-output schema of ${toolName} is not a valid JSON schema: ` +
        `${(cause as Error).message}. Fix the structuredSchema given to the agent.`,
      { cause, data: { tool: toolName } },
    );
  }
}

function insideCombinator(schemaPath: string): boolean {
  return /\/(anyOf|oneOf)\/\d+(\/|$)/.test(schemaPath);
}

/**
 * jsonschema's `json_path` of an error: `$`, then `.key` for object keys and `[i]` for array
 * indices (told apart by walking the data, since a JSON pointer spells both alike).
 */
export function jsonPath(data: unknown, instancePath: string): string {
  let path = "$";
  let node = data;
  if (instancePath === "") return path;
  for (const raw of instancePath.slice(1).split("/")) {
    const step = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (Array.isArray(node)) {
      path += `[${step}]`;
      node = node[Number(step)];
    } else {
      path += `.${step}`;
      node = isPlainObject(node) ? node[step] : undefined;
    }
  }
  return path;
}
