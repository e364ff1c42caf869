import { AgentOrientedError } from "./agent-oriented-error.js";
import { ToolErrorCode } from "./tool-error-code.js";

/**
 * The model's tool arguments are not a JSON object, even after repair. The message is the
 * reference's `<system-reminder>` asking the model to correct its JSON.
 */
export class ToolJSONDecodeError extends AgentOrientedError {
  /** The argument text as the model sent it. */
  readonly rawInput: string;

  constructor(message: string, rawInput: string) {
    super(ToolErrorCode.TOOL_INPUT_NOT_JSON, message, { data: { rawInput } });
    this.rawInput = rawInput;
  }
}
