import { z } from "zod";
import { ValidationError, parseOrThrow } from "../errors/index.js";
import { pythonJsonDumps } from "../message/index.js";
import type { PermissionDecision, ToolInput } from "../permission/index.js";
import { checkFunctionToolOptions } from "./function-tool-options.js";
import { type JsonSchema, withoutTitles } from "./json-schema.js";
import { ToolBase, type ToolBaseOptions } from "./tool-base.js";
import type { ToolCallContext } from "./tool-call-context.js";
import { isToolChunkLike, textChunk, type ToolChunkInput } from "./tool-chunk.js";
import { isAsyncIterable, type ToolCallResult } from "./tool-result.js";

/** The permission message of every function tool (the reference's, verbatim). */
export const FUNCTION_TOOL_ASK_MESSAGE =
  "Custom function tools must be explicitly allowed by the user.";

/** The function a `FunctionTool` wraps: the validated input, and the call context. */
export type ToolFunction<S extends z.ZodObject> = (
  input: z.output<S>,
  context: ToolCallContext,
) => unknown;

/** Options of `FunctionTool`. */
export interface FunctionToolOptions<S extends z.ZodObject> extends ToolBaseOptions {
  /**
   * The function. It may return a chunk, a string (one text chunk), any other value (rendered as
   * Python's `json.dumps` renders it, as the reference does), a promise of those, or a (sync or
   * async) generator of them, which streams.
   */
  fn: ToolFunction<S>;
  /**
   * The input as a zod 4 object (zod is a peer dependency; a zod 3 schema is refused); property
   * `.describe()`s become the property descriptions.
   */
  parameters: S;
  /** Defaults to the function's name; an anonymous function (`fn: () => …`) needs one. */
  name?: string | undefined;
  /** Defaults to the zod object's `.describe()` text. */
  description?: string | undefined;
  /** Defaults to true, as in the reference. */
  isConcurrencySafe?: boolean | undefined;
  /** Defaults to false. */
  isReadOnly?: boolean | undefined;
  /** Whether `fn` receives the agent state in `context.state`; defaults to false. */
  isStateInjected?: boolean | undefined;
}

/**
 * A plain function as a tool (AgentScope's `FunctionTool`). The input schema comes from the zod
 * object (`z.toJSONSchema`, input side, titles and `$schema` removed, so defaults are kept and
 * defaulted properties are not required); the input is parsed by zod (defaults applied) before
 * `fn` sees it. Permission is ASK by default: custom functions may do anything. The options are
 * strict: an unknown key, a wrong type, a zod 3 schema or a missing name is a `ValidationError`.
 *
 * @example
 * const addNumbers = new FunctionTool({
 *   name: "add_numbers",
 *   fn: ({ a, b }) => `${a + b}`,
 *   parameters: z
 *     .object({
 *       a: z.number().int().describe("The first number"),
 *       b: z.number().int().describe("The second number"),
 *     })
 *     .describe("Add two numbers together."),
 * });
 */
export class FunctionTool<S extends z.ZodObject = z.ZodObject> extends ToolBase {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly isConcurrencySafe: boolean;
  readonly isReadOnly: boolean;
  override readonly isStateInjected: boolean;
  /** The zod object the input is parsed with. */
  readonly parameters: S;
  private readonly fn: ToolFunction<S>;

  constructor(given: FunctionToolOptions<S>) {
    const { options, name, parameters } = checkFunctionToolOptions(given);
    super(options);
    this.name = name;
    this.parameters = options.parameters;
    this.description = options.description ?? parameters.description ?? "";
    this.inputSchema = schemaOf(parameters);
    this.isConcurrencySafe = options.isConcurrencySafe ?? true;
    this.isReadOnly = options.isReadOnly ?? false;
    this.isStateInjected = options.isStateInjected ?? false;
    this.fn = options.fn;
  }

  /** ASK: the user must allow custom functions explicitly (or a rule must). */
  checkPermissions(): PermissionDecision {
    return {
      behavior: "ask",
      message: FUNCTION_TOOL_ASK_MESSAGE,
      decision_reason: null,
      updated_input: null,
      suggested_rules: null,
      bypass_immune: false,
    };
  }

  override async call(input: ToolInput, context: ToolCallContext): Promise<ToolCallResult> {
    const args = parseOrThrow(this.parameters, input, `input of tool '${this.name}'`);
    const result = await this.fn(args, context);
    if (isAsyncIterable(result)) return mapAsync(result);
    if (isGenerator(result)) return mapSync(result);
    return toItem(result);
  }
}

/**
 * The JSON schema of a zod object as the model should see it. A schema JSON Schema cannot express
 * (`z.bigint()`, `z.date()`, a `z.custom()`) is a `ValidationError` naming `parameters`.
 */
function schemaOf(parameters: z.ZodObject): JsonSchema {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(parameters, { io: "input" });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new ValidationError(
      "FunctionTool options",
      [
        {
          path: "parameters",
          message: `Cannot be written as a JSON schema for the model: ${detail}`,
        },
      ],
      { cause: error },
    );
  }
  const schema = withoutTitles(json);
  dropSafeIntegerBounds(schema);
  return schema;
}

/**
 * `z.number().int()` states the safe-integer range as minimum/maximum; pydantic emits a bare
 * `integer`, and models need nothing more, so that implicit range is removed (explicit bounds
 * stay).
 */
function dropSafeIntegerBounds(node: unknown): void {
  if (typeof node !== "object" || node === null) return;
  if (Array.isArray(node)) {
    for (const item of node) dropSafeIntegerBounds(item);
    return;
  }
  const schema = node as JsonSchema;
  if (schema["minimum"] === Number.MIN_SAFE_INTEGER) delete schema["minimum"];
  if (schema["maximum"] === Number.MAX_SAFE_INTEGER) delete schema["maximum"];
  for (const value of Object.values(schema)) dropSafeIntegerBounds(value);
}

/** One returned value as a chunk: chunks as they are, strings as text, the rest as JSON text. */
function toItem(value: unknown): ToolChunkInput | string {
  if (typeof value === "string" || isToolChunkLike(value)) return value;
  return textChunk(jsonText(value));
}

/**
 * The reference's rendering: `json.dumps(result, ensure_ascii=False)`, and `str(result)` when
 * that raises (a cycle, nesting past Python's recursion limit). `undefined` (a function that
 * returns nothing) is Python's `None`.
 */
function jsonText(value: unknown): string {
  if (typeof value === "function") return `<function ${value.name}>`;
  if (typeof value === "symbol") return value.toString();
  try {
    return pythonJsonDumps(value);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return stringForm(value);
  }
}

/** `String(value)`, or the tag when even that throws (an object without a usable `toString`). */
function stringForm(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

async function* mapAsync(items: AsyncIterable<unknown>): AsyncGenerator<ToolChunkInput | string> {
  for await (const item of items) yield toItem(item);
}

/** A sync generator as a stream; each item is made when the consumer asks for it, as in Python. */
function mapSync(items: Iterator<unknown>): AsyncIterable<ToolChunkInput | string> {
  return {
    [Symbol.asyncIterator]: () => ({
      next: () => {
        const step = items.next();
        return Promise.resolve(
          step.done === true
            ? { done: true as const, value: undefined }
            : { done: false as const, value: toItem(step.value) },
        );
      },
      return: () => {
        items.return?.();
        return Promise.resolve({ done: true as const, value: undefined });
      },
    }),
  };
}

/** A generator object (not an array or another iterable value, which render as JSON). */
function isGenerator(value: unknown): value is Generator {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Partial<Generator>).next === "function" &&
    typeof (value as Partial<Generator>)[Symbol.iterator] === "function"
  );
}
