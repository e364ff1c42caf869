import { AbortedError } from "../../errors/index.js";
import { AssistantMsg, createEvent, newId, type Msg } from "../../message/index.js";
import type { AgentMachineEvent } from "../../machines/index.js";
import type { ZodType } from "zod";
import {
  applyConfirmResults,
  applyExternalResults,
  closeUnfinishedToolCalls,
} from "./acting/index.js";
import type { StructuredSchemaInput } from "./agent-options.js";
import type { AgentInside } from "./agent-inside.js";
import {
  GenerateStructuredOutput,
  GENERATE_STRUCTURED_OUTPUT_NAME,
} from "./generate-structured-output-tool.js";

/*
 * What the statechart's actions do to an agent when a reply begins, resumes (HITL: the user's
 * confirmations or the external results are applied to the parked calls) and ends.
 */

/** A new reply: take the input messages, start the reply context, emit REPLY_START (spec §3.3). */
export function beginReply(runtime: AgentInside, event: AgentMachineEvent): void {
  if (event.type !== "REPLY" || event.request.kind !== "new") return;
  const state = runtime.state;
  state.context.push(...event.request.msgs);
  const structured = runtime.desk.takeStructured();
  state.reply_context = {
    reply_id: newId(),
    cur_iter: 0,
    structured_schema: structured?.json ?? null,
    structured_output: null,
  };
  state.structuredModel =
    structured !== null && isZod(structured.schema) ? structured.schema : null;
  runtime.renewWork();
  runtime.emit(
    createEvent("REPLY_START", {
      session_id: state.session_id,
      reply_id: state.replyId,
      name: runtime.name,
    }),
  );
  setUpStructuredOutputTool(runtime);
}

/** A resume (spec §3.8): apply the confirmation or external results to the parked calls. */
export function applyResume(runtime: AgentInside, event: AgentMachineEvent): void {
  if (event.type !== "REPLY") return;
  runtime.renewWork();
  if (event.request.kind === "confirm") applyConfirmResults(runtime, event.request.event);
  else if (event.request.kind === "external") applyExternalResults(runtime, event.request.event);
  setUpStructuredOutputTool(runtime);
}

/** Exit: emit the end events and hand the final message to the caller. */
export function finishReply(
  runtime: AgentInside,
  reason: "completed" | "exceed_max_iters",
  msg: Msg,
): void {
  const state = runtime.state;
  if (reason === "exceed_max_iters") {
    runtime.emit(createEvent("EXCEED_MAX_ITERS", { reply_id: state.replyId, name: runtime.name }));
  }
  runtime.emit(
    createEvent("REPLY_END", {
      session_id: state.session_id,
      reply_id: state.replyId,
      finished_reason: reason,
    }),
  );
  runtime.desk.finish({ kind: "exit", msg, swallowable: runtime.chains.hasOnReply });
}

/** Close unfinished calls, emit REPLY_END(interrupted), hand over the fallback message (spec §3.10). */
export function endInterrupted(runtime: AgentInside): void {
  const state = runtime.state;
  closeUnfinishedToolCalls(runtime);
  runtime.emit(
    createEvent("REPLY_END", {
      session_id: state.session_id,
      reply_id: state.replyId,
      finished_reason: "interrupted",
    }),
  );
  const react = runtime.configs.reactConfig;
  runtime.desk.finish({
    kind: "exit",
    msg: new AssistantMsg({
      name: runtime.name,
      id: state.replyId,
      content: react.interruptionMessage,
      finished_reason: "interrupted",
    }),
    swallowable: false,
    ...(react.interruptionRaiseCancelledError
      ? { raiseAfter: new AbortedError(`reply '${state.replyId}'`) }
      : {}),
  });
}

/** The structured-output tool of the reply's schema (spec §3.11), or none. */
function setUpStructuredOutputTool(runtime: AgentInside): void {
  const { toolkit, state } = runtime;
  toolkit.removeTool(GENERATE_STRUCTURED_OUTPUT_NAME);
  const schema = state.structuredModel ?? state.reply_context.structured_schema;
  if (schema !== null) {
    toolkit.addTool(new GenerateStructuredOutput(schema));
  }
}

function isZod(schema: StructuredSchemaInput): schema is ZodType {
  return typeof (schema as { safeParse?: unknown }).safeParse === "function";
}
