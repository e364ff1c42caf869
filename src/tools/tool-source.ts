import type { Observable } from "rxjs";
import type { ToolBase } from "./tool-base.js";

/**
 * Anything that lists tools at run time: an MCP client, a pool of remote tool workers on the bus.
 * A source that fails to list is skipped with a warning, so one unreachable server never breaks
 * an agent.
 *
 * How often the toolkit asks depends on whether the source announces changes:
 * - with {@link changes$}, its listing is cached (shared by every toolkit holding the source)
 *   until it emits there, so a steady MCP server is asked once, not on every step;
 * - without it, it is asked once per `toolkit.view(…)` (once per reasoning step of an agent).
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
  /**
   * Emits whenever the tools it offers may have changed (MCP `notifications/tools/list_changed`,
   * a worker joining the bus registry). Must be hot: subscribing does not emit by itself. When it
   * completes or errors, the toolkit stops caching the listing and asks on every view again.
   */
  readonly changes$?: Observable<void> | undefined;
}
