import type { ToolSchema } from "../message/index.js";
import { deepFreeze, type JsonSchema, withoutTitles } from "./json-schema.js";
import type { ToolBase } from "./tool-base.js";
import { assertToolInputSchema } from "./tool-input-schema.js";

/**
 * The schemas a toolkit gives the model, made once: each tool's schema is the same frozen object
 * while its name, description and input schema stay (token counting caches by its identity),
 * and each input schema's title-free frozen copy is made once per schema object (listing happens
 * on every model call).
 */
export class ToolSchemaCache {
  readonly #models = new WeakMap<object, JsonSchema>();
  readonly #tools = new WeakMap<ToolBase, ToolSchema>();

  /** The tool's schema for the model (its input schema checked the first time it is seen). */
  of(tool: ToolBase): ToolSchema {
    const parameters = this.#modelSchema(tool.inputSchema);
    const cached = this.#tools.get(tool);
    if (
      cached !== undefined &&
      cached.function.parameters === parameters &&
      cached.function.name === tool.name &&
      cached.function.description === tool.description
    ) {
      return cached;
    }
    const schema: ToolSchema = Object.freeze({
      type: "function",
      function: Object.freeze({ name: tool.name, description: tool.description, parameters }),
    });
    this.#tools.set(tool, schema);
    return schema;
  }

  #modelSchema(schema: JsonSchema): JsonSchema {
    let copy = this.#models.get(schema);
    if (copy === undefined) {
      assertToolInputSchema(schema);
      copy = deepFreeze(withoutTitles(schema));
      this.#models.set(schema, copy);
    }
    return copy;
  }
}
