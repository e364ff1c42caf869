import type { ToolChunk } from "../../tool-chunk.js";
import { dataChunk } from "./data-chunk.js";
import { type FileAccess, heldBytes, ioRefusal, readBytes } from "./file-access.js";
import { changedDuringIoChunk } from "./file-path-guard.js";
import { errorChunk, errorMessage } from "./result-chunks.js";

/** Media types of the image extensions Read recognises (lowercase, with the dot). */
export const IMAGE_MEDIA_TYPES: Readonly<Record<string, string>> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".bmp": "image/bmp",
  ".tiff": "image/tiff",
  ".tif": "image/tiff",
  ".ico": "image/x-icon",
};

/**
 * An image as a base64 data block, or the reference's error when the model cannot take it. An
 * image over `maxBytes` is refused (`FILE_TOO_LARGE`) before it is read: no model takes one that
 * large, and its base64 would be a third larger again in the agent's context.
 */
export async function readImageFile(
  access: FileAccess,
  mediaType: string,
  accepted: boolean,
  imageTypes: readonly string[],
  maxBytes: number,
): Promise<ToolChunk> {
  if (!accepted) {
    const supported = imageTypes.length > 0 ? imageTypes.join(", ") : "none";
    return errorChunk(
      `Error: Unsupported image type ${mediaType}, only ${supported} are supported.`,
    );
  }
  let bytes: Uint8Array | null;
  try {
    bytes = await readBytes(access, maxBytes);
  } catch (error) {
    if (access.signal.aborted) throw error;
    const refusal = ioRefusal(
      error,
      access.filePath,
      (e) =>
        `Error: Image too large: ${access.filePath} is ${heldBytes(e)}, Read returns images of ` +
        `at most ${e.limit} bytes.`,
    );
    return refusal ?? errorChunk(`Error reading file: ${errorMessage(error)}`);
  }
  if (bytes === null) return changedDuringIoChunk(access.filePath, false);
  return dataChunk(bytes, mediaType, access);
}
