import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterEach, describe, expect, it } from "vitest";
import { Read } from "../../../../src/tools/builtin/read/index.js";
import { makeTempDir, removeTempDirs, runOnce, textOf } from "./file-fixtures.js";

afterEach(removeTempDirs);

/** A PDF with `pages` pages; page i says "Page i" on two lines unless `blank`. */
async function pdf(pages: number, blank = false): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([300, 300]);
    if (!blank) page.drawText(`Page ${i}\nend`, { x: 20, y: 200, font, size: 12 });
  }
  const path = join(await makeTempDir(), "doc.pdf");
  await writeFile(path, await doc.save());
  return path;
}

async function pageCount(base64: string): Promise<number> {
  return (await PDFDocument.load(Buffer.from(base64, "base64"))).getPageCount();
}

describe("Read of PDFs (spec §5.2)", () => {
  it("§5.2 extracts the text of every page of a PDF of up to 10 pages", async () => {
    const chunk = await runOnce(new Read(), { file_path: await pdf(2) });
    expect([chunk.state, textOf(chunk)]).toEqual([
      "running",
      "--- Page 1/2 ---\nPage 1\nend\n\n--- Page 2/2 ---\nPage 2\nend",
    ]);
  });

  it("§5.2 shows blank pages as empty page sections", async () => {
    expect(textOf(await runOnce(new Read(), { file_path: await pdf(2, true) }))).toBe(
      "--- Page 1/2 ---\n\n\n--- Page 2/2 ---\n",
    );
  });

  it("§5.2 reads a page range, a single page, and clamps the range to the last page", async () => {
    const path = await pdf(5, true);
    const read = new Read();
    for (const [pages, text] of [
      ["2-3", "--- Page 2/5 ---\n\n\n--- Page 3/5 ---\n"],
      ["4", "--- Page 4/5 ---\n"],
      [" 4 - 99 ", "--- Page 4/5 ---\n\n\n--- Page 5/5 ---\n"],
    ] as const) {
      expect(textOf(await runOnce(read, { file_path: path, pages }))).toBe(text);
    }
  });

  it("§5.2 refuses malformed or out-of-range pages with the reference's texts", async () => {
    const path = await pdf(2, true);
    for (const [pages, text] of [
      ["abc", `Error: Invalid pages 'abc'. Expected a page number or range like "3" or "1-5".`],
      ["1-2-3", `Error: Invalid pages '1-2-3'. Expected a page number or range like "3" or "1-5".`],
      ["0", "Error: Invalid pages '0'. PDF has 2 page(s)."],
      ["3", "Error: Invalid pages '3'. PDF has 2 page(s)."],
      ["2-1", "Error: Invalid pages '2-1'. PDF has 2 page(s)."],
    ] as const) {
      const chunk = await runOnce(new Read(), { file_path: path, pages });
      expect([chunk.state, textOf(chunk)]).toEqual(["error", text]);
    }
  });

  it("§5.2 needs pages for PDFs over 10 pages and reads at most 20 per request", async () => {
    const path = await pdf(25, true);
    const read = new Read();
    const none = await runOnce(read, { file_path: path });
    expect([none.state, textOf(none)]).toEqual([
      "error",
      'Error: PDF has 25 pages, more than 10. You must provide the pages parameter (e.g. "1-5") to read specific pages, max 20 pages per request.',
    ]);
    const tooMany = await runOnce(read, { file_path: path, pages: "1-21" });
    expect(textOf(tooMany)).toBe(
      "Error: Requested 21 pages, at most 20 pages can be read per request.",
    );
    const twenty = await runOnce(read, { file_path: path, pages: "6-25" });
    expect(textOf(twenty)).toBe(
      Array.from({ length: 20 }, (_, i) => `--- Page ${i + 6}/25 ---\n`).join("\n\n"),
    );
  });

  it("§5.2 hands the PDF itself to a model that accepts application/pdf, trimmed to the pages", async () => {
    const path = await pdf(5);
    const read = new Read({ modelInputTypes: ["image/*", "application/pdf"] });
    const whole = await runOnce(read, { file_path: path });
    const block = whole.content[0];
    expect(whole.state).toBe("running");
    expect(block).toMatchObject({
      type: "data",
      name: "doc.pdf",
      source: {
        type: "base64",
        media_type: "application/pdf",
        data: (await readFile(path)).toString("base64"),
      },
    });
    const part = (await runOnce(read, { file_path: path, pages: "2-3" })).content[0];
    expect(part?.type === "data" && part.source.type === "base64").toBe(true);
    if (part?.type === "data" && part.source.type === "base64") {
      expect(part.source.media_type).toBe("application/pdf");
      expect(await pageCount(part.source.data)).toBe(2);
    }
  });

  it("§5.2 reports a file that is not a PDF as 'Error reading PDF: …'", async () => {
    const path = join(await makeTempDir(), "broken.pdf");
    await writeFile(path, "not a pdf at all");
    const chunk = await runOnce(new Read(), { file_path: path });
    expect(chunk.state).toBe("error");
    expect(textOf(chunk)).toMatch(/^Error reading PDF: ./);
  });
});
