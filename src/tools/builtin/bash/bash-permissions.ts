import {
  DEFAULT_SECRET_FILES,
  type PermissionContext,
  type PermissionDecision,
} from "../../../permission/index.js";
import { filesystemEditCommand } from "./accept-edits.js";
import { argumentPaths } from "./argument-paths.js";
import { safetyAsk, toolDecision } from "../tool-decisions.js";
import { checkDangerousCommand } from "./dangerous-patterns.js";
import { findDangerousPaths } from "./dangerous-paths.js";
import { extractFilePaths } from "./file-paths.js";
import { checkInjectionRisk } from "./injection.js";
import { isReadOnlyCommand } from "./read-only.js";
import { findDangerousRemoval } from "./removal.js";
import { parseScript } from "./script.js";
import { findSecretReads, type SecretReadOptions } from "./secret-reads.js";
import { checkSedConstraints } from "./sed.js";

/** What the Bash permission check needs besides the command and the permission context. */
export interface BashPermissionOptions {
  readonly dangerousFiles: readonly string[];
  readonly dangerousDirectories: readonly string[];
  /** Credential files (departure 8); default `DEFAULT_SECRET_FILES`, `[]` disables the file check. */
  readonly secretFiles?: readonly string[] | undefined;
  /** Credential variables (departure 8); default `DEFAULT_SECRET_VARIABLES`, `[]` disables. */
  readonly secretVariables?: readonly string[] | undefined;
  /** The directory the command will run in. */
  readonly cwd: string;
  /** The home directory of the machine the command runs on. */
  readonly home: string;
  /** Lists a directory of that machine, to see what a bare `*` expands to (see `findSecretReads`). */
  readonly listDirectory?: SecretReadOptions["listDirectory"];
}

/**
 * The Bash tool's own permission view of a command (spec §5.1 `check_permissions`), every step
 * in order on one parse of the command; every ASK here is a bypass-immune safety ASK:
 *
 * 0. empty → PASSTHROUGH; 1. not statically analysable → ASK; 2. read-only and reading no
 * secret → ALLOW; 3. dangerous pattern → ASK; 4. sed constraint → ASK; 5. sensitive or unknown
 * path → ASK; 6. critical removal → ASK; 6a. reads secrets (departure 8: credential files, the
 * environment) → ASK `Permission required: Bash command reads secrets: {s1, s2}`;
 * 7. ACCEPT_EDITS / DONT_ASK: filesystem commands with every target in a working directory →
 * ALLOW (departure 2: every subcommand is judged); 8. PASSTHROUGH.
 *
 * @example
 * await checkBashPermissions("rm -rf /", context, options);
 * // { behavior: "ask", message: "Permission required: Command contains dangerous pattern: rm -rf", … }
 */
export async function checkBashPermissions(
  command: string,
  context: PermissionContext,
  options: BashPermissionOptions,
): Promise<PermissionDecision> {
  if (command === "") return decision("passthrough", "Empty command", null);
  const script = await parseScript(command);

  const injection = checkInjectionRisk(script);
  if (injection !== null) {
    return safetyAsk(
      `Permission required: ${injection}`,
      "Safety check: command contains dynamic expansion that cannot be statically analyzed",
    );
  }

  const secrets = await findSecretReads(script, {
    secretFiles: options.secretFiles ?? DEFAULT_SECRET_FILES,
    secretVariables: options.secretVariables,
    cwd: options.cwd,
    home: options.home,
    listDirectory: options.listDirectory,
  });

  if (secrets.length === 0 && isReadOnlyCommand(script)) {
    return decision(
      "allow",
      "Permission granted for read-only command",
      "Read-only command is allowed",
    );
  }

  const pattern = checkDangerousCommand(script);
  if (pattern !== null) {
    return safetyAsk(
      `Permission required: Command contains dangerous pattern: ${pattern}`,
      "Safety check: dangerous command pattern detected",
    );
  }

  const sedError = checkSedConstraints(script, options.dangerousFiles);
  if (sedError !== null) {
    return safetyAsk(
      `Permission required: ${sedError}`,
      "Safety check: sed in-place modification of dangerous file",
    );
  }

  // Departure 3: any program's arguments may name what it writes (`curl -o ~/.bashrc`).
  const paths = extractFilePaths(script, argumentPaths);
  const dangerous = await findDangerousPaths(paths, options);
  if (dangerous.length > 0) {
    return safetyAsk(
      `Permission required: Bash command operates on sensitive paths: ${dangerous.join(", ")}`,
      "Safety check: dangerous file or directory in bash command",
    );
  }

  const removal = await findDangerousRemoval(script, options);
  if (removal !== null) {
    return safetyAsk(
      `Dangerous removal operation detected: '${removal}'\n\nThis command would remove a critical ` +
        "system directory. This requires explicit approval and cannot be auto-allowed by " +
        "permission rules.",
      "Safety check: dangerous removal of critical system path",
    );
  }

  if (secrets.length > 0) {
    return safetyAsk(
      `Permission required: Bash command reads secrets: ${secrets.join(", ")}`,
      "Safety check: Bash command reads credential files or the environment",
    );
  }

  if (context.mode === "accept_edits" || context.mode === "dont_ask") {
    const base = await filesystemEditCommand(script, context, options);
    if (base !== null) {
      return decision(
        "allow",
        `Permission granted for '${base}' command (filesystem command, all targets in working directory)`,
        `Filesystem command '${base}' is auto-allowed because all target paths are within a working directory`,
      );
    }
  }

  return decision("passthrough", `Execute bash command: ${command}`, null);
}

function decision(
  behavior: PermissionDecision["behavior"],
  message: string,
  reason: string | null,
): PermissionDecision {
  return { ...toolDecision(behavior, message), decision_reason: reason };
}
