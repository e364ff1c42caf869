/**
 * Valid wire data of every kind (messages with every block type, one event of each shape, a tool
 * schema), for property tests to mutate. AgentScope's field names throughout.
 */
import { jsonFixtures } from "./hostile-json.js";

const T = "2025-01-01T00:00:00.000Z";
/** A permission rule in its wire form. */
export const RULE = { tool_name: "Bash", rule_content: "ls", behavior: "allow", source: "user" };
const text = { type: "text", text: "hi", id: "b1", created_at: T, finished_at: null };
const urlData = {
  type: "data",
  id: "d1",
  source: { type: "url", url: "https://example.test/a.png", media_type: "image/png" },
  name: null,
  created_at: T,
  finished_at: null,
};
const base64Data = {
  type: "data",
  id: "d2",
  source: { type: "base64", data: "YWJj", media_type: "image/png" },
  name: "a.png",
  created_at: T,
  finished_at: null,
};
const toolCall = {
  type: "tool_call",
  id: "c1",
  name: "Bash",
  input: '{"command":"ls"}',
  state: "asking",
  suggested_rules: [RULE],
  created_at: T,
  finished_at: null,
};
const toolResult = {
  type: "tool_result",
  id: "c1",
  name: "Bash",
  output: [text, urlData],
  state: "success",
  metadata: { code: 0, nested: { list: [1, "a", null] } },
  created_at: T,
  finished_at: T,
};
/** One block of each kind (URL and base64 data, a thinking block with a provider extra). */
export const BLOCKS = [
  text,
  { type: "thinking", thinking: "", id: "b2", created_at: T, finished_at: null, signature: "s" },
  {
    type: "hint",
    hint: [text, base64Data],
    id: "b3",
    source: "cron",
    created_at: T,
    finished_at: T,
  },
  toolCall,
  toolResult,
  base64Data,
];
/** An assistant message with every block kind, a user message, a system message. */
export const MSG_FIXTURES = jsonFixtures(
  {
    name: "agent",
    role: "assistant",
    id: "m1",
    content: BLOCKS,
    metadata: { k: [1, { x: "y" }] },
    created_at: T,
    usage: {
      input_tokens: 1,
      output_tokens: 2,
      cache_input_tokens: 0,
      cache_creation_input_tokens: 0,
    },
    finished_at: T,
    finished_reason: "completed",
    structured_output: { answer: 42 },
    error: { type: "upstream", message: "x" },
  },
  { name: "user", role: "user", content: [text, base64Data] },
  { name: "system", role: "system", content: [text] },
);

/** The reply id of the event fixtures (the id of the first message fixture). */
export const R = "m1";
/** One event of each shape, all of reply `R`. */
export const EVENT_FIXTURES = jsonFixtures(
  { type: "REPLY_START", reply_id: R, session_id: "s", name: "agent" },
  {
    type: "REPLY_END",
    reply_id: R,
    session_id: "s",
    finished_reason: "error",
    error: { type: "rate_limit", message: "slow" },
  },
  { type: "MODEL_CALL_END", reply_id: R, input_tokens: 3, output_tokens: 4 },
  { type: "TEXT_BLOCK_START", reply_id: R, block_id: "t" },
  { type: "TEXT_BLOCK_DELTA", reply_id: R, block_id: "t", delta: "hello" },
  { type: "DATA_BLOCK_START", reply_id: R, block_id: "d", media_type: "image/png" },
  { type: "DATA_BLOCK_DELTA", reply_id: R, block_id: "d", data: "YQ==", media_type: "image/png" },
  { type: "HINT_BLOCK", reply_id: R, block_id: "h", hint: [text] },
  { type: "TOOL_CALL_START", reply_id: R, tool_call_id: "c1", tool_call_name: "Bash" },
  { type: "TOOL_RESULT_START", reply_id: R, tool_call_id: "c1", tool_call_name: "Bash" },
  {
    type: "TOOL_RESULT_DATA_DELTA",
    reply_id: R,
    tool_call_id: "c1",
    media_type: "image/png",
    url: "file://tmp.txt",
  },
  { type: "TOOL_RESULT_END", reply_id: R, tool_call_id: "c1", state: "error", metadata: { a: 1 } },
  { type: "REQUIRE_USER_CONFIRM", reply_id: R, tool_calls: [toolCall] },
  {
    type: "USER_CONFIRM_RESULT",
    reply_id: R,
    confirm_results: [{ confirmed: true, tool_call: toolCall, rules: [RULE] }],
  },
  { type: "EXTERNAL_EXECUTION_RESULT", reply_id: R, execution_results: [toolResult] },
  { type: "CUSTOM", name: "state_updated", value: { deep: { er: [1] } } },
);

/** A tool as the model sees it. */
export const TOOL_SCHEMA_FIXTURES = jsonFixtures({
  type: "function",
  function: {
    name: "get_weather",
    description: "Get the weather",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    strict: true,
  },
});
