import type { Node } from "web-tree-sitter";
import { getLogger } from "../../../errors/index.js";
import { changeDirectory } from "./directories.js";
import { embeddedScript } from "./embedded-script.js";
import { findExecPayloads } from "./find.js";
import { PARSE_FAILED, unanalyzable } from "./injection-messages.js";
import { firstUnanalysable } from "./node-scan.js";
import { loadBashParser, parseBashTree } from "./parser.js";
import { readAssignment, readRedirects, REDIRECT_TYPES } from "./redirects.js";
import { literalWord, readWord } from "./shell-word.js";
import type {
  Assignment,
  CommandOrigin,
  DirectoryCandidates,
  Redirect,
  SimpleCommand,
} from "./simple-command.js";
import { ALL_WRAPPERS, unwrapCommand, type ProgramCall } from "./wrappers.js";

/**
 * A command line, parsed once and read by every check: its simple commands in source order
 * (including those inside `sh -c '…'`, `eval` and `find -exec`) and, when something in it cannot
 * be analysed statically, the reason (`failure`, which the checks turn into an ASK).
 */
export interface ParsedScript {
  readonly source: string;
  /** Why the command cannot be analysed statically, or `null`. */
  readonly failure: string | null;
  readonly commands: readonly SimpleCommand[];
}

/** Scripts inside scripts (`sh -c "bash -c '…'"`) are followed this deep. */
const MAX_DEPTH = 3;

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

/** Walks one parse tree into {@link SimpleCommand}s. */
class ScriptBuilder {
  readonly commands: SimpleCommand[] = [];
  failure: string | null = null;

  constructor(
    private readonly source: string,
    private readonly depth: number,
    private directories: DirectoryCandidates,
  ) {}

  parse(): void {
    let tree;
    try {
      tree = parseBashTree(this.source);
    } catch {
      this.fail(PARSE_FAILED);
      return;
    }
    try {
      const root = tree.rootNode;
      if (root.hasError) this.fail(PARSE_FAILED);
      const unanalysable = firstUnanalysable(root, this.source);
      if (unanalysable !== null) this.fail(unanalysable);
      this.visit(root, []);
    } finally {
      tree.delete();
    }
  }

  private fail(reason: string): void {
    this.failure ??= reason;
  }

  private visit(node: Node, inherited: readonly Redirect[]): void {
    switch (node.type) {
      case "command":
        this.command(node, inherited);
        return;
      case "declaration_command":
      case "unset_command":
        this.declaration(node, inherited);
        return;
      case "variable_assignment":
        this.push({
          text: node.text,
          assignments: [readAssignment(node)],
          name: null,
          args: [],
          redirects: inherited,
          origin: "declaration",
          depth: this.depth,
          directories: this.directories,
        });
        this.visitChildren(node, []);
        return;
      case "redirected_statement":
        this.redirectedStatement(node, inherited);
        return;
      default:
        if (REDIRECT_TYPES.has(node.type)) {
          this.redirectInnards(node);
          return;
        }
        this.visitChildren(node, inherited);
    }
  }

  private visitChildren(node: Node, inherited: readonly Redirect[]): void {
    for (const child of node.namedChildren) if (child !== null) this.visit(child, inherited);
  }

  private redirectedStatement(node: Node, inherited: readonly Redirect[]): void {
    const redirectNodes = node.childrenForFieldName("redirect").filter((n) => n !== null);
    const own = redirectNodes.flatMap(readRedirects);
    const all = [...inherited, ...own];
    const body = node.childForFieldName("body");
    if (body === null) {
      // `> file` alone: truncates the file, and runs nothing.
      this.push(this.bare(node, all));
    } else {
      this.visit(body, all);
    }
    for (const redirect of redirectNodes) this.redirectInnards(redirect);
  }

  /** Commands that live inside a redirect: `>(…)`, `$(…)` in a here-document, `<<EOF | sh`. */
  private redirectInnards(node: Node): void {
    // tree-sitter-bash reads `cmd > out a b` as one redirect with three destinations, while bash
    // passes `a b` to `cmd`: those arguments would be invisible to every check.
    if (node.childrenForFieldName("destination").length > 1) this.fail(PARSE_FAILED);
    for (const child of node.namedChildren) {
      if (child === null) continue;
      if (REDIRECT_TYPES.has(child.type)) this.redirectInnards(child);
      else this.visit(child, []);
    }
  }

  private command(node: Node, inherited: readonly Redirect[]): void {
    const assignments: Assignment[] = [];
    const args: SimpleCommand["args"][number][] = [];
    const own: Redirect[] = [];
    let name: SimpleCommand["name"] = null;
    const nested: Node[] = [];
    for (let i = 0; i < node.childCount; i++) {
      const child = node.child(i);
      if (child === null || !child.isNamed) continue;
      const field = node.fieldNameForChild(i);
      if (child.type === "variable_assignment") {
        assignments.push(readAssignment(child));
        nested.push(child);
      } else if (REDIRECT_TYPES.has(child.type)) {
        own.push(...readRedirects(child));
        nested.push(child);
      } else if (field === "name") {
        name = readWord(child);
        nested.push(child);
      } else if (child.type !== "comment") {
        args.push(readWord(child));
        nested.push(child);
      }
    }
    this.push({
      text: node.text,
      assignments,
      name,
      args,
      redirects: [...inherited, ...own],
      origin: "command",
      depth: this.depth,
      directories: this.directories,
    });
    for (const child of nested) {
      if (REDIRECT_TYPES.has(child.type)) this.redirectInnards(child);
      else this.visitChildren(child, []);
    }
  }

  /** `export A=1`, `declare -x B`, `unset C`: a command named by its keyword. */
  private declaration(node: Node, inherited: readonly Redirect[]): void {
    const assignments: Assignment[] = [];
    const args: SimpleCommand["args"][number][] = [];
    let name: SimpleCommand["name"] = null;
    for (const child of node.children) {
      if (child === null) continue;
      if (!child.isNamed) {
        if (name === null) name = literalWord(child.type);
        continue;
      }
      if (child.type === "variable_assignment") assignments.push(readAssignment(child));
      else args.push(readWord(child));
    }
    this.push({
      text: node.text,
      assignments,
      name,
      args,
      redirects: inherited,
      origin: "declaration",
      depth: this.depth,
      directories: this.directories,
    });
    // Only what is inside the words: the assignments were recorded above.
    for (const child of node.namedChildren) if (child !== null) this.visitChildren(child, []);
  }

  private bare(node: Node, redirects: readonly Redirect[]): SimpleCommand {
    return {
      text: node.text,
      assignments: [],
      name: null,
      args: [],
      redirects,
      origin: "declaration",
      depth: this.depth,
      directories: this.directories,
    };
  }

  /** Records a command, follows what it runs, and tracks `cd`. */
  private push(command: SimpleCommand): void {
    this.commands.push(command);
    if (command.name === null) return;
    const unwrapped = unwrapCommand(command, ALL_WRAPPERS);
    if (unwrapped.kind === "dynamic") {
      // The program itself is an expansion (`$CMD args`, `rm$IFS-rf`): nobody can say what runs.
      this.fail(unanalyzable(unwrapped.dynamic));
      return;
    }
    if (unwrapped.kind !== "program") return;
    this.derive(unwrapped.call, command);
    this.directories = changeDirectory(this.directories, unwrapped.call);
  }

  /** Adds the commands a program runs in turn: its inline script, `find -exec` commands. */
  private derive(call: ProgramCall, parent: SimpleCommand): void {
    const embedded = embeddedScript(call);
    if (embedded?.kind === "dynamic") this.fail(unanalyzable(embedded.dynamic));
    else if (embedded?.kind === "script") this.nested(embedded.source, parent.directories);
    if (call.base !== "find") return;
    for (const payload of findExecPayloads(call.args)) {
      const [name, ...args] = payload;
      if (name === undefined) continue;
      const command: SimpleCommand = {
        text: payload.map((w) => w.text).join(" "),
        assignments: [],
        name,
        args,
        redirects: [],
        origin: "find-exec" satisfies CommandOrigin,
        depth: this.depth,
        directories: parent.directories,
      };
      this.commands.push(command);
      const unwrapped = unwrapCommand(command, ALL_WRAPPERS);
      if (unwrapped.kind === "dynamic") this.fail(unanalyzable(unwrapped.dynamic));
      else if (unwrapped.kind === "program") this.derive(unwrapped.call, command);
    }
  }

  private nested(source: string, directories: DirectoryCandidates): void {
    if (this.depth + 1 > MAX_DEPTH) {
      this.fail(PARSE_FAILED);
      return;
    }
    const inner = new ScriptBuilder(source, this.depth + 1, directories);
    inner.parse();
    this.commands.push(...inner.commands);
    if (inner.failure !== null) this.fail(inner.failure);
  }
}
