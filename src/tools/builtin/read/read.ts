import { extname } from "node:path";
import {
  DEFAULT_SECRET_FILES,
  isSecretPath,
  type MaybePromise,
  type PermissionDecision,
  type ToolInput,
} from "../../../permission/index.js";
import type { JsonSchema } from "../../json-schema.js";
import type { ToolCallContext } from "../../tool-call-context.js";
import type { ToolChunk } from "../../tool-chunk.js";
import type { UncheckedPathJudge } from "./file-path-guard.js";
import {
  byteBudget,
  DEFAULT_MAX_IMAGE_BYTES,
  DEFAULT_MAX_PDF_BYTES,
  DEFAULT_MAX_TEXT_BYTES,
} from "./file-limits.js";
import { FileTool, filePathOf } from "./file-tool.js";
import { READ_OPTIONS, type ReadOptions } from "./read-options.js";
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
import { notRegularFileChunk } from "./file-access.js";
import { errorChunk } from "./result-chunks.js";
import { secretFileAsk, toolDecision } from "../tool-decisions.js";
import { sensitiveLinkRefusal } from "./unchecked-path-judge.js";

/**
 * The Read tool (spec §5.2): a text file with line numbers (`cat -n` style, offset and limit,
 * long lines cut), an image as a data block, a PDF as a document or as text per page. Text reads
 * fill the read cache in the agent state, which Write and Edit require (read before write).
 * Read-only: the permission engine allows it unless a rule says otherwise — except for credential
 * files (departure 8: `~/.ssh` keys, `.env*`, `*.pem`, …, judged on the path as given and on its
 * real path), which are not read-only and need the user's confirmation. It never follows a
 * symlink to a sensitive file the permission check did not see (see `FilePathGuard`).
 *
 * Hostile paths cost nothing: FIFOs, sockets and devices are refused before they are opened;
 * text is streamed (only the requested lines are kept), images and PDFs have size caps, and every
 * read has a byte budget (see the `max*Bytes` options).
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
  /** The credential files whose reading asks (departure 8). */
  readonly secretFiles: readonly string[];
  private readonly pdfTimeoutMs: number;
  private readonly maxTextBytes: number;
  private readonly maxImageBytes: number;
  private readonly maxPdfBytes: number;

  constructor(options: ReadOptions = {}) {
    super(options, READ_OPTIONS, "Read options");
    this.maxLineCharacters = options.maxLineCharacters ?? 2000;
    this.modelInputTypes = [...(options.modelInputTypes ?? DEFAULT_MODEL_INPUT_TYPES)];
    this.pdfTimeoutMs = options.pdfTimeoutMs ?? PDF_TIMEOUT_MS;
    this.secretFiles = [
      ...(options.secretFiles ?? DEFAULT_SECRET_FILES),
      ...(options.additionalSecretFiles ?? []),
    ];
    const what = "Read options";
    this.maxTextBytes = byteBudget(
      options.maxTextBytes,
      DEFAULT_MAX_TEXT_BYTES,
      "maxTextBytes",
      what,
    );
    this.maxImageBytes = byteBudget(
      options.maxImageBytes,
      DEFAULT_MAX_IMAGE_BYTES,
      "maxImageBytes",
      what,
    );
    this.maxPdfBytes = byteBudget(options.maxPdfBytes, DEFAULT_MAX_PDF_BYTES, "maxPdfBytes", what);
  }

  /** The reference's description; its image and PDF bullets follow `modelInputTypes`. */
  get description(): string {
    return readDescription(this.modelInputTypes);
  }

  /**
   * Read-only, except for a credential file (departure 8): the path as given, or its real path
   * (a symlink to `~/.ssh/id_rsa`). The real path is resolved once per check and noted, so the
   * call can tell a symlink swapped after it.
   */
  override checkReadOnly(input: ToolInput): MaybePromise<boolean> {
    const filePath = filePathOf(input);
    if (filePath === "") return true;
    if (this.isSecret(filePath)) return false;
    if (!this.isAbsolute(filePath)) return true;
    return this.guard.inspect(filePath).then((real) => real === null || !this.isSecret(real));
  }

  /**
   * A credential file (as given, or as the real path) → safety ASK `"Permission required: Read
   * operation on secret file {p}"` (bypass-immune: allow rules do not silence it); else
   * PASSTHROUGH: reading is read-only, the engine decides by mode and rules.
   */
  async checkPermissions(input: ToolInput): Promise<PermissionDecision> {
    const filePath = filePathOf(input);
    if (filePath !== "" && this.isSecret(filePath)) return secretFileAsk(this.name, filePath);
    if (filePath !== "" && this.isAbsolute(filePath)) {
      const real = await this.guard.inspect(filePath);
      if (real !== null && this.isSecret(real)) return secretFileAsk(this.name, real, filePath);
    }
    return toolDecision("passthrough", "File reading is read-only.");
  }

  /** Whether `path` names a credential file by this tool's list. */
  isSecret(path: string): boolean {
    return isSecretPath(path, { secretFiles: this.secretFiles });
  }

  /** Sensitive for the symlink guard: a dangerous path or a credential file. */
  protected override isSensitive(path: string): boolean {
    return super.isSensitive(path) || this.isSecret(path);
  }

  /** Read is not bound to the working directories: only a link to a sensitive file is refused. */
  protected override uncheckedPathJudge(): UncheckedPathJudge {
    return (filePath, real) => sensitiveLinkRefusal(filePath, real, (p) => this.isSensitive(p));
  }

  /** Reads the file; every failure is an `error` chunk with the reference's text. */
  override async call(input: ToolInput, context: ToolCallContext): Promise<ToolChunk> {
    return this.runGuarded(ReadInputSchema, input, context, "Error reading file", (value) =>
      this.read(value, context),
    );
  }

  private async read(input: ReadInput, context: ToolCallContext): Promise<ToolChunk> {
    const filePath = input.file_path;
    const gate = await this.admitAccess(filePath, context);
    if (!gate.ok) return gate.chunk;
    const access = gate.access;
    const stat = await this.backend.stat(access.real);
    if (stat === null) return errorChunk(`Error: File does not exist: ${filePath}`);
    if (stat.kind === "directory") {
      return errorChunk(`Error: Path is a directory, not a file: ${filePath}`);
    }
    // A FIFO, socket or device is refused here, unopened (the backend refuses it too).
    if (stat.kind === "other") return notRegularFileChunk(filePath, stat.special ?? "special file");
    const extension = extname(this.basename(filePath)).toLowerCase();
    if (extension === ".pdf") {
      return readPdfFile(access, {
        pages: input.pages,
        acceptsPdf: acceptsMediaType(this.modelInputTypes, "application/pdf"),
        deadline: AbortSignal.any([context.signal, AbortSignal.timeout(this.pdfTimeoutMs)]),
        maxBytes: this.maxPdfBytes,
      });
    }
    const mediaType = IMAGE_MEDIA_TYPES[extension];
    if (mediaType !== undefined) {
      return readImageFile(
        access,
        mediaType,
        acceptsMediaType(this.modelInputTypes, mediaType),
        imageInputTypes(this.modelInputTypes),
        this.maxImageBytes,
      );
    }
    return readTextFile(access, {
      offset: input.offset,
      limit: input.limit,
      maxLineCharacters: this.maxLineCharacters,
      maxBytes: this.maxTextBytes,
      state: context.state,
    });
  }
}

export type { ReadOptions };
