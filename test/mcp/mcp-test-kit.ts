/** What the MCP tests share: running a tool call through a toolkit, or a tool alone. */
import {
  ToolResponse,
  type ToolBase,
  type ToolChunk,
  type Toolkit,
} from "../../src/tools/index.js";

/** The content kinds of the fixtures' `all_content`, in order, as blocks. */
export const ALL_CONTENT_KINDS = ["text", "data", "data", "text", "data", "data"];

/** Runs a call of `name` through the toolkit: its chunks, its final response, its text. */
export async function callTool(
  toolkit: Toolkit,
  name: string,
  input: object,
  signal?: AbortSignal,
): Promise<{ response: ToolResponse; chunks: ToolChunk[]; text: string }> {
  const chunks: ToolChunk[] = [];
  let response: ToolResponse | undefined;
  const call = { id: "c1", name, input: JSON.stringify(input) };
  for await (const item of toolkit.callTool(call, { signal })) {
    if (item instanceof ToolResponse) response = item;
    else chunks.push(item);
  }
  if (response === undefined) throw new Error(`no response for ${name}`);
  const text = response.content.map((b) => (b.type === "text" ? b.text : "")).join("");
  return { response, chunks, text };
}

/** Every chunk of one invocation of `tool`. */
export async function invokeAll(
  tool: ToolBase,
  input: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<ToolChunk[]> {
  const chunks: ToolChunk[] = [];
  for await (const chunk of tool.invoke(input, { signal })) chunks.push(chunk);
  return chunks;
}
