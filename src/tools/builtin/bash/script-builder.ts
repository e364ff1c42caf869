import type { Node } from "web-tree-sitter";
import { changeDirectory } from "./directories.js";
import { embeddedScript } from "./embedded-script.js";
import { findExecPayloads } from "./find.js";
import { assignsSubscript, hidesSubscript } from "./hidden-subscript.js";
import { PARSE_FAILED, unanalyzable } from "./injection-messages.js";
import { firstUnanalysable } from "./node-scan.js";
import { parseWithLineEnds } from "./joined-lines.js";
import { readAssignment, readRedirects, REDIRECT_TYPES } from "./redirects.js";
import { literalWord, readWord } from "./shell-word.js";
import type { Assignment, DirectoryCandidates, Redirect, SimpleCommand } from "./simple-command.js";
import { ALL_WRAPPERS, unwrapCommand, type ProgramCall } from "./wrappers.js";

/** What a command inherits from the statements around it. */
export interface Surroundings {
  /** The redirects of every enclosing redirected statement. */
  readonly redirects: readonly Redirect[];
  readonly pipedInput: boolean;
  readonly pipedOutput: boolean;
}

/** A command line's own surroundings: nothing redirected, nothing piped. */
export const TOP_LEVEL: Surroundings = { redirects: [], pipedInput: false, pipedOutput: false };

/** Scripts inside scripts (`sh -c "bash -c '…'"`) are followed this deep. */
const MAX_DEPTH = 3;

const PIPES: ReadonlySet<string> = new Set(["|", "|&"]);

/** Walks one parse tree into {@link SimpleCommand}s, following the scripts they run. */
export class ScriptBuilder {
  readonly commands: SimpleCommand[] = [];
  failure: string | null = null;

  constructor(
    private readonly source: string,
    private readonly depth: number,
    private directories: DirectoryCandidates,
    private readonly top: Surroundings = TOP_LEVEL,
  ) {}

  parse(): void {
    let parsed;
    try {
      parsed = parseWithLineEnds(this.source);
    } catch {
      this.fail(PARSE_FAILED);
      return;
    }
    if (parsed === null) {
      this.fail(PARSE_FAILED);
      return;
    }
    const { tree, text } = parsed;
    try {
      const root = tree.rootNode;
      if (root.hasError) this.fail(PARSE_FAILED);
      const unanalysable = firstUnanalysable(root, text);
      if (unanalysable !== null) this.fail(unanalysable);
      this.visit(root, this.top);
    } finally {
      tree.delete();
    }
  }

  private fail(reason: string): void {
    this.failure ??= reason;
  }

  private visit(node: Node, around: Surroundings): void {
    switch (node.type) {
      case "command":
        this.command(node, around);
        return;
      case "declaration_command":
      case "unset_command":
        this.declaration(node, around);
        return;
      case "variable_assignment":
        this.push(this.simple(node, [readAssignment(node)], null, [], around, "declaration"));
        this.visitChildren(node, around);
        return;
      case "redirected_statement":
        this.redirectedStatement(node, around);
        return;
      case "pipeline":
        this.pipeline(node, around);
        return;
      case "test_command":
        // Only `[ … ]` gets here (node-scan refuses `[[ … ]]`).
        this.bracketTest(node, around);
        return;
      case "compound_statement":
        if (node.child(0)?.type === "((") {
          // `((X=1))` assigns, and may run what a variable's value hides: never read-only.
          this.push(this.simple(node, [], literalWord("(("), [], around, "command"));
        }
        this.visitChildren(node, around);
        return;
      default:
        if (REDIRECT_TYPES.has(node.type)) {
          this.redirectInnards(node, around);
          return;
        }
        this.visitChildren(node, around);
    }
  }

  private visitChildren(node: Node, around: Surroundings): void {
    for (const child of node.namedChildren) if (child !== null) this.visit(child, around);
  }

  /** `a | b |& c`: each command reads the pipe before it and writes the pipe after it. */
  private pipeline(node: Node, around: Surroundings): void {
    const children = node.children;
    let pipeBefore = false;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (child === null || child === undefined) continue;
      if (!child.isNamed) {
        if (PIPES.has(child.type)) pipeBefore = true;
        continue;
      }
      const pipeAfter = children.slice(i + 1).some((c) => c !== null && PIPES.has(c.type));
      this.visit(child, {
        redirects: around.redirects,
        pipedInput: around.pipedInput || pipeBefore,
        pipedOutput: around.pipedOutput || pipeAfter,
      });
    }
  }

  private redirectedStatement(node: Node, around: Surroundings): void {
    const redirectNodes = node.childrenForFieldName("redirect").filter((n) => n !== null);
    const own: Redirect[] = [];
    for (const redirectNode of redirectNodes) own.push(...this.readRedirects(redirectNode));
    // `cat <<EOF | sh`: the grammar hangs the rest of the line on the here-document.
    const pipesOut = redirectNodes.some((r) =>
      r.namedChildren.some((c) => c?.type === "pipeline" && PIPES.has(c.child(0)?.type ?? "")),
    );
    const inner: Surroundings = {
      redirects: [...around.redirects, ...own],
      pipedInput: around.pipedInput,
      pipedOutput: around.pipedOutput || pipesOut,
    };
    const body = node.childForFieldName("body");
    if (body === null) {
      // `> file` alone: truncates the file, and runs nothing.
      this.push(this.simple(node, [], null, [], inner, "declaration"));
    } else {
      this.visit(body, inner);
    }
    for (const redirect of redirectNodes) this.redirectInnards(redirect, around);
  }

  /** A redirect node's redirects; a here-document hiding a command makes the line unanalysable. */
  private readRedirects(node: Node): Redirect[] {
    const reading = readRedirects(node);
    if (reading.unanalysable !== null) this.fail(unanalyzable(reading.unanalysable));
    return reading.redirects;
  }

  /** Commands that live inside a redirect: `>(…)`, `$(…)` in a here-document, `<<EOF | sh`. */
  private redirectInnards(node: Node, around: Surroundings): void {
    // tree-sitter-bash reads `cmd > out a b` as one redirect with three destinations, while bash
    // passes `a b` to `cmd`: those arguments would be invisible to every check.
    if (node.childrenForFieldName("destination").length > 1) this.fail(PARSE_FAILED);
    for (const child of node.namedChildren) {
      if (child === null) continue;
      if (REDIRECT_TYPES.has(child.type)) this.redirectInnards(child, around);
      else this.visit(child, around);
    }
  }

  private command(node: Node, around: Surroundings): void {
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
      } else if (REDIRECT_TYPES.has(child.type)) {
        own.push(...this.readRedirects(child));
      } else if (field === "name") {
        name = readWord(child);
      } else if (child.type !== "comment") {
        args.push(readWord(child));
      } else {
        continue;
      }
      nested.push(child);
    }
    const withOwn = { ...around, redirects: [...around.redirects, ...own] };
    this.push(this.simple(node, assignments, name, args, withOwn, "command"));
    for (const child of nested) {
      if (REDIRECT_TYPES.has(child.type)) this.redirectInnards(child, around);
      else this.visitChildren(child, around);
    }
  }

  /** `export A=1`, `declare -x B`, `unset C`: a command named by its keyword. */
  private declaration(node: Node, around: Surroundings): void {
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
      // `export PATH`, `unset HOME`: a bare name is a literal word.
      else if (child.type === "variable_name") args.push(literalWord(child.text));
      else args.push(readWord(child));
    }
    this.push(this.simple(node, assignments, name, args, around, "declaration"));
    // Only what is inside the words: the assignments were recorded above.
    for (const child of node.namedChildren) if (child !== null) this.visitChildren(child, around);
  }

  /**
   * `[ … ]`: the grammar reads it as a test expression, the shell runs the builtin `[` with the
   * words in order. Reparsing the text as `\[ …` gives exactly those words.
   */
  private bracketTest(node: Node, around: Surroundings): void {
    const inner = new ScriptBuilder(`\\${node.text}`, this.depth, this.directories, around);
    inner.parse();
    if (inner.failure !== null) this.fail(inner.failure);
    const [command, ...rest] = inner.commands;
    if (command === undefined || rest.length > 0 || command.name?.value !== "[") {
      this.fail(PARSE_FAILED);
      return;
    }
    this.commands.push({ ...command, text: node.text });
  }

  private simple(
    node: Node,
    assignments: readonly Assignment[],
    name: SimpleCommand["name"],
    args: readonly SimpleCommand["args"][number][],
    around: Surroundings,
    origin: SimpleCommand["origin"],
  ): SimpleCommand {
    return {
      text: node.text,
      assignments,
      name,
      args,
      redirects: around.redirects,
      origin,
      depth: this.depth,
      directories: this.directories,
      pipedInput: around.pipedInput,
      pipedOutput: around.pipedOutput,
    };
  }

  /** Records a command, follows what it runs, and tracks `cd`. */
  private push(command: SimpleCommand, tracksDirectory = true): void {
    this.commands.push(command);
    if (command.assignments.some(assignsSubscript)) this.fail(unanalyzable("subscript"));
    if (command.name === null) return;
    const unwrapped = unwrapCommand(command, ALL_WRAPPERS);
    if (unwrapped.kind === "dynamic") {
      // The program itself is an expansion (`$CMD args`, `rm$IFS-rf`): nobody can say what runs.
      this.fail(unanalyzable(unwrapped.dynamic));
      return;
    }
    if (unwrapped.kind !== "program") return;
    if (hidesSubscript(unwrapped.call)) this.fail(unanalyzable("subscript"));
    this.derive(unwrapped.call, command);
    if (tracksDirectory) this.directories = changeDirectory(this.directories, unwrapped.call);
  }

  /** Adds the commands a program runs in turn: its inline script, `find -exec` commands. */
  private derive(call: ProgramCall, parent: SimpleCommand): void {
    const embedded = embeddedScript(call, parent);
    if (embedded?.kind === "dynamic") this.fail(unanalyzable(embedded.dynamic));
    else if (embedded?.kind === "script") this.nested(embedded.source, parent);
    if (call.base !== "find") return;
    for (const payload of findExecPayloads(call.args)) {
      const [name, ...args] = payload;
      if (name === undefined) continue;
      // What find runs inherits find's descriptors.
      const command: SimpleCommand = {
        ...parent,
        text: payload.map((w) => w.text).join(" "),
        assignments: [],
        name,
        args,
        origin: "find-exec",
      };
      this.push(command, false);
    }
  }

  private nested(source: string, parent: SimpleCommand): void {
    if (this.depth + 1 > MAX_DEPTH) {
      this.fail(PARSE_FAILED);
      return;
    }
    const inner = new ScriptBuilder(source, this.depth + 1, parent.directories, parent);
    inner.parse();
    this.commands.push(...inner.commands);
    if (inner.failure !== null) this.fail(inner.failure);
  }
}
