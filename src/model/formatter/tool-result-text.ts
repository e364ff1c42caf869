import { newId, type DataBlock, type ToolOutput } from "../../message/index.js";
import { isSupportedMediaType } from "./media-type.js";

/** A tool result as the text a `tool` message carries, plus media to show in a user message. */
export interface ToolResultText {
  text: string;
  /** Texts and data blocks to promote (empty when there is no supported media). */
  promoted: (string | DataBlock)[];
}

/**
 * The reference's rendering of a tool result for APIs without media in tool messages: text items
 * joined by newlines; supported media announced with an identifier and promoted to a following
 * user message; unsupported media named by URL, or by media type when inline.
 */
export function toolResultText(output: ToolOutput, supported: readonly string[]): ToolResultText {
  if (typeof output === "string") return { text: output, promoted: [] };
  const lines: string[] = [];
  const media: (string | DataBlock)[] = [];
  for (const block of output) {
    if (block.type === "text") {
      lines.push(block.text);
      continue;
    }
    const mediaType = block.source.media_type;
    const mainType = mediaType.split("/")[0] ?? mediaType;
    if (isSupportedMediaType(mediaType, supported)) {
      const identifier = newId();
      lines.push(
        `<system-reminder>A(n) ${mainType} file is returned and will be presented to you with the identifier [${identifier}].</system-reminder>`,
      );
      media.push(`- ${identifier} (${mainType} file): `, block);
    } else if (block.source.type === "url") {
      lines.push(
        `<system-reminder>A(n) ${mainType} file is returned and can be accessed at the URL: ${block.source.url}.</system-reminder>`,
      );
    } else {
      // The reference saves inline data to a temporary file; a formatter here does no writes
      // (the agent and the file may not even share a machine), so it only says what was returned.
      lines.push(
        `<system-reminder>A(n) ${mainType} file with media type '${mediaType}' is returned but cannot be presented to you.</system-reminder>`,
      );
    }
  }
  const promoted =
    media.length === 0
      ? []
      : [
          "<system-reminder>The multimodal data and their identifiers are listed as follows:",
          ...media,
          "</system-reminder>",
        ];
  return { text: lines.join("\n"), promoted };
}
