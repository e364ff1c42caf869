/**
 * What the fixture's `all_content` tool returns, one block of each MCP content kind, exported so
 * tests compare against the same values the server sent.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** A valid 1×1 RGBA PNG (IHDR, IDAT, IEND with correct CRCs), base64. */
export const PNG_1X1_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** A valid 52-byte WAV: PCM, mono, 8 kHz, 8-bit, eight samples of silence, base64. */
export const WAV_SILENCE_BASE64 =
  "UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA==";

/** Base64 of the bytes 0, 1, …, 15 (the embedded blob resource). */
export const BLOB_BYTES_0_TO_15_BASE64 = "AAECAwQFBgcICQoLDA0ODw==";

/** The embedded text resource. */
export const TEXT_RESOURCE = {
  uri: "file:///notes/a.txt",
  mimeType: "text/plain",
  text: "resource text",
} as const;

/** The embedded blob resource. */
export const BLOB_RESOURCE = {
  uri: "file:///data/b.bin",
  mimeType: "application/octet-stream",
  blob: BLOB_BYTES_0_TO_15_BASE64,
} as const;

/** The resource link. */
export const RESOURCE_LINK = {
  uri: "https://example.com/doc.pdf",
  name: "doc",
  mimeType: "application/pdf",
} as const;

/** The structured content, and the output schema `all_content` declares for it. */
export const STRUCTURED_CONTENT = { temperature: 21, unit: "C" } as const;
export const ALL_CONTENT_OUTPUT_SCHEMA = {
  type: "object" as const,
  properties: { temperature: { type: "number" }, unit: { type: "string" } },
  required: ["temperature", "unit"],
};

/** The whole `all_content` result, blocks in the order the client must keep. */
export const ALL_CONTENT_RESULT = {
  content: [
    { type: "text", text: "plain text" },
    { type: "image", data: PNG_1X1_BASE64, mimeType: "image/png" },
    { type: "audio", data: WAV_SILENCE_BASE64, mimeType: "audio/wav" },
    { type: "resource", resource: { ...TEXT_RESOURCE } },
    { type: "resource", resource: { ...BLOB_RESOURCE } },
    { type: "resource_link", ...RESOURCE_LINK },
  ],
  structuredContent: { ...STRUCTURED_CONTENT },
} satisfies CallToolResult;
