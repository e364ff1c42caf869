import { extname } from "node:path";
import type { PermissionDecision, ToolInput } from "../../../permission/index.js";
import type { JsonSchema } from "../../json-schema.js";
import type { ToolCallContext } from "../../tool-call-context.js";
import type { ToolChunk } from "../../tool-chunk.js";
import type { FileAccess } from "./file-access.js";
import { FileTool, type FileToolOptions, filePathOf } from "./file-tool.js";
import { PDF_TIMEOUT_MS } from "./pdf-document.js";
import { IMAGE_MEDIA_TYPES, readImageFile } from "./read-image-file.js";
import { readPdfFile } from "./read-pdf-file.js";
import { readTextFile } from "./read-text-file.js";
import {
  acceptsMediaType,
  DEFAULT_MODEL_INPUT_TYPES,
  imageInputTypes,
  type ReadInput,
  ReadInputSchema,
  readDescription,
  readInputJsonSchema,
} from "./read-input.js";
import { errorChunk } from "./result-chunks.js";

/** Options of {@link Read}. */
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
}

/**
 * The Read tool (spec §5.2): a text file with line numbers (`cat -n` style, offset and limit,
 * long lines cut), an image as a data block, a PDF as a document or as text per page. Text reads
 * fill the read cache in the agent state, which Write and Edit require (read before write).
 * Read-only: the permission engine allows it unless a rule says otherwise. It never follows a
 * symlink to a sensitive file the permission check did not see (see `FilePathGuard`).
 *
 * @example
 * const read = new Read({ modelInputTypes: ["image/*", "application/pdf"] });
 * const state = createToolState();
 * for await (const chunk of read.invoke({ file_path: "/repo/README.md" }, { state })) …
 */
export class Read extends FileTool {
  readonly name = "Read";
  readonly inputSchema: JsonSchema = readInputJsonSchema();
  readonly isConcurrencySafe = true;
  readonly isReadOnly = true;
  override readonly isStateInjected = true;
  /** The media types the model accepts; may be changed after construction. */
  modelInputTypes: string[];
  readonly maxLineCharacters: number;
  private readonly pdfTimeoutMs: number;

  constructor(options: ReadOptions = {}) {
    super(options);
    this.maxLineCharacters = options.maxLineCharacters ?? 2000;
    this.modelInputTypes = [...(options.modelInputTypes ?? DEFAULT_MODEL_INPUT_TYPES)];
    this.pdfTimeoutMs = options.pdfTimeoutMs ?? PDF_TIMEOUT_MS;
  }

  /** The reference's description; its image and PDF bullets follow `modelInputTypes`. */
  get description(): string {
    return readDescription(this.modelInputTypes);
  }

  /**
   * PASSTHROUGH: reading is read-only, the engine decides by mode and rules. The real path is
   * noted so the call can tell a symlink swapped after this check.
   */
  async checkPermissions(input: ToolInput): Promise<PermissionDecision> {
    const filePath = filePathOf(input);
    if (filePath !== "" && this.isAbsolute(filePath)) await this.guard.inspect(filePath);
    return {
      behavior: "passthrough",
      message: "File reading is read-only.",
      decision_reason: null,
      updated_input: null,
      suggested_rules: null,
      bypass_immune: false,
    };
  }

  /** Reads the file; every failure is an `error` chunk with the reference's text. */
  override async call(input: ToolInput, context: ToolCallContext): Promise<ToolChunk> {
    return this.runGuarded(ReadInputSchema, input, context, "Error reading file", (value) =>
      this.read(value, context),
    );
  }

  private async read(input: ReadInput, context: ToolCallContext): Promise<ToolChunk> {
    const filePath = input.file_path;
    if (!this.isAbsolute(filePath)) {
      return errorChunk(`Error: file_path must be an absolute path, got: ${filePath}`);
    }
    const admission = await this.guard.admit(filePath);
    if (!admission.ok) return errorChunk(admission.message, admission.code);
    const stat = await this.backend.stat(admission.real);
    if (stat === null) return errorChunk(`Error: File does not exist: ${filePath}`);
    if (stat.kind === "directory") {
      return errorChunk(`Error: Path is a directory, not a file: ${filePath}`);
    }
    const access: FileAccess = {
      backend: this.backend,
      guard: this.guard,
      filePath,
      real: admission.real,
      signal: context.signal,
    };
    const extension = extname(this.basename(filePath)).toLowerCase();
    if (extension === ".pdf") {
      return readPdfFile(access, {
        pages: input.pages,
        acceptsPdf: acceptsMediaType(this.modelInputTypes, "application/pdf"),
        deadline: AbortSignal.any([context.signal, AbortSignal.timeout(this.pdfTimeoutMs)]),
      });
    }
    const mediaType = IMAGE_MEDIA_TYPES[extension];
    if (mediaType !== undefined) {
      return readImageFile(
        access,
        mediaType,
        acceptsMediaType(this.modelInputTypes, mediaType),
        imageInputTypes(this.modelInputTypes),
      );
    }
    return readTextFile(access, {
      offset: input.offset,
      limit: input.limit,
      maxLineCharacters: this.maxLineCharacters,
      mtimeMs: stat.mtimeMs,
      state: context.state,
    });
  }
}
