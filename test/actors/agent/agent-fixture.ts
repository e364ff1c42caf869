/**
 * Helpers shared by the `Agent` tests in this folder: building an agent over a scripted model,
 * collecting and summarising its events, permission states, confirm events and small tools.
 */
import { z } from "zod";
import {
  ActorscopeError,
  Agent,
  FunctionTool,
  ScriptedModel,
  ToolBase,
  Toolkit,
  UserMsg,
  createEvent,
  type AgentEvent,
  type AgentOptions,
  type AgentStateInput,
  type ChatModel,
  type ConfirmResult,
  type PermissionDecision,
  type ScriptedTurn,
  type ToolCallBlock,
} from "../../../src/index.js";
import { decision } from "../../tools/fixtures.js";

/** A user message with the given text, the usual input of a reply. */
export const user = (text: string) => new UserMsg({ name: "user", content: text });

/** A model that plays `turns` and records the calls it gets (`model.calls`). */
export const scripted = (turns: ScriptedTurn[]) =>
  new ScriptedModel({ responses: turns, recordCalls: true });

/**
 * An agent named "Friday" ("You are helpful.") with runtime-state injection off.
 *
 * `script` is either the turns of a `ScriptedModel` built here, or a model the test built itself
 * (e.g. {@link scripted}, to inspect its calls). `options.tools` fill the toolkit (empty by
 * default); every other option is passed to `Agent` and overrides the defaults above.
 */
export function makeAgent(
  script: ScriptedTurn[] | ChatModel,
  options: Partial<AgentOptions> & { tools?: ToolBase[] } = {},
): Agent {
  const { tools, ...rest } = options;
  return new Agent({
    name: "Friday",
    systemPrompt: "You are helpful.",
    model: Array.isArray(script) ? new ScriptedModel({ responses: script }) : script,
    toolkit: new Toolkit({ tools: tools ?? [] }),
    injectionConfig: { injectRuntimeState: false },
    ...rest,
  });
}

/** Every event of a stream (e.g. `agent.replyStream(…)`), in order, once it has ended. */
export async function collect(stream: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** The event types, consecutive duplicates of a `*_DELTA` type collapsed (for DELTA×n). */
export function shape(events: readonly AgentEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) if (out.at(-1) !== e.type || !e.type.endsWith("_DELTA")) out.push(e.type);
  return out;
}

/** An agent state whose permission context gives each named tool a tool-wide allow rule. */
export const allow = (...tools: string[]) =>
  ({
    permission_context: {
      allow_rules: Object.fromEntries(
        tools.map((tool) => [
          tool,
          [{ tool_name: tool, rule_content: null, behavior: "allow" as const, source: "test" }],
        ]),
      ),
    },
  }) satisfies AgentStateInput;

/** A USER_CONFIRM_RESULT event with `results`, for the reply `agent` is parked in. */
export function confirmEvent(agent: Agent, results: ConfirmResult[]) {
  return createEvent("USER_CONFIRM_RESULT", {
    reply_id: agent.state.replyId,
    confirm_results: results,
  });
}

/** A confirmation of `call` as it stands, adding no rule. */
export const yes = (call: ToolCallBlock): ConfirmResult => ({
  confirmed: true,
  tool_call: call,
  rules: null,
});

/**
 * The "echo" tool (ASK unless allowed): answers `echo: <text>` and pushes each text it ran with
 * onto `ran`.
 */
export function echo(ran: string[] = []) {
  return new FunctionTool({
    name: "echo",
    description: "Echoes text.",
    parameters: z.object({ text: z.string() }),
    fn: ({ text }: { text: string }) => {
      ran.push(text);
      return `echo: ${text}`;
    },
  });
}

/** An external tool: the agent submits its calls and waits for their results. */
export class Remote extends ToolBase {
  readonly name = "remote";
  readonly description = "Runs elsewhere.";
  readonly inputSchema = { type: "object", properties: { q: { type: "string" } }, required: ["q"] };
  readonly isConcurrencySafe = false;
  readonly isReadOnly = false;
  override readonly isExternalTool = true;
  checkPermissions(): PermissionDecision {
    return decision("allow", "ok");
  }
}

/** The code of a rejection (or "resolved"), to assert on typed errors only. */
export async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "resolved";
  } catch (error) {
    return error instanceof ActorscopeError ? error.code : `untyped: ${String(error)}`;
  }
}

/**
 * A "wait" tool that holds the reply until the test opens it (or the call is aborted); `started`
 * resolves once it runs.
 */
export function gatedTool() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const tool = new FunctionTool({
    name: "wait",
    description: "Waits.",
    parameters: z.object({}),
    fn: async (_input: Record<string, never>, ctx?: { signal?: AbortSignal }) => {
      markStarted();
      await Promise.race([
        opened,
        new Promise<void>((resolve) =>
          ctx?.signal?.addEventListener("abort", () => {
            resolve();
          }),
        ),
      ]);
      return "waited";
    },
  });
  return { tool, open, started };
}
