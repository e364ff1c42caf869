import { assertKnownOptions } from "../../../errors/index.js";
import {
  DEFAULT_DANGEROUS_DIRECTORIES,
  DEFAULT_DANGEROUS_FILES,
  fnmatch,
  isDangerousPath,
  type PermissionRule,
  type ToolInput,
} from "../../../permission/index.js";
import type { ExecutionBackend } from "../../backends/execution-backend.js";
import { LocalBackend } from "../../backends/local-backend.js";
import type { z } from "zod";
import type { ToolCallContext } from "../../tool-call-context.js";
import type { ToolChunk } from "../../tool-chunk.js";
import { ToolBase, type ToolBaseOptions } from "../../tool-base.js";
import type { FileAccess } from "./file-access.js";
import { errorChunk, errorMessage, interruptedChunk, parseInput } from "./result-chunks.js";
import { FilePathGuard, type UncheckedPathJudge } from "./file-path-guard.js";
import { parentDirectoryPattern, pathFlavour } from "./python-path.js";
import { sensitiveLinkRefusal, workingDirectoryEscapeRefusal } from "./unchecked-path-judge.js";

/** Options shared by Read, Write and Edit. */
export interface FileToolOptions extends ToolBaseOptions {
  /** Where files are read and written (default: a {@link LocalBackend}). */
  backend?: ExecutionBackend | undefined;
  /**
   * Sensitive files (matched by basename, or as a path suffix when the entry has a slash),
   * replacing the defaults; `[]` disables the check.
   */
  dangerousFiles?: readonly string[] | undefined;
  /** Sensitive directories (matched by any path segment), replacing the defaults. */
  dangerousDirectories?: readonly string[] | undefined;
  /** Sensitive files added to `dangerousFiles` (or to the defaults). */
  additionalDangerousFiles?: readonly string[] | undefined;
  /** Sensitive directories added to `dangerousDirectories` (or to the defaults). */
  additionalDangerousDirectories?: readonly string[] | undefined;
}

/** The keys of {@link FileToolOptions}; each tool adds its own. */
export const FILE_TOOL_OPTIONS: readonly string[] = [
  "middlewares",
  "backend",
  "dangerousFiles",
  "dangerousDirectories",
  "additionalDangerousFiles",
  "additionalDangerousDirectories",
];

/** No permission context at call time (a call made without an agent): only the process cwd. */
const NO_WORKING_DIRECTORIES = { working_directories: {} };

/**
 * What Read, Write and Edit share: a backend for their I/O, the sensitive-path lists, the symlink
 * guard, and path rules (spec §4: a rule's content is an fnmatch pattern on `file_path`; the
 * suggestion covers the file's parent directory).
 */
export abstract class FileTool extends ToolBase {
  override readonly dangerousFiles: readonly string[];
  override readonly dangerousDirectories: readonly string[];
  /** Where the tool reads and writes files. */
  protected readonly backend: ExecutionBackend;
  /** Keeps calls on the real paths their permission checks saw. */
  protected readonly guard: FilePathGuard;

  /**
   * @param known The option keys the concrete tool takes (any other is a `ValidationError`
   *   naming the nearest known key); `what` names them in the message (`"Read options"`).
   */
  constructor(options: FileToolOptions, known: ReadonlySet<string>, what: string) {
    assertKnownOptions(options, known, what);
    super({ middlewares: options.middlewares });
    this.dangerousFiles = [
      ...(options.dangerousFiles ?? DEFAULT_DANGEROUS_FILES),
      ...(options.additionalDangerousFiles ?? []),
    ];
    this.dangerousDirectories = [
      ...(options.dangerousDirectories ?? DEFAULT_DANGEROUS_DIRECTORIES),
      ...(options.additionalDangerousDirectories ?? []),
    ];
    this.backend = options.backend ?? new LocalBackend();
    this.guard = new FilePathGuard(this.backend);
  }

  /** fnmatch of the rule on `file_path` (`*` crosses `/`); no path matches nothing. */
  override matchRule(ruleContent: string | null, input: ToolInput): boolean {
    if (ruleContent === null) return true;
    const filePath = filePathOf(input);
    return filePath !== "" && fnmatch(filePath, ruleContent);
  }

  /** An allow rule for the file's parent directory (`/a/b/c.py` → `/a/b/**`). */
  override generateSuggestions(input: ToolInput): PermissionRule[] {
    const filePath = filePathOf(input);
    if (filePath === "") return [];
    return [
      {
        tool_name: this.name,
        rule_content: parentDirectoryPattern(filePath),
        behavior: "allow",
        source: "suggested",
      },
    ];
  }

  /** Whether the tool's permission check treats `path` as sensitive (its dangerous lists). */
  protected isSensitive(path: string): boolean {
    return isDangerousPath(path, {
      dangerousFiles: this.dangerousFiles,
      dangerousDirectories: this.dangerousDirectories,
    });
  }

  /**
   * How a call re-checks a symlinked path no check of this process recorded (see
   * `FilePathGuard`): Write and Edit refuse a link to a sensitive path and a link out of the
   * working directories (those of the agent state's permission context when the call has one).
   */
  protected uncheckedPathJudge(context: ToolCallContext): UncheckedPathJudge {
    const permissions = context.state?.permission_context ?? NO_WORKING_DIRECTORIES;
    return async (filePath, real) =>
      sensitiveLinkRefusal(filePath, real, (path) => this.isSensitive(path)) ??
      (await workingDirectoryEscapeRefusal(filePath, real, permissions));
  }

  /**
   * Where a call may act for `filePath`: an absolute path, admitted by the guard — or the
   * `error` chunk that says why not.
   */
  protected async admitAccess(
    filePath: string,
    context: ToolCallContext,
  ): Promise<{ ok: true; access: FileAccess } | { ok: false; chunk: ToolChunk }> {
    if (!this.isAbsolute(filePath)) {
      return {
        ok: false,
        chunk: errorChunk(`Error: file_path must be an absolute path, got: ${filePath}`),
      };
    }
    const admission = await this.guard.admit(filePath, this.uncheckedPathJudge(context));
    if (!admission.ok) return { ok: false, chunk: errorChunk(admission.message, admission.code) };
    return {
      ok: true,
      access: {
        backend: this.backend,
        guard: this.guard,
        filePath,
        real: admission.real,
        signal: context.signal,
      },
    };
  }

  /** Whether `path` is absolute on the backend's machine. */
  protected isAbsolute(path: string): boolean {
    return pathFlavour(this.backend).isAbsolute(path);
  }

  /** The last segment of a path on the backend's machine. */
  protected basename(path: string): string {
    return pathFlavour(this.backend).basename(path);
  }

  /**
   * The shared shape of a file tool's `call`: validate the input, run `body`, and turn any
   * failure into an `error` chunk prefixed with `failure` (or an interrupted chunk once aborted).
   */
  protected async runGuarded<S extends z.ZodType>(
    schema: S,
    input: unknown,
    context: ToolCallContext,
    failure: string,
    body: (value: z.output<S>) => Promise<ToolChunk>,
  ): Promise<ToolChunk> {
    const parsed = parseInput(schema, input, this.name);
    if (!parsed.ok) return parsed.chunk;
    try {
      if (context.signal.aborted) return interruptedChunk();
      return await body(parsed.value);
    } catch (error) {
      if (context.signal.aborted) return interruptedChunk();
      return errorChunk(`${failure}: ${errorMessage(error)}`);
    }
  }
}

/** The `file_path` of an input, `""` when missing or not a string. */
export function filePathOf(input: ToolInput): string {
  const value = input["file_path"];
  return typeof value === "string" ? value : "";
}
