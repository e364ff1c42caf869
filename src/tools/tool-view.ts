import type { ToolSchema } from "../message/index.js";
import { ToolGroupInactiveError } from "./errors/tool-group-inactive-error.js";
import { ToolNotFoundError } from "./errors/tool-not-found-error.js";
import { parseToolArguments } from "./input/parse-tool-arguments.js";
import { validateToolInput } from "./input/validate-tool-input.js";
import type { ToolBase } from "./tool-base.js";
import type { PreparedToolCall, RegisteredTool, ToolCall } from "./tool-call.js";

/** What a view asks of the snapshot it was taken from (the snapshot implements it). */
export interface ToolLookup {
  /** The tool a name resolves to with every group active (`Toolkit.getTool`). */
  findAnywhere(name: string): RegisteredTool | undefined;
  /** The view of the same snapshot for other activated groups. */
  viewFor(activatedGroups: readonly string[]): ToolView;
  /** The meta tool's name, quoted by the inactive-group error. */
  readonly metaToolName: string;
}

/** What a view is made of. */
export interface ToolViewInit {
  readonly activatedGroups: readonly string[];
  /** The tools available with those groups, in the order the model sees them. */
  readonly available: ReadonlyMap<string, RegisteredTool>;
  /** Their schemas, in the same order. */
  readonly schemas: readonly ToolSchema[];
  readonly lookup: ToolLookup;
}

/**
 * One immutable snapshot of a toolkit for one set of activated groups: what the model is offered
 * in one reasoning step, and everything the step's tool calls ask afterwards (which tool a name
 * is, whether it may run concurrently, whether a call's input is valid), answered synchronously
 * from the snapshot — no second lookup, no source listed again. A tool added to the toolkit after
 * the view was taken is not in it; the next `toolkit.view(…)` has it.
 *
 * `toolkit.view(groups)` returns the same view object while nothing changed, synchronously when
 * nothing must be listed (a static toolkit, or sources that announce their changes).
 *
 * @example
 * const listed = toolkit.view(state.tool_context.activated_groups);
 * const view = listed instanceof Promise ? await listed : listed;
 * const response = await model.call(messages, { tools: view.schemas });
 * const batches = batchToolCalls(calls, (name) => view.isConcurrencySafe(name));
 * const { tool, input } = view.prepare(call); // throws the agent-oriented error otherwise
 */
export class ToolView {
  /** The activated groups this view is for (`basic` is always active). */
  readonly activatedGroups: readonly string[];
  /**
   * The schemas the model sees, in order (spec §6.3). The array and each schema (deeply) are
   * frozen and shared by every step that gets this view: copy before changing.
   */
  readonly schemas: readonly ToolSchema[];
  readonly #available: ReadonlyMap<string, RegisteredTool>;
  readonly #lookup: ToolLookup;

  /** Views are made by `Toolkit.view`. */
  constructor(init: ToolViewInit) {
    this.activatedGroups = init.activatedGroups;
    this.schemas = init.schemas;
    this.#available = init.available;
    this.#lookup = init.lookup;
  }

  /** The available tools by name, with their groups, in the order the model sees them. */
  get tools(): ReadonlyMap<string, RegisteredTool> {
    return this.#available;
  }

  /** The tool the model may call by this name now, or undefined. */
  get(name: string): ToolBase | undefined {
    return this.#available.get(name)?.tool;
  }

  /** Whether the model may call a tool by this name now. */
  has(name: string): boolean {
    return this.#available.has(name);
  }

  /**
   * The tool a name resolves to with every group active (what `Toolkit.getTool` finds), which
   * may differ from {@link get}'s: a later inactive group's same-name tool wins here.
   */
  find(name: string): RegisteredTool | undefined {
    return this.#lookup.findAnywhere(name);
  }

  /**
   * Whether calls of this tool may run together (spec §3.7): the tool is looked up in every
   * group, as the reference's batching does; an unknown name is concurrency-safe (its call only
   * reports the error).
   */
  isConcurrencySafe(name: string): boolean {
    return this.#lookup.findAnywhere(name)?.tool.isConcurrencySafe ?? true;
  }

  /**
   * The tool the model may call now, or the agent-oriented error explaining why not:
   * `ToolNotFoundError` (no group has it) or `ToolGroupInactiveError` (its group is inactive).
   */
  checkAvailable(name: string): ToolBase {
    const found = this.#available.get(name);
    if (found !== undefined) return found.tool;
    const anywhere = this.#lookup.findAnywhere(name);
    if (anywhere !== undefined) {
      throw new ToolGroupInactiveError(name, anywhere.group, this.#lookup.metaToolName);
    }
    throw new ToolNotFoundError(name);
  }

  /**
   * The checks before a call may run (spec §3.7 step 1), against this view: the tool is
   * available, its arguments parse as a JSON object (after repair) and satisfy its input schema.
   * Throws the agent-oriented error whose `message` becomes the error result otherwise (the same
   * errors, with the same texts, as `Toolkit.prepareToolCall`).
   */
  prepare(call: ToolCall): PreparedToolCall {
    const tool = this.checkAvailable(call.name);
    const input = parseToolArguments(call.input);
    validateToolInput(tool.name, tool.inputSchema, input);
    return { tool, input };
  }

  /**
   * The view of the same snapshot for other activated groups: after `reset_tools` changed them
   * within one acting step, the next call is checked against them without listing anything
   * again. This view itself when the groups are the same.
   */
  withGroups(activatedGroups: readonly string[]): ToolView {
    if (sameNames(activatedGroups, this.activatedGroups)) return this;
    return this.#lookup.viewFor(activatedGroups);
  }
}

/** Whether two group lists are the same, element by element (no allocation: the hot path). */
export function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
