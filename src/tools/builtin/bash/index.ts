export { Bash, type BashOptions } from "./bash.js";
export {
  BashInputSchema,
  BASH_DESCRIPTION,
  DEFAULT_BASH_TIMEOUT_MS,
  MAX_BASH_TIMEOUT_MS,
  bashInputJsonSchema,
  type BashInput,
} from "./bash-input.js";
export { OUTPUT_CAP_BYTES, OUTPUT_LIMIT_CHARS } from "./bash-output.js";
export { checkBashPermissions, type BashPermissionOptions } from "./bash-permissions.js";
export {
  BASH_FLAGS,
  SHELL_STARTUP_VARIABLES,
  shellInvocation,
  type ShellInvocation,
} from "./bash-invocation.js";
export { findSecretReads, type SecretReadOptions } from "./secret-reads.js";
export { dumpsEnvironment } from "./environment-dump.js";
export { BashParserErrorCode, loadBashParser, isBashParserReady } from "./parser.js";
export { parseScript, parseScriptSync, type ParsedScript } from "./script.js";
export type {
  Assignment,
  CommandOrigin,
  DirectoryCandidates,
  Redirect,
  SimpleCommand,
} from "./simple-command.js";
export type { ShellWord } from "./shell-word.js";
export { splitCompoundCommand } from "./compound.js";
export { DANGEROUS_NODE_TYPES, checkInjectionRisk } from "./injection.js";
export { READ_ONLY_COMMANDS, isReadOnlyCommand, isReadOnlySimpleCommand } from "./read-only.js";
export { FILE_COMMANDS, extractFilePaths, type FilePath } from "./file-paths.js";
export { SAFE_COMMANDS, SAFE_ENV_VARS, extractCommandPrefixes } from "./prefixes.js";
export { DANGEROUS_COMMANDS, checkDangerousCommand } from "./dangerous-patterns.js";
export { checkSedConstraints, parseSed, type SedInvocation } from "./sed.js";
export { findDangerousRemoval, type RemovalCheckOptions } from "./removal.js";
export { findDangerousPaths, type DangerousPathCheckOptions } from "./dangerous-paths.js";
export {
  FILESYSTEM_COMMANDS,
  filesystemEditCommand,
  type FilesystemEditOptions,
} from "./accept-edits.js";
export { matchBashRule } from "./rule-matching.js";
export { bashRuleSubjects } from "./rule-subjects.js";
export { suggestBashRules } from "./suggestions.js";
export {
  ALL_WRAPPERS,
  PRIVILEGE_WRAPPERS,
  READ_ONLY_WRAPPERS,
  unwrapCommand,
  type ProgramCall,
  type Unwrapped,
} from "./wrappers.js";
