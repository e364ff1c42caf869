import { FILE_TOOL_OPTIONS, type FileToolOptions } from "./file-tool.js";

/** Options of `Read`. */
export interface ReadOptions extends FileToolOptions {
  /** Longer lines are cut to this many characters plus `"[truncated]"` (default 2000). */
  maxLineCharacters?: number | undefined;
  /**
   * The media types the model accepts as input (fnmatch patterns such as `image/*`, e.g. a model
   * card's input types). Listed images are returned as data blocks, others are refused; PDFs are
   * handed over as documents when `application/pdf` is listed, else their text is extracted.
   * Default: PNG, JPEG, GIF and WebP images.
   */
  modelInputTypes?: readonly string[] | undefined;
  /** The longest a PDF may take to parse and extract (default 60 s). */
  pdfTimeoutMs?: number | undefined;
  /**
   * Credential files (departure 8: reading one is a safety ASK), replacing
   * `DEFAULT_SECRET_FILES`; `[]` disables the check. Entries as `isSecretPath` takes them.
   */
  secretFiles?: readonly string[] | undefined;
  /** Credential files added to `secretFiles` (or to the defaults). */
  additionalSecretFiles?: readonly string[] | undefined;
  /** The most bytes one text read scans (default 64 MiB); later lines are out of reach. */
  maxTextBytes?: number | undefined;
  /** The largest image returned (default 20 MiB); larger ones are refused unread. */
  maxImageBytes?: number | undefined;
  /** The largest PDF read (default 32 MiB); larger ones are refused unread. */
  maxPdfBytes?: number | undefined;
}

/** The keys of {@link ReadOptions}; any other key is refused. */
export const READ_OPTIONS: ReadonlySet<string> = new Set([
  ...FILE_TOOL_OPTIONS,
  "maxLineCharacters",
  "modelInputTypes",
  "pdfTimeoutMs",
  "secretFiles",
  "additionalSecretFiles",
  "maxTextBytes",
  "maxImageBytes",
  "maxPdfBytes",
]);
