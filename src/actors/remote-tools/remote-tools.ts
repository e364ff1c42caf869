import type { Bus } from "../../bus/index.js";
import type { RemoteTool } from "./remote-tool.js";
import { RemoteToolSource } from "./remote-tool-source.js";
import { readRemoteOptions, type RemoteToolsOptions } from "./remote-tools-options.js";

/**
 * The tools workers serve on the bus now, as `ToolBase` proxies (DESIGN.md's contract): with
 * `names`, only those, waiting up to `waitMs` for each to have a live worker (what is there
 * then is returned; a missing one is simply absent). The proxies keep following the registry
 * (which workers are live, to balance calls) until the bus closes; for a listing that follows
 * workers joining and leaving, and can be closed, give a toolkit `remoteToolSource` instead.
 *
 * @example
 * const [bash] = await remoteTools(bus, { names: ["Bash"], waitMs: 5_000 });
 * for await (const chunk of bash.invoke({ command: "ls" })) console.log(chunk.content);
 */
export async function remoteTools(
  bus: Bus,
  options: RemoteToolsOptions = {},
): Promise<RemoteTool[]> {
  const resolved = readRemoteOptions(options, "remoteTools options");
  const source = new RemoteToolSource(bus, resolved);
  await source.open();
  return source.whenTools([...(resolved.names ?? [])], resolved.waitMs);
}
