import { ModelError } from "./model-error.js";
import { ModelErrorCode } from "./model-error-code.js";

/** A `ScriptedModel` was called once more than it has scripted turns. */
export class ScriptExhaustedError extends ModelError {
  /** How many turns the script had (all played). */
  readonly turns: number;

  constructor(model: string, turns: number) {
    super(
      ModelErrorCode.SCRIPT_EXHAUSTED,
      `ScriptedModel "${model}" has no turn left: all ${turns} scripted turns were played. ` +
        "Script more responses, or pass a function as `responses`.",
      { model, data: { turns } },
    );
    this.turns = turns;
  }
}
