export {
  PermissionBehavior,
  PermissionBehaviorSchema,
  PermissionRuleSchema,
  type PermissionRule,
  type PermissionRuleInput,
} from "../message/index.js";
export { PermissionMode, PermissionModeSchema } from "./permission-mode.js";
export {
  PermissionDecisionSchema,
  type PermissionDecision,
  type PermissionDecisionInput,
} from "./permission-decision.js";
export {
  AdditionalWorkingDirectorySchema,
  RulesByToolSchema,
  PermissionContextSchema,
  type AdditionalWorkingDirectory,
  type RulesByTool,
  type PermissionContext,
  type PermissionContextInput,
} from "./permission-context.js";
export type { PermissionSubject, ToolInput } from "./permission-subject.js";
export { RuleSubjectSchema, type RuleSubject } from "./rule-subject.js";
export { allowRulesCover } from "./call-rules.js";
export { isPromiseLike, type MaybePromise } from "./maybe-promise.js";
export { PermissionEngine } from "./permission-engine.js";
export { expandHome, absolutePath } from "./expand-home.js";
export {
  isInWorkingDirectory,
  isWithin,
  realpathLoose,
  workingDirectoryRoots,
} from "./working-directory.js";
export { physicalPath, type PhysicalPathOptions } from "./physical-path.js";
export {
  DEFAULT_DANGEROUS_FILES,
  DEFAULT_DANGEROUS_DIRECTORIES,
  isDangerousPath,
  type DangerousPathOptions,
} from "./dangerous-path.js";
export { DEFAULT_SECRET_FILES, isSecretPath, type SecretPathOptions } from "./secret-path.js";
export { DEFAULT_SECRET_VARIABLES, isSecretVariable } from "./secret-variable.js";
export { fnmatch } from "./fnmatch.js";
