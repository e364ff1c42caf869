import { createRequire } from "node:module";
// The runtime is imported on first use (see loadBashParser), not with the package.
import type { Parser, Tree } from "web-tree-sitter";
import { ActorscopeError } from "../../../errors/index.js";

/** Stable codes of the Bash analyser's own errors. */
export const BashParserErrorCode = {
  /** The tree-sitter runtime or the bash grammar could not be loaded. */
  BASH_PARSER_UNAVAILABLE: "BASH_PARSER_UNAVAILABLE",
  /** A synchronous parse was attempted before {@link loadBashParser} finished. */
  BASH_PARSER_NOT_READY: "BASH_PARSER_NOT_READY",
} as const;

let loading: Promise<Parser> | undefined;
let ready: Parser | undefined;

/**
 * Loads the tree-sitter runtime and the bash grammar once per process and resolves when parsing
 * is possible. Every caller shares one promise (loading the wasm twice would double the memory
 * and the start-up time). A failed load is not cached, so a later call retries. The runtime
 * module itself is imported here too, so `import("actorscope")` does not pay for it.
 *
 * @example
 * await loadBashParser();
 * const script = parseScriptSync("ls -la");
 */
export function loadBashParser(): Promise<Parser> {
  if (loading !== undefined) return loading;
  loading = (async () => {
    try {
      const treeSitter = await import("web-tree-sitter");
      await treeSitter.Parser.init();
      const wasm = createRequire(import.meta.url).resolve("tree-sitter-bash/tree-sitter-bash.wasm");
      const language = await treeSitter.Language.load(wasm);
      const parser = new treeSitter.Parser();
      parser.setLanguage(language);
      ready = parser;
      return parser;
    } catch (cause) {
      loading = undefined;
      throw new ActorscopeError(
        BashParserErrorCode.BASH_PARSER_UNAVAILABLE,
        "The bash grammar could not be loaded; check that `web-tree-sitter` and `tree-sitter-bash` are installed",
        { cause },
      );
    }
  })();
  return loading;
}

/** Whether {@link loadBashParser} has finished, so synchronous parsing works. */
export function isBashParserReady(): boolean {
  return ready !== undefined;
}

/**
 * Parses `source` with the loaded grammar. The caller owns the tree and must `delete()` it (it
 * lives in wasm memory, which the garbage collector does not see). Throws
 * `BASH_PARSER_NOT_READY` before {@link loadBashParser} has resolved.
 */
export function parseBashTree(source: string): Tree {
  if (ready === undefined) {
    throw new ActorscopeError(
      BashParserErrorCode.BASH_PARSER_NOT_READY,
      "The bash parser is not loaded yet; await loadBashParser() first",
    );
  }
  const tree = ready.parse(source);
  if (tree === null) {
    throw new ActorscopeError(
      BashParserErrorCode.BASH_PARSER_UNAVAILABLE,
      "The bash parser returned no tree",
    );
  }
  return tree;
}
