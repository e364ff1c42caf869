import type { Bus } from "../../bus/index.js";
import { ToolBase } from "../../tools/index.js";
import { RemoteToolError, RemoteToolErrorCode } from "../tool-protocol/remote-tool-error.js";
import { readWorkerOptions, type ServeToolsOptions } from "./tool-worker-options.js";
import { ToolWorker } from "./tool-worker.js";

/**
 * Serves `tools` on the bus as one worker: calls of each on `as.tool.<name>.call` (in a queue
 * group, so several workers share the load) and `as.tool.<name>.call.<worker id>`, its
 * permission checks on `.check`, cancels on `.cancel`, and an entry per tool in the registry
 * (schema, flags, this worker's liveness) that `remoteTools` and `remoteToolSource` discover.
 * Resolves once the worker is live on the bus and registered.
 *
 * A worker cannot serve an external tool (the agent hands those to the outside world itself)
 * nor a state-injected one (it reads and writes the calling agent's state, which stays in the
 * agent's process): both are refused with `TOOL_CANNOT_SERVE`, as are two tools of one name.
 *
 * @example
 * const worker = await serveTools(bus, [new Bash(), echo], { heartbeatMs: 500 });
 * const tools = await remoteTools(bus, { names: ["Bash"], waitMs: 2_000 }); // any process
 * await worker.stop();
 */
export async function serveTools(
  bus: Bus,
  tools: readonly ToolBase[],
  options: ServeToolsOptions = {},
): Promise<ToolWorker> {
  const resolved = readWorkerOptions(options);
  assertServable(tools);
  const worker = new ToolWorker(bus, [...tools], resolved);
  await worker.start();
  return worker;
}

function assertServable(tools: readonly ToolBase[]): void {
  if (!Array.isArray(tools) || tools.length === 0) {
    throw new RemoteToolError(
      RemoteToolErrorCode.CANNOT_SERVE,
      "",
      "serveTools needs a non-empty list of tools.",
    );
  }
  const names = new Set<string>();
  tools.forEach((tool: unknown, index) => {
    const refuse = (name: string, why: string): never => {
      throw new RemoteToolError(RemoteToolErrorCode.CANNOT_SERVE, name, why, { data: { index } });
    };
    if (!(tool instanceof ToolBase)) return refuse("", `tools[${index}] is not a ToolBase.`);
    const name = tool.name;
    if (tool.isExternalTool) {
      refuse(
        name,
        `'${name}' is an external tool: the agent hands its calls to the outside world, a worker cannot run them.`,
      );
    }
    if (tool.isStateInjected) {
      refuse(
        name,
        `'${name}' is state-injected: it works on the calling agent's state, which cannot be shared across processes; keep it in the agent's toolkit.`,
      );
    }
    if (names.has(name))
      refuse(name, `Two tools are named '${name}'; a worker serves one tool per name.`);
    names.add(name);
  });
}
