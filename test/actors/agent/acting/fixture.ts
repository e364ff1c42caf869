import { z } from "zod";
import {
  AgentState,
  AssistantMsg,
  FunctionTool,
  PermissionEngine,
  ToolBase,
  Toolkit,
  type AgentEvent,
  type PermissionDecision,
  type ToolCallBlock,
  type ToolResultBlock,
} from "../../../../src/index.js";
import type { LoopDeps } from "../../../../src/actors/agent/loop-deps.js";

/** The agent's name in every acting test. */
export const AGENT = "Friday";

/** A test bench for the acting step: a real toolkit, engine and state, and recorded events. */
export interface Bench {
  readonly deps: LoopDeps;
  readonly state: AgentState;
  readonly engine: PermissionEngine;
  readonly toolkit: Toolkit;
  /** Every event emitted, in order. */
  readonly events: AgentEvent[];
  /** The live call blocks of the reply message, by id. */
  readonly calls: Map<string, ToolCallBlock>;
  /** How many times the permission chain ran. */
  permissionChecks: number;
}

export interface BenchOptions {
  tools: readonly ToolBase[];
  /** The tool calls of the reply message (`input` defaults to "{}"). */
  calls: readonly { id: string; name: string; input?: string; state?: ToolCallBlock["state"] }[];
  /** Tools given a tool-wide allow rule. */
  allow?: readonly string[];
  /** Replaces the default permission chain (`allowed` short-circuit, else the engine). */
  checkPermission?: LoopDeps["checkPermission"];
  acting?: LoopDeps["acting"];
  truncateResult?: LoopDeps["truncateResult"];
}

/**
 * A `LoopDeps` over a real `Toolkit`, `PermissionEngine` and `AgentState`, with an assistant reply
 * message (id = `state.replyId`) holding the given tool calls, built the way `Agent` builds it.
 */
export function makeBench(options: BenchOptions): Bench {
  const state = new AgentState();
  const engine = new PermissionEngine(state.permission_context);
  state.permission_context = engine.context;
  for (const tool of options.allow ?? []) {
    engine.addRule({ tool_name: tool, rule_content: null, behavior: "allow", source: "test" });
  }
  const toolkit = new Toolkit({ tools: options.tools });
  state.context.push(
    new AssistantMsg({
      name: AGENT,
      id: state.replyId,
      content: options.calls.map((call) => ({ type: "tool_call", input: "{}", ...call })),
    }),
  );
  const calls = new Map<string, ToolCallBlock>();
  for (const block of state.context[0]?.content ?? []) {
    if (block.type === "tool_call") calls.set(block.id, block);
  }
  const events: AgentEvent[] = [];
  const defaultCheck: LoopDeps["checkPermission"] = async ({ toolCall, tool, toolInput }) =>
    toolCall.state === "allowed" ? alreadyAllowed() : engine.decide(tool, toolInput);
  const bench: Bench = {
    state,
    engine,
    toolkit,
    events,
    calls,
    permissionChecks: 0,
    deps: {
      name: AGENT,
      get state() {
        return state;
      },
      toolkit,
      engine,
      // A custom check stands for an onCheckPermission chain: it gets copies.
      hasPermissionChain: options.checkPermission !== undefined,
      prepareCall: (call) => toolkit.prepareToolCall(call, state.tool_context.activated_groups),
      emit: (event) => {
        events.push(event);
      },
      checkPermission: (input) => {
        bench.permissionChecks += 1;
        return (options.checkPermission ?? defaultCheck)(input);
      },
      acting: options.acting ?? ((call, signal) => toolkit.callTool(call, { state, signal })),
      // A custom acting stands for an onActing chain: it is streamed. Otherwise the toolkit
      // pushes the chunks, as the agent runs a call without middleware.
      actingPushed: (call, signal, prepared, sink) =>
        options.acting === undefined
          ? toolkit.runPreparedTool(call.id, prepared, { state, signal }, sink)
          : null,
      truncateResult: options.truncateResult ?? ((result) => Promise.resolve(result)),
    },
  };
  return bench;
}

function alreadyAllowed(): PermissionDecision {
  return {
    behavior: "allow",
    message: "Already allowed by user confirmation.",
    decision_reason: null,
    updated_input: null,
    suggested_rules: null,
    bypass_immune: false,
  };
}

/** The live call block with this id. */
export function callOf(bench: Bench, id: string): ToolCallBlock {
  const call = bench.calls.get(id);
  if (call === undefined) throw new Error(`no call ${id}`);
  return call;
}

/** The saved result of this call, if any. */
export function resultOf(bench: Bench, id: string): ToolResultBlock | undefined {
  for (const msg of bench.state.context) {
    for (const block of msg.content) {
      if (block.type === "tool_result" && block.id === id) return block;
    }
  }
  return undefined;
}

/** The event types, in order. */
export function types(events: readonly AgentEvent[]): string[] {
  return events.map((e) => e.type);
}

/** The event types of one call, in order (REQUIRE_* events count for the calls they carry). */
export function typesFor(events: readonly AgentEvent[], id: string): string[] {
  return events
    .filter((e) =>
      "tool_call_id" in e
        ? e.tool_call_id === id
        : "tool_calls" in e && e.tool_calls.some((c) => c.id === id),
    )
    .map((e) => e.type);
}

/** A function tool answering "sunny in {city}" (asks by default, concurrency-safe). */
export function weather(name = "weather", onCall?: (city: string) => void): FunctionTool {
  return new FunctionTool({
    name,
    description: "Tells the weather.",
    parameters: z.object({ city: z.string() }),
    fn: ({ city }: { city: string }) => {
      onCall?.(city);
      return `sunny in ${city}`;
    },
  });
}

/** A promise with its resolver, to sequence tools from the outside without sleeping. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A tool whose call waits until its signal aborts; `started` resolves when a call begins. */
export function waitsForAbort(name = "wait", concurrent = true) {
  const started = deferred();
  const tool = new FunctionTool({
    name,
    description: "Waits for an interruption.",
    parameters: z.object({}),
    isConcurrencySafe: concurrent,
    fn: (_input, { signal }) =>
      new Promise<string>((resolve) => {
        signal.addEventListener("abort", () => {
          resolve("stopped by itself");
        });
        started.resolve();
      }),
  });
  return { tool, started: started.promise };
}

/** A tool the agent hands to the outside world (ALLOW by its own check). */
export class ExternalSearch extends ToolBase {
  readonly name = "external_search";
  readonly description = "Searches, outside the agent.";
  readonly inputSchema = {
    type: "object",
    properties: { query: { type: "string" } },
    required: ["query"],
  };
  readonly isConcurrencySafe = false;
  readonly isReadOnly = false;
  override readonly isExternalTool = true;

  checkPermissions(): PermissionDecision {
    return {
      behavior: "allow",
      message: "External tools run outside.",
      decision_reason: null,
      updated_input: null,
      suggested_rules: null,
      bypass_immune: false,
    };
  }
}

/** A tool whose every call is a safety (bypass-immune) ASK. */
export class Dangerous extends ToolBase {
  readonly name = "dangerous";
  readonly description = "Touches sensitive files.";
  readonly inputSchema = { type: "object", properties: { path: { type: "string" } } };
  readonly isConcurrencySafe = true;
  readonly isReadOnly = false;

  checkPermissions(): PermissionDecision {
    return {
      behavior: "ask",
      message: "Permission required: sensitive file",
      decision_reason: "Safety check: dangerous file or directory",
      updated_input: null,
      suggested_rules: null,
      bypass_immune: true,
    };
  }

  override call(): string {
    return "done";
  }
}
