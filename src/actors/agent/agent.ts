import { Subject, type Observable } from "rxjs";
import type { ZodType } from "zod";
import { createActor, fromPromise, type Actor, type InspectionEvent, type Observer } from "xstate";
import { AbortedError, getLogger } from "../../errors/index.js";
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
  createAgentMachine,
  runtimeStateHint,
  type AgentMachine,
  type InjectionConfigInput,
  type ReActConfigInput,
  type ReasoningOutput,
  type ReplyRequest,
  type WorkOutput,
  type ActingOutput,
  type ToolBatch,
} from "../../machines/index.js";
import {
  composeOnion,
  type AgentMiddleware,
  type Layer,
  type Next,
  type ReplyItem,
} from "../../middleware/index.js";
import type { ChatModel, ChatResponse, ToolChoice, ToolSchema } from "../../model/index.js";
import { PermissionEngine, type PermissionDecision } from "../../permission/index.js";
import { AgentState, type AgentStateInput } from "../../state/index.js";
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
  toStructuredJsonSchema,
} from "./generate-structured-output-tool.js";
import { replaceUnsupportedData, type DataBlockOffloader } from "./input-media.js";
import type { CheckPermissionInput, LoopDeps } from "./loop-deps.js";
import type { ModelConfigInput } from "./model-config.js";
import { modelInput, reasoningStep } from "./reasoning-step.js";
import { checkIncomingEvent, sortInput, validateMsgs } from "./reply-input.js";
import { ReplyInputError, ReplyInputErrorCode } from "./reply-input-error.js";
import { ReplyRun } from "./reply-run.js";

/** Where an agent offloads what does not fit its context (spec §8.5); a workspace adds instructions. */
export interface AgentOffloader extends DataBlockOffloader {
  /** Text added to the system prompt (a workspace's `<workspace>` block), if any. */
  getInstructions?(): string | null | Promise<string | null>;
}

/** A structured-output schema: a zod schema (in process) or a JSON schema object. */
export type StructuredSchemaInput = ZodType | Record<string, unknown>;

/** Options of {@link Agent}. Configs are camelCase code; state and events keep wire names. */
export interface AgentOptions {
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

/** Options of one reply. */
export interface ReplyOptions {
  /** Makes the reply end with a structured output matching this schema (spec §3.11). */
  structuredSchema?: StructuredSchemaInput | undefined;
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
export class Agent {
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
  #run: ReplyRun | null = null;
  #work: AbortController | null = null;
  #pendingStructured: StructuredSchemaInput | null = null;
  readonly #concurrency = new Map<string, boolean>();
  readonly #deps: LoopDeps;

  constructor(options: AgentOptions) {
    this.name = options.name;
    this.systemPrompt = options.systemPrompt;
    this.model = options.model;
    this.toolkit = options.toolkit ?? new Toolkit();
    this.offloader = options.offloader ?? null;
    this.configs = resolveConfigs(options);
    this.#state =
      options.state instanceof AgentState ? options.state : new AgentState(options.state ?? {});
    this.engine = new PermissionEngine(this.#state.permission_context);
    // The engine parses its own copy: make the state hold that live object, so rules it adds persist.
    this.#state.permission_context = this.engine.context;
    this.#middlewares = options.middlewares ?? [];
    this.#onReply = this.#layers("onReply");
    this.#hasOnReply = this.#onReply.length > 0;

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
      acting: (toolCall, signal) => this.#acting(toolCall, signal),
      truncateResult: (result) => Promise.resolve(result),
    };

    const machine = this.#provideMachine();
    const parked = this.#state.getAwaitingToolCalls(this.name);
    const input = {
      state: this.#state,
      name: this.name,
      maxIters: this.configs.reactConfig.maxIters,
      graceIters: this.configs.reactConfig.structuredOutputGraceIters,
      isConcurrencySafe: (tool: string) => this.#concurrency.get(tool) ?? true,
    };
    const startIn =
      parked.length === 0
        ? null
        : parked.some((c) => c.state === "asking")
          ? "awaiting-confirm"
          : "awaiting-external";
    this.actor = createActor(machine, {
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
        getLogger().error(`agent '${this.name}' statechart failed`, { error: String(error) });
        this.#run?.push({ kind: "fail", error });
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
    if (this.#run !== null) {
      throw new ReplyInputError(
        ReplyInputErrorCode.BUSY,
        `Agent '${this.name}' is replying; set its state when it is idle.`,
      );
    }
    this.#state = next;
    // Unlike the reference (whose engine stays on the old context), rules follow the new state.
    const engine = new PermissionEngine(next.permission_context);
    Object.assign(this.engine.context, engine.context);
    next.permission_context = this.engine.context;
    this.actor.getSnapshot().context.state = next;
  }

  /**
   * Replies to the input and returns the final message (spec §3.2). A parked reply returns the
   * "waiting" message; resume it with a `UserConfirmResultEvent` or `ExternalExecutionResultEvent`.
   */
  async reply(inputs?: unknown, options: ReplyOptions = {}): Promise<Msg> {
    let final: Msg | null = null;
    for await (const item of this.#drive(inputs, options)) if (item instanceof Msg) final = item;
    if (final === null) {
      throw new ReplyInputError(
        ReplyInputErrorCode.NO_FINAL_MESSAGE,
        "Agent did not produce a final message.",
      );
    }
    return final;
  }

  /** Replies to the input, streaming its events (spec §2); stopping early interrupts the reply. */
  async *replyStream(
    inputs?: unknown,
    options: ReplyOptions = {},
  ): AsyncGenerator<AgentEvent, void, undefined> {
    for await (const item of this.#drive(inputs, options)) if (!(item instanceof Msg)) yield item;
  }

  /** Adds messages to the context without replying (no model call, no events). */
  async observe(msgs: unknown): Promise<void> {
    const list = validateMsgs(msgs instanceof Msg ? [msgs] : Array.isArray(msgs) ? msgs : [msgs]);
    await replaceUnsupportedData(list, this.model.supportedInputMediaTypes, this.offloader);
    this.#state.context.push(...list);
  }

  /**
   * Interrupts the agent: a running reply stops its model call or tools and ends with
   * REPLY_END(interrupted); a parked reply is closed the same way. Idle: nothing happens.
   */
  async interrupt(): Promise<void> {
    if (this.#run !== null) {
      this.actor.send({ type: "INTERRUPT" });
      return;
    }
    if (this.#state.hasAwaitingToolCalls(this.name)) {
      for await (const _ of this.#drive(
        createEvent("USER_INTERRUPT", { reply_id: this.#state.replyId }),
        {},
      )) {
        // events reach events$
      }
    }
  }

  /** Compresses the context on demand (spec §8.2; the compression itself lands with the context issue). */
  async compressContext(
    contextConfig?: ContextConfigInput,
    instructions: HintBlock | null = null,
  ): Promise<void> {
    const chain = composeOnion(
      this.#layers("onCompressContext"),
      async (_input: { contextConfig: unknown; instructions: HintBlock | null }) => {},
    );
    await chain({ contextConfig: contextConfig ?? this.configs.contextConfig, instructions });
  }

  // ---------------------------------------------------------------- the reply driver

  /** One reply call: validation, then the `onReply` chain around the machine's run. */
  async *#drive(
    inputs: unknown,
    options: ReplyOptions,
  ): AsyncGenerator<ReplyItem, void, undefined> {
    if (this.#run !== null) {
      if (isInterruptEvent(inputs)) {
        this.actor.send({ type: "INTERRUPT" });
        return;
      }
      throw new ReplyInputError(
        ReplyInputErrorCode.BUSY,
        `Agent '${this.name}' is already replying; wait for the reply to end or interrupt it.`,
      );
    }
    const sorted = sortInput(inputs);
    let request: ReplyRequest | "interrupt";
    if (sorted.kind === "interrupt") {
      if (!this.#state.hasAwaitingToolCalls(this.name)) return; // spec §3.3 step 3: nothing to do
      request = "interrupt";
    } else {
      checkIncomingEvent(this.#state, this.name, sorted);
      if (sorted.kind === "msgs") {
        await replaceUnsupportedData(
          sorted.msgs,
          this.model.supportedInputMediaTypes,
          this.offloader,
        );
        this.#pendingStructured = options.structuredSchema ?? null;
        request = { kind: "new", msgs: sorted.msgs };
      } else {
        if (options.structuredSchema !== undefined) {
          getLogger().warn(
            `agent '${this.name}': a structured schema given with an input event is ignored; the parked reply keeps its own.`,
          );
        }
        await this.#learnConcurrency(this.#state.getUnfinishedToolCalls(this.name));
        request = sorted;
      }
    }
    if (this.#run !== null)
      throw new ReplyInputError(
        ReplyInputErrorCode.BUSY,
        `Agent '${this.name}' is already replying.`,
      );
    const run = new ReplyRun();
    this.#run = run;
    const impl = (_input: { inputs: unknown; structuredSchema: unknown }) =>
      this.#impl(run, request);
    const chain = composeOnion(this.#onReply, impl);
    let finished = false;
    try {
      for await (const item of chain({
        inputs,
        structuredSchema: options.structuredSchema ?? null,
      })) {
        if (item instanceof Msg) {
          yield item;
          continue;
        }
        if (item.type === "REPLY_END") run.receivedReplyEnd = true;
        this.#events.next(item);
        yield item;
      }
      finished = true;
    } finally {
      if (!finished && !run.done) {
        // The consumer stopped early (or the chain threw): stop the work, keep the events flowing to events$.
        this.actor.send({ type: "INTERRUPT" });
      }
      if (this.#run === run) this.#run = null;
    }
  }

  /** The innermost reply: starts the machine and yields what it produces until the reply ends. */
  async *#impl(
    run: ReplyRun,
    request: ReplyRequest | "interrupt",
  ): AsyncGenerator<ReplyItem, void, undefined> {
    if (request === "interrupt") this.actor.send({ type: "INTERRUPT" });
    else this.actor.send({ type: "REPLY", request });
    for (;;) {
      const item = await run.next();
      switch (item.kind) {
        case "event":
          yield item.event;
          break;
        case "park":
          run.done = true;
          yield item.msg;
          return;
        case "exit":
          if (item.swallowable && !run.receivedReplyEnd) {
            // A middleware swallowed REPLY_END: the loop goes on (spec §3.3 step 7).
            this.actor.send({ type: "CONTINUE" });
            break;
          }
          run.done = true;
          yield item.msg;
          if (item.raiseAfter !== undefined) throw item.raiseAfter;
          return;
        case "fail":
          run.done = true;
          throw item.error;
      }
    }
  }

  #emit(event: AgentEvent): void {
    const run = this.#run;
    if (run !== null) run.emit(event);
    else this.#events.next(event); // work finishing after its reply was abandoned
  }

  // ---------------------------------------------------------------- machine slots

  #provideMachine(): AgentMachine {
    return createAgentMachine().provide({
      actors: {
        compress: fromPromise<WorkOutput, Record<string, never>>(({ signal }) => {
          // Context compression arrives with the context issue; until then the step only passes.
          return Promise.resolve({ interrupted: signal.aborted });
        }),
        callModel: fromPromise<ReasoningOutput, { toolChoice: ToolChoice | null }>(
          ({ input, signal }) => this.#reason(input.toolChoice, this.#startWork(signal)),
        ),
        runBatch: fromPromise<ActingOutput, { batch: ToolBatch }>(({ input, signal }) =>
          runBatch(this.#deps, input.batch, this.#startWork(signal)),
        ),
      },
      actions: {
        beginReply: ({ event }) => {
          this.#guard(() => {
            if (event.type !== "REPLY" || event.request.kind !== "new") return;
            const state = this.#state;
            state.context.push(...event.request.msgs);
            const schema = this.#pendingStructured;
            this.#pendingStructured = null;
            state.reply_context = {
              reply_id: newId(),
              cur_iter: 0,
              structured_schema: schema === null ? null : toStructuredJsonSchema(schema),
              structured_output: null,
            };
            state.structuredModel = schema !== null && isZod(schema) ? schema : null;
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
        applyResume: ({ event }) => {
          this.#guard(() => {
            if (event.type !== "REPLY") return;
            if (event.request.kind === "confirm")
              applyConfirmResults(this.#deps, event.request.event);
            else if (event.request.kind === "external")
              applyExternalResults(this.#deps, event.request.event);
            this.#setUpStructuredOutputTool();
          });
        },
        appendHint: (_, params) => {
          this.#state.appendContext(this.name, [params.hint]);
        },
        parkReply: (_, params) => {
          this.#run?.push({ kind: "park", msg: params.msg });
        },
        finishReply: (_, params) => {
          const state = this.#state;
          if (params.reason === "exceed_max_iters") {
            this.#emit(
              createEvent("EXCEED_MAX_ITERS", { reply_id: state.replyId, name: this.name }),
            );
          }
          this.#emit(
            createEvent("REPLY_END", {
              session_id: state.session_id,
              reply_id: state.replyId,
              finished_reason: params.reason,
            }),
          );
          this.#run?.push({ kind: "exit", msg: params.msg, swallowable: this.#hasOnReply });
        },
        endInterrupted: () => {
          this.#guard(() => {
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
            this.#run?.push({
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
        failReply: (_, params) => {
          this.#run?.push({ kind: "fail", error: params.error });
        },
        abortWork: () => {
          this.#work?.abort();
        },
      },
    });
  }

  /** Runs an action body; an exception fails the reply instead of stopping the statechart. */
  #guard(body: () => void): void {
    try {
      body();
    } catch (error) {
      this.#run?.push({ kind: "fail", error });
    }
  }

  /** A controller for the work of one state, aborted by INTERRUPT or when the state is left. */
  #startWork(signal: AbortSignal): AbortSignal {
    const work = new AbortController();
    this.#work = work;
    if (signal.aborted) work.abort();
    else {
      signal.addEventListener(
        "abort",
        () => {
          work.abort();
        },
        { once: true },
      );
    }
    return work.signal;
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

  async #reason(toolChoice: ToolChoice | null, signal: AbortSignal): Promise<ReasoningOutput> {
    const state = this.#state;
    const systemPrompt = await this.#systemPrompt();
    const tools = await this.toolkit.getToolSchemas(state.tool_context.activated_groups);
    await this.#injectRuntimeState(systemPrompt, tools);

    const ctx = {
      name: this.name,
      state,
      model: this.model,
      systemPrompt,
      tools,
      callModel: (messages: Msg[], t: ToolSchema[], choice: ToolChoice | null) =>
        this.#callModel(messages, t, choice, signal),
    };
    const chain = composeOnion(
      this.#layers<{ toolChoice: ToolChoice | null }, AsyncIterable<ReplyItem>>("onReasoning"),
      (input: { toolChoice: ToolChoice | null }) => reasoningStep(ctx, input.toolChoice),
    );
    let finalMsg: Msg | null = null;
    let interrupted = false;
    for await (const item of chain({ toolChoice })) {
      if (item instanceof Msg) {
        finalMsg = item;
        continue;
      }
      if (item.type === "MODEL_CALL_END" && item.finished_reason === "interrupted")
        interrupted = true;
      this.#emit(item);
    }
    if (!interrupted) {
      const last = state.lastOwnMessage(this.name);
      if (last !== undefined) await this.#learnConcurrency(last.getContentBlocks("tool_call"));
    }
    return { interrupted, finalMsg: interrupted ? null : finalMsg };
  }

  async #injectRuntimeState(systemPrompt: string, tools: ToolSchema[]): Promise<void> {
    const config = this.configs.injectionConfig;
    if (!config.injectRuntimeState) return;
    const state = this.#state;
    const tokens =
      state.curIter === 0
        ? await this.model.countTokens(modelInput(systemPrompt, state), tools)
        : 0;
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

  /** Model retries and fallback (spec §3.1), each attempt through the `onModelCall` chain. */
  async #callModel(
    messages: Msg[],
    tools: ToolSchema[],
    toolChoice: ToolChoice | null,
    signal: AbortSignal,
  ): Promise<ChatResponse | AsyncIterable<ChatResponse>> {
    const { maxRetries, fallbackModel } = this.configs.modelConfig;
    const chain = composeOnion(
      this.#layers<ModelCallInput, Promise<ChatResponse | AsyncIterable<ChatResponse>>>(
        "onModelCall",
      ),
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
        }),
    );
    let lastError: unknown;
    for (const currentModel of fallbackModel === null
      ? [this.model]
      : [this.model, fallbackModel]) {
      for (let attempt = 0; attempt <= maxRetries; attempt++) {
        try {
          return await chain({ currentModel, messages, tools, toolChoice });
        } catch (error) {
          lastError = error;
          if (signal.aborted) throw error;
        }
      }
    }
    throw lastError;
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

  #acting(toolCall: ToolCallBlock, signal: AbortSignal): AsyncIterable<ToolChunk | ToolResponse> {
    const chain = composeOnion(
      this.#layers<{ toolCall: ToolCallBlock }, AsyncIterable<ToolChunk | ToolResponse>>(
        "onActing",
      ),
      (input: { toolCall: ToolCallBlock }) =>
        this.toolkit.callTool(input.toolCall, { state: this.#state, signal }),
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

function isInterruptEvent(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "USER_INTERRUPT"
  );
}

function isZod(schema: StructuredSchemaInput): schema is ZodType {
  return typeof (schema as { safeParse?: unknown }).safeParse === "function";
}
