import { ActorscopeError, ErrorCode } from "../../errors/index.js";
import type { PermissionRule } from "../../message/index.js";
import type {
  MaybePromise,
  PermissionContext,
  PermissionDecision,
  RuleSubject,
  ToolInput,
} from "../../permission/index.js";
import {
  ToolBase,
  type InvokeOptions,
  type JsonSchema,
  type ToolCallContext,
  type ToolChunk,
} from "../../tools/index.js";
import {
  ToolCheckAnswerSchema,
  type ToolCheckAnswer,
  type ToolCheckRequestInput,
} from "../tool-protocol/tool-check.js";
import type { ToolRegistryEntry } from "../tool-protocol/tool-registry-entry.js";
import { PermissionViews, unwrap, unwrapMatch, type PermissionView } from "./permission-views.js";
import type { RemoteToolClient } from "./remote-tool-client.js";
import { RemoteToolCall } from "./remote-tool-call.js";

/**
 * A tool served by workers on the bus (`serveTools`), as a `ToolBase` for a toolkit: its name,
 * description, schema and flags come from the registry; its permission hooks are answered by a
 * worker through `as.tool.<name>.check` — all the answers one decision may need in one round
 * trip, fetched in `preparePermissions` (the permission engine itself runs here, with the
 * agent's context); `call` streams the chunks of a worker's run (see `RemoteToolCall`: any
 * failure of the call is one `error` chunk, never a hang, never a retry of a delivered call).
 */
export class RemoteTool extends ToolBase {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly isConcurrencySafe: boolean;
  readonly isReadOnly: boolean;
  override readonly isMcp: boolean;
  override readonly mcpName: string | null;
  override readonly dangerousFiles: readonly string[];
  override readonly dangerousDirectories: readonly string[];
  /** The registry entry this proxy was made from. */
  readonly entry: ToolRegistryEntry;
  readonly #client: RemoteToolClient;
  readonly #views = new PermissionViews();

  constructor(entry: ToolRegistryEntry, client: RemoteToolClient) {
    super();
    this.entry = entry;
    this.#client = client;
    this.name = entry.name;
    this.description = entry.description;
    this.inputSchema = entry.input_schema;
    this.isConcurrencySafe = entry.is_concurrency_safe;
    this.isReadOnly = entry.is_read_only;
    this.isMcp = entry.is_mcp;
    this.mcpName = entry.mcp_name;
    this.dangerousFiles = entry.dangerous_files;
    this.dangerousDirectories = entry.dangerous_directories;
    // Only a tool that splits its input has the hook: the engine's fast path tests its presence.
    if (entry.has_rule_subjects) {
      Object.defineProperty(this, "ruleSubjects", {
        value: (input: ToolInput) => this.#ruleSubjects(input),
        enumerable: false,
      });
    }
  }

  /** One round trip: every answer a decision on `input` with `context` may need. */
  async preparePermissions(input: ToolInput, context: PermissionContext): Promise<void> {
    const contents = new Set<string>();
    for (const rules of [context.deny_rules, context.ask_rules, context.allow_rules]) {
      const list = Object.hasOwn(rules, this.name) ? rules[this.name] : undefined;
      for (const rule of list ?? []) {
        if (rule.rule_content !== null && rule.rule_content !== "") contents.add(rule.rule_content);
      }
    }
    await this.#fetch(input, { input, context, rule_contents: [...contents] }, context);
  }

  checkPermissions(input: ToolInput, context: PermissionContext): MaybePromise<PermissionDecision> {
    const view = this.#views.of(input);
    if (view?.answer.decision != null && view.context === context)
      return unwrap(view.answer.decision);
    return this.#fetch(input, { input, context }, context).then((fetched) => {
      if (fetched.answer.decision === null) {
        throw new ActorscopeError(
          ErrorCode.INTERNAL,
          `The worker of '${this.name}' sent no decision.`,
        );
      }
      return unwrap(fetched.answer.decision);
    });
  }

  override checkReadOnly(input: ToolInput): MaybePromise<boolean> {
    return this.#hook(input, (view) => unwrap(view.answer.read_only));
  }

  override matchRule(ruleContent: string | null, input: ToolInput): MaybePromise<boolean> {
    if (ruleContent === null || ruleContent === "") return true;
    const known = this.#views.match(ruleContent, input);
    if (known !== undefined) return unwrapMatch(known);
    return this.#fetch(input, { input, rule_contents: [ruleContent] }, null).then((view) =>
      unwrapMatch(view.answer.matches[0] ?? false),
    );
  }

  override generateSuggestions(input: ToolInput): MaybePromise<PermissionRule[]> {
    return this.#hook(input, (view) => unwrap(view.answer.suggestions));
  }

  override call(input: ToolInput, context: ToolCallContext): AsyncIterable<ToolChunk> {
    return new RemoteToolCall(this.#client, this.name, input, context.signal).chunks();
  }

  /**
   * The call's chunks straight from the wire: a remote tool has no middlewares of its own (the
   * worker's tool runs its own), and its chunks arrive validated and complete, so the base's
   * dispatch layers would only add a generator per layer to every call.
   */
  override invoke(input: ToolInput, options: InvokeOptions = {}): AsyncIterable<ToolChunk> {
    if (typeof input !== "object" || input === null || Array.isArray(input)) {
      // The base refuses anything but one input object with its typed error.
      return super.invoke(input, options);
    }
    return new RemoteToolCall(this.#client, this.name, input, options.signal).chunks();
  }

  #ruleSubjects(input: ToolInput): MaybePromise<readonly RuleSubject[] | null> {
    return this.#hook(input, (view) => {
      const parts = view.answer.rule_subjects;
      return parts === null ? null : unwrap(parts);
    });
  }

  /** A hook answered from the input's view, or from a fresh one. */
  #hook<T>(input: ToolInput, read: (view: PermissionView) => T): MaybePromise<T> {
    const view = this.#views.of(input);
    if (view !== undefined) return read(view);
    return this.#fetch(input, { input }, null).then(read);
  }

  async #fetch(
    input: ToolInput,
    request: ToolCheckRequestInput,
    context: PermissionContext | null,
  ): Promise<PermissionView> {
    const { bus, subjects, options } = this.#client;
    const answer: ToolCheckAnswer = await bus.request(subjects.toolCheck(this.name), request, {
      timeoutMs: options.checkTimeoutMs,
      schema: ToolCheckAnswerSchema,
    });
    return this.#views.keep(input, answer, context);
  }
}
