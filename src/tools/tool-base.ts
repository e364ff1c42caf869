import {
  DEFAULT_DANGEROUS_DIRECTORIES,
  DEFAULT_DANGEROUS_FILES,
  type MaybePromise,
  type PermissionContext,
  type PermissionDecision,
  type PermissionRule,
  type PermissionSubject,
  type RuleSubject,
  type ToolInput,
} from "../permission/index.js";
import { ActorscopeError } from "../errors/index.js";
import { DeveloperOrientedError } from "./errors/developer-oriented-error.js";
import { ToolErrorCode } from "./errors/tool-error-code.js";
import type { JsonSchema } from "./json-schema.js";
import { type InvokeOptions, NEVER_ABORTED, type ToolCallContext } from "./tool-call-context.js";
import type { ToolChunk, ToolChunkInput } from "./tool-chunk.js";
import { chunkOf, chunkStream, type ToolCallReturn } from "./tool-result.js";

// Tool middleware lives here, with the dispatch it wraps: the two types refer to each other and
// the module graph has no cycles, not even type-only ones.

/**
 * Runs the next layer of the onion (the next middleware, or the tool's own `call`) and always
 * returns a stream of complete chunks, whether the tool streams or returns one chunk. Called
 * without an argument it runs with the input object this layer received (including any changes
 * made to it); called with an input it runs with that one instead.
 */
export type ToolNext = (input?: ToolInput) => AsyncIterable<ToolChunk>;

/**
 * A hook around one tool's execution (AgentScope's `ToolMiddlewareBase.on_tool_call`), attached to
 * the tool through its `middlewares` option. The first registered middleware is the outermost
 * layer: its code before `next` runs first and its code after `next` runs last. A middleware may
 * rewrite the input, transform, drop or add chunks (a string is a text chunk), short-circuit
 * without calling `next`, or throw. It runs whenever the tool is invoked, inside an agent or not.
 *
 * Each layer receives its own shallow copy of the input, so changing it affects inner layers only.
 *
 * @example
 * const logging: ToolMiddleware = {
 *   async *onToolCall(tool, input, next) {
 *     log(`→ ${tool.name}`, input);
 *     yield* next();
 *     log(`✓ ${tool.name}`);
 *   },
 * };
 * const tool = new FunctionTool({ fn, parameters, middlewares: [logging] });
 */
export interface ToolMiddleware {
  onToolCall(
    tool: ToolBase,
    input: ToolInput,
    next: ToolNext,
    context: ToolCallContext,
  ): AsyncIterable<ToolChunkInput | string>;
}

/** Options every tool accepts. */
export interface ToolBaseOptions {
  /** Hooks around each execution; the first is the outermost layer. */
  middlewares?: readonly ToolMiddleware[] | undefined;
}

/**
 * The tool protocol (spec §6.1). A tool describes itself to the model (`name`, `description`,
 * `inputSchema`), to the scheduler (`isConcurrencySafe`), to the permission engine
 * (`checkPermissions`, `checkReadOnly`, `matchRule`, `generateSuggestions`, `isReadOnly`,
 * dangerous paths) and runs in `call`. `invoke` is the one entry point that runs it: through the
 * tool middlewares, always as a stream of complete `ToolChunk`s.
 *
 * Subclasses declare the abstract members as fields and implement `checkPermissions` and `call`
 * (external tools, which the agent hands to the outside world, implement no `call`). Flags that
 * default to false are overridden as fields too: `override readonly isStateInjected = true`.
 *
 * @example
 * class WebSearch extends ToolBase {
 *   readonly name = "WebSearch";
 *   readonly description = "Search the web for information on a given query.";
 *   readonly inputSchema = {
 *     type: "object",
 *     properties: { query: { type: "string", description: "The search query." } },
 *     required: ["query"],
 *   };
 *   readonly isConcurrencySafe = true;
 *   readonly isReadOnly = true;
 *
 *   checkPermissions(): PermissionDecision {
 *     return { behavior: "allow", message: "Web search is read-only.", decision_reason: null,
 *       updated_input: null, suggested_rules: null, bypass_immune: false };
 *   }
 *
 *   async *call(input: ToolInput, { signal }: ToolCallContext) {
 *     const res = await fetch(searchUrl(String(input["query"])), { signal });
 *     yield await res.text();
 *   }
 * }
 *
 * for await (const chunk of new WebSearch().invoke({ query: "actors" })) console.log(chunk);
 */
export abstract class ToolBase implements PermissionSubject {
  /** The name the model calls the tool by. */
  abstract readonly name: string;
  /** What the tool does, written for the model. */
  abstract readonly description: string;
  /** The JSON schema of the input: an object schema with `properties`. */
  abstract readonly inputSchema: JsonSchema;
  /** Whether calls may run in parallel with other concurrency-safe calls. */
  abstract readonly isConcurrencySafe: boolean;
  /** Whether every call only reads (the default of `checkReadOnly`). */
  abstract readonly isReadOnly: boolean;
  /** Whether the agent hands calls to the outside world instead of running `call`. */
  readonly isExternalTool: boolean = false;
  /** Whether `call` receives the agent state (`context.state`). */
  readonly isStateInjected: boolean = false;
  /** Whether the tool comes from an MCP server. */
  readonly isMcp: boolean = false;
  /** The MCP server the tool belongs to, for MCP tools. */
  readonly mcpName: string | null = null;
  /** Files whose change needs a safety confirmation (for path-taking tools). */
  readonly dangerousFiles: readonly string[] = DEFAULT_DANGEROUS_FILES;
  /** Directories whose contents need a safety confirmation (for path-taking tools). */
  readonly dangerousDirectories: readonly string[] = DEFAULT_DANGEROUS_DIRECTORIES;

  /** The tool middlewares, outermost first. */
  protected readonly middlewares: readonly ToolMiddleware[];

  constructor(options: ToolBaseOptions = {}) {
    this.middlewares = options.middlewares ?? [];
  }

  /** The tool's own permission view of a call (ALLOW, DENY, ASK or PASSTHROUGH). */
  abstract checkPermissions(
    input: ToolInput,
    context: PermissionContext,
  ): MaybePromise<PermissionDecision>;

  /**
   * Whether this call only reads. Defaults to `isReadOnly`; tools whose effect depends on the
   * input (Bash: `ls` reads, `rm` writes) override it. Called on the permission engine's fast
   * path, so keep it cheap.
   */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- overrides read the input
  checkReadOnly(input: ToolInput): MaybePromise<boolean> {
    return this.isReadOnly;
  }

  /**
   * Whether a rule's `rule_content` covers this input. The base knows only tool-level rules
   * (`null` content, which the engine matches by tool name before asking the tool), so any content
   * fails here; tools with fine-grained rules (paths, command prefixes) override it.
   */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- overrides read the input
  matchRule(ruleContent: string | null, input: ToolInput): MaybePromise<boolean> {
    return ruleContent === null;
  }

  /**
   * The parts of this call that rules are matched against one by one (departure 7), or `null`
   * for the whole input. Not defined here: tools without it keep whole-input matching, at no
   * cost; Bash defines it (one part per subcommand).
   */
  ruleSubjects?(input: ToolInput): MaybePromise<readonly RuleSubject[] | null>;

  /** Rules a user could accept to allow calls like this one: by default, the whole tool. */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- overrides read the input
  generateSuggestions(input: ToolInput): MaybePromise<PermissionRule[]> {
    return [{ tool_name: this.name, rule_content: null, behavior: "allow", source: "suggested" }];
  }

  /**
   * Runs the tool: returns one chunk, a string (one text chunk), or an async stream of them.
   * Called through `invoke`, never directly by the toolkit. Must honour `context.signal`.
   * The base throws: `TOOL_NOT_IMPLEMENTED`, or `EXTERNAL_TOOL_CALLED` for external tools
   * (which the agent submits instead of running).
   */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- overrides read the input
  call(input: ToolInput, context: ToolCallContext): ToolCallReturn {
    const cls = this.constructor.name;
    if (this.isExternalTool) {
      throw new ActorscopeError(
        ToolErrorCode.EXTERNAL_TOOL_CALLED,
        `${cls} is an external tool and should not be called directly`,
        { data: { tool: this.name } },
      );
    }
    throw new ActorscopeError(
      ToolErrorCode.TOOL_NOT_IMPLEMENTED,
      `${cls} does not implement call`,
      {
        data: { tool: this.name },
      },
    );
  }

  /**
   * Invokes the tool through its middlewares (first registered = outermost) and returns the
   * chunks as one stream, whatever shape `call` returned. `input` must be one object (the
   * keyword arguments); anything else throws `TOOL_INPUT_NOT_OBJECT` at once.
   *
   * The input is not validated against `inputSchema` here: `Toolkit.callTool` does that for
   * model-made calls.
   */
  invoke(input: ToolInput, options: InvokeOptions = {}): AsyncIterable<ToolChunk> {
    const args = keywordInput(this, input);
    const context: ToolCallContext = {
      signal: options.signal ?? NEVER_ABORTED,
      state: options.state,
    };
    if (this.middlewares.length === 0) return this.runCall(args, context);
    return normalised(() => this.runLayer(0, args, context), this.constructor.name);
  }

  /**
   * What {@link invoke} would stream, before its stream layers: what `call` returns for this
   * input (a chunk, a string, a stream of them, or a promise of one) — when no middleware wraps
   * the call and `invoke` is the base's; null otherwise (stream {@link invoke} then). The
   * toolkit's push-based run (`Toolkit.runPreparedTool`) takes it, so that a call that returns
   * one result does not pass through two async generators. Throws what `invoke` throws.
   */
  callDirect(input: ToolInput, options: InvokeOptions = {}): ToolCallReturn | null {
    // A subclass that streams its own way (a remote tool) is only ever invoked.
    if (this.middlewares.length > 0 || this.invoke !== ToolBase.prototype.invoke) return null;
    const args = keywordInput(this, input);
    return this.call(args, { signal: options.signal ?? NEVER_ABORTED, state: options.state });
  }

  private async *runCall(input: ToolInput, context: ToolCallContext): AsyncGenerator<ToolChunk> {
    yield* chunkStream(await this.call(input, context), this.constructor.name);
  }

  private runLayer(
    index: number,
    input: ToolInput,
    context: ToolCallContext,
  ): AsyncIterable<ToolChunkInput | string> {
    const middleware = this.middlewares[index];
    if (middleware === undefined) return this.runCall(input, context);
    const layerInput = { ...input };
    const next: ToolNext = (nextInput) =>
      normalised(
        () =>
          this.runLayer(
            index + 1,
            nextInput === undefined ? layerInput : keywordInput(this, nextInput),
            context,
          ),
        this.constructor.name,
      );
    return middleware.onToolCall(this, layerInput, next, context);
  }
}

/**
 * Completes each chunk a middleware yielded (strings become text chunks). The layer is opened on
 * first iteration, so a middleware that throws at once fails the stream, like a tool does.
 */
async function* normalised(
  open: () => AsyncIterable<ToolChunkInput | string>,
  toolClass: string,
): AsyncGenerator<ToolChunk> {
  for await (const item of open()) yield chunkOf(item, toolClass);
}

/**
 * The input as keyword arguments. Tools take exactly one input object, the TypeScript form of
 * Python's keyword-only call; an array or a primitive is the analogue of positional arguments.
 */
function keywordInput(tool: ToolBase, input: unknown): ToolInput {
  if (input === undefined) return {};
  if (typeof input === "object" && input !== null && !Array.isArray(input)) {
    return input as ToolInput;
  }
  const count = Array.isArray(input) ? input.length : 1;
  throw new DeveloperOrientedError(
    ToolErrorCode.TOOL_INPUT_NOT_OBJECT,
    `${tool.constructor.name} must be called with keyword arguments only, but got ${count} ` +
      "positional argument(s). Pass one input object, e.g. tool.invoke({ query: 'x' }).",
    { data: { tool: tool.name } },
  );
}
