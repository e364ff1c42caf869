import type { AgentState } from "../../../state/index.js";
import type { InjectionConfig } from "../../../machines/index.js";
import { strftime, strptime } from "./strftime.js";
import { instantOf, isValidTimeZone, wallClock } from "./zoned-time.js";

export interface RuntimeStateInput {
  readonly state: AgentState;
  readonly config: InjectionConfig;
  readonly now: Date;
  /** Tokens of the whole model input; only asked for on a reply's first round. */
  readonly contextTokens: () => number;
  readonly contextSize: number;
  readonly triggerRatio: number;
}

const CURRENT_TIME = /<current-time>([\s\S]*?)<\/current-time>/;
const TIMEZONE = /<timezone>([\s\S]*?)<\/timezone>/;

/**
 * The runtime-state reminder to inject before a model call (spec §3.9), or null when nothing is
 * due: the current time (first time, or when the last one is unreadable, in the future or older
 * than `timeInterval` hours), the open tasks (once, unless a task tool was used), and the context
 * length (first round only, near the compression trigger). Pure: the caller appends and emits it.
 */
export function runtimeStateHint(input: RuntimeStateInput): string | null {
  const { state, config } = input;
  if (!config.injectRuntimeState) return null;

  let lastTimeHint: string | null = null;
  let tasksMentioned = false;
  const taskTools = new Set(config.taskToolNames);
  for (let i = state.context.length - 1; i >= 0; i--) {
    const msg = state.context[i];
    if (msg === undefined || msg.role !== "assistant") continue;
    for (let j = msg.content.length - 1; j >= 0; j--) {
      const block = msg.content[j];
      if (block === undefined) continue;
      if (block.type === "tool_call") {
        if (taskTools.has(block.name)) tasksMentioned = true;
      } else if (block.type === "hint" && block.source === config.injectionSource) {
        const text =
          typeof block.hint === "string"
            ? block.hint
            : block.hint.map((b) => (b.type === "text" ? b.text : "")).join("");
        if (lastTimeHint === null && text.includes("<current-time>")) lastTimeHint = text;
        if (text.includes("<tasks>")) tasksMentioned = true;
      }
    }
  }

  const fields: [string, string][] = [];
  if (timeIsDue(lastTimeHint, input)) {
    fields.push([
      "current-time",
      strftime(wallClock(input.now, config.timezone), config.timeFormat),
    ]);
    fields.push(["timezone", config.timezone]);
  }

  if (!tasksMentioned) {
    let pending = 0;
    let inProgress = 0;
    for (const task of state.tasks_context.tasks) {
      if (task.state === "pending") pending++;
      else if (task.state === "in_progress") inProgress++;
    }
    if (pending + inProgress > 0) {
      fields.push([
        "tasks",
        `You have ${inProgress} in-progress tasks and ${pending} pending tasks. Use \`TaskList\` to view them if you don't know.`,
      ]);
    }
  }

  if (state.curIter === 0) {
    const tokens = input.contextTokens();
    const threshold =
      Math.max(0, input.triggerRatio - config.contextBufferRatio) * input.contextSize;
    if (tokens > threshold) {
      fields.push([
        "context-length",
        `Your current context contains ${tokens} tokens. When reaching ${Math.trunc(input.triggerRatio * input.contextSize)} tokens, your context will be compressed.`,
      ]);
    }
  }

  if (fields.length === 0) return null;
  for (const [key, value] of Object.entries(config.extraFields)) fields.push([key, value]);
  const runtimeState = fields.map(([k, v]) => `<${k}>${v}</${k}>`).join("\n");
  return config.template.replace("{runtime_state}", runtimeState);
}

function timeIsDue(lastHint: string | null, input: RuntimeStateInput): boolean {
  if (lastHint === null) return true;
  const recorded = CURRENT_TIME.exec(lastHint)?.[1];
  if (recorded === undefined) return true;
  const clock = strptime(recorded, input.config.timeFormat);
  if (clock === null) return true;
  const recordedZone = TIMEZONE.exec(lastHint)?.[1]?.trim() ?? input.config.timezone;
  const zone = isValidTimeZone(recordedZone) ? recordedZone : "UTC";
  const at = instantOf(clock, zone).getTime();
  const nowMs = input.now.getTime();
  if (at > nowMs) return true;
  return nowMs - at > input.config.timeInterval * 3_600_000;
}
