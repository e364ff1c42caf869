import { getLogger } from "../../../errors/index.js";
import { PARSE_FAILED } from "./injection-messages.js";
import { loadBashParser } from "./parser.js";
import { ScriptBuilder } from "./script-builder.js";
import type { SimpleCommand } from "./simple-command.js";

/**
 * A command line, parsed once and read by every check: its simple commands in source order
 * (including those inside `sh -c '…'`, `eval`, `find -exec` and the scripts a shell reads from a
 * here-document) and, when something in it cannot be analysed statically, the reason
 * (`failure`, which the checks turn into an ASK).
 */
export interface ParsedScript {
  readonly source: string;
  /** Why the command cannot be analysed statically, or `null`. */
  readonly failure: string | null;
  readonly commands: readonly SimpleCommand[];
}

const CACHE_LIMIT = 256;
const cache = new Map<string, ParsedScript>();
/** Whether the "analysis unavailable" warning was logged (once per process is enough). */
let warned = false;

/**
 * Parses a command line (loading the grammar on first use). Results are cached by source text:
 * the permission engine asks the same tool about the same command several times per call
 * (read-only check, permission check, suggestions), and each answer reuses one parse.
 *
 * Never throws: if the grammar cannot be loaded, the result's `failure` says parsing failed, so
 * every check answers "ask".
 *
 * @example
 * const script = await parseScript("git add . && git commit -m 'fix'");
 * script.commands.map((c) => c.text); // ["git add .", "git commit -m 'fix'"]
 */
export async function parseScript(source: string): Promise<ParsedScript> {
  const cached = cache.get(source);
  if (cached !== undefined) return cached;
  try {
    await loadBashParser();
  } catch (error) {
    if (!warned) {
      warned = true;
      getLogger().warn("Bash analysis unavailable; every command will need approval", {
        error: error instanceof Error ? error.message : String(error),
      });
    }
    return { source, failure: PARSE_FAILED, commands: [] };
  }
  return parseScriptSync(source);
}

/** {@link parseScript} for callers that awaited `loadBashParser()` already. */
export function parseScriptSync(source: string): ParsedScript {
  const cached = cache.get(source);
  if (cached !== undefined) {
    // Refresh its place, so the cache keeps what is used.
    cache.delete(source);
    cache.set(source, cached);
    return cached;
  }
  const builder = new ScriptBuilder(source, 0, [[]]);
  builder.parse();
  const script: ParsedScript = {
    source,
    failure: builder.failure,
    commands: builder.commands,
  };
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(source, script);
  return script;
}
