/**
 * Small stand-ins for the built-in tools, reproducing exactly the tool-side behaviour that
 * spec §4's per-tool table (and §5.1 for Bash) gives, for the inputs the engine tests use. They
 * exist because the engine is tested before the real tools are built; the real-tool versions of
 * these tests land with issue 4.
 */
import {
  fnmatch,
  isDangerousPath,
  isInWorkingDirectory,
  type PermissionContext,
  type PermissionDecision,
  type PermissionRule,
  type PermissionSubject,
  type ToolInput,
} from "../../src/permission/index.js";

/** A decision with every field present, as tools return them. */
export function toolDecision(
  behavior: PermissionDecision["behavior"],
  message: string,
  extra: Partial<PermissionDecision> = {},
): PermissionDecision {
  return {
    behavior,
    message,
    decision_reason: null,
    updated_input: null,
    suggested_rules: null,
    bypass_immune: false,
    ...extra,
  };
}

/** A rule as tools suggest them (`source: "suggested"`). */
export function suggested(tool: string, ruleContent: string | null): PermissionRule {
  return { tool_name: tool, rule_content: ruleContent, behavior: "allow", source: "suggested" };
}

function stringField(input: ToolInput, key: string): string {
  const value = input[key];
  return typeof value === "string" ? value : "";
}

/** Read/Write/Edit `match_rule`: fnmatch on `file_path`; an empty path matches nothing. */
function matchFilePath(ruleContent: string, input: ToolInput): boolean {
  const path = stringField(input, "file_path");
  return path !== "" && fnmatch(path, ruleContent);
}

/**
 * Read/Write/Edit suggestions: the parent directory plus `/**` (Python's `dirname`, trailing
 * separators stripped), `**` when the path has no directory part (`/test.py` → `/**`).
 */
function fileSuggestions(tool: string, input: ToolInput): PermissionRule[] {
  const path = stringField(input, "file_path");
  const slash = path.lastIndexOf("/");
  if (slash < 0) return [suggested(tool, "**")];
  const parent = path.slice(0, slash + 1).replace(/[/\\]+$/, "");
  return [suggested(tool, `${parent}/**`)];
}

/** Read: always read-only; its own check passes through. */
export function fakeRead(): PermissionSubject {
  return {
    name: "Read",
    checkReadOnly: () => true,
    checkPermissions: () => toolDecision("passthrough", "File reading is read-only."),
    matchRule: matchFilePath,
    generateSuggestions: (input) => fileSuggestions("Read", input),
  };
}

/**
 * Write or Edit: no path → PASSTHROUGH; dangerous path → safety ASK; ACCEPT_EDITS/DONT_ASK and
 * inside a working directory → ALLOW; else PASSTHROUGH "".
 */
export function fakeFileWriter(name: "Write" | "Edit", cwd?: string): PermissionSubject {
  const operation = name;
  const verb = name === "Write" ? "writing" : "editing";
  return {
    name,
    checkReadOnly: () => false,
    async checkPermissions(input: ToolInput, context: PermissionContext) {
      const path = stringField(input, "file_path");
      if (path === "") return toolDecision("passthrough", "No file path provided");
      if (isDangerousPath(path)) {
        return toolDecision(
          "ask",
          `Permission required: ${operation} operation on sensitive file ${path}`,
          { decision_reason: "Safety check: dangerous file or directory", bypass_immune: true },
        );
      }
      if (
        (context.mode === "accept_edits" || context.mode === "dont_ask") &&
        (await isInWorkingDirectory(path, context, cwd))
      ) {
        return toolDecision(
          "allow",
          `Permission granted for ${verb} ${path} (in working directory)`,
          {
            decision_reason: "File is in working directory and not a dangerous path",
          },
        );
      }
      return toolDecision("passthrough", "");
    },
    matchRule: matchFilePath,
    generateSuggestions: (input) => fileSuggestions(name, input),
  };
}

const SAFE_COMMANDS = new Set([
  "echo",
  "cat",
  "ls",
  "pwd",
  "cd",
  "true",
  "false",
  "printf",
  "grep",
]);
const READ_ONLY_PREFIXES = ["git status", "git log", "git diff"];
const FILE_COMMANDS = new Set([
  "rm",
  "mv",
  "cp",
  "chmod",
  "chown",
  "chgrp",
  "touch",
  "ln",
  "sed",
  "mkdir",
  "rmdir",
]);
const ACCEPT_EDITS_COMMANDS = new Set(["mkdir", "touch", "rm", "rmdir", "mv", "cp", "sed"]);

function subcommands(command: string): string[] {
  return command
    .split(/&&|\|\||;|\|/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function words(text: string): string[] {
  return text.split(/\s+/).filter((w) => w.length > 0);
}

function injection(command: string): string | null {
  return command.includes("$(") || command.includes("`") ? "command_substitution" : null;
}

function isReadOnlyCommand(command: string): boolean {
  const trimmed = command.trim();
  if (trimmed === "" || injection(trimmed) !== null || trimmed.includes(">")) return false;
  return subcommands(trimmed).every(
    (sub) =>
      SAFE_COMMANDS.has(words(sub)[0] ?? "") ||
      READ_ONLY_PREFIXES.some((p) => sub === p || sub.startsWith(`${p} `)),
  );
}

/** Redirect targets and the unquoted, non-flag arguments of file commands (§5.1 extract_file_paths). */
function extractPaths(command: string): string[] {
  const paths: string[] = [];
  const all = words(command);
  all.forEach((w, i) => {
    if ((w === ">" || w === ">>") && all[i + 1] !== undefined) paths.push(all[i + 1] as string);
  });
  for (const sub of subcommands(command)) {
    const [head, ...args] = words(sub.replace(/>>?\s*\S+/g, ""));
    if (head === undefined || !FILE_COMMANDS.has(head)) continue;
    for (const arg of args) if (!/^[-'"]/.test(arg)) paths.push(arg);
  }
  return paths;
}

/**
 * Bash, for the commands of §11 behaviours 16–36: `check_read_only`, the `check_permissions`
 * steps 0, 1 (command substitution only), 2, 3 (`rm -rf` only), 5 and 7 in §5.1's order,
 * `match_rule` (`X:*` prefix, plain substring, `*` wildcard) and prefix suggestions.
 */
export function fakeBash(cwd?: string): PermissionSubject {
  return {
    name: "Bash",
    checkReadOnly: (input) => isReadOnlyCommand(stringField(input, "command")),
    async checkPermissions(input: ToolInput, context: PermissionContext) {
      const command = stringField(input, "command");
      if (command.trim() === "") return toolDecision("passthrough", "Empty command");
      const node = injection(command);
      if (node !== null) {
        return toolDecision(
          "ask",
          `Permission required: Command contains ${node} which cannot be statically analyzed`,
          {
            decision_reason:
              "Safety check: command contains dynamic expansion that cannot be statically analyzed",
            bypass_immune: true,
          },
        );
      }
      if (isReadOnlyCommand(command)) {
        return toolDecision("allow", "Permission granted for read-only command", {
          decision_reason: "Read-only command is allowed",
        });
      }
      if (command.replace(/\s+/g, " ").includes("rm -rf")) {
        return toolDecision(
          "ask",
          "Permission required: Command contains dangerous pattern: rm -rf",
          {
            decision_reason: "Safety check: dangerous command pattern detected",
            bypass_immune: true,
          },
        );
      }
      const paths = extractPaths(command);
      const dangerous = paths.filter((p) => isDangerousPath(p));
      if (dangerous.length > 0) {
        return toolDecision(
          "ask",
          `Permission required: Bash command operates on sensitive paths: ${dangerous.join(", ")}`,
          {
            decision_reason: "Safety check: dangerous file or directory in bash command",
            bypass_immune: true,
          },
        );
      }
      if (context.mode === "accept_edits" || context.mode === "dont_ask") {
        const base = words(command)[0] ?? "";
        if (ACCEPT_EDITS_COMMANDS.has(base) && paths.length > 0) {
          const inside = await Promise.all(paths.map((p) => isInWorkingDirectory(p, context, cwd)));
          if (inside.every(Boolean)) {
            return toolDecision(
              "allow",
              `Permission granted for '${base}' command (filesystem command, all targets in working directory)`,
            );
          }
        }
      }
      return toolDecision("passthrough", `Execute bash command: ${command}`);
    },
    matchRule(ruleContent: string, input: ToolInput) {
      const command = stringField(input, "command");
      if (ruleContent.endsWith(":*")) {
        const prefix = ruleContent.slice(0, -2).trim();
        return command === prefix || command.startsWith(`${prefix} `);
      }
      if (!ruleContent.includes("*")) return command.includes(ruleContent);
      const source = ruleContent
        .split("*")
        .map((part) => part.replace(/[.^$+?{}[\]|()\\]/g, "\\$&"))
        .join(".*");
      return new RegExp(`^${source}$`).test(command);
    },
    generateSuggestions(input: ToolInput) {
      const prefixes: string[] = [];
      for (const sub of subcommands(stringField(input, "command")).slice(0, 5)) {
        const [first, second] = words(sub);
        if (first === undefined || second === undefined) continue;
        if (SAFE_COMMANDS.has(first.toLowerCase()) || /^['"]/.test(second)) continue;
        const prefix = `${first} ${second}`;
        if (!prefixes.includes(prefix)) prefixes.push(prefix);
      }
      return prefixes.map((p) => suggested("Bash", `${p}:*`));
    },
  };
}
