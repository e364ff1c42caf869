import { ActorscopeError, type ErrorData } from "../../errors/index.js";

/** Stable codes of what can go wrong between a remote tool's callers and its workers. */
export const RemoteToolErrorCode = {
  /** `serveTools`: a tool a worker cannot serve (external, state-injected, a duplicate name…). */
  CANNOT_SERVE: "TOOL_CANNOT_SERVE",
  /** The worker stopped beating during the call (it died, or the bus lost it). */
  WORKER_LOST: "TOOL_WORKER_LOST",
  /** The worker is stopping and takes no new call, or stopped before the call ended. */
  WORKER_STOPPED: "TOOL_WORKER_STOPPED",
  /** The worker runs `maxInFlight` calls already; the call did not run. */
  WORKER_BUSY: "TOOL_WORKER_BUSY",
  /** No worker serves the tool; the call did not run. */
  NO_WORKER: "TOOL_NO_WORKER",
  /** A frame of the answer went missing (a gap in its sequence numbers). */
  FRAMES_LOST: "TOOL_FRAMES_LOST",
  /** The bus lost its connection during the call. */
  DISCONNECTED: "TOOL_DISCONNECTED",
  /** A `call_id` the worker runs or has run already: refused, so no call runs twice. */
  DUPLICATE_CALL: "TOOL_DUPLICATE_CALL",
  /** The call ran past the caller's `callTimeoutMs`. */
  CALL_TIMEOUT: "TOOL_CALL_TIMEOUT",
} as const;
export type RemoteToolErrorCode = (typeof RemoteToolErrorCode)[keyof typeof RemoteToolErrorCode];

/** A failure between a remote tool's caller and its workers; `tool` names the tool. */
export class RemoteToolError extends ActorscopeError {
  readonly tool: string;

  constructor(
    code: RemoteToolErrorCode,
    tool: string,
    message: string,
    options: { cause?: unknown; data?: ErrorData } = {},
  ) {
    super(code, message, { cause: options.cause, data: { ...options.data, tool } });
    this.tool = tool;
  }
}
