import { ActorscopeError, errorFromWire, type ErrorData } from "../../errors/index.js";
import { ReplyInputError, ReplyInputErrorCode } from "../agent/reply-input-error.js";

/** Stable codes of what can go wrong between an agent on the bus and its callers. */
export const AgentBusErrorCode = {
  /**
   * The agent stopped beating while a command of it was not over (its process died, or the bus
   * lost it): the command may or may not have taken effect (it is never sent again).
   */
  AGENT_LOST: "AGENT_LOST",
  /** The agent stopped serving on the bus before the command was over. */
  AGENT_STOPPED: "AGENT_STOPPED",
  /** A frame of the answer went missing (a gap in its sequence numbers). */
  FRAMES_LOST: "AGENT_FRAMES_LOST",
  /** `spawnAgent`: another agent already answers on this id. */
  ID_TAKEN: "AGENT_ID_TAKEN",
} as const;
export type AgentBusErrorCode = (typeof AgentBusErrorCode)[keyof typeof AgentBusErrorCode];

/** A failure between an agent on the bus and a caller; `agentId` names the agent. */
export class AgentBusError extends ActorscopeError {
  readonly agentId: string;

  constructor(
    code: AgentBusErrorCode,
    agentId: string,
    message: string,
    options: { cause?: unknown; data?: ErrorData } = {},
  ) {
    super(code, message, { cause: options.cause, data: { ...options.data, agent_id: agentId } });
    this.agentId = agentId;
  }
}

const REPLY_CODES: ReadonlySet<string> = new Set(Object.values(ReplyInputErrorCode));
const BUS_CODES: ReadonlySet<string> = new Set(Object.values(AgentBusErrorCode));

/**
 * An agent's error as the caller gets it: the class a local agent throws for the same code
 * (`ReplyInputError` for `REPLY_*`, `AgentBusError` for this file's codes, and what
 * `errorFromWire` rebuilds for the shared ones), with the same code, message and data.
 */
export function agentErrorFromWire(wire: unknown): ActorscopeError {
  const error = errorFromWire(wire);
  if (REPLY_CODES.has(error.code)) {
    return new ReplyInputError(error.code as ReplyInputErrorCode, error.message, {
      ...error.data,
    });
  }
  if (BUS_CODES.has(error.code)) {
    const agentId = typeof error.data["agent_id"] === "string" ? error.data["agent_id"] : "";
    return new AgentBusError(error.code as AgentBusErrorCode, agentId, error.message, {
      data: error.data,
    });
  }
  return error;
}
