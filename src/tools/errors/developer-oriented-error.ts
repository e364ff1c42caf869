import { ActorscopeError, type ErrorData } from "../../errors/index.js";

/**
 * A programming error in a tool or in how it is wired (AgentScope's `DeveloperOrientedException`):
 * `Toolkit.callTool` re-throws it instead of showing it to the model, so it surfaces to whoever
 * runs the agent.
 */
export class DeveloperOrientedError extends ActorscopeError {
  constructor(code: string, message: string, options: { cause?: unknown; data?: ErrorData } = {}) {
    super(code, message, options);
  }
}
