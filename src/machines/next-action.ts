import { AssistantMsg, type HintBlock, type Msg, type ToolCallBlock } from "../message/index.js";
import type { ToolChoice } from "../model/index.js";
import { withoutResults, type AgentState } from "../state/index.js";

export const WAITING_TEXT = "I'm waiting for your permission or the external execution to finish.";
export const STRUCTURED_DONE_TEXT = "The required structured output is generated.";
export const EXCEEDED_TEXT = "The maximum reasoning-acting iterations are exceeded.";
/**
 * The name of the agent's structured-output tool (spec §3.11; the reference's
 * `_GenerateStructuredOutput.name`). Its one definition: the tool and the loop's reminder and
 * tool choice all read it. (The model-level helper's tool, `generate_structured_output`, is
 * another tool, as in the reference: `STRUCTURED_OUTPUT_TOOL` in `src/model`.)
 */
export const GENERATE_STRUCTURED_OUTPUT_NAME = "GenerateStructuredOutput";
export const STRUCTURED_HINT_SOURCE =
  '{"label": "System", "sublabel": "Structured Output Requirement"}';
const STRUCTURED_SUFFIX = "Call it when you are ready to generate the final structured output.";
const STRUCTURED_LAST_SUFFIX =
  "You have reached the maximum reasoning-acting iterations, so call this tool at once to generate the final structured output.";

/** What the loop does next (spec §3.5). */
export type NextAction =
  | { readonly kind: "acting"; readonly toolCalls: readonly ToolCallBlock[] }
  | { readonly kind: "park"; readonly awaiting: "confirm" | "external"; readonly msg: Msg }
  | { readonly kind: "exit"; readonly reason: "completed" | "exceed_max_iters"; readonly msg: Msg }
  | {
      readonly kind: "reasoning";
      readonly hint: HintBlock | null;
      readonly toolChoice: ToolChoice | null;
    };

/** What the decision reads. */
export interface NextActionInput {
  readonly state: AgentState;
  readonly name: string;
  readonly maxIters: number;
  readonly graceIters: number;
  /** The candidate final message of the last reasoning step, if any. */
  readonly finalMsg: Msg | null;
  /** The iteration count to decide with (default: the state's; the machine passes the count a finished step will have). */
  readonly curIter?: number;
  /** Makes ids and timestamps for new blocks. */
  readonly now: () => string;
  readonly newId: () => string;
}

/**
 * The decision table of spec §3.5, in order. Pure: it reads the state and builds the exit
 * message, but changes nothing.
 */
export function decideNextAction(input: NextActionInput): NextAction {
  const { state, name, maxIters, graceIters, finalMsg } = input;
  const replyId = state.replyId;
  const last = state.lastOwnMessage(name);

  // 1. executable calls: allowed ones, or pending ones when nothing is awaiting
  const awaiting = state.getAwaitingToolCalls(name);
  if (last !== undefined) {
    const candidates: ToolCallBlock[] = [];
    for (const block of last.content) {
      if (block.type !== "tool_call") continue;
      if (block.state === "allowed" || (block.state === "pending" && awaiting.length === 0))
        candidates.push(block);
    }
    const executable = withoutResults(last, candidates);
    if (executable.length > 0) return { kind: "acting", toolCalls: executable };
  }

  // 2. parked
  if (awaiting.length > 0) {
    return {
      kind: "park",
      awaiting: awaiting.some((call) => call.state === "asking") ? "confirm" : "external",
      msg: new AssistantMsg({ name, id: replyId, content: WAITING_TEXT }),
    };
  }

  const required = state.reply_context.structured_schema !== null || state.structuredModel !== null;
  const output = state.reply_context.structured_output;
  // 3. structured output produced
  if (required && output !== null) {
    return {
      kind: "exit",
      reason: "completed",
      msg: new AssistantMsg({
        name,
        id: replyId,
        content: STRUCTURED_DONE_TEXT,
        finished_reason: "completed",
        structured_output: structuredClone(output),
      }),
    };
  }
  const curIter = input.curIter ?? state.curIter;
  // 4. structured output still missing (a text-only answer does not count)
  if (required) {
    if (curIter >= maxIters + graceIters) return exceeded(name, replyId);
    const last = curIter >= maxIters;
    const text = `<system-reminder>You're required to generate structured output by calling the '${GENERATE_STRUCTURED_OUTPUT_NAME}' tool. ${last ? STRUCTURED_LAST_SUFFIX : STRUCTURED_SUFFIX}</system-reminder>`;
    const at = input.now();
    return {
      kind: "reasoning",
      hint: {
        type: "hint",
        id: input.newId(),
        hint: [{ type: "text", text, id: input.newId(), created_at: at, finished_at: null }],
        source: STRUCTURED_HINT_SOURCE,
        created_at: at,
        finished_at: at,
      },
      toolChoice: last ? GENERATE_STRUCTURED_OUTPUT_NAME : null,
    };
  }
  // 5. a final answer
  if (finalMsg !== null) return { kind: "exit", reason: "completed", msg: finalMsg };
  // 6. out of iterations
  if (curIter >= maxIters) return exceeded(name, replyId);
  // 7. think again
  return { kind: "reasoning", hint: null, toolChoice: null };
}

function exceeded(name: string, replyId: string): NextAction {
  return {
    kind: "exit",
    reason: "exceed_max_iters",
    msg: new AssistantMsg({
      name,
      id: replyId,
      content: EXCEEDED_TEXT,
      finished_reason: "exceed_max_iters",
    }),
  };
}
