export { Grep, GREP_TIMEOUT_MS, type GrepOptions } from "./grep.js";
export {
  GrepInputSchema,
  GREP_DESCRIPTION,
  grepInputJsonSchema,
  type GrepInput,
} from "./grep-input.js";
export { ripgrepArgv, globPatterns, VCS_DIRECTORIES_TO_EXCLUDE } from "./ripgrep-argv.js";
export { paginate, DEFAULT_HEAD_LIMIT } from "./paginate.js";
export { secretExcludeGlobs } from "./secret-excludes.js";
