import { pyStrRepr } from "../../input/py-repr.js";
import { PDF_MAX_PAGES_PER_READ, PDF_MAX_PAGES_WITHOUT_RANGE } from "./read-input.js";

/** The 1-based pages to read (both ends included), or the error text for the model. */
export type PdfPageRange =
  | { readonly ok: true; readonly first: number; readonly last: number }
  | { readonly ok: false; readonly error: string };

/** `"3"`, `"1-5"`, `" 2 - 4 "` (spaces around the numbers allowed). */
const PAGES = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/;

/**
 * The pages a Read of a `total`-page PDF returns for its `pages` argument (spec §5.2): every page
 * when none is given (only up to 10 pages), else the range, its end clamped to the last page,
 * at most 20 pages. Errors carry the reference's texts.
 */
export function pdfPageRange(pages: string | null, total: number): PdfPageRange {
  if (pages === null) {
    if (total > PDF_MAX_PAGES_WITHOUT_RANGE) {
      return {
        ok: false,
        error:
          `Error: PDF has ${total} pages, more than ${PDF_MAX_PAGES_WITHOUT_RANGE}. You must ` +
          'provide the pages parameter (e.g. "1-5") to read specific pages, max ' +
          `${PDF_MAX_PAGES_PER_READ} pages per request.`,
      };
    }
    return { ok: true, first: 1, last: total };
  }
  const match = PAGES.exec(pages);
  if (match === null) {
    return {
      ok: false,
      error:
        `Error: Invalid pages ${pyStrRepr(pages)}. Expected a page number or range like "3" ` +
        'or "1-5".',
    };
  }
  const first = Number(match[1]);
  const end = match[2] === undefined ? first : Number(match[2]);
  if (first < 1 || first > end || first > total) {
    return {
      ok: false,
      error: `Error: Invalid pages ${pyStrRepr(pages)}. PDF has ${total} page(s).`,
    };
  }
  const last = Math.min(end, total);
  const count = last - first + 1;
  if (count > PDF_MAX_PAGES_PER_READ) {
    return {
      ok: false,
      error: `Error: Requested ${count} pages, at most ${PDF_MAX_PAGES_PER_READ} pages can be read per request.`,
    };
  }
  return { ok: true, first, last };
}
