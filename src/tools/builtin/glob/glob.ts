import { assertKnownOptions } from "../../../errors/index.js";
import {
  fnmatch,
  type PermissionDecision,
  type PermissionRule,
  type ToolInput,
} from "../../../permission/index.js";
import type { ExecutionBackend } from "../../backends/execution-backend.js";
import { LocalBackend } from "../../backends/local-backend.js";
import type { JsonSchema } from "../../json-schema.js";
import { ToolBase, type ToolBaseOptions } from "../../tool-base.js";
import type { ToolCallContext } from "../../tool-call-context.js";
import { textChunk, type ToolChunk } from "../../tool-chunk.js";
import { FileToolErrorCode } from "../read/file-tool-error-code.js";
import { errorChunk, errorMessage, interruptedChunk, parseInput } from "../read/result-chunks.js";
import { toolDecision } from "../tool-decisions.js";
import { globFiles } from "./glob-files.js";
import { directoryCandidates, searchDirectoryRule } from "./search-directory-rule.js";
import { GLOB_DESCRIPTION, GlobInputSchema, globInputJsonSchema } from "./glob-input.js";

/** How long one Glob may search (30 s, the reference helper's timeout). */
export const GLOB_TIMEOUT_MS = 30_000;

/** Options of {@link Glob}. */
export interface GlobOptions extends ToolBaseOptions {
  /** Where the search runs (default: a {@link LocalBackend}). */
  backend?: ExecutionBackend | undefined;
  /** How long one search may run (default {@link GLOB_TIMEOUT_MS}). */
  timeoutMs?: number | undefined;
}

const GLOB_OPTIONS: ReadonlySet<string> = new Set(["middlewares", "backend", "timeoutMs"]);

/**
 * The Glob tool (spec §5.5): the regular files matching a glob pattern under a directory, newest
 * first. `**` spans directories; `*` and `?` match within a name; symlinks are not followed. The
 * search walks the directory tree through the backend, in TypeScript (the reference runs a
 * Python helper), so it works on any backend; it stops when interrupted or after 30 s.
 *
 * Glob lists names and never opens a file, so credential files (departure 8) are listed like any
 * other: knowing that `.env` exists reveals nothing of it; reading it through Read or Grep asks.
 *
 * @example
 * for await (const chunk of new Glob().invoke({ pattern: "src/**\/*.ts", path: "/repo" })) …
 */
export class Glob extends ToolBase {
  readonly name = "Glob";
  readonly description = GLOB_DESCRIPTION;
  readonly inputSchema: JsonSchema = globInputJsonSchema();
  readonly isConcurrencySafe = true;
  readonly isReadOnly = true;
  private readonly backend: ExecutionBackend;
  private readonly timeoutMs: number;

  constructor(options: GlobOptions = {}) {
    assertKnownOptions(options, GLOB_OPTIONS, "Glob options");
    super({ middlewares: options.middlewares });
    this.backend = options.backend ?? new LocalBackend();
    this.timeoutMs = options.timeoutMs ?? GLOB_TIMEOUT_MS;
  }

  /** PASSTHROUGH: globbing is read-only, the engine decides by mode and rules. */
  checkPermissions(): PermissionDecision {
    return toolDecision("passthrough", "Glob pattern matching is read-only.");
  }

  /**
   * fnmatch of the rule on `path` first (also with a trailing `/`, so the suggested `dir/**`
   * covers a search of `dir` itself), then on `pattern`.
   */
  override matchRule(ruleContent: string | null, input: ToolInput): boolean {
    if (ruleContent === null) return true;
    const path = stringOf(input["path"]);
    if (path !== "" && directoryCandidates(path).some((c) => fnmatch(c, ruleContent))) return true;
    const pattern = stringOf(input["pattern"]);
    return pattern !== "" && fnmatch(pattern, ruleContent);
  }

  /** An allow rule for the searched directory and below: `abspath(path or cwd) + "/**"`. */
  override async generateSuggestions(input: ToolInput): Promise<PermissionRule[]> {
    return [
      searchDirectoryRule(
        this.name,
        stringOf(input["path"]),
        await this.backend.cwd(),
        this.backend,
      ),
    ];
  }

  /** Lists the matches; every failure is an `error` chunk. */
  override async call(input: ToolInput, context: ToolCallContext): Promise<ToolChunk> {
    const parsed = parseInput(GlobInputSchema, input, this.name);
    if (!parsed.ok) return parsed.chunk;
    const { pattern, path } = parsed.value;
    const deadline = AbortSignal.any([context.signal, AbortSignal.timeout(this.timeoutMs)]);
    try {
      if (context.signal.aborted) return interruptedChunk();
      const base = path !== undefined && path !== "" ? path : await this.backend.cwd();
      if ((await this.backend.stat(base))?.kind !== "directory") {
        return errorChunk(`Directory not found: ${base}`);
      }
      const matches = await globFiles(this.backend, base, pattern, deadline);
      if (matches.length === 0) return textChunk(`No files found matching pattern: ${pattern}`);
      return textChunk(matches.join("\n"));
    } catch (error) {
      if (context.signal.aborted) return interruptedChunk();
      if (deadline.aborted) {
        return errorChunk(
          `Glob search timed out after ${this.timeoutMs / 1000} seconds. Try searching a more ` +
            "specific path or pattern.",
          FileToolErrorCode.TIMED_OUT,
        );
      }
      return errorChunk(`Glob helper failed: ${errorMessage(error)}`);
    }
  }
}

function stringOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}
