import type { z } from "zod";
import { TOOL_INTERRUPTED_REMINDER } from "../../run-tool.js";
import { textChunk, type ToolChunk } from "../../tool-chunk.js";
import { FileToolErrorCode } from "./file-tool-error-code.js";

/*
 * The chunks the built-in tools return instead of throwing: tool errors reach the model as
 * `error` results with the reference's texts, an interrupted call as an `interrupted` one.
 */

/** An `error` chunk with the text the model reads and, when given, a stable code in metadata. */
export function errorChunk(text: string, code?: FileToolErrorCode): ToolChunk {
  return textChunk(text, { state: "error", metadata: code === undefined ? {} : { code } });
}

/** The chunk of a call whose abort signal fired (what the toolkit would report anyway). */
export function interruptedChunk(): ToolChunk {
  return textChunk(TOOL_INTERRUPTED_REMINDER, { state: "interrupted" });
}

/** Python's `str(e)` for what an I/O operation threw. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === "string" ? error : String(error);
}

/**
 * The input parsed by the tool's zod schema (defaults applied), or an `error` chunk. The toolkit
 * validates model-made calls against the JSON schema first, so this only fails for direct calls.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  toolName: string,
): { ok: true; value: z.output<S> } | { ok: false; chunk: ToolChunk } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? "" : `${issue.path.join(".")}: `;
  return {
    ok: false,
    chunk: errorChunk(
      `Input validation failed for tool '${toolName}': ${where}${issue?.message ?? "invalid input"}`,
      FileToolErrorCode.INVALID_INPUT,
    ),
  };
}
