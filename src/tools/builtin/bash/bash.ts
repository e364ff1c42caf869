import { assertKnownOptions } from "../../../errors/index.js";
import {
  DEFAULT_DANGEROUS_DIRECTORIES,
  DEFAULT_DANGEROUS_FILES,
  DEFAULT_SECRET_FILES,
  DEFAULT_SECRET_VARIABLES,
  type PermissionContext,
  type PermissionDecision,
  type PermissionRule,
  type RuleSubject,
  type ToolInput,
} from "../../../permission/index.js";
import { LocalBackend } from "../../backends/local-backend.js";
import type { ExecutionBackend } from "../../backends/execution-backend.js";
import type { JsonSchema } from "../../json-schema.js";
import { TOOL_INTERRUPTED_REMINDER } from "../../run-tool.js";
import { ToolBase, type ToolBaseOptions } from "../../tool-base.js";
import type { ToolCallContext } from "../../tool-call-context.js";
import { textChunk, type ToolChunk } from "../../tool-chunk.js";
import {
  BASH_DESCRIPTION,
  DEFAULT_BASH_TIMEOUT_MS,
  MAX_BASH_TIMEOUT_MS,
  bashInputJsonSchema,
} from "./bash-input.js";
import {
  OUTPUT_CAP_BYTES,
  decodeOutput,
  errorText,
  failureText,
  successText,
  timeoutText,
} from "./bash-output.js";
import { shellInvocation } from "./bash-invocation.js";
import { checkBashPermissions } from "./bash-permissions.js";
import { isReadOnlyCommand } from "./read-only.js";
import { matchBashRule } from "./rule-matching.js";
import { bashRuleSubjects } from "./rule-subjects.js";
import { parseScript } from "./script.js";
import { findSecretReads, type SecretReadOptions } from "./secret-reads.js";
import { suggestBashRules } from "./suggestions.js";

/** Options of {@link Bash}. */
export interface BashOptions extends ToolBaseOptions {
  /**
   * Sensitive files (matched by basename, or as a path suffix when the entry has a slash),
   * replacing the defaults; `[]` disables the check.
   */
  dangerousFiles?: readonly string[] | undefined;
  /** Sensitive directories (matched by any path segment), replacing the defaults; `[]` disables. */
  dangerousDirectories?: readonly string[] | undefined;
  /** Sensitive files added to `dangerousFiles` (or to the defaults). */
  additionalDangerousFiles?: readonly string[] | undefined;
  /** Sensitive directories added to `dangerousDirectories` (or to the defaults). */
  additionalDangerousDirectories?: readonly string[] | undefined;
  /**
   * Credential files a command may not read unasked (departure 8; entries as for
   * `isSecretPath`), replacing `DEFAULT_SECRET_FILES`; `[]` disables the file check (commands
   * that print the environment still ask).
   */
  secretFiles?: readonly string[] | undefined;
  /** Credential files added to `secretFiles` (or to the defaults). */
  additionalSecretFiles?: readonly string[] | undefined;
  /**
   * Environment variables a command may not expand unasked (departure 8; entries as for
   * `isSecretVariable`), replacing `DEFAULT_SECRET_VARIABLES`; `[]` disables the check.
   */
  secretVariables?: readonly string[] | undefined;
  /** Credential variables added to `secretVariables` (or to the defaults). */
  additionalSecretVariables?: readonly string[] | undefined;
  /** Where commands run (default: the backend's working directory). */
  cwd?: string | undefined;
  /** Where commands run (default: a {@link LocalBackend}). */
  backend?: ExecutionBackend | undefined;
}

/** The option keys {@link Bash} knows (a misspelt one is a `ValidationError`). */
const BASH_OPTIONS: ReadonlySet<string> = new Set([
  "middlewares",
  "dangerousFiles",
  "dangerousDirectories",
  "additionalDangerousFiles",
  "additionalDangerousDirectories",
  "secretFiles",
  "additionalSecretFiles",
  "secretVariables",
  "additionalSecretVariables",
  "cwd",
  "backend",
]);

/**
 * The Bash tool (spec §5.1): runs a shell command and returns its output, after a static safety
 * analysis of the command on a real parse tree (tree-sitter-bash). Read-only commands are
 * allowed unasked; commands that cannot be analysed, dangerous patterns, sensitive paths,
 * critical removals and reads of secrets (departure 8) need the user's approval, which allow
 * rules cannot give (bypass-immune); the rest is left to the permission rules. Each call runs in
 * a fresh `bash --noprofile --norc -p -c` (departure 6: the shell the analyser parses, blind to
 * startup files and exported functions) in the tool's working directory, is killed with
 * everything it started when it times out or is interrupted, and returns one chunk; a failing
 * command — or a machine without bash — is an `error` chunk, never an exception.
 *
 * @example
 * const bash = new Bash({ additionalDangerousFiles: [".secrets"], cwd: "/repo" });
 * const engine = new PermissionEngine({ mode: "default" });
 * if ((await engine.decide(bash, { command: "git status" })).behavior === "allow") {
 *   for await (const chunk of bash.invoke({ command: "git status" })) console.log(chunk.content);
 * }
 */
export class Bash extends ToolBase {
  readonly name = "Bash";
  readonly description = BASH_DESCRIPTION;
  readonly inputSchema: JsonSchema = bashInputJsonSchema();
  readonly isConcurrencySafe = false;
  readonly isReadOnly = false;
  override readonly dangerousFiles: readonly string[];
  override readonly dangerousDirectories: readonly string[];
  /** The credential-file list of departure 8 (defaults plus `additionalSecretFiles`). */
  readonly secretFiles: readonly string[];
  /** The credential-variable list of departure 8 (defaults plus `additionalSecretVariables`). */
  readonly secretVariables: readonly string[];

  private readonly backend: ExecutionBackend;
  private readonly cwd: string | undefined;
  private home: Promise<string> | undefined;

  constructor(options: BashOptions = {}) {
    assertKnownOptions(options, BASH_OPTIONS, "Bash options");
    super({ middlewares: options.middlewares });
    this.dangerousFiles = [
      ...(options.dangerousFiles ?? DEFAULT_DANGEROUS_FILES),
      ...(options.additionalDangerousFiles ?? []),
    ];
    this.dangerousDirectories = [
      ...(options.dangerousDirectories ?? DEFAULT_DANGEROUS_DIRECTORIES),
      ...(options.additionalDangerousDirectories ?? []),
    ];
    this.secretFiles = [
      ...(options.secretFiles ?? DEFAULT_SECRET_FILES),
      ...(options.additionalSecretFiles ?? []),
    ];
    this.secretVariables = [
      ...(options.secretVariables ?? DEFAULT_SECRET_VARIABLES),
      ...(options.additionalSecretVariables ?? []),
    ];
    this.backend = options.backend ?? new LocalBackend();
    this.cwd = options.cwd;
  }

  /**
   * Whether this command only reads: it parses, is analysable, every part is read-only, and it
   * reads no secret (departure 8: the engine's read-only fast path comes before the safety ASK).
   */
  override async checkReadOnly(input: ToolInput): Promise<boolean> {
    const command = commandOf(input);
    if (command === "") return false;
    const script = await parseScript(command);
    if (!isReadOnlyCommand(script)) return false;
    return (await findSecretReads(script, await this.secretOptions())).length === 0;
  }

  /** The safety analysis of spec §5.1, step by step (see `checkBashPermissions`). */
  async checkPermissions(
    input: ToolInput,
    context: PermissionContext,
  ): Promise<PermissionDecision> {
    return checkBashPermissions(commandOf(input), context, {
      ...(await this.secretOptions()),
      dangerousFiles: this.dangerousFiles,
      dangerousDirectories: this.dangerousDirectories,
    });
  }

  /**
   * Command-prefix and wildcard rules (`git:*`, `git * push`), as the reference matches them; the
   * engine applies them to each subcommand (see {@link Bash.ruleSubjects}).
   */
  override matchRule(ruleContent: string | null, input: ToolInput): boolean {
    return matchBashRule(ruleContent, commandOf(input));
  }

  /**
   * Departure 7: rules are matched against each subcommand (and each program a wrapper, `sh -c`
   * or `find -exec` runs), so `git:*` allows `git add . && git commit` but not
   * `git status && curl … | sh`. `null` (the whole text) for a command that cannot be analysed.
   */
  override async ruleSubjects(input: ToolInput): Promise<readonly RuleSubject[] | null> {
    const command = commandOf(input);
    if (command === "") return null;
    return bashRuleSubjects(await parseScript(command));
  }

  /** `"{prefix}:*"` allow rules for the command's first five subcommands. */
  override async generateSuggestions(input: ToolInput): Promise<PermissionRule[]> {
    const command = commandOf(input);
    if (command === "") return [];
    return suggestBashRules(await parseScript(command), this.name);
  }

  /** Runs the command; always one final chunk, `error` when it failed or timed out. */
  override async call(input: ToolInput, context: ToolCallContext): Promise<ToolChunk> {
    const command = commandOf(input);
    const timeoutMs = timeoutOf(input);
    try {
      const { argv, env } = await shellInvocation(this.backend, command);
      const result = await this.backend.run(argv, {
        cwd: this.cwd,
        env,
        timeoutMs,
        signal: context.signal,
        maxOutputBytes: OUTPUT_CAP_BYTES,
      });
      if (result.aborted) return textChunk(TOOL_INTERRUPTED_REMINDER, { state: "interrupted" });
      if (result.timedOut) return textChunk(timeoutText(command, timeoutMs), { state: "error" });
      const stdout = decodeOutput(result.stdout);
      const stderr = decodeOutput(result.stderr);
      if (result.exitCode !== 0) {
        return textChunk(failureText(command, stdout, stderr), { state: "error" });
      }
      return textChunk(successText(stdout, stderr), { state: "running" });
    } catch (error) {
      return textChunk(errorText(command, error), { state: "error" });
    }
  }

  private async secretOptions(): Promise<SecretReadOptions> {
    return {
      secretFiles: this.secretFiles,
      secretVariables: this.secretVariables,
      cwd: await this.workingDirectory(),
      home: await this.homeDirectory(),
      listDirectory: this.listDirectory,
    };
  }

  /** What a bare `*` expands to, on the machine the command runs on. */
  private readonly listDirectory = async (path: string): Promise<string[]> =>
    (await this.backend.listDir(path)).map((entry) => entry.name);

  private async workingDirectory(): Promise<string> {
    return this.cwd ?? (await this.backend.cwd());
  }

  private homeDirectory(): Promise<string> {
    this.home ??= this.backend.homeDir();
    return this.home;
  }
}

/** The input's command; a missing or non-string command is empty (as the reference's `.get`). */
function commandOf(input: ToolInput): string {
  const command = input["command"];
  return typeof command === "string" ? command : "";
}

/** The timeout in ms: the default when absent, clamped to the maximum (spec §5.1). */
function timeoutOf(input: ToolInput): number {
  const timeout = input["timeout"];
  if (typeof timeout !== "number" || !Number.isFinite(timeout)) return DEFAULT_BASH_TIMEOUT_MS;
  return Math.max(0, Math.min(Math.trunc(timeout), MAX_BASH_TIMEOUT_MS));
}
