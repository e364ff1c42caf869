export { runBatch, type BatchOutcome } from "./run-batch.js";
export { executeToolCall, type CallOutcome } from "./execute-tool-call.js";
export { applyConfirmResults, userDeniedReminder } from "./apply-confirm-results.js";
export { applyExternalResults } from "./apply-external-results.js";
export { closeUnfinishedToolCalls } from "./close-unfinished-tool-calls.js";
export { ActingErrorCode } from "./acting-error-code.js";
export { ActingError } from "./acting-error.js";
export { ToolCallError, type ToolCallStage } from "./tool-call-error.js";
