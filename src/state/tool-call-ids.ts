import { ValidationError, type ValidationIssue } from "../errors/index.js";
import type { Msg } from "../message/index.js";

/**
 * Refuses a state whose last message — the one a parked or running reply acts on — has two tool
 * calls with one id, or two results for one id: results are matched to calls by id, so one call
 * would run twice or never, and the next model request would be invalid. The error names the id.
 * Older messages are history and are not checked (a provider that repeats ids across turns is
 * harmless there).
 */
export function assertUniqueToolCallIds(state: { readonly context: readonly Msg[] }): void {
  const last = state.context.at(-1);
  if (last === undefined || last.role !== "assistant") return;
  const index = state.context.length - 1;
  let issues: ValidationIssue[] | undefined;
  const calls = new Set<string>();
  const results = new Set<string>();
  last.content.forEach((block, i) => {
    const seen = block.type === "tool_call" ? calls : block.type === "tool_result" ? results : null;
    if (seen === null) return;
    if (seen.has(block.id)) {
      const what = block.type === "tool_call" ? "tool call" : "tool result";
      (issues ??= []).push({
        path: `context.${index}.content.${i}.id`,
        message: `Duplicate ${what} id ${JSON.stringify(block.id)} in the last message: each tool call needs its own id`,
      });
    }
    seen.add(block.id);
  });
  if (issues !== undefined) throw new ValidationError("AgentState", issues);
}
