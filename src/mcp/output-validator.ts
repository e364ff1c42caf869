import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv-provider.js";
import type {
  JsonSchemaType,
  JsonSchemaValidator,
  jsonSchemaValidator,
} from "@modelcontextprotocol/sdk/validation/types.js";

/** Compiled output schemas kept per session: a server re-listing on every change costs no leak. */
const MAX_CACHED = 256;

/**
 * The SDK compiles every listed tool's `outputSchema` while listing; its default throws on one
 * that is not valid JSON Schema, which would fail the whole listing and lose every tool of the
 * server. This one confines the damage to the broken tool: its calls fail validation with a
 * message saying why, the others work. Compiled validators are cached by schema text, bounded.
 */
export class GuardedOutputValidator implements jsonSchemaValidator {
  readonly #inner = new AjvJsonSchemaValidator();
  readonly #cache = new Map<string, JsonSchemaValidator<unknown>>();

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const key = JSON.stringify(schema);
    let validator = this.#cache.get(key);
    if (validator === undefined) {
      validator = this.#compile(schema);
      if (this.#cache.size >= MAX_CACHED) this.#cache.clear();
      this.#cache.set(key, validator);
    }
    return validator as JsonSchemaValidator<T>;
  }

  #compile(schema: JsonSchemaType): JsonSchemaValidator<unknown> {
    try {
      return this.#inner.getValidator(schema);
    } catch (error) {
      const errorMessage =
        "the tool's outputSchema is not valid JSON Schema " +
        `(${error instanceof Error ? error.message : String(error)})`;
      return () => ({ valid: false, data: undefined, errorMessage });
    }
  }
}
