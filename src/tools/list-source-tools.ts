import { getLogger } from "../errors/index.js";
import type { ToolBase } from "./tool-base.js";
import type { ToolGroup } from "./tool-group.js";
import { assertToolInputSchema } from "./tool-input-schema.js";
import type { ToolSource } from "./tool-source.js";

/**
 * The tools a group's sources offer now, in source order, the sources asked concurrently. A
 * source that fails to list is skipped with a warning (one unreachable MCP server must not break
 * the agent), and so is a tool whose input schema is not an object schema.
 */
export async function listSourceTools(group: ToolGroup): Promise<ToolBase[]> {
  if (group.sources.length === 0) return [];
  const lists = await Promise.all(
    group.sources.map(async (source) => {
      try {
        return (await source.listTools()).filter((tool) => hasValidSchema(tool, source));
      } catch (error) {
        getLogger().warn(
          `Failed to list the tools of '${source.name}' in group '${group.name}'; skipping it.`,
          { error: error instanceof Error ? error.message : String(error) },
        );
        return [];
      }
    }),
  );
  return lists.flat();
}

function hasValidSchema(tool: ToolBase, source: ToolSource): boolean {
  try {
    assertToolInputSchema(tool.inputSchema);
    return true;
  } catch (error) {
    getLogger().warn(`Skipping tool '${tool.name}' of '${source.name}'`, {
      error: (error as Error).message,
    });
    return false;
  }
}
