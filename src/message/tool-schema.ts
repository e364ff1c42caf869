import { z } from "zod";
import { JsonFieldSchema, JsonObjectSchema } from "./json-value.js";

/**
 * A tool as the model sees it, in OpenAI's function-tool shape that every formatter starts
 * from: `{ type: "function", function: { name, description, parameters } }` (`parameters` a JSON
 * schema). The toolkit produces these and models take them; other fields of `function` (a
 * provider's `strict`) are kept, as JSON data. It lives here, at the bottom of the layer table,
 * because both `tools` (which makes them) and `model` (which sends them) need it.
 */
export const ToolSchemaSchema = z.object({
  type: z.literal("function"),
  function: z
    .object({
      name: z.string().min(1),
      description: z.string().optional(),
      parameters: JsonObjectSchema.optional(),
    })
    .catchall(JsonFieldSchema),
});
export type ToolSchema = z.output<typeof ToolSchemaSchema>;
