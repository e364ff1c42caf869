import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resultChunk } from "../../src/mcp/mcp-content.js";
import { toToolChunk } from "../../src/tools/index.js";
import { StderrTail } from "../../src/mcp/stderr-tail.js";
import { setLogger } from "../../src/errors/index.js";

describe("MCP result conversion (spec §7)", () => {
  const warnings: string[] = [];
  let restore: () => void = () => undefined;
  beforeEach(() => {
    warnings.length = 0;
    restore = setLogger({ warn: (m) => warnings.push(m), error: (m) => warnings.push(m) });
  });
  afterEach(() => {
    restore();
  });

  it("converts every content kind, in order, and keeps structuredContent in metadata", () => {
    const chunk = toToolChunk(
      resultChunk(
        {
          content: [
            { type: "text", text: "plain" },
            { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
            { type: "audio", data: "UklGRg==", mimeType: "audio/wav" },
            {
              type: "resource",
              resource: { uri: "file:///notes/a.txt", mimeType: "text/plain", text: "hi" },
            },
            {
              type: "resource",
              resource: { uri: "file:///b.bin", mimeType: "application/x-bin", blob: "AAE=" },
            },
            {
              type: "resource_link",
              uri: "https://example.com/doc.pdf",
              name: "doc",
              mimeType: "application/pdf",
            },
          ],
          structuredContent: { temperature: 21 },
        },
        "srv",
      ),
    );
    expect(chunk.state).toBe("running");
    expect(chunk.metadata).toEqual({ structured_content: { temperature: 21 } });
    const [text, image, audio, resource, blob, link] = chunk.content;
    expect(text).toMatchObject({ type: "text", text: "plain" });
    expect(image).toMatchObject({
      type: "data",
      source: { type: "base64", data: "iVBORw0KGgo=", media_type: "image/png" },
    });
    expect(audio).toMatchObject({ source: { type: "base64", media_type: "audio/wav" } });
    expect(resource).toMatchObject({
      type: "text",
      text:
        '{\n  "uri": "file:///notes/a.txt",\n  "mimeType": "text/plain",\n  "meta": null,\n' +
        '  "text": "hi"\n}',
    });
    expect(blob).toMatchObject({
      type: "data",
      name: "file:///b.bin",
      source: { type: "base64", data: "AAE=", media_type: "application/x-bin" },
    });
    expect(link).toMatchObject({
      type: "data",
      name: "doc",
      source: { type: "url", url: "https://example.com/doc.pdf", media_type: "application/pdf" },
    });
  });

  it("isError gives the error state", () => {
    const chunk = resultChunk({ content: [{ type: "text", text: "boom" }], isError: true }, "srv");
    expect(chunk.state).toBe("error");
  });

  it("structuredContent alone is also shown to the model as JSON text", () => {
    const chunk = toToolChunk(resultChunk({ content: [], structuredContent: { a: 1 } }, "srv"));
    expect(chunk.content).toMatchObject([{ type: "text", text: '{"a":1}' }]);
  });

  it("an unknown content kind is skipped with a warning naming the server", () => {
    const chunk = resultChunk(
      { content: [{ type: "hologram" } as never, { type: "text", text: "kept" }] },
      "srv",
    );
    expect(chunk.content).toHaveLength(1);
    expect(warnings.join("\n")).toContain("MCP server 'srv'");
  });
});

describe("stdio server stderr capture", () => {
  it("keeps a bounded tail, dropping the partial first line", () => {
    const tail = new StderrTail(64);
    expect(tail.suffix()).toBe("");
    for (let i = 0; i < 100; i++) tail.push(Buffer.from(`line ${i}\n`));
    const text = tail.text();
    expect(text.length).toBeLessThanOrEqual(64);
    expect(text.endsWith("line 99")).toBe(true);
    expect(text.startsWith("line ")).toBe(true);
    tail.push(Buffer.alloc(1000, "y"));
    expect(tail.text().length).toBeLessThanOrEqual(64);
    expect(tail.suffix()).toContain("Its stderr ends with:");
  });
});
