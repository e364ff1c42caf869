import { Subject, type Observable } from "rxjs";
import type { ZodType } from "zod";
import { createActor, type Actor, type InspectionEvent, type Observer } from "xstate";
import { AbortedError, ValidationError, getLogger } from "../../errors/index.js";
import type { ContextConfigInput } from "../../context/index.js";
import {
  AssistantMsg,
  Msg,
  createEvent,
  newId,
  type AgentEvent,
  type HintBlock,
  type ToolCallBlock,
} from "../../message/index.js";
import {
  runtimeStateHint,
  type AgentMachine,
  type InjectionConfigInput,
  type ReActConfigInput,
  type ReasoningOutput,
  type WorkOutput,
  type WorkScope,
} from "../../machines/index.js";
import {
  composeOnion,
  type AgentMiddleware,
  type CompressContextHookInput,
  type Layer,
  type Next,
  type ReplyItem,
} from "../../middleware/index.js";
import {
  asModelError,
  type ChatModel,
  type ChatResponse,
  type ToolChoice,
  type ToolSchema,
} from "../../model/index.js";
import { PermissionEngine, type PermissionDecision } from "../../permission/index.js";
import { AgentState, assertUniqueToolCallIds, type AgentStateInput } from "../../state/index.js";
import { Toolkit, type ToolChunk, type ToolResponse } from "../../tools/index.js";
import {
  applyConfirmResults,
  applyExternalResults,
  closeUnfinishedToolCalls,
  runBatch,
} from "./acting/index.js";
import { resolveConfigs, type AgentConfigs } from "./agent-config.js";
import {
  GenerateStructuredOutput,
  GENERATE_STRUCTURED_OUTPUT_NAME,
} from "./generate-structured-output-tool.js";
import {
  hasUnsupportedData,
  replaceUnsupportedData,
  type DataBlockOffloader,
} from "./input-media.js";
import { InputMeasure } from "./input-measure.js";
import type { CheckPermissionInput, LoopDeps, PreparedCall } from "./loop-deps.js";
import type { ModelConfigInput } from "./model-config.js";
import {
  modelInput,
  reasoningStep,
  systemMessage,
  type ReasoningContext,
} from "./reasoning-step.js";
import {
  readAgentOptions,
  type ReplyOptions,
  type StructuredSchemaInput,
} from "./agent-options.js";
import { ReplyDesk } from "./reply-desk.js";
import { ReplyInputError, ReplyInputErrorCode } from "./reply-input-error.js";
import type { AgentPort } from "./agent-port.js";
import { sharedAgentMachine, type AgentHost } from "./shared-machine.js";
import { gatedDeps } from "./work-gate.js";

/** Where an agent offloads what does not fit its context (spec §8.5); a workspace adds instructions. */
export interface AgentOffloader extends DataBlockOffloader {
  /** Text added to the system prompt (a workspace's `<workspace>` block), if any. */
  getInstructions?(): string | null | Promise<string | null>;
}

export type { ReplyOptions, StructuredSchemaInput } from "./agent-options.js";

/** Options of {@link Agent}. Configs are camelCase code; state and events keep wire names. */
export interface AgentOptions {
  /**
   * A stable id besides the name (default: a new one). It is the statechart actor's XState id
   * and `systemId`, so an inspector shows each agent apart.
   */
  id?: string | undefined;
  name: string;
  systemPrompt: string;
  model: ChatModel;
  toolkit?: Toolkit | undefined;
  /** The agent's state (restored from JSON to resume a parked reply); a new one by default. */
  state?: AgentState | AgentStateInput | undefined;
  offloader?: AgentOffloader | null | undefined;
  middlewares?: readonly AgentMiddleware<Agent>[] | undefined;
  modelConfig?: ModelConfigInput | undefined;
  contextConfig?: ContextConfigInput | undefined;
  reactConfig?: ReActConfigInput | undefined;
  injectionConfig?: InjectionConfigInput | undefined;
  /** Passed to XState's `createActor`: the local inspector or the Stately inspector. */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined;
}

type HookLayers<I, R> = Layer<I, R>[];

/**
 * An AgentScope agent as an XState actor: a ReAct loop (reason with the model, act with tools,
 * ask the user when the permission engine says so) whose every event is streamed.
 *
 * @example
 * const agent = new Agent({ name: "Friday", systemPrompt: "You are helpful.", model });
 * for await (const event of agent.replyStream(new UserMsg({ name: "user", content: "hi" }))) {
 *   if (event.type === "TEXT_BLOCK_DELTA") process.stdout.write(event.delta);
 * }
 */
export class Agent implements AgentPort {
  /** The agent's stable id (given, or minted when it was built). */
  readonly id: string;
  readonly name: string;
  systemPrompt: string;
  readonly model: ChatModel;
  readonly toolkit: Toolkit;
  readonly offloader: AgentOffloader | null;
  readonly configs: AgentConfigs;
  /** The permission engine, bound to `state.permission_context`. */
  readonly engine: PermissionEngine;
  /** The running statechart; `actor.getSnapshot().value` is the loop's state name. */
  readonly actor: Actor<AgentMachine>;

  #state: AgentState;
  readonly #events = new Subject<AgentEvent>();
  readonly #middlewares: readonly AgentMiddleware<Agent>[];
  readonly #onReply: HookLayers<
    { inputs: unknown; structuredSchema: unknown },
    AsyncIterable<ReplyItem>
  >;
  readonly #hasOnReply: boolean;
  readonly #hasPromptHook: boolean;
  readonly #onReasoning: HookLayers<{ toolChoice: ToolChoice | null }, AsyncIterable<ReplyItem>>;
  readonly #onModelCall: HookLayers<
    ModelCallInput,
    Promise<ChatResponse | AsyncIterable<ChatResponse>>
  >;
  readonly #onActing: HookLayers<
    { toolCall: ToolCallBlock },
    AsyncIterable<ToolChunk | ToolResponse>
  >;
  readonly #compressChain: (input: CompressContextHookInput) => Promise<void>;
  /** A middleware wraps compression, so it must see every step's (as the reference calls it). */
  readonly #hasOnCompress: boolean;
  /**
   * The system prompt this step's compression check assembled, for its reasoning to reuse when
   * no `onSystemPrompt` hook can change it between the two (with a hook, each runs it again).
   */
  #stepPrompt: string | null = null;
  /** The prompt the last input measure was taken with (set by `#measureInput`). */
  #measuredPrompt: string | null = null;
  /** Aborted by an interrupt: the work of the current reply stops (one per reply, not per step). */
  #work = new AbortController();
  /** The system prompt's message, reused while the prompt is unchanged. */
  #systemMsg: { readonly prompt: string; readonly msg: Msg } | null = null;
  /** The last exact measure of the model input, for the compression guard. */
  #measure: InputMeasure | null = null;
  /** The agent's mailbox: replies (queued, one at a time), observed messages and interrupts. */
  readonly #desk: ReplyDesk;
  readonly #concurrency = new Map<string, boolean>();
  readonly #deps: LoopDeps;

  constructor(options: AgentOptions) {
    options = readAgentOptions(options);
    this.id = options.id ?? newId();
    this.name = options.name;
    this.systemPrompt = options.systemPrompt;
    this.model = options.model;
    this.toolkit = options.toolkit ?? new Toolkit();
    this.offloader = options.offloader ?? null;
    this.configs = resolveConfigs(options);
    this.#state =
      options.state instanceof AgentState ? options.state : new AgentState(options.state ?? {});
    // A state built as an AgentState may have changed since: its parked calls are checked again.
    assertUniqueToolCallIds(this.#state);
    this.engine = new PermissionEngine(this.#state.permission_context);
    // The engine parses its own copy: make the state hold that live object, so rules it adds persist.
    this.#state.permission_context = this.engine.context;
    this.#middlewares = options.middlewares ?? [];
    this.#onReply = this.#layers("onReply");
    this.#hasOnReply = this.#onReply.length > 0;
    this.#hasPromptHook = this.#middlewares.some((m) => m.onSystemPrompt !== undefined);
    this.#onReasoning = this.#layers("onReasoning");
    this.#onModelCall = this.#layers("onModelCall");
    this.#onActing = this.#layers("onActing");
    const onCompress = this.#layers<CompressContextHookInput, Promise<void>>("onCompressContext");
    this.#hasOnCompress = onCompress.length > 0;
    this.#compressChain = composeOnion(onCompress, () => this.#measureInput());

    const getState = (): AgentState => this.#state;
    this.#deps = {
      name: this.name,
      get state() {
        return getState();
      },
      toolkit: this.toolkit,
      engine: this.engine,
      emit: (event) => {
        this.#emit(event);
      },
      checkPermission: composeOnion(
        this.#layers<CheckPermissionInput, Promise<PermissionDecision>>("onCheckPermission"),
        (input: CheckPermissionInput) => this.#checkPermissionImpl(input),
      ),
      acting: (toolCall, signal, prepared) => this.#acting(toolCall, signal, prepared),
      truncateResult: (result) => Promise.resolve(result),
    };

    const media = this.model.supportedInputMediaTypes;
    const getActor = (): Actor<AgentMachine> => this.actor;
    this.#desk = new ReplyDesk({
      name: this.name,
      get actor() {
        return getActor();
      },
      get state() {
        return getState();
      },
      events: this.#events,
      onReply: this.#onReply,
      replaceMedia: (msgs) =>
        hasUnsupportedData(msgs, media)
          ? replaceUnsupportedData(msgs, media, this.offloader)
          : null,
      prepareResume: () => {
        const calls = this.#state.getUnfinishedToolCalls(this.name);
        return calls.every((c) => this.#concurrency.has(c.name))
          ? null
          : this.#learnConcurrency(calls);
      },
    });

    const machine = sharedAgentMachine();
    const parked = this.#state.getAwaitingToolCalls(this.name);
    const input = {
      state: this.#state,
      name: this.name,
      maxIters: this.configs.reactConfig.maxIters,
      graceIters: this.configs.reactConfig.structuredOutputGraceIters,
      isConcurrencySafe: (tool: string) => this.#concurrency.get(tool) ?? true,
      host: this.#host(),
    };
    const startIn =
      parked.length === 0
        ? null
        : parked.some((c) => c.state === "asking")
          ? "awaiting-confirm"
          : "awaiting-external";
    this.actor = createActor(machine, {
      id: this.id,
      systemId: this.id,
      input,
      ...(options.inspect === undefined ? {} : { inspect: options.inspect }),
      ...(startIn === null
        ? {}
        : {
            snapshot: machine.resolveState({
              value: startIn,
              context: {
                ...input,
                finalMsg: null,
                madeProgress: true,
                next: null,
                batches: [],
                hint: null,
                toolChoice: null,
              },
            }),
          }),
    });
    this.actor.subscribe({
      error: (error) => {
        this.#work.abort();
        getLogger().error(`agent '${this.name}' statechart failed`, { error: String(error) });
        this.#desk.finish({ kind: "fail", error });
      },
      // The statechart was stopped (its running work was aborted): the reply fails.
      complete: () => {
        this.#desk.finish({
          kind: "fail",
          error: new AbortedError(`agent '${this.name}' (its statechart was stopped)`),
        });
      },
    });
    this.actor.start();
  }

  /** Every event of every reply of this agent, as it is streamed (hot: late subscribers miss earlier events). */
  get events$(): Observable<AgentEvent> {
    return this.#events.asObservable();
  }

  /** The agent's state: JSON-serialisable with `JSON.stringify(agent.state)`. */
  get state(): AgentState {
    return this.#state;
  }

  /** Replaces the state (not while a reply runs); the permission engine follows it. */
  set state(next: AgentState) {
    if (this.#desk.busy) {
      throw new ReplyInputError(
        ReplyInputErrorCode.BUSY,
        `Agent '${this.name}' is replying; set its state when it is idle.`,
      );
    }
    if (!(next instanceof AgentState)) {
      throw new ValidationError("Agent state", [{ path: "", message: "Expected an AgentState" }]);
    }
    assertUniqueToolCallIds(next);
    this.#state = next;
    // Unlike the reference (whose engine stays on the old context), rules follow the new state.
    const engine = new PermissionEngine(next.permission_context);
    Object.assign(this.engine.context, engine.context);
    next.permission_context = this.engine.context;
    this.actor.getSnapshot().context.state = next;
    this.#desk.flushObserved();
  }

  /**
   * Replies to the input and returns the final message (spec §3.2). A parked reply returns the
   * "waiting" message; resume it with a `UserConfirmResultEvent` or `ExternalExecutionResultEvent`.
   * One reply at a time, in call order: a call while another reply runs (or is being prepared)
   * waits for it and the calls queued before it (its input is checked at once); with
   * `{ queue: false }` it is refused at once with `ReplyInputError` `REPLY_BUSY`. A
   * `UserInterruptEvent` then interrupts the running one.
   *
   * @example
   * const one = agent.reply(new UserMsg({ name: "user", content: "one" }));
   * const two = agent.reply(new UserMsg({ name: "user", content: "two" })); // runs after `one`
   */
  reply(inputs?: unknown, options: ReplyOptions = {}): Promise<Msg> {
    return this.#desk.reply(inputs, options);
  }

  /**
   * Replies to the input, streaming its events (spec §2); the call takes its turn when iteration
   * starts (queued as `reply` is) and yields nothing while it waits. Stopping early interrupts the
   * reply and waits (within the interrupt grace) until the agent is at rest again; stopping it
   * while it waits takes it out of the queue (nothing runs).
   */
  replyStream(
    inputs?: unknown,
    options: ReplyOptions = {},
  ): AsyncGenerator<AgentEvent, void, undefined> {
    return this.#desk.stream(inputs, options);
  }

  /**
   * Adds messages to the context without replying (no model call, no events). Invalid messages
   * are refused at once. While the agent is idle they are appended at once; during a reply, or
   * while a reply is parked on tool calls, they wait (in order) until it ends — before the next
   * queued reply starts — so they never land between a tool call and its result. Resolves once they are accepted: appended, or queued with
   * their media replaced (a parked reply may wait for its user for a long time).
   */
  observe(msgs: unknown): Promise<void> {
    return this.#desk.observe(msgs);
  }

  /**
   * Interrupts the agent now, ahead of queued replies: a running reply stops its model call or
   * tools and ends with REPLY_END(interrupted); a parked reply is closed the same way; a reply
   * still being prepared is interrupted as soon as it starts. Queued replies then run in order.
   * Idle, or already closing a parked reply: nothing happens.
   */
  interrupt(): Promise<void> {
    return this.#desk.interrupt();
  }

  /**
   * Compresses the context on demand (spec §8.2), through the `onCompressContext` chain; the
   * loop runs the same before a reasoning step that may be over the trigger. Until the context
   * issue lands, the compression measures the model input and passes.
   */
  async compressContext(
    contextConfig?: ContextConfigInput,
    instructions: HintBlock | null = null,
  ): Promise<void> {
    await this.#compressChain({
      contextConfig: contextConfig ?? this.configs.contextConfig,
      instructions,
    });
  }

  /** Sends an event of the running reply on its way (see `ReplyDesk.emit`). */
  #emit(event: AgentEvent): void {
    this.#desk.emit(event);
  }

  // ---------------------------------------------------------------- machine slots

  /** What this agent does for the shared statechart (see {@link AgentHost}). */
  #host(): AgentHost {
    return {
      compress: () => this.#compress(this.#work.signal),
      reason: (toolChoice, scope) => this.#reason(toolChoice, this.#work.signal, scope),
      runBatch: (batch, scope) => runBatch(gatedDeps(this.#deps, scope), batch, this.#work.signal),
      // Work runs on the reply's signal (aborted by INTERRUPT); leaving its state early aborts it too.
      stopWork: () => {
        this.#work.abort();
      },
      shouldCompress: () => this.#mayNeedCompression(),
      beginReply: (event) => {
        this.#guardStep(() => {
          if (event.type !== "REPLY" || event.request.kind !== "new") return;
          const state = this.#state;
          state.context.push(...event.request.msgs);
          const structured = this.#desk.takeStructured();
          state.reply_context = {
            reply_id: newId(),
            cur_iter: 0,
            structured_schema: structured?.json ?? null,
            structured_output: null,
          };
          state.structuredModel =
            structured !== null && isZod(structured.schema) ? structured.schema : null;
          this.#work = new AbortController();
          this.#emit(
            createEvent("REPLY_START", {
              session_id: state.session_id,
              reply_id: state.replyId,
              name: this.name,
            }),
          );
          this.#setUpStructuredOutputTool();
        });
      },
      applyResume: (event) => {
        this.#guardStep(() => {
          if (event.type !== "REPLY") return;
          this.#work = new AbortController();
          if (event.request.kind === "confirm")
            applyConfirmResults(this.#deps, event.request.event);
          else if (event.request.kind === "external")
            applyExternalResults(this.#deps, event.request.event);
          this.#setUpStructuredOutputTool();
        });
      },
      appendHint: (hint) => {
        if (hint !== null) this.#state.appendContext(this.name, [hint]);
      },
      parkReply: (msg) => {
        this.#desk.finish({ kind: "park", msg });
      },
      finishReply: (reason, msg) => {
        const state = this.#state;
        if (reason === "exceed_max_iters") {
          this.#emit(createEvent("EXCEED_MAX_ITERS", { reply_id: state.replyId, name: this.name }));
        }
        this.#emit(
          createEvent("REPLY_END", {
            session_id: state.session_id,
            reply_id: state.replyId,
            finished_reason: reason,
          }),
        );
        this.#desk.finish({ kind: "exit", msg, swallowable: this.#hasOnReply });
      },
      endInterrupted: () => {
        this.#guardEnd(() => {
          const state = this.#state;
          closeUnfinishedToolCalls(this.#deps);
          this.#emit(
            createEvent("REPLY_END", {
              session_id: state.session_id,
              reply_id: state.replyId,
              finished_reason: "interrupted",
            }),
          );
          const react = this.configs.reactConfig;
          this.#desk.finish({
            kind: "exit",
            msg: new AssistantMsg({
              name: this.name,
              id: state.replyId,
              content: react.interruptionMessage,
              finished_reason: "interrupted",
            }),
            swallowable: false,
            ...(react.interruptionRaiseCancelledError
              ? { raiseAfter: new AbortedError(`reply '${state.replyId}'`) }
              : {}),
          });
        });
      },
      failReply: (error) => {
        this.#desk.finish({ kind: "fail", error });
      },
      abortWork: () => {
        this.#work.abort();
      },
    };
  }

  /**
   * Runs the body of an action after which the reply goes on (it begins or resumes). An exception
   * fails the reply instead of stopping the statechart: the reply is interrupted at once (its
   * work must not run on) and ends with the error once the machine is at rest.
   */
  #guardStep(body: () => void): void {
    try {
      body();
    } catch (error) {
      if (!this.#desk.failStep(error)) throw error;
    }
  }

  /** Runs the body of an action that ends the reply (the machine comes to rest): an exception fails it. */
  #guardEnd(body: () => void): void {
    try {
      body();
    } catch (error) {
      this.#desk.finish({ kind: "fail", error });
    }
  }

  #setUpStructuredOutputTool(): void {
    this.toolkit.removeTool(GENERATE_STRUCTURED_OUTPUT_NAME);
    const state = this.#state;
    const schema = state.structuredModel ?? state.reply_context.structured_schema;
    if (schema !== null) {
      this.toolkit.addTool(new GenerateStructuredOutput(schema));
      this.#concurrency.set(GENERATE_STRUCTURED_OUTPUT_NAME, true);
    }
  }

  /** Caches whether each called tool may run concurrently (the batching guard reads it synchronously). */
  async #learnConcurrency(calls: readonly ToolCallBlock[]): Promise<void> {
    for (const call of calls) {
      if (this.#concurrency.has(call.name)) continue;
      const tool = await this.toolkit.getTool(call.name);
      if (tool !== undefined) this.#concurrency.set(call.name, tool.isConcurrencySafe);
    }
  }

  // ---------------------------------------------------------------- reasoning

  /**
   * The `reasoning` state's work (spec §3.6): runtime-state injection, then the `onReasoning`
   * chain around the reasoning step. The system prompt is assembled where the reference
   * assembles it — for the injection's count of the input (first step of a reply) and inside the
   * step for the model call — so an `onSystemPrompt` hook runs there each time; without a hook,
   * the prompt of the compression check (or the plain one) is reused without awaiting.
   */
  async #reason(
    toolChoice: ToolChoice | null,
    signal: AbortSignal,
    scope: WorkScope,
  ): Promise<ReasoningOutput> {
    const state = this.#state;
    const reuse = this.#hasPromptHook ? null : (this.#stepPrompt ?? this.#plainSystemPrompt());
    this.#stepPrompt = null;
    const listed = this.#toolSchemas();
    const tools = Array.isArray(listed) ? listed : await listed;
    if (this.configs.injectionConfig.injectRuntimeState)
      await this.#injectRuntimeState(tools, reuse);

    const ctx: ReasoningContext = {
      name: this.name,
      state,
      model: this.model,
      systemMsg: () =>
        reuse !== null
          ? this.#systemMessage(reuse)
          : this.#systemPrompt().then((prompt) => this.#systemMessage(prompt)),
      tools,
      callModel: (messages: Msg[], t: ToolSchema[], choice: ToolChoice | null) =>
        this.#callModel(messages, t, choice, signal),
    };
    const chain = composeOnion(this.#onReasoning, (input: { toolChoice: ToolChoice | null }) =>
      reasoningStep(ctx, input.toolChoice),
    );
    let finalMsg: Msg | null = null;
    let interrupted = false;
    let reported: number | null = null;
    for await (const item of chain({ toolChoice })) {
      // Late (the reply ended without this step): stop here, so nothing is emitted or saved.
      if (scope.stopped) return { interrupted: true, finalMsg: null };
      if (item instanceof Msg) {
        finalMsg = item;
        continue;
      }
      if (item.type === "MODEL_CALL_END") {
        if (item.finished_reason === "interrupted") interrupted = true;
        const total = item.input_tokens + item.output_tokens;
        reported = total > 0 ? total : null;
      }
      this.#emit(item);
    }
    // The model's own count of its input and answer (now both in the context) guards compression.
    this.#remember(reported);
    if (!interrupted) {
      const last = state.lastOwnMessage(this.name);
      if (last !== undefined) await this.#learnConcurrency(last.getContentBlocks("tool_call"));
    }
    return { interrupted, finalMsg: interrupted ? null : finalMsg };
  }

  /**
   * The `compressing` state's work: the compression chain. The prompt its check assembled is
   * kept for the step's reasoning when no `onSystemPrompt` hook could change it in between.
   */
  async #compress(signal: AbortSignal): Promise<WorkOutput> {
    this.#stepPrompt = null;
    this.#measuredPrompt = null;
    await this.#compressChain({ contextConfig: this.configs.contextConfig, instructions: null });
    if (!signal.aborted && !this.#hasPromptHook) this.#stepPrompt = this.#measuredPrompt;
    this.#measuredPrompt = null;
    return { interrupted: signal.aborted };
  }

  /**
   * Compression's first step (spec §8.2 step 2): count the model input, its system prompt
   * assembled for it (an `onSystemPrompt` hook runs here, as in the reference). The compression
   * itself arrives with the context issue; until then this measures (for the guard) and passes.
   */
  async #measureInput(): Promise<void> {
    const state = this.#state;
    const prompt = this.#plainSystemPrompt() ?? (await this.#systemPrompt());
    this.#measuredPrompt = prompt;
    const systemMsg = this.#systemMessage(prompt);
    const listed = this.#toolSchemas();
    const tools = Array.isArray(listed) ? listed : await listed;
    this.#remember(await this.model.countTokens(modelInput(systemMsg, state), tools));
  }

  /** Records a token count of the model input as it is now (null: unknown). */
  #remember(tokens: number | null): void {
    this.#measure =
      tokens === null ? null : InputMeasure.take(tokens, this.#state, this.systemPrompt);
  }

  /**
   * Whether the coming reasoning step must pass through `compressing` (see {@link InputMeasure}):
   * always with an `onCompressContext` or `onSystemPrompt` middleware (each sees every step's
   * check, as in the reference);
   * otherwise when no count is known or the count plus what was appended reaches the trigger.
   */
  #mayNeedCompression(): boolean {
    // A compression middleware, or a prompt hook, sees every step's check (as in the reference).
    if (this.#hasOnCompress || this.#hasPromptHook) return true;
    const measure = this.#measure;
    const added = measure?.appendedTokens(this.#state, this.systemPrompt) ?? null;
    if (measure === null || added === null) return true;
    const trigger = this.configs.contextConfig.triggerRatio * this.model.contextSize;
    return measure.tokens + added >= trigger;
  }

  #systemMessage(prompt: string): Msg {
    const cached = this.#systemMsg;
    if (cached !== null && cached.prompt === prompt) return cached.msg;
    const msg = systemMessage(prompt);
    this.#systemMsg = { prompt, msg };
    return msg;
  }

  /**
   * Runtime-state injection (spec §3.9); the caller checks that it is on. `prompt` is the step's
   * system prompt when it is known without assembling it (null with an `onSystemPrompt` hook,
   * which then runs again for the count, as in the reference).
   */
  async #injectRuntimeState(tools: ToolSchema[], prompt: string | null): Promise<void> {
    const config = this.configs.injectionConfig;
    const state = this.#state;
    let tokens = 0;
    if (state.curIter === 0) {
      // The step's measure is exact unless a hook may give another prompt for this count.
      const exact = this.#hasPromptHook
        ? null
        : (this.#measure?.exactTokens(state, this.systemPrompt) ?? null);
      tokens =
        exact ??
        (await this.model.countTokens(
          modelInput(this.#systemMessage(prompt ?? (await this.#systemPrompt())), state),
          tools,
        ));
    }
    const text = runtimeStateHint({
      state,
      config,
      now: new Date(),
      contextTokens: () => tokens,
      contextSize: this.model.contextSize,
      triggerRatio: this.configs.contextConfig.triggerRatio,
    });
    if (text === null) return;
    const at = new Date().toISOString();
    const hint: HintBlock = {
      type: "hint",
      id: newId(),
      hint: text,
      source: config.injectionSource,
      created_at: at,
      finished_at: at,
    };
    state.appendContext(this.name, [hint]);
    if (config.emitHintEvent) {
      this.#emit(
        createEvent("HINT_BLOCK", {
          reply_id: state.replyId,
          block_id: hint.id,
          hint: text,
          source: hint.source,
        }),
      );
    }
  }

  /**
   * The system prompt when nothing can add to it (no skills, workspace instructions or
   * `onSystemPrompt` middleware): known without awaiting, on every model call.
   */
  #plainSystemPrompt(): string | null {
    if (this.#hasPromptHook || this.offloader?.getInstructions !== undefined) return null;
    return this.toolkit.isStatic ? this.systemPrompt : null;
  }

  /** The tool schemas of the active groups (at once when the toolkit is static). */
  #toolSchemas(): ToolSchema[] | Promise<ToolSchema[]> {
    const groups = this.#state.tool_context.activated_groups;
    return this.toolkit.getStaticToolSchemas(groups) ?? this.toolkit.getToolSchemas(groups);
  }

  async #systemPrompt(): Promise<string> {
    const parts = [this.systemPrompt];
    const skills = await this.toolkit.getSkillInstructions(
      this.#state.tool_context.activated_groups,
    );
    if (skills !== null) parts.push(skills);
    const workspace = await this.offloader?.getInstructions?.();
    if (workspace !== undefined && workspace !== null && workspace !== "") parts.push(workspace);
    let prompt = parts.join("\n");
    for (const middleware of this.#middlewares) {
      if (middleware.onSystemPrompt !== undefined)
        prompt = await middleware.onSystemPrompt(this, prompt);
    }
    return prompt;
  }

  /**
   * Model retries and fallback (spec §3.1), each attempt through the `onModelCall` chain: any
   * error is retried, the fallback gets its attempts after the primary's, and the last error is
   * raised — typed: an actorscope error as it is, any other wrapped in a `MODEL_CALL_FAILED`
   * `ModelError` whose `cause` is the original. A result that is not a response is no error
   * here (as in the reference, it is not retried); the reasoning step refuses it.
   */
  async #callModel(
    messages: Msg[],
    tools: ToolSchema[],
    toolChoice: ToolChoice | null,
    signal: AbortSignal,
  ): Promise<ChatResponse | AsyncIterable<ChatResponse>> {
    const { maxRetries, fallbackModel } = this.configs.modelConfig;
    const chain = composeOnion(
      this.#onModelCall,
      (input: {
        currentModel: ChatModel;
        messages: Msg[];
        tools: ToolSchema[];
        toolChoice: ToolChoice | null;
      }) =>
        input.currentModel.call(input.messages, {
          tools: input.tools,
          toolChoice: input.toolChoice ?? undefined,
          signal,
          // Its own messages are not another agent's (the "auto" formatter tells them apart).
          agentName: this.name,
        }),
    );
    let lastError: unknown;
    let lastModel = this.model;
    for (const currentModel of fallbackModel === null
      ? [this.model]
      : [this.model, fallbackModel]) {
      for (let attempt = 0; attempt <= maxRetries; attempt++) {
        try {
          return await chain({ currentModel, messages, tools, toolChoice });
        } catch (error) {
          lastError = error;
          lastModel = currentModel;
          if (signal.aborted) break;
        }
      }
      if (signal.aborted) break;
    }
    throw asModelError(lastError, lastModel.model, "call");
  }

  // ---------------------------------------------------------------- acting

  async #checkPermissionImpl(input: CheckPermissionInput): Promise<PermissionDecision> {
    if (input.toolCall.state === "allowed") {
      return {
        behavior: "allow",
        message: "Already allowed by user confirmation.",
        decision_reason: null,
        updated_input: null,
        suggested_rules: null,
        bypass_immune: false,
      };
    }
    return this.engine.decide(input.tool, input.toolInput);
  }

  #acting(
    toolCall: ToolCallBlock,
    signal: AbortSignal,
    prepared: PreparedCall,
  ): AsyncIterable<ToolChunk | ToolResponse> {
    const options = { state: this.#state, signal };
    if (this.#onActing.length === 0)
      return this.toolkit.callPreparedTool(toolCall.id, prepared, options);
    const chain = composeOnion(this.#onActing, (input: { toolCall: ToolCallBlock }) =>
      this.toolkit.callTool(input.toolCall, options),
    );
    return chain({ toolCall });
  }

  /** The layers of one hook, bound to this agent, in list order (first = outermost). */
  #layers<I extends object, R>(hook: OnionHook): Layer<I, R>[] {
    const layers: Layer<I, R>[] = [];
    for (const middleware of this.#middlewares) {
      // Hooks are called with the middleware as `this` (class-based middlewares use it).
      // eslint-disable-next-line @typescript-eslint/unbound-method
      const fn = middleware[hook] as ((agent: Agent, input: I, next: Next<I, R>) => R) | undefined;
      if (fn !== undefined) layers.push((input, next) => fn.call(middleware, this, input, next));
    }
    return layers;
  }
}

interface ModelCallInput {
  currentModel: ChatModel;
  messages: Msg[];
  tools: ToolSchema[];
  toolChoice: ToolChoice | null;
}

type OnionHook =
  | "onReply"
  | "onReasoning"
  | "onCheckPermission"
  | "onActing"
  | "onModelCall"
  | "onCompressContext";

function isZod(schema: StructuredSchemaInput): schema is ZodType {
  return typeof (schema as { safeParse?: unknown }).safeParse === "function";
}
