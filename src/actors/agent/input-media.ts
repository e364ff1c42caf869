import type { DataBlockOffloader } from "../../context/index.js";
import type { Msg } from "../../message/index.js";
import { isSupportedMediaType } from "../../model/index.js";

/**
 * Whether {@link replaceUnsupportedData} has anything to replace: a caller that finds nothing
 * goes on without awaiting (the agent claims and appends synchronously then).
 */
export function hasUnsupportedData(msgs: readonly Msg[], supported: readonly string[]): boolean {
  for (const msg of msgs) {
    for (const block of msg.content) {
      if (block.type === "data" && !isSupportedMediaType(block.source.media_type, supported))
        return true;
    }
  }
  return false;
}

/**
 * Spec §3.4: a top-level data block whose media type the model does not take becomes a text
 * reminder pointing at where the file is (its URL, or where the offloader stored it), or saying
 * it was attached and not shown. Mutates the (already copied) messages.
 */
export async function replaceUnsupportedData(
  msgs: readonly Msg[],
  supported: readonly string[],
  offloader: DataBlockOffloader | null,
): Promise<void> {
  for (const msg of msgs) {
    for (let i = 0; i < msg.content.length; i++) {
      const block = msg.content[i];
      if (block?.type !== "data" || isSupportedMediaType(block.source.media_type, supported))
        continue;
      let url: string | null = block.source.type === "url" ? block.source.url : null;
      if (url === null && offloader !== null) {
        const stored = await offloader.offloadDataBlock(block);
        if (stored.source.type === "url") url = stored.source.url;
      }
      const named = block.name === null ? "" : `named '${block.name}' `;
      const text =
        url !== null
          ? `<system-reminder>An attached file ${named}is saved into ${url}.</system-reminder>`
          : `<system-reminder>An unsupported input file ${named}is attached with media type '${block.source.media_type}'.</system-reminder>`;
      msg.content[i] = {
        type: "text",
        text,
        id: block.id,
        created_at: block.created_at,
        finished_at: null,
      };
    }
  }
}
