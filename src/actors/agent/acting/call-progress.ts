import type { ToolCallStage } from "./tool-call-error.js";

/**
 * How far one call got through its pipeline, for the failure path: the stage it is in, and
 * whether its `TOOL_RESULT_START` went out. One per call (never per event).
 */
export interface CallProgress {
  stage: ToolCallStage;
  started: boolean;
}
