import type { ChatResponse } from "../../model/index.js";
import type {
  ActingHookInput,
  AgentLike,
  AgentMiddleware,
  CheckPermissionHookInput,
  CompressContextHookInput,
  Layer,
  ModelCallHookInput,
  Next,
  ReasoningHookInput,
  ReplyHookInput,
  ReplyItem,
  PermissionDecisionLike,
} from "../../middleware/index.js";
import type { ToolChunk, ToolResponse } from "../../tools/index.js";

/**
 * An agent's middleware (spec §9) sorted by hook, built once per agent: each onion hook's layers
 * bound to the agent (first = outermost), and what the loop asks of them on every step. An
 * agent without middleware shares {@link AgentChains.NONE}, so it pays nothing per agent or step.
 */
export class AgentChains {
  /** No middleware: every chain is its implementation alone. */
  static readonly NONE = new AgentChains([], null);

  readonly onReply: readonly Layer<ReplyHookInput, AsyncIterable<ReplyItem>>[];
  readonly onReasoning: readonly Layer<ReasoningHookInput, AsyncIterable<ReplyItem>>[];
  readonly onCheckPermission: readonly Layer<
    CheckPermissionHookInput,
    Promise<PermissionDecisionLike>
  >[];
  readonly onActing: readonly Layer<ActingHookInput, AsyncIterable<ToolChunk | ToolResponse>>[];
  readonly onModelCall: readonly Layer<
    ModelCallHookInput,
    Promise<ChatResponse | AsyncIterable<ChatResponse>>
  >[];
  readonly onCompressContext: readonly Layer<CompressContextHookInput, Promise<void>>[];
  /** The middlewares that transform the system prompt, in list order. */
  readonly promptHooks: readonly AgentMiddleware[];

  /** The chains of these middlewares around `agent` (the one their hooks get). */
  static of(middlewares: readonly AgentMiddleware[], agent: AgentLike): AgentChains {
    return middlewares.length === 0 ? AgentChains.NONE : new AgentChains(middlewares, agent);
  }

  private constructor(middlewares: readonly AgentMiddleware[], agent: AgentLike | null) {
    this.onReply = layers(middlewares, agent, "onReply");
    this.onReasoning = layers(middlewares, agent, "onReasoning");
    this.onCheckPermission = layers(middlewares, agent, "onCheckPermission");
    this.onActing = layers(middlewares, agent, "onActing");
    this.onModelCall = layers(middlewares, agent, "onModelCall");
    this.onCompressContext = layers(middlewares, agent, "onCompressContext");
    this.promptHooks = middlewares.filter((m) => m.onSystemPrompt !== undefined);
  }

  /** Whether a reply's events pass through an `onReply` chain (it may change or swallow them). */
  get hasOnReply(): boolean {
    return this.onReply.length > 0;
  }

  /** Whether an `onSystemPrompt` hook may change the prompt on each assembly. */
  get hasPromptHook(): boolean {
    return this.promptHooks.length > 0;
  }

  /** A compression middleware must see every step's check (as in the reference). */
  get hasOnCompress(): boolean {
    return this.onCompressContext.length > 0;
  }
}

type OnionHook =
  | "onReply"
  | "onReasoning"
  | "onCheckPermission"
  | "onActing"
  | "onModelCall"
  | "onCompressContext";

/** The layers of one hook, bound to the agent, in list order (first = outermost). */
function layers<I extends object, R>(
  middlewares: readonly AgentMiddleware[],
  agent: AgentLike | null,
  hook: OnionHook,
): Layer<I, R>[] {
  const found: Layer<I, R>[] = [];
  for (const middleware of middlewares) {
    // Hooks are called with the middleware as `this` (class-based middlewares use it).
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const fn = middleware[hook] as
      ((agent: AgentLike, input: I, next: Next<I, R>) => R) | undefined;
    if (fn !== undefined && agent !== null)
      found.push((input, next) => fn.call(middleware, agent, input, next));
  }
  return found;
}
