import type { AgentEvent, HintBlock, Msg, ToolCallBlock } from "../message/index.js";
import type { ChatModel, ChatResponse, ToolChoice, ToolSchema } from "../model/index.js";
import type { ToolBase, ToolChunk, ToolResponse } from "../tools/index.js";
import type { Next } from "./onion.js";

/**
 * A permission decision. Derived from the tool protocol because `middleware` sits beside
 * `permission` in the layer table and does not import it.
 */
export type PermissionDecisionLike = Awaited<ReturnType<ToolBase["checkPermissions"]>>;

/** What middleware sees of the agent (the `Agent` class satisfies it). */
export interface AgentLike {
  readonly name: string;
}

/** What a reply yields: its events, and its final message last. */
export type ReplyItem = AgentEvent | Msg;

export interface ReplyHookInput {
  /** The reply's input as given (messages, an input event, or nothing). */
  inputs: unknown;
  /** The structured-output schema asked for, if any. */
  structuredSchema: unknown;
}
export interface ReasoningHookInput {
  toolChoice: ToolChoice | null;
}
export interface CheckPermissionHookInput {
  /** Deep copies: changing them does not change the call. */
  toolCall: ToolCallBlock;
  tool: ToolBase;
  toolInput: Record<string, unknown>;
}
export interface ActingHookInput {
  toolCall: ToolCallBlock;
}
export interface ModelCallHookInput {
  currentModel: ChatModel;
  messages: Msg[];
  tools: ToolSchema[];
  toolChoice: ToolChoice | null;
}
export interface CompressContextHookInput {
  contextConfig: unknown;
  instructions: HintBlock | null;
}

/**
 * An agent middleware (spec §9). Implement only the hooks you need: an agent calls a hook's
 * chain only when some middleware implements it. Onion hooks get the agent, the hook's input and
 * `next`; the first middleware in the list is the outermost. `next()` forwards the same input
 * object (mutations included); `next({ … })` overrides fields.
 *
 * @example
 * const logger: AgentMiddleware = {
 *   async *onReply(agent, input, next) {
 *     for await (const item of next()) { record(item); yield item; }
 *   },
 * };
 */
export interface AgentMiddleware<A extends AgentLike = AgentLike> {
  /** Key of this middleware's storage in `state.middle_context` (default: the class name). */
  readonly key?: string;
  /** Wraps a whole reply (or resume); swallowing its REPLY_END makes the loop go on (§3.3). */
  onReply?(
    agent: A,
    input: ReplyHookInput,
    next: Next<ReplyHookInput, AsyncIterable<ReplyItem>>,
  ): AsyncIterable<ReplyItem>;
  /** Wraps each reasoning step (after the hint, compression and injection). */
  onReasoning?(
    agent: A,
    input: ReasoningHookInput,
    next: Next<ReasoningHookInput, AsyncIterable<ReplyItem>>,
  ): AsyncIterable<ReplyItem>;
  /** Decides a call's permission; returning without `next` bypasses the engine (PASSTHROUGH means ASK). */
  onCheckPermission?(
    agent: A,
    input: CheckPermissionHookInput,
    next: Next<CheckPermissionHookInput, Promise<PermissionDecisionLike>>,
  ): Promise<PermissionDecisionLike>;
  /** Wraps running an allowed call: its chunks, then its final response. */
  onActing?(
    agent: A,
    input: ActingHookInput,
    next: Next<ActingHookInput, AsyncIterable<ToolChunk | ToolResponse>>,
  ): AsyncIterable<ToolChunk | ToolResponse>;
  /** Wraps each model attempt (inside retries and fallback). */
  onModelCall?(
    agent: A,
    input: ModelCallHookInput,
    next: Next<ModelCallHookInput, Promise<ChatResponse | AsyncIterable<ChatResponse>>>,
  ): Promise<ChatResponse | AsyncIterable<ChatResponse>>;
  /** Wraps `agent.compressContext`. */
  onCompressContext?(
    agent: A,
    input: CompressContextHookInput,
    next: Next<CompressContextHookInput, Promise<void>>,
  ): Promise<void>;
  /** Transforms the system prompt; middlewares run in order, each on the previous one's result. */
  onSystemPrompt?(agent: A, currentPrompt: string): string | Promise<string>;
  /** Tools this middleware offers (not registered automatically). */
  listTools?(): ToolBase[];
}

/** The hook names, in the order of spec §9. */
export const MIDDLEWARE_HOOKS = [
  "onReply",
  "onReasoning",
  "onCheckPermission",
  "onActing",
  "onModelCall",
  "onCompressContext",
  "onSystemPrompt",
] as const;
export type MiddlewareHook = (typeof MIDDLEWARE_HOOKS)[number];

/** The key of a middleware's storage in `state.middle_context`. */
export function middlewareKey(middleware: AgentMiddleware<never>): string {
  return middleware.key ?? middleware.constructor.name;
}
