import { describe, expect, it } from "vitest";
import * as door from "../src/index.js";
import * as utils from "../src/utils.js";

/**
 * Every runtime name of `actorscope/utils`, sorted: helpers for people who write their own model,
 * file tool, backend, slots or transport. Like the door's list (`test/index.test.ts`), a change
 * here is a change of what users may import.
 */
const UTILS_NAMES = [
  "DEFAULT_MAX_EDIT_BYTES",
  "DEFAULT_MAX_IMAGE_BYTES",
  "DEFAULT_MAX_OUTPUT_BYTES",
  "DEFAULT_MAX_PDF_BYTES",
  "DEFAULT_MAX_READ_BYTES",
  "DEFAULT_MAX_TEXT_BYTES",
  "DEFAULT_RUN_TIMEOUT_MS",
  "JsonFieldSchema",
  "MAX_JSON_DEPTH",
  "TextHasher",
  "UrlFieldSchema",
  "absolutePath",
  "addTokens",
  "assignOwn",
  "cacheFile",
  "cleanFileCache",
  "concatBase64",
  "copyJson",
  "errorFromWire",
  "estimateTokens",
  "expandHome",
  "finalResponse",
  "fnmatch",
  "forgetFile",
  "generateStructuredOutput",
  "getCache",
  "getLogger",
  "interruptedResponse",
  "isResponseStream",
  "isStrictBase64",
  "isWithin",
  "loadBashParser",
  "matchesCachedText",
  "mergeBase64Chunks",
  "modelErrorInfo",
  "modelErrorType",
  "newId",
  "normalizeUrl",
  "now",
  "openFileReader",
  "physicalPath",
  "pythonJsonDumps",
  "realpathLoose",
  "setOwn",
  "textDigest",
  "toResponseStream",
  "toWireError",
  "workingDirectoryRoots",
];

describe("actorscope/utils", () => {
  it("exports exactly the checked-in names", () => {
    expect(Object.keys(utils).sort()).toEqual(UTILS_NAMES);
  });

  it("shares no name with the package door: each name has one home", () => {
    expect(UTILS_NAMES.filter((name) => name in door)).toEqual([]);
  });

  it("exports no name whose value is undefined", () => {
    const missing = Object.entries(utils)
      .filter(([, value]) => value === undefined)
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });
});
