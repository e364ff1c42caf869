import { ValidationError } from "../errors/index.js";
import {
  newId,
  now,
  type TextBlock,
  type TextOrDataBlock,
  type ToolResultBlock,
} from "../message/index.js";
import type { TokenCountable } from "../model/index.js";
import type { AgentOffloader } from "./offloader.js";

/**
 * Counts the tokens of messages (an agent passes `(msgs) => model.countTokens(msgs, null)`), so
 * truncation measures a result exactly as the model's context is measured (spec §8.1).
 */
export type CountTokens = (messages: readonly TokenCountable[]) => Promise<number>;

/** What {@link splitToolResult} gives: the part kept in the context and the part left out. */
export interface ToolResultSplit {
  /** The result to save: the input itself when nothing is left out, else a new block. */
  readonly reserved: ToolResultBlock;
  /** The part left out (same id, name and state), or null when the result fits. */
  readonly offloaded: ToolResultBlock | null;
}

/** The text of the truncation marker's reminder when no file holds the omitted part. */
export const TRUNCATION_REMINDER = "The remaining content has been omitted for limited context.";

/**
 * The marker appended to a truncated tool result (spec §8.4, the reference's exact text), naming
 * the file that holds the omitted part when an offloader stored it.
 */
export function truncationMarker(path: string | null): string {
  const where =
    path === null
      ? ""
      : ` You can refer to the file in '${path}' for the truncated content if needed.`;
  return `\n<<<TRUNCATED>>>\n<system-reminder>${TRUNCATION_REMINDER}${where}</system-reminder>`;
}

/**
 * Splits a tool result at `limit` tokens (spec §8.4, the reference's
 * `_split_tool_result_for_compression`): whole blocks are kept while their count stays under the
 * limit; a text block on the boundary keeps the share of its characters the remaining budget
 * buys (appended to the previous kept text block if there is one); a data block on the boundary
 * is left out whole. The input is never changed.
 *
 * @example
 * // count = text length, limit 100: [A*20, B*20, C*100] → reserved [A*20, B*20+C*60], offloaded [C*40]
 * const { reserved, offloaded } = await splitToolResult(result, 100, countTokens);
 */
export async function splitToolResult(
  result: ToolResultBlock,
  limit: number,
  countTokens: CountTokens,
): Promise<ToolResultSplit> {
  const output: readonly TextOrDataBlock[] =
    typeof result.output === "string" ? [textBlock(result.output, newId())] : result.output;
  const count = (blocks: readonly TextOrDataBlock[]) => countTokens([{ content: blocks }]);
  if ((await count(output)) <= limit) return { reserved: result, offloaded: null };

  // The boundary: the last i (down to 1) whose prefix counts under the limit; else 0.
  let boundary = 0;
  for (let i = output.length - 1; i > 0; i--) {
    if ((await count(output.slice(0, i))) < limit) {
      boundary = i;
      break;
    }
  }
  const reserved = output.slice(0, boundary).map((block) => structuredClone(block));
  const offloaded = output.slice(boundary + 1).map((block) => structuredClone(block));
  const edge = output[boundary];
  if (edge?.type === "text") {
    const before = await count(reserved);
    const delta = (await count([...reserved, edge])) - before;
    const budget = limit - before;
    // Characters as Python counts them (code points), so a cut never splits a surrogate pair.
    const chars = SURROGATE.test(edge.text) ? Array.from(edge.text) : null;
    const length = chars?.length ?? edge.text.length;
    const kept = delta <= 0 ? (budget > 0 ? length : 0) : Math.trunc((budget / delta) * length);
    const cut = Math.max(0, Math.min(length, kept));
    const keptText = chars?.slice(0, cut).join("") ?? edge.text.slice(0, cut);
    const leftText = chars?.slice(cut).join("") ?? edge.text.slice(cut);
    if (keptText !== "") {
      const last = reserved.at(-1);
      if (last?.type === "text") last.text += keptText;
      else reserved.push(textBlock(keptText, edge.id));
    }
    if (leftText !== "") {
      const first = offloaded[0];
      if (first?.type === "text") first.text = leftText + first.text;
      else offloaded.unshift(textBlock(leftText, edge.id));
    }
  } else if (edge !== undefined) {
    // A data block cannot be cut: it is left out whole.
    offloaded.unshift(structuredClone(edge));
  }
  if (offloaded.length === 0) return { reserved: result, offloaded: null };
  // The reference builds both blocks anew: the tool's metadata stays with TOOL_RESULT_END.
  const part = (blocks: TextOrDataBlock[]): ToolResultBlock => ({
    type: "tool_result",
    id: result.id,
    name: result.name,
    output: blocks,
    state: result.state,
    metadata: {},
    created_at: result.created_at,
    finished_at: result.finished_at,
  });
  return { reserved: part(reserved), offloaded: part(offloaded) };
}

/**
 * Truncates a tool result before it is saved to the context (spec §8.4): a result over `limit`
 * tokens keeps its first part (see {@link splitToolResult}) with the truncation marker appended
 * to its last text block (or as a new one). With an offloader that stores tool results, the
 * omitted part is handed to it first and the marker names the file it returned. A result within
 * the limit comes back as it is (the same object).
 *
 * @example
 * const saved = await truncateToolResult(result, 50_000, (m) => model.countTokens(m, null),
 *   workspace, agent.state.session_id);
 */
export async function truncateToolResult(
  result: ToolResultBlock,
  limit: number,
  countTokens: CountTokens,
  offloader?: AgentOffloader | null,
  sessionId?: string,
): Promise<ToolResultBlock> {
  const { reserved, offloaded } = await splitToolResult(result, limit, countTokens);
  if (offloaded === null) return reserved;
  let path: string | null = null;
  if (offloader?.offloadToolResult !== undefined) {
    if (sessionId === undefined) {
      throw new ValidationError("truncateToolResult", [
        { path: "sessionId", message: "a session id is required with an offloader" },
      ]);
    }
    path = await offloader.offloadToolResult(sessionId, offloaded);
  }
  const marker = truncationMarker(path);
  const blocks = reserved.output as TextOrDataBlock[];
  const last = blocks.at(-1);
  if (last?.type === "text") last.text += marker;
  else blocks.push(textBlock(marker, newId()));
  return reserved;
}

const SURROGATE = /[\uD800-\uDFFF]/;

function textBlock(text: string, id: string): TextBlock {
  return { type: "text", text, id, created_at: now(), finished_at: null };
}
