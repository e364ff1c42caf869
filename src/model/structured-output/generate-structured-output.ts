import { jsonrepair } from "jsonrepair";
import { AbortedError, ValidationError, type ValidationIssue } from "../../errors/index.js";
import {
  AssistantMsg,
  UserMsg,
  addUsage,
  readOptions,
  newId,
  type ContentBlockInput,
  type Msg,
  type ToolSchema,
} from "../../message/index.js";
import type { ChatModel } from "../chat-model.js";
import type { ChatResponse, ChatUsage } from "../chat-response.js";
import { ModelError } from "../errors/model-error.js";
import { ModelErrorCode } from "../errors/model-error-code.js";
import { StructuredOutputError } from "../errors/structured-output-error.js";
import { finalResponse } from "../response-stream.js";
import { checkStructured, prepareStructured } from "./json-schema-tools.js";
import type {
  StructuredOutputOptions,
  StructuredResponse,
  StructuredSchema,
} from "./structured-response.js";

/** Every key of `StructuredOutputOptions`. */
const STRUCTURED_OUTPUT_OPTIONS: ReadonlySet<string> = new Set(["signal"]);

/**
 * The name of the tool `generateStructuredOutput` forces the model to call (the reference's
 * `generate_structured_output` of `ChatModelBase`). Not the agent's `GenerateStructuredOutput`
 * tool (`GENERATE_STRUCTURED_OUTPUT_NAME`): the reference has both, and so do we.
 */
export const STRUCTURED_OUTPUT_TOOL = "generate_structured_output";

const TOOL_DESCRIPTION = "Call this function to generate structured output required by the user.";

/** The reference's instruction appended to the conversation. */
export const STRUCTURED_OUTPUT_INSTRUCTION =
  `<system-reminder>Now you **MUST** call the tool named '${STRUCTURED_OUTPUT_TOOL}' to generate ` +
  "the structured output required by the user. DON'T do anything else.</system-reminder>";

/** How many model calls at most: the first and one repair round. */
const MAX_ATTEMPTS = 2;

type Attempt =
  { ok: true; value: unknown } | { ok: false; issues: ValidationIssue[]; callId: string | null };

/**
 * Structured output through a forced tool call, shared by every `ChatModel`: the schema becomes the
 * parameters of a `generate_structured_output` tool (titles stripped), the model is forced to call
 * it, the arguments are parsed (with JSON repair) and validated. Invalid output gets one repair
 * round — the model sees its call, the error as the tool's result and the instruction again — and
 * then a {@link StructuredOutputError}. Aborting throws an `AbortedError`; model failures keep
 * their own typed errors.
 */
export async function generateStructuredOutput(
  model: ChatModel,
  messages: readonly Msg[],
  schema: StructuredSchema,
  options: StructuredOutputOptions = {},
): Promise<StructuredResponse<unknown>> {
  options = readOptions(options, STRUCTURED_OUTPUT_OPTIONS, "structured output options");
  if (messages.length === 0) {
    throw new ValidationError("messages", [
      { path: "", message: "generateStructuredOutput needs at least one message" },
    ]);
  }
  const tools: ToolSchema[] = [
    {
      type: "function",
      function: {
        name: STRUCTURED_OUTPUT_TOOL,
        description: TOOL_DESCRIPTION,
        parameters: parametersOf(schema, model.model),
      },
    },
  ];
  const conversation = withInstruction(messages);
  let usage: ChatUsage | null = null;
  let issues: ValidationIssue[] = [];

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    // A copy per attempt: the repair round must not change what an earlier call was given.
    const result = await model.call([...conversation], {
      tools,
      toolChoice: STRUCTURED_OUTPUT_TOOL,
      signal: options.signal,
    });
    const response = await finalResponse(result, model.model);
    if (response.finished_reason === "interrupted" || options.signal?.aborted === true) {
      throw new AbortedError(`structured output of model "${model.model}"`);
    }
    usage = sumUsage(usage, response.usage);
    const outcome = readAttempt(response, schema);
    if (outcome.ok) {
      return {
        id: response.id,
        created_at: response.created_at,
        content: outcome.value,
        usage,
        finished_reason: "completed",
        metadata: { attempts: attempt },
      };
    }
    issues = outcome.issues;
    conversation.push(...repairMessages(response, outcome));
  }
  throw new StructuredOutputError(model.model, issues, MAX_ATTEMPTS);
}

function parametersOf(schema: StructuredSchema, model: string): Record<string, unknown> {
  try {
    return prepareStructured(schema);
  } catch (cause) {
    throw new ModelError(
      ModelErrorCode.SETUP,
      `The structured-output schema for model "${model}" is not usable: ${String(cause)}. Fix the schema.`,
      { model, cause },
    );
  }
}

// The instruction goes into the last user message, or a new one (the caller's messages stay as
// they are).
function withInstruction(messages: readonly Msg[]): Msg[] {
  const copy = [...messages];
  const last = copy.at(-1);
  if (last?.role === "user") {
    copy[copy.length - 1] = new UserMsg({
      name: last.name,
      content: [...last.content, { type: "text", text: STRUCTURED_OUTPUT_INSTRUCTION }],
    });
  } else {
    copy.push(new UserMsg({ name: "user", content: STRUCTURED_OUTPUT_INSTRUCTION }));
  }
  return copy;
}

function readAttempt(response: ChatResponse, schema: StructuredSchema): Attempt {
  const call = response.content.find(
    (block) => block.type === "tool_call" && block.name === STRUCTURED_OUTPUT_TOOL,
  );
  if (call?.type !== "tool_call") {
    return {
      ok: false,
      callId: null,
      issues: [
        { path: "", message: `The model did not call the tool '${STRUCTURED_OUTPUT_TOOL}'.` },
      ],
    };
  }
  let value: unknown;
  try {
    value = parseWithRepair(call.input);
  } catch (error) {
    return {
      ok: false,
      callId: call.id,
      issues: [{ path: "", message: `The arguments are not valid JSON: ${String(error)}` }],
    };
  }
  const checked = checkStructured(schema, value);
  if (checked.ok) return checked;
  return { ok: false, callId: call.id, issues: checked.issues };
}

function parseWithRepair(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return JSON.parse(jsonrepair(text)) as unknown;
  }
}

function describe(issues: readonly ValidationIssue[]): string {
  return issues.map((i) => (i.path === "" ? i.message : `${i.path}: ${i.message}`)).join("; ");
}

// The model sees what it answered, the error as the result of its call, and the instruction again.
function repairMessages(response: ChatResponse, failed: Attempt & { ok: false }): Msg[] {
  const content: ContentBlockInput[] = [];
  for (const block of response.content) {
    if (block.type === "text") content.push({ type: "text", text: block.text });
    if (block.type === "tool_call") {
      content.push({
        type: "tool_call",
        id: block.id,
        name: block.name,
        input: block.input,
        state: "finished",
      });
      const output =
        block.id === failed.callId
          ? `Error: the structured output is invalid: ${describe(failed.issues)}`
          : `Error: the tool '${block.name}' is not available here.`;
      content.push({ type: "tool_result", id: block.id, name: block.name, output, state: "error" });
    }
  }
  const repair: Msg[] = [];
  if (content.length > 0) {
    repair.push(new AssistantMsg({ name: "assistant", content, id: newId() }));
  }
  const problem =
    failed.callId === null
      ? describe(failed.issues)
      : "Your last arguments did not match the schema (see the tool result).";
  repair.push(
    new UserMsg({
      name: "user",
      content:
        `<system-reminder>${problem} Call the tool '${STRUCTURED_OUTPUT_TOOL}' again with ` +
        "arguments that match its schema. DON'T do anything else.</system-reminder>",
    }),
  );
  return repair;
}

function sumUsage(total: ChatUsage | null, next: ChatUsage | null): ChatUsage | null {
  if (next === null) return total;
  if (total === null) return { ...next };
  // The token sums saturate (see `addTokens`), so the total still passes its schema.
  return { ...addUsage({ ...total }, next), time: total.time + next.time };
}
