import { textChunk, type ToolChunk } from "../../tool-chunk.js";
import { dataChunk } from "./data-chunk.js";
import { type FileAccess, heldBytes, ioRefusal, readBytes } from "./file-access.js";
import { changedDuringIoChunk } from "./file-path-guard.js";
import { openPdf, trimPdf } from "./pdf-document.js";
import { pdfPageRange } from "./pdf-page-range.js";
import { errorChunk, errorMessage } from "./result-chunks.js";

/** What a PDF Read returns: which pages, and whether the model takes PDFs as documents. */
export interface PdfRead {
  readonly pages: string | null;
  readonly acceptsPdf: boolean;
  /** Fires on interrupt or when parsing takes too long. */
  readonly deadline: AbortSignal;
  /** The largest PDF read (bigger ones are refused before they are read). */
  readonly maxBytes: number;
}

/**
 * A PDF: the requested pages as a (trimmed) PDF data block when the model takes PDFs, else their
 * text, `"--- Page {i}/{total} ---\n{text}"` per page joined by blank lines. Page limits and
 * errors as in spec §5.2; a PDF over `maxBytes` is refused (`FILE_TOO_LARGE`) before it is read.
 */
export async function readPdfFile(access: FileAccess, read: PdfRead): Promise<ToolChunk> {
  let bytes: Uint8Array | null;
  let pdf: Awaited<ReturnType<typeof openPdf>>;
  try {
    bytes = await readBytes(access, read.maxBytes);
    if (bytes === null) return changedDuringIoChunk(access.filePath, false);
    pdf = await openPdf(bytes, read.deadline);
  } catch (error) {
    if (access.signal.aborted) throw error;
    const refusal = ioRefusal(
      error,
      access.filePath,
      (e) =>
        `Error: PDF too large: ${access.filePath} is ${heldBytes(e)}, Read takes PDFs of at ` +
        `most ${e.limit} bytes. Extract the pages you need with another tool first.`,
    );
    return refusal ?? errorChunk(`Error reading PDF: ${errorMessage(error)}`);
  }
  try {
    const total = pdf.pageCount;
    const range = pdfPageRange(read.pages, total);
    if (!range.ok) return errorChunk(range.error);
    if (read.acceptsPdf) {
      const data =
        range.first === 1 && range.last === total
          ? bytes
          : await trimPdf(bytes, range.first, range.last);
      return dataChunk(data, "application/pdf", access);
    }
    const parts: string[] = [];
    for (let page = range.first; page <= range.last; page++) {
      parts.push(`--- Page ${page}/${total} ---\n${await pdf.pageText(page)}`);
    }
    return textChunk(parts.join("\n\n"));
  } catch (error) {
    if (access.signal.aborted) throw error;
    return errorChunk(`Error reading PDF: ${errorMessage(error)}`);
  } finally {
    await pdf.close();
  }
}
