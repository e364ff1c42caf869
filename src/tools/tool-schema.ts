import { z } from "zod";

/**
 * A tool as the model sees it (the OpenAI function-tool shape every formatter starts from):
 * `{ type: "function", function: { name, description, parameters } }`.
 */
export const ToolSchemaSchema = z.object({
  type: z.literal("function"),
  function: z.object({
    name: z.string(),
    description: z.string(),
    parameters: z.record(z.string(), z.unknown()),
  }),
});
export type ToolSchema = z.output<typeof ToolSchemaSchema>;
