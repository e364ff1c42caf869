import { Buffer } from "node:buffer";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { getLogger } from "../../errors/index.js";
import type { DataBlock, DataSource } from "../../message/index.js";
import { ModelError } from "../errors/model-error.js";
import { ModelErrorCode } from "../errors/model-error-code.js";
import type { FormatOptions, OpenAIContentPart } from "./chat-formatter.js";
import { isSupportedMediaType } from "./media-type.js";

const AUDIO_FORMATS: Readonly<Record<string, "wav" | "mp3">> = {
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/mp3": "mp3",
  "audio/mpeg": "mp3",
};

/** How long fetching a remote audio or PDF file may take. */
const FETCH_TIMEOUT_MS = 30_000;

/** What the formatter's provider accepts. */
export interface DataPartSettings {
  /** fnmatch patterns of accepted media types. */
  readonly supported: readonly string[];
  /** Download remote images and send them inline (providers that refuse image URLs, e.g. Kimi). */
  readonly inlineRemoteImages: boolean;
}

/**
 * A data block as an OpenAI content part: images as `image_url` (remote URLs passed through unless
 * `inlineRemoteImages`; local `file://` files and base64 inlined as `data:` URLs), WAV/MP3 audio as
 * `input_audio`, PDF as `file`. Unsupported media types are skipped with a warning (`null`).
 */
export async function toDataPart(
  block: DataBlock,
  settings: DataPartSettings,
  options: FormatOptions = {},
): Promise<OpenAIContentPart | null> {
  const { supported } = settings;
  const { media_type: mediaType } = block.source;
  if (!isSupportedMediaType(mediaType, supported)) {
    getLogger().warn(`Skipped a data block with unsupported media type '${mediaType}'`, {
      supported,
      blockId: block.id,
    });
    return null;
  }
  const mainType = mediaType.split("/")[0];
  if (mainType === "image") {
    const { source } = block;
    if (source.type === "url" && !source.url.startsWith("file:") && !settings.inlineRemoteImages) {
      return { type: "image_url", image_url: { url: source.url } };
    }
    const data = await base64Of(source, options);
    return { type: "image_url", image_url: { url: `data:${mediaType};base64,${data}` } };
  }
  if (mainType === "audio") {
    const format = AUDIO_FORMATS[mediaType];
    if (format === undefined) {
      getLogger().warn(
        `Skipped audio with media type '${mediaType}': only WAV and MP3 are accepted`,
      );
      return null;
    }
    return {
      type: "input_audio",
      input_audio: { data: await base64Of(block.source, options), format },
    };
  }
  if (mediaType === "application/pdf") {
    const data = await base64Of(block.source, options);
    return {
      type: "file",
      file: {
        filename: block.name ?? "document.pdf",
        file_data: `data:${mediaType};base64,${data}`,
      },
    };
  }
  getLogger().warn(
    `Skipped a data block of type '${mediaType}': the API takes no such content part`,
  );
  return null;
}

async function base64Of(source: DataSource, options: FormatOptions): Promise<string> {
  if (source.type === "base64") return source.data;
  try {
    if (source.url.startsWith("file:")) {
      return (await readFile(fileURLToPath(source.url))).toString("base64");
    }
    const signal =
      options.signal === undefined
        ? AbortSignal.timeout(FETCH_TIMEOUT_MS)
        : AbortSignal.any([options.signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]);
    const response = await fetch(source.url, { signal });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return Buffer.from(await response.arrayBuffer()).toString("base64");
  } catch (cause) {
    throw new ModelError(
      ModelErrorCode.INVALID_REQUEST,
      `Cannot read the data at '${source.url}' to send it to the model: ${String(cause)}`,
      { cause, retryable: false },
    );
  }
}
