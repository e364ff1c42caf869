import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { getLogger } from "../errors/index.js";
import { normalizeUrl, type TextOrDataBlock } from "../message/index.js";
import type { ToolChunkInput } from "../tools/index.js";

type ContentItem = CallToolResult["content"][number];
/** A block without the fields `toToolChunk` fills in (ids, timestamps). */
type BlockInput = TextOrDataBlock extends infer B
  ? B extends TextOrDataBlock
    ? Omit<B, "id" | "created_at" | "finished_at">
    : never
  : never;

/**
 * A tool result as one chunk (spec §7): text → text block; image and audio → base64 data blocks;
 * an embedded text resource → a text block of its JSON (indent 2: `uri`, `mimeType`, `meta`,
 * `text`, as the reference prints it); an embedded binary resource → a base64 data block named by
 * its URI (the reference drops it; we keep it, see the README's design notes); a resource link →
 * a URL data block; anything else is skipped with a warning. `isError` → state `error`, else
 * `running`. `structuredContent` goes to `metadata.structured_content`, and, when the server sent
 * no content beside it, also to a text block of its JSON so the model sees it.
 */
export function resultChunk(result: CallToolResult, server: string): ToolChunkInput {
  const content: BlockInput[] = [];
  for (const item of result.content) {
    const block = blockOf(item, server);
    if (block !== null) content.push(block);
  }
  const structured: unknown = result.structuredContent;
  const metadata: Record<string, unknown> = {};
  if (structured !== undefined) {
    metadata["structured_content"] = structured;
    if (result.content.length === 0) {
      content.push({ type: "text", text: JSON.stringify(structured) });
    }
  }
  return {
    content: content,
    state: result.isError === true ? "error" : "running",
    metadata,
  };
}

function blockOf(item: ContentItem, server: string): BlockInput | null {
  switch (item.type) {
    case "text":
      return { type: "text", text: item.text };
    case "image":
    case "audio":
      return dataBlock({ type: "base64", data: item.data, media_type: item.mimeType }, null);
    case "resource": {
      const resource = item.resource;
      const meta = resource._meta ?? null;
      if ("text" in resource && typeof resource.text === "string") {
        const shown = {
          uri: normalizeUrl(resource.uri) ?? resource.uri,
          mimeType: resource.mimeType ?? null,
          meta,
          text: resource.text,
        };
        return { type: "text", text: JSON.stringify(shown, null, 2) };
      }
      if ("blob" in resource && typeof resource.blob === "string") {
        const source = {
          type: "base64" as const,
          data: resource.blob,
          media_type: resource.mimeType ?? "application/octet-stream",
        };
        return dataBlock(source, resource.uri);
      }
      return skipped(server, "an embedded resource with neither text nor blob");
    }
    case "resource_link": {
      const url = normalizeUrl(item.uri);
      if (url === null) return skipped(server, `a resource link with an invalid URI`);
      const source = {
        type: "url" as const,
        url,
        media_type: item.mimeType ?? "application/octet-stream",
      };
      return dataBlock(source, item.name);
    }
    default:
      return skipped(server, `content of type '${(item as { type: string }).type}'`);
  }
}

function dataBlock(
  source:
    | { type: "base64"; data: string; media_type: string }
    | { type: "url"; url: string; media_type: string },
  name: string | null,
): BlockInput {
  return { type: "data", source, name };
}

function skipped(server: string, what: string): null {
  getLogger().warn(`Skipping ${what} in a result of MCP server '${server}'.`);
  return null;
}
