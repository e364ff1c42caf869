import { Subject, type Observable } from "rxjs";
import type { Actor, Subscription } from "xstate";
import { truncateToolResult, type AgentOffloader } from "../../context/index.js";
import type {
  AgentEvent,
  HintBlock,
  Msg,
  ToolCallBlock,
  ToolResultBlock,
} from "../../message/index.js";
import type {
  ActingOutput,
  AgentMachine,
  AgentMachineEvent,
  ReasoningOutput,
  ToolBatch,
  WorkOutput,
  WorkScope,
} from "../../machines/index.js";
import type { AgentLike } from "../../middleware/index.js";
import type { ChatModel, ToolChoice } from "../../model/index.js";
import type { PermissionDecision, PermissionEngine } from "../../permission/index.js";
import type { AgentState } from "../../state/index.js";
import type { ChunkSink, Toolkit, ToolChunk, ToolResponse, ToolView } from "../../tools/index.js";
import { runBatch } from "./acting/index.js";
import { acting, actingPushed, checkPermission } from "./agent-acting.js";
import type { AgentChains } from "./agent-chains.js";
import type { AgentConfigs } from "./agent-config.js";
import type { AgentInside } from "./agent-inside.js";
import { compress, mayNeedCompression } from "./compression.js";
import { hasUnsupportedData, replaceUnsupportedData } from "./input-media.js";
import type { InputMeasure } from "./input-measure.js";
import type { CheckPermissionInput, PreparedCall } from "./loop-deps.js";
import { reason } from "./reasoning.js";
import { ReplyDesk, type ReplyDeskHost } from "./reply-desk.js";
import { applyResume, beginReply, endInterrupted, finishReply } from "./reply-effects.js";
import type { AgentHost } from "./shared-machine.js";
import { watchStatechart } from "./statechart-start.js";
import type { SessionSaver } from "./session-saver.js";
import { gatedDeps } from "./work-gate.js";

/** What an agent is built of (see `Agent`'s constructor): the runtime's parts. */
export type AgentParts = Pick<
  AgentRuntime,
  | "agent"
  | "id"
  | "name"
  | "model"
  | "toolkit"
  | "offloader"
  | "configs"
  | "engine"
  | "chains"
  | "state"
  | "session"
>;

/**
 * The inside of one agent: what it holds while it runs, and the one object its statechart
 * (as {@link AgentHost}), its tool pipeline (as {@link LoopDeps}) and its mailbox (as
 * {@link ReplyDeskHost}) call. Every call is a method on the prototype that hands the runtime to
 * the module of its concern — reasoning, compression, acting, the reply's effects — so an agent
 * gives out no closures and an idle one holds only its fields; what only a reply needs (the
 * events subject, the work's abort controller) is made when first used.
 *
 * Not part of the public API: `Agent` is its facade.
 */
export class AgentRuntime implements AgentInside, AgentHost, ReplyDeskHost {
  /** The facade the middleware hooks get, and whose `systemPrompt` the user may change. */
  readonly agent: AgentLike & { readonly systemPrompt: string };
  readonly id: string;
  readonly name: string;
  readonly model: ChatModel;
  readonly toolkit: Toolkit;
  readonly offloader: AgentOffloader | null;
  readonly configs: AgentConfigs;
  readonly engine: PermissionEngine;
  readonly chains: AgentChains;
  /** The agent's mailbox: replies (queued, one at a time), observed messages and interrupts. */
  readonly desk: ReplyDesk;
  /** The running statechart (set once by the facade, right after the runtime is built). */
  actor!: Actor<AgentMachine>;
  /** The live agent state (the facade may replace it while idle). */
  state: AgentState;
  /** Where the agent saves itself at every park and reply end; null without a session. */
  readonly session: SessionSaver | null;

  /**
   * The system prompt this step's compression check assembled, for its reasoning to reuse when
   * no `onSystemPrompt` hook can change it between the two (with a hook, each runs it again).
   */
  stepPrompt: string | null = null;
  /** The prompt the last input measure was taken with (set by `measureInput`). */
  measuredPrompt: string | null = null;
  /** The system prompt's message, reused while the prompt is unchanged. */
  systemMsg: { readonly prompt: string; readonly msg: Msg } | null = null;
  /** The tool view the last input measure was taken with (set by the compression check). */
  measuredView: ToolView | null = null;
  /** The last exact measure of the model input, for the compression guard. */
  measure: InputMeasure | null = null;

  #events: Subject<AgentEvent> | null = null;
  /** The statechart's watch while a reply runs in it (see `watchStatechart`). */
  #watch: Subscription | null = null;
  /** Aborted by an interrupt: the work of the current reply stops (one per reply, not per step). */
  #work: AbortController | null = null;
  /** The toolkit as the current step sees it (schemas, lookup, concurrency safety). */
  #view: ToolView | null = null;
  /** The view the step's compression check took, for its reasoning (see `compress`). */
  #readyView: ToolView | null = null;

  constructor(parts: AgentParts) {
    this.agent = parts.agent;
    this.id = parts.id;
    this.name = parts.name;
    this.model = parts.model;
    this.toolkit = parts.toolkit;
    this.offloader = parts.offloader;
    this.configs = parts.configs;
    this.engine = parts.engine;
    this.chains = parts.chains;
    this.state = parts.state;
    this.session = parts.session;
    this.desk = new ReplyDesk(this);
  }

  /** Every event of every reply (hot). */
  get events$(): Observable<AgentEvent> {
    this.#events ??= new Subject<AgentEvent>();
    return this.#events.asObservable();
  }

  // ------------------------------------------------------------ the reply's work

  /** The signal of the current reply's work (aborted by an interrupt). */
  get signal(): AbortSignal {
    this.#work ??= new AbortController();
    return this.#work.signal;
  }

  /**
   * A reply begins or resumes: its work gets a fresh signal (never the last reply's, whose
   * listeners an interrupt of this one must not reach).
   */
  renewWork(): void {
    this.#work = new AbortController();
  }

  abortWork(): void {
    this.#work?.abort();
  }

  /** The invoking state was left before its work ended (see `fromWork`'s onStop). */
  stopWork(): void {
    this.#work?.abort();
  }

  // ------------------------------------------------------------ LoopHost

  /** From the step's view: the tools the model called in it (unknown tools: true, spec §3.7). */
  isConcurrencySafe(toolName: string): boolean {
    return this.#view?.isConcurrencySafe(toolName) ?? true;
  }

  countIteration(): void {
    this.state.curIter += 1;
  }

  // ------------------------------------------------------------ the step's tool view

  /**
   * The toolkit as this step sees it, for the active groups: one snapshot for the model's
   * schemas, the batching of its calls and their checks. Synchronous (and the same object while
   * nothing changed) for a static toolkit or one whose sources announce their changes.
   */
  takeView(): ToolView | Promise<ToolView> {
    const ready = this.#readyView;
    if (ready !== null) {
      this.#readyView = null;
      return (this.#view = ready);
    }
    const view = this.toolkit.view(this.state.tool_context.activated_groups);
    if (!(view instanceof Promise)) return (this.#view = view);
    return view.then((taken) => (this.#view = taken));
  }

  /** The step's compression check took this view: its reasoning step uses it (no second listing). */
  keepViewForStep(view: ToolView | null): void {
    this.#readyView = view;
  }

  prepareCall(call: ToolCallBlock): PreparedCall | Promise<PreparedCall> {
    const groups = this.state.tool_context.activated_groups;
    const view = this.#view;
    if (view !== null) return view.withGroups(groups).prepare(call);
    return this.toolkit.prepareToolCall(call, groups);
  }

  // ------------------------------------------------------------ AgentHost: work

  compress(): Promise<WorkOutput> {
    return compress(this);
  }

  reason(toolChoice: ToolChoice | null, scope: WorkScope): Promise<ReasoningOutput> {
    return reason(this, toolChoice, scope);
  }

  runBatch(batch: ToolBatch, scope: WorkScope): Promise<ActingOutput> {
    return runBatch(gatedDeps(this, scope), batch, this.signal);
  }

  shouldCompress(): boolean {
    return mayNeedCompression(this);
  }

  // ------------------------------------------------------------ AgentHost: effects

  beginReply(event: AgentMachineEvent): void {
    this.#guardStep(event, beginReply);
  }

  applyResume(event: AgentMachineEvent): void {
    this.#guardStep(event, applyResume);
  }

  appendHint(hint: HintBlock | null): void {
    if (hint !== null) this.state.appendContext(this.name, [hint]);
  }

  parkReply(msg: Msg): void {
    this.desk.finish({ kind: "park", msg });
  }

  finishReply(reason: "completed" | "exceed_max_iters", msg: Msg): void {
    finishReply(this, reason, msg);
  }

  /** Ends the reply (the machine comes to rest): an exception fails it. */
  endInterrupted(): void {
    try {
      endInterrupted(this);
    } catch (error) {
      this.desk.finish({ kind: "fail", error });
    }
  }

  checkpoint(): Promise<number> | null {
    return this.session === null ? null : this.session.checkpoint(this);
  }

  failReply(error: unknown): void {
    this.desk.finish({ kind: "fail", error });
  }

  /**
   * Runs an action after which the reply goes on (it begins or resumes). An exception fails the
   * reply instead of stopping the statechart: the reply is interrupted at once (its work must not
   * run on) and ends with the error once the machine is at rest.
   */
  #guardStep(
    event: AgentMachineEvent,
    body: (runtime: AgentInside, event: AgentMachineEvent) => void,
  ): void {
    try {
      body(this, event);
    } catch (error) {
      if (!this.desk.failStep(error)) throw error;
    }
  }

  // ------------------------------------------------------------ LoopDeps

  /** Sends an event of the running reply on its way, marked as this agent's (see `ReplyDesk.emit`). */
  emit(event: AgentEvent): void {
    event.agent_id = this.id;
    this.desk.emit(event);
  }

  get hasPermissionChain(): boolean {
    return this.chains.onCheckPermission.length > 0;
  }

  checkPermission(input: CheckPermissionInput): Promise<PermissionDecision> {
    return checkPermission(this, input);
  }

  acting(
    toolCall: ToolCallBlock,
    signal: AbortSignal,
    prepared: PreparedCall,
  ): AsyncIterable<ToolChunk | ToolResponse> {
    return acting(this, toolCall, signal, prepared);
  }

  actingPushed(
    toolCall: ToolCallBlock,
    signal: AbortSignal,
    prepared: PreparedCall,
    sink: ChunkSink,
  ): Promise<ToolResponse> | null {
    return actingPushed(this, toolCall, signal, prepared, sink);
  }

  /**
   * Truncates a tool result before it is saved (spec §8.4): over `toolResultLimit` tokens (as the
   * model counts them), the omitted part goes to the offloader and the marker names its file.
   */
  truncateResult(result: ToolResultBlock): ToolResultBlock | Promise<ToolResultBlock> {
    return truncateToolResult(
      result,
      this.configs.contextConfig.toolResultLimit,
      (msgs) => this.model.countTokens(msgs, null),
      this.offloader,
      this.state.session_id,
    );
  }

  // ------------------------------------------------------------ ReplyDeskHost

  watch(): void {
    this.#watch ??= watchStatechart(this);
  }

  /**
   * No reply holds the agent: what only a reply needs goes (the next one makes its own), so an
   * idle agent keeps its state, its parts and the last input measure only.
   */
  rest(): void {
    this.#watch?.unsubscribe();
    this.#watch = null;
    this.#work = null;
    this.systemMsg = null;
  }

  get onReply(): AgentChains["onReply"] {
    return this.chains.onReply;
  }

  /** An event on its way to `events$` (one a middleware made gets this agent's id too). */
  publish(event: AgentEvent): void {
    event.agent_id ??= this.id;
    this.#events?.next(event);
  }

  replaceMedia(msgs: readonly Msg[]): Promise<void> | null {
    const media = this.model.supportedInputMediaTypes;
    return hasUnsupportedData(msgs, media)
      ? replaceUnsupportedData(msgs, media, this.offloader)
      : null;
  }

  /** A resume batches the parked calls with a view of the toolkit as it is now. */
  prepareResume(): Promise<void> | null {
    this.#readyView = null;
    const view = this.takeView();
    return view instanceof Promise ? view.then(() => undefined) : null;
  }
}
