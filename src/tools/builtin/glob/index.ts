export { Glob, GLOB_TIMEOUT_MS, type GlobOptions } from "./glob.js";
export {
  GlobInputSchema,
  GLOB_DESCRIPTION,
  globInputJsonSchema,
  type GlobInput,
} from "./glob-input.js";
export { globFiles } from "./glob-files.js";
export { globSegmentMatcher, globSegments } from "./glob-segment.js";
export { searchDirectoryRule, directoryCandidates } from "./search-directory-rule.js";
