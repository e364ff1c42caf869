import type { ToolBase } from "./tool-base.js";

/**
 * Anything that lists tools at run time: an MCP client, a pool of remote tool workers on the bus.
 * The toolkit asks it for its tools every time it lists them (a server's tools may change), and
 * skips it with a warning when listing fails, so one unreachable server never breaks an agent.
 *
 * A stateful source keeps a session and must be connected before it is given to a toolkit.
 */
export interface ToolSource {
  /** The source's name (an MCP server's name). */
  readonly name: string;
  /** Whether the source keeps a session that must be connected first. */
  readonly isStateful: boolean;
  /** Whether that session is up (always true for stateless sources). */
  readonly isConnected: boolean;
  /** The tools it offers now. */
  listTools(): Promise<readonly ToolBase[]>;
}
