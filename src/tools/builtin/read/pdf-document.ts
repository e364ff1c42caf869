import type * as Pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import type * as PdfLib from "pdf-lib";
import { abortable } from "./abortable.js";

/*
 * Both PDF libraries are loaded on the first PDF read, never at import: pdfjs's legacy build
 * patches globals (Array.prototype.push, JSON.parse, Set and Promise statics) for the whole
 * process, which slowed every agent loop by 25–30 % and broke `sideEffects: false`; pdf-lib
 * alone took a quarter of a second of every `import("actorscope")`, for a tool most agents never
 * point at a PDF.
 */
let pdfjs: Promise<typeof Pdfjs> | null = null;
function loadPdfjs(): Promise<typeof Pdfjs> {
  pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjs;
}
let pdfLib: Promise<typeof PdfLib> | null = null;
function loadPdfLib(): Promise<typeof PdfLib> {
  pdfLib ??= import("pdf-lib");
  return pdfLib;
}

/** The longest a PDF may take to parse and extract before the Read gives up (60 s). */
export const PDF_TIMEOUT_MS = 60_000;

/** An opened PDF: its page count and per-page text. Close it when done. */
export interface PdfDocument {
  readonly pageCount: number;
  /** The text of one page (1-based), lines ended by `\n` where the PDF ends them. */
  pageText(page: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * Opens a PDF with pdf.js (its Node build, no worker thread). Parsing is abandoned (and rejects)
 * when `signal` fires, so a huge or hostile PDF cannot hold a call for ever.
 */
export async function openPdf(bytes: Uint8Array, signal: AbortSignal): Promise<PdfDocument> {
  signal.throwIfAborted();
  // pdf.js takes ownership of the buffer it is given, and refuses Node Buffers: a plain copy.
  const { getDocument } = await loadPdfjs();
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const onAbort = (): void => {
    void task.destroy();
  };
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    const pdf = await abortable(task.promise, signal);
    return {
      pageCount: pdf.numPages,
      pageText: async (page) => {
        const content = await abortable(
          pdf.getPage(page).then((p) => p.getTextContent()),
          signal,
        );
        let text = "";
        for (const item of content.items) {
          if (!("str" in item)) continue;
          text += item.str;
          if (item.hasEOL) text += "\n";
        }
        return text;
      },
      close: async () => {
        signal.removeEventListener("abort", onAbort);
        await task.destroy();
      },
    };
  } catch (error) {
    signal.removeEventListener("abort", onAbort);
    await task.destroy();
    throw error;
  }
}

/** A new PDF holding pages `first..last` (1-based, both included) of `bytes`. */
export async function trimPdf(bytes: Uint8Array, first: number, last: number): Promise<Uint8Array> {
  const { PDFDocument } = await loadPdfLib();
  const source = await PDFDocument.load(bytes, { ignoreEncryption: true });
  const trimmed = await PDFDocument.create();
  const indices = Array.from({ length: last - first + 1 }, (_, i) => first - 1 + i);
  for (const page of await trimmed.copyPages(source, indices)) trimmed.addPage(page);
  return trimmed.save();
}
