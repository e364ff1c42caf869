import { assertKnownOptions } from "../../../errors/index.js";
import {
  DEFAULT_SECRET_FILES,
  fnmatch,
  isSecretPath,
  type MaybePromise,
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
import { directoryCandidates, searchDirectoryRule } from "../glob/search-directory-rule.js";
import { FileToolErrorCode } from "../read/file-tool-error-code.js";
import { notRegularFileChunk } from "../read/file-access.js";
import { resolveRealPath } from "../read/real-path.js";
import { errorChunk, errorMessage, interruptedChunk, parseInput } from "../read/result-chunks.js";
import { secretFileAsk, toolDecision } from "../tool-decisions.js";
import { GREP_DESCRIPTION, GrepInputSchema, grepInputJsonSchema } from "./grep-input.js";
import { paginate } from "./paginate.js";
import { ripgrepArgv } from "./ripgrep-argv.js";
import { secretExcludeGlobs } from "./secret-excludes.js";

/** How long one ripgrep run may take (30 s). */
export const GREP_TIMEOUT_MS = 30_000;

/** What ripgrep output is kept at most (bytes); a longer output loses its tail. */
const MAX_OUTPUT_BYTES = 10 * 1024 * 1024;

/** Options of {@link Grep}. */
export interface GrepOptions extends ToolBaseOptions {
  /** Where ripgrep runs (default: a {@link LocalBackend}); `rg` must be on its PATH. */
  backend?: ExecutionBackend | undefined;
  /**
   * Credential files (departure 8), replacing `DEFAULT_SECRET_FILES`; `[]` disables the check:
   * searching one asks, a directory search skips them. Entries as `isSecretPath` takes them.
   */
  secretFiles?: readonly string[] | undefined;
  /** Credential files added to `secretFiles` (or to the defaults). */
  additionalSecretFiles?: readonly string[] | undefined;
}

const GREP_OPTIONS: ReadonlySet<string> = new Set([
  "middlewares",
  "backend",
  "secretFiles",
  "additionalSecretFiles",
]);

/**
 * The Grep tool (spec §5.6): searches file contents with ripgrep (`rg`, run through the backend's
 * command execution, so it searches wherever the backend is) and pages the results (250 lines by
 * default). Hidden files are searched, VCS directories are not. Timeouts (30 s), interrupts and
 * ripgrep errors become `error` results; matches and "no matches" are `success` results.
 *
 * Credential files (departure 8, a judgement call for a search): searching one (the path as
 * given, or its real path) is a safety ASK, like reading it; a directory search stays read-only
 * and leaves them out (`--iglob !…` per entry, see `secretExcludeGlobs`), so `.env` or
 * `~/.ssh/id_rsa` contents never reach the model through a search of their directory.
 *
 * @example
 * for await (const chunk of new Grep().invoke({ pattern: "TODO", path: "/repo", output_mode: "content" })) …
 */
export class Grep extends ToolBase {
  readonly name = "Grep";
  readonly description = GREP_DESCRIPTION;
  readonly inputSchema: JsonSchema = grepInputJsonSchema();
  readonly isConcurrencySafe = true;
  readonly isReadOnly = true;
  /** The credential files a search asks about or leaves out (departure 8). */
  readonly secretFiles: readonly string[];
  private readonly backend: ExecutionBackend;
  /** The ripgrep exclusions of {@link secretFiles}, built once. */
  private readonly secretExcludes: readonly string[];

  constructor(options: GrepOptions = {}) {
    assertKnownOptions(options, GREP_OPTIONS, "Grep options");
    super({ middlewares: options.middlewares });
    this.backend = options.backend ?? new LocalBackend();
    this.secretFiles = [
      ...(options.secretFiles ?? DEFAULT_SECRET_FILES),
      ...(options.additionalSecretFiles ?? []),
    ];
    this.secretExcludes = secretExcludeGlobs(this.secretFiles);
  }

  /** Read-only, except a search of one credential file (the path as given, or its real path). */
  override checkReadOnly(input: ToolInput): MaybePromise<boolean> {
    const path = typeof input["path"] === "string" ? input["path"] : "";
    if (path === "") return true;
    if (this.isSecret(path)) return false;
    return this.realPath(path).then((real) => real === null || !this.isSecret(real));
  }

  /**
   * A credential file searched (as given, or as the real path) → safety ASK `"Permission
   * required: Grep operation on secret file {p}"`; else PASSTHROUGH: searching is read-only, the
   * engine decides by mode and rules.
   */
  async checkPermissions(input: ToolInput): Promise<PermissionDecision> {
    const path = typeof input["path"] === "string" ? input["path"] : "";
    if (path !== "") {
      if (this.isSecret(path)) return secretFileAsk(this.name, path);
      const real = await this.realPath(path);
      if (real !== null && this.isSecret(real)) return secretFileAsk(this.name, real, path);
    }
    return toolDecision("passthrough", "Grep search is read-only.");
  }

  /** Whether `path` names a credential file by this tool's list. */
  isSecret(path: string): boolean {
    return isSecretPath(path, { secretFiles: this.secretFiles });
  }

  /** The real path of a searched path (relative ones against the backend's cwd). */
  private async realPath(path: string): Promise<string | null> {
    try {
      return await resolveRealPath(this.backend, path);
    } catch {
      return null; // unresolvable: ripgrep reports the error itself
    }
  }

  /**
   * fnmatch of the rule on the searched path (the cwd when none is given), also with a trailing
   * `/` so the suggested `dir/**` covers a search of `dir` itself.
   */
  override async matchRule(ruleContent: string | null, input: ToolInput): Promise<boolean> {
    if (ruleContent === null) return true;
    const given = typeof input["path"] === "string" ? input["path"] : "";
    const path = given !== "" ? given : await this.backend.cwd();
    return directoryCandidates(path).some((candidate) => fnmatch(candidate, ruleContent));
  }

  /** An allow rule for the searched directory and below: `abspath(path or cwd) + "/**"`. */
  override async generateSuggestions(input: ToolInput): Promise<PermissionRule[]> {
    const path = typeof input["path"] === "string" ? input["path"] : "";
    return [searchDirectoryRule(this.name, path, await this.backend.cwd(), this.backend)];
  }

  /** Runs ripgrep; every failure is an `error` chunk with the reference's text. */
  override async call(input: ToolInput, context: ToolCallContext): Promise<ToolChunk> {
    if (typeof input["head_limit"] === "number" && input["head_limit"] < 0) {
      return errorChunk("Error: head_limit must be non-negative.");
    }
    if (typeof input["offset"] === "number" && input["offset"] < 0) {
      return errorChunk("Error: offset must be non-negative.");
    }
    const parsed = parseInput(GrepInputSchema, input, this.name);
    if (!parsed.ok) return parsed.chunk;
    const args = parsed.value;
    try {
      if (context.signal.aborted) return interruptedChunk();
      const searchPath =
        args.path !== undefined && args.path !== "" ? args.path : await this.backend.cwd();
      // ripgrep would block on a FIFO named on its command line until the timeout: refused here.
      const target = await this.backend.stat(searchPath).catch(() => null);
      if (target?.kind === "other") {
        return notRegularFileChunk(searchPath, target.special ?? "special file");
      }
      const result = await this.backend.run(ripgrepArgv(args, searchPath, this.secretExcludes), {
        timeoutMs: GREP_TIMEOUT_MS,
        signal: context.signal,
        maxOutputBytes: MAX_OUTPUT_BYTES,
      });
      if (result.aborted || context.signal.aborted) return interruptedChunk();
      if (result.timedOut) {
        return errorChunk(
          `Ripgrep search timed out after ${GREP_TIMEOUT_MS / 1000} seconds. Try searching a ` +
            "more specific path or pattern.",
          FileToolErrorCode.TIMED_OUT,
        );
      }
      if (result.exitCode !== 0 && result.exitCode !== 1) {
        const stderr = new TextDecoder().decode(result.stderr).trim();
        return errorChunk(`ripgrep error (code ${result.exitCode}): ${stderr}`);
      }
      const lines = outputLines(result.stdout, result.stdoutTruncated);
      if (lines.length === 0) {
        return textChunk(`No matches found for pattern: ${args.pattern}`, { state: "success" });
      }
      return textChunk(paginate(lines, args.head_limit, args.offset), { state: "success" });
    } catch (error) {
      if (context.signal.aborted) return interruptedChunk();
      return errorChunk(`ripgrep error: ${errorMessage(error)}`);
    }
  }
}

/** Non-empty output lines (CR stripped); a line cut by the output cap is dropped. */
function outputLines(stdout: Uint8Array, truncated: boolean): string[] {
  const lines = new TextDecoder().decode(stdout).split("\n");
  if (truncated) lines.pop();
  return lines.map((line) => line.replace(/\r+$/, "")).filter((line) => line !== "");
}
