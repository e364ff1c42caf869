import { z } from "zod";
import { fnmatch } from "../../../permission/index.js";
import type { JsonSchema } from "../../json-schema.js";
import { inputJsonSchema } from "./input-json-schema.js";

/** PDFs with more pages than this need an explicit `pages` range. */
export const PDF_MAX_PAGES_WITHOUT_RANGE = 10;
/** The most pages one Read returns. */
export const PDF_MAX_PAGES_PER_READ = 20;
/** Lines of text one Read returns at most (and by default). */
export const READ_MAX_LINES = 2000;

/** The Read tool's input (spec §5.2; the reference's tests pin its JSON schema). */
export const ReadInputSchema = z
  .object({
    file_path: z.string().describe("The absolute path to the file to read."),
    offset: z
      .number()
      .int()
      .min(1)
      .default(1)
      .describe(
        "Optional 1-based line number to start reading from. Only applies to plain text files " +
          "(default: 1)",
      ),
    limit: z
      .number()
      .int()
      .min(1)
      .max(READ_MAX_LINES)
      .default(READ_MAX_LINES)
      .describe(
        "Optional maximum number of lines to read. Only applies to plain text files " +
          "(default: 2000, max: 2000)",
      ),
    pages: z
      .string()
      .nullable()
      .default(null)
      .describe(
        `Page range for PDF files (e.g. "1-5", "3", "10-20"), max ${PDF_MAX_PAGES_PER_READ} ` +
          `pages per request; required for PDFs over ${PDF_MAX_PAGES_WITHOUT_RANGE} pages. ` +
          "Only applies to PDF files.",
      ),
  })
  .describe("The parameters of the Read tool.");
export type ReadInput = z.output<typeof ReadInputSchema>;

/** The JSON schema the model sees, built from {@link ReadInputSchema}. */
export function readInputJsonSchema(): JsonSchema {
  return inputJsonSchema(ReadInputSchema);
}

/** The media types the model accepts by default (those of the major model APIs). */
export const DEFAULT_MODEL_INPUT_TYPES: readonly string[] = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
];

const DESCRIPTION_HEAD = `Reads a file from the local filesystem. You can access any file directly by using this tool.
Assume this tool is able to read all files on the machine. If the User provides a path to a file assume that path is valid. It is okay to read a file that does not exist; an error will be returned.

Usage:
- The file_path parameter must be an absolute path, not a relative path
- By default, it reads up to 2000 lines starting from the beginning of the file
- You can optionally specify a line offset and limit (especially handy for long files), but it's recommended to read the whole file by not providing these parameters
- Results are returned using cat -n format, with line numbers starting at 1`;

/**
 * The Read description (the reference's text): its last bullets say which images the model is
 * shown and whether PDFs are handed over as documents or as extracted text.
 */
export function readDescription(modelInputTypes: readonly string[]): string {
  const lines = [DESCRIPTION_HEAD];
  const imageTypes = imageInputTypes(modelInputTypes);
  if (imageTypes.length > 0) {
    lines.push(
      `- This tool allows you to read images (${imageTypes.join(", ")}). When reading an image ` +
        "file the contents are presented visually as you're a multimodal LLM.",
    );
  }
  const pdfPresentation = acceptsMediaType(modelInputTypes, "application/pdf")
    ? "When reading a PDF file the pages are presented to you as a document."
    : "Text is extracted per page.";
  lines.push(
    `- This tool can read PDF files (.pdf). ${pdfPresentation} For large PDFs (more than ` +
      `${PDF_MAX_PAGES_WITHOUT_RANGE} pages), you MUST provide the pages parameter to read ` +
      `specific pages (max ${PDF_MAX_PAGES_PER_READ} pages per request).`,
  );
  return lines.join("\n");
}

/** The entries of the model's input types that are image types. */
export function imageInputTypes(modelInputTypes: readonly string[]): string[] {
  return modelInputTypes.filter((type) => type.startsWith("image/"));
}

/** Whether the model accepts a media type (entries are fnmatch patterns, e.g. `image/*`). */
export function acceptsMediaType(modelInputTypes: readonly string[], mediaType: string): boolean {
  return modelInputTypes.some((pattern) => fnmatch(mediaType, pattern));
}
