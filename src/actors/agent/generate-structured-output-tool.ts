import { z } from "zod";
import type { PermissionDecision, ToolInput } from "../../permission/index.js";
import {
  textChunk,
  ToolBase,
  type JsonSchema,
  type ToolBaseOptions,
  type ToolCallContext,
  type ToolChunk,
} from "../../tools/index.js";
import { GENERATE_STRUCTURED_OUTPUT_NAME } from "../../machines/index.js";
import { toStructuredJsonSchema, type StructuredOutputSchema } from "./structured-output-schema.js";
import { structuredOutputStateOf } from "./structured-output-state.js";
import {
  checkWithJsonSchema,
  checkWithZod,
  structuredValidatorFor,
  type StructuredOutputCheck,
} from "./structured-output-validation.js";

export { toStructuredJsonSchema, type StructuredOutputSchema };

export { GENERATE_STRUCTURED_OUTPUT_NAME };

/** What the model reads about the tool. */
export const GENERATE_STRUCTURED_OUTPUT_DESCRIPTION = `Generate the structured output required of you.

You are given this tool only when a structured output is required. Its input schema is the
required structured output: when you are ready, call this tool with the structured output as its
input.
While you have this tool, you MUST end your response by calling it. Once it succeeds, your
response is finished and the structured output is sent to the user.

# When to Use This Tool
- When you have collected enough information to produce the required output.
`;

const NOT_REQUIRED = "No structured output is required for now.";
const GENERATED = "Structured output generated successfully.";
const FAILED = "ValidationError: Structured output validation failed with error: ";

/**
 * The built-in tool the agent adds (to group `basic`) when a reply must end with a structured
 * output (spec §3.11). Its input schema is the requested schema without titles; a call validates
 * the input against the schema in the agent state and stores the result in
 * `reply_context.structured_output`, which ends the reply.
 *
 * In process the state holds the zod schema (`state.structuredModel`): the stored output is the
 * parsed value (defaults filled, unknown keys dropped). After a state reload only the JSON schema
 * (`reply_context.structured_schema`) is left: the stored output is the input with declared
 * defaults filled (unknown keys kept).
 *
 * @example
 * const Weather = z.object({ city: z.string(), unit: z.enum(["C", "F"]).default("C") });
 * const tool = new GenerateStructuredOutput(Weather);
 * state.reply_context.structured_schema = toStructuredJsonSchema(Weather);
 * state.structuredModel = Weather;
 * for await (const chunk of tool.invoke({ city: "Hangzhou" }, { state })) console.log(chunk);
 * // state.reply_context.structured_output → { city: "Hangzhou", unit: "C" }
 */
export class GenerateStructuredOutput extends ToolBase {
  readonly name = GENERATE_STRUCTURED_OUTPUT_NAME;
  readonly description = GENERATE_STRUCTURED_OUTPUT_DESCRIPTION;
  readonly inputSchema: JsonSchema;
  readonly isConcurrencySafe = true;
  readonly isReadOnly = true;
  override readonly isStateInjected = true;

  /**
   * @param schema the requested output: a zod schema or a JSON schema object. A JSON schema is
   *   compiled here, so one that cannot be compiled fails at once (`INVALID_INPUT_SCHEMA`).
   */
  constructor(schema: StructuredOutputSchema, options: ToolBaseOptions = {}) {
    super(options);
    this.inputSchema = toStructuredJsonSchema(schema);
    if (!(schema instanceof z.ZodType)) structuredValidatorFor(this.name, this.inputSchema);
  }

  /** ALLOW `"GenerateStructuredOutput is always allowed."`. */
  checkPermissions(): PermissionDecision {
    return {
      behavior: "allow",
      message: `${this.name} is always allowed.`,
      decision_reason: null,
      updated_input: null,
      suggested_rules: null,
      bypass_immune: false,
    };
  }

  /**
   * Validates the input against the state's schema (the zod one when present, else the JSON
   * one) and stores the output. A violation is an error result the model can correct; a missing
   * state throws `TOOL_STATE_MISSING`.
   */
  override async call(input: ToolInput, context: ToolCallContext): Promise<ToolChunk> {
    const state = structuredOutputStateOf(this.name, context.state);
    const model = state.structuredModel ?? null;
    const schema = state.reply_context.structured_schema ?? null;
    let check: StructuredOutputCheck;
    if (model !== null) check = await checkWithZod(this.name, model, input);
    else if (schema !== null) check = checkWithJsonSchema(this.name, schema, input);
    else return textChunk(NOT_REQUIRED, { state: "success" });
    if (!check.ok) return textChunk(FAILED + check.errors.join("; "), { state: "error" });
    state.reply_context.structured_output = check.output;
    return textChunk(GENERATED, { state: "success" });
  }
}
