import type { PermissionDecision } from "../../permission/index.js";

/** Why a safety ASK on a credential file was raised (departure 8). */
export const SECRET_FILE_REASON = "Safety check: file may hold secrets (credentials, private keys)";

/** A decision of a built-in tool's own check, every optional field empty. */
export function toolDecision(
  behavior: PermissionDecision["behavior"],
  message: string,
): PermissionDecision {
  return {
    behavior,
    message,
    decision_reason: null,
    updated_input: null,
    suggested_rules: null,
    bypass_immune: false,
  };
}

/** A safety ASK: bypass-immune, so allow rules cannot silence it (spec §4). */
export function safetyAsk(message: string, reason: string): PermissionDecision {
  return { ...toolDecision("ask", message), decision_reason: reason, bypass_immune: true };
}

/**
 * The safety ASK of a read-only tool (Read, Grep) on a credential file (departure 8):
 * `"Permission required: {tool} operation on secret file {p}"`, naming the symlink when the file
 * was reached through one.
 */
export function secretFileAsk(
  tool: string,
  secret: string,
  throughLink?: string,
): PermissionDecision {
  const via = throughLink === undefined ? "" : ` (through the symbolic link ${throughLink})`;
  return safetyAsk(
    `Permission required: ${tool} operation on secret file ${secret}${via}`,
    SECRET_FILE_REASON,
  );
}
