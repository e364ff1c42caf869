export { runBatch, CONCURRENT_BATCH_ERROR, type BatchOutcome } from "./run-batch.js";
export { executeToolCall, type CallOutcome } from "./execute-tool-call.js";
export { applyConfirmResults, userDeniedReminder } from "./apply-confirm-results.js";
export { applyExternalResults } from "./apply-external-results.js";
export { closeUnfinishedToolCalls } from "./close-unfinished-tool-calls.js";
export { ActingErrorCode } from "./acting-error-code.js";
