/**
 * `actorscope/utils`: helpers for people who extend actorscope — write their own model, file tool,
 * execution backend, statechart slots or transport — and want to behave exactly as the built-in
 * ones do. They are not the product (`actorscope` is): an agent, its tools and its data need none
 * of them.
 *
 * @example
 * import { finalResponse } from "actorscope/utils";
 * const response = await finalResponse(await model.call(messages));
 */

// Errors and logging: the wire form's two factories (a transport of your own sends `toWireError`
// and rebuilds with `errorFromWire`), and the logger the library writes to.
export { toWireError, errorFromWire, getLogger } from "./errors/index.js";

// Data: ids and timestamps from the current identity source (`setIdentitySource`, in
// `actorscope`, replaces it), the JSON check every free-form field goes through, AgentScope's
// `json.dumps` text, base64 chunk merging, URL normalisation and saturating token sums.
export {
  newId,
  now,
  MAX_JSON_DEPTH,
  copyJson,
  JsonFieldSchema,
  setOwn,
  assignOwn,
  pythonJsonDumps,
  concatBase64,
  isStrictBase64,
  mergeBase64Chunks,
  normalizeUrl,
  UrlFieldSchema,
  addTokens,
  type JsonProblem,
  type JsonCopy,
} from "./message/index.js";

// Paths as the permission checks see them: `~` expansion, real paths through symlinks, the
// working directories, and the fnmatch patterns of the secret and dangerous lists.
export {
  expandHome,
  absolutePath,
  realpathLoose,
  physicalPath,
  workingDirectoryRoots,
  isWithin,
  fnmatch,
  type PhysicalPathOptions,
} from "./permission/index.js";

// File tools and backends: the read cache Write and Edit consult (a tool of your own that edits
// files takes part through these), chunked reads on any backend, the default budgets, and the
// shell parser's start-up load (so the first Bash check does not pay for it).
export {
  getCache,
  cacheFile,
  cleanFileCache,
  matchesCachedText,
  forgetFile,
  textDigest,
  TextHasher,
  openFileReader,
  DEFAULT_MAX_READ_BYTES,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_RUN_TIMEOUT_MS,
  DEFAULT_MAX_TEXT_BYTES,
  DEFAULT_MAX_IMAGE_BYTES,
  DEFAULT_MAX_PDF_BYTES,
  DEFAULT_MAX_EDIT_BYTES,
  loadBashParser,
  type CachedText,
} from "./tools/index.js";

// Models: a call's result as one response or as a stream, the response of an aborted call, the
// reference's token estimate, structured output through a forced tool call (what `ChatModelBase`
// gives its subclasses), and the `ErrorInfo` a failed model call is reported with.
export {
  isResponseStream,
  toResponseStream,
  finalResponse,
  interruptedResponse,
  estimateTokens,
  generateStructuredOutput,
  modelErrorInfo,
  modelErrorType,
} from "./model/index.js";
