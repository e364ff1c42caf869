import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { JsonSchema } from "../tools/index.js";
import { MCPError, MCPErrorCode } from "./mcp-error.js";

// Meta-schema checks only (`validateSchema`), never compiles: listing stays cheap.
let draft07: Ajv | null = null;
let draft2020: Ajv2020 | null = null;

/** Drafts older than 2019-09 are checked against draft-07's meta-schema (tuple `items` …). */
const LEGACY_DRAFT = /^https?:\/\/json-schema\.org\/draft-0[4-7]\/schema#?$/;

/**
 * A server's `inputSchema` as the tool's schema (spec §7): the whole schema kept (`$defs`,
 * `anyOf` …) with `type: "object"`, `properties: {}` and `required: []` filled in when absent.
 * A schema that is not valid JSON Schema (by its own `$schema` draft, 2020-12 when it names none)
 * is refused with `MCP_INVALID_TOOL_SCHEMA` naming the server and tool, so the tool is left out
 * instead of failing at the model's first call.
 */
export function toolInputSchema(server: string, tool: string, raw: unknown): JsonSchema {
  const schema: Record<string, unknown> =
    typeof raw === "object" && raw !== null && !Array.isArray(raw)
      ? { ...(raw as Record<string, unknown>) }
      : {};
  schema["type"] ??= "object";
  schema["properties"] ??= {};
  schema["required"] ??= [];
  const problem = schemaProblem(schema);
  if (problem !== null) {
    throw new MCPError(
      MCPErrorCode.MCP_INVALID_TOOL_SCHEMA,
      `The input schema of tool '${tool}' of MCP server '${server}' is not valid JSON Schema: ` +
        problem,
      { server, tool },
    );
  }
  return schema;
}

function schemaProblem(schema: Record<string, unknown>): string | null {
  if (schema["type"] !== "object")
    return `its type is ${JSON.stringify(schema["type"])}, not "object"`;
  const props = schema["properties"];
  if (typeof props !== "object" || props === null || Array.isArray(props)) {
    return "its properties are not an object";
  }
  const declared = schema["$schema"];
  const legacy = typeof declared === "string" && LEGACY_DRAFT.test(declared);
  const ajv = legacy
    ? (draft07 ??= new Ajv({ strict: false, validateSchema: false }))
    : (draft2020 ??= new Ajv2020({ strict: false, validateSchema: false }));
  // The meta-schema to check by is the one we chose; a `$schema` we do not know is not an error.
  const { $schema: _ignored, ...body } = schema;
  let valid: boolean;
  try {
    valid = ajv.validateSchema(body) as boolean;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  if (valid) return null;
  return ajv.errorsText(ajv.errors, { dataVar: "schema" });
}
