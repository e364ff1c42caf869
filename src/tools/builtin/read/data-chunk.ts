import { newId, now } from "../../../message/index.js";
import type { ToolChunk } from "../../tool-chunk.js";
import type { FileAccess } from "./file-access.js";

/** A `running` chunk holding the file's bytes as a base64 data block named after the file. */
export function dataChunk(bytes: Uint8Array, mediaType: string, access: FileAccess): ToolChunk {
  const name = access.filePath.split(/[/\\]/).at(-1) ?? null;
  return {
    content: [
      {
        type: "data",
        id: newId(),
        source: {
          type: "base64",
          data: Buffer.from(bytes).toString("base64"),
          media_type: mediaType,
        },
        name,
        created_at: now(),
        finished_at: null,
      },
    ],
    state: "running",
    is_last: true,
    metadata: {},
    id: newId(),
  };
}
