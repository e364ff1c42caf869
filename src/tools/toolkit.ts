import type { Observable } from "rxjs";
import type { ToolSchema } from "../message/index.js";
import { AgentOrientedError } from "./errors/agent-oriented-error.js";
import { ResetTools } from "./reset-tools.js";
import { runTool } from "./run-tool.js";
import { runToolPushed, type ChunkSink } from "./run-tool-pushed.js";
import { collectSkills } from "./skills/collect-skills.js";
import type { Skill } from "./skills/skill.js";
import {
  renderSkillInstructions,
  type SkillInstructionsRenderer,
} from "./skills/skill-instructions.js";
import { SkillViewer } from "./skills/skill-viewer.js";
import type { ToolBase } from "./tool-base.js";
import type { PreparedToolCall, RegisteredTool, ToolCall } from "./tool-call.js";
import { textChunk, type ToolChunk } from "./tool-chunk.js";
import { BASIC_GROUP, type ToolGroup } from "./tool-group.js";
import { addSource, addTools, buildGroups, removeSource, removeTools } from "./toolkit-groups.js";
import {
  assertCallToolOptions,
  readToolkitOptions,
  type CallToolOptions,
  type ToolkitOptions,
} from "./toolkit-options.js";
import { ToolkitChanges } from "./toolkit-changes.js";
import { ToolkitViews } from "./toolkit-views.js";
import { ToolResponse } from "./tool-response.js";
import { ToolSchemaCache } from "./tool-schema-cache.js";
import { emptyView, isEmpty } from "./empty-view.js";
import type { ToolSource } from "./tool-source.js";
import type { ToolView } from "./tool-view.js";

/** Only `basic` active: one shared array, so `view()` without groups allocates nothing. */
const NO_GROUPS: readonly string[] = Object.freeze([]);

/** Whether listing these groups' tools awaits skill loaders or tool sources. */
function needsListing(groups: readonly ToolGroup[]): boolean {
  return groups.some((g) => g.skills.length > 0 || g.sources.length > 0);
}

/** One schema cache for every toolkit: a tool's schema does not depend on its toolkit. */
const SHARED_SCHEMAS = new ToolSchemaCache();

/**
 * The registry every tool call goes through (spec §6.3): tools, tool sources (MCP clients,
 * remote workers) and skills, in groups. The `basic` group holds what is given directly and is
 * always active; other groups become visible when the agent activates them with the built-in
 * `reset_tools` meta tool, and skills are read through the built-in `Skill` tool.
 *
 * What the toolkit offers for some activated groups is a {@link ToolView}, one immutable snapshot
 * (see {@link view}): an agent takes one per reasoning step and answers everything the step asks
 * from it. A source that announces its changes (`ToolSource.changes$`) is listed once until it
 * announces one; any other source once per view. A source that fails to list is skipped with a
 * warning. {@link changes$} tells when the next view may differ.
 *
 * Change the toolkit through its methods (`addTool`, `removeTool`, `addSource`, `removeSource`,
 * `clear`): they announce the change. A direct change to a group's lists is still seen by the
 * next view, but not announced.
 *
 * @example
 * const toolkit = new Toolkit({
 *   tools: [new Bash(), new Read()],
 *   toolGroups: [new ToolGroup({ name: "research", description: "Web search tools.", tools: [search] })],
 * });
 * const view = await toolkit.view(state.tool_context.activated_groups);
 * await model.call(messages, { tools: view.schemas });
 * for await (const item of toolkit.callTool(toolCall, { state, signal })) {
 *   if (item instanceof ToolResponse) save(item); else stream(item);
 * }
 */
export class Toolkit {
  /** The groups, `basic` first (the meta tool reads this live list). */
  readonly toolGroups: ToolGroup[];
  private readonly renderSkills: SkillInstructionsRenderer;
  readonly #renderMetaTool: ToolkitOptions["renderMetaToolResponse"];
  // Made when first needed: an agent's empty toolkit (a simulation holds a million) holds its
  // groups only.
  #metaTool: ResetTools | null = null;
  #skillViewer: SkillViewer | null = null;
  #changes: ToolkitChanges | null = null;
  #views: ToolkitViews | null = null;

  /** Strict options: an unknown key (`toolgroups`) or a wrong type is a `ValidationError`. */
  constructor(options: ToolkitOptions = {}) {
    options = readToolkitOptions(options);
    this.toolGroups = buildGroups(options);
    this.#renderMetaTool = options.renderMetaToolResponse;
    this.renderSkills = options.renderSkillInstructions ?? renderSkillInstructions;
  }

  /** The built-in `reset_tools` meta tool. */
  get metaTool(): ResetTools {
    return (this.#metaTool ??= new ResetTools({
      groups: () => this.toolGroups,
      render: this.#renderMetaTool,
    }));
  }

  /** The built-in `Skill` viewer. */
  get skillViewer(): SkillViewer {
    return (this.#skillViewer ??= new SkillViewer({
      getSkills: (groups) => this.getAvailableSkills(groups),
    }));
  }

  get #changeFeed(): ToolkitChanges {
    return (this.#changes ??= new ToolkitChanges(() => this.toolGroups));
  }

  get #viewCache(): ToolkitViews {
    return (this.#views ??= new ToolkitViews(
      () => this.toolGroups,
      { builtins: this, schemas: SHARED_SCHEMAS },
      this.#changeFeed,
    ));
  }

  /**
   * Emits when the next {@link view} may differ from the last: tools added or removed, sources
   * added or removed, the groups cleared, or a source announcing a change. Announcements are
   * forwarded only while this has subscribers, so no source references a toolkit nobody watches
   * (the listing cache's own subscription is one per source, shared by every toolkit).
   */
  get changes$(): Observable<void> {
    return this.#changeFeed.changes$;
  }

  /**
   * What the toolkit offers with these activated groups (only `basic` by default), as one
   * immutable snapshot. Synchronous and the same object while nothing changed, when nothing must
   * be listed: a static toolkit, or one whose sources all announce their changes and were listed
   * since (so an agent's step pays nothing for it); a promise when a source without `changes$`
   * or a skill loader must be asked (each is asked once per view) or a source announced a change.
   */
  view(activatedGroups: readonly string[] = NO_GROUPS): ToolView | Promise<ToolView> {
    if (this.#views === null && isEmpty(this.toolGroups)) return emptyView(activatedGroups);
    return this.#viewCache.view(activatedGroups);
  }

  /**
   * The tools available with these activated groups, by name, in the order the model sees them:
   * the `Skill` viewer (if any skill is available), `reset_tools` (if any non-basic group
   * exists), then each active group's tools followed by its sources' tools. A later tool with the
   * same name replaces an earlier one (with a warning) and keeps the earlier position.
   */
  async getAvailableTools(
    activatedGroups: readonly string[] = [],
  ): Promise<Map<string, RegisteredTool>> {
    return new Map((await this.view(activatedGroups)).tools);
  }

  /** Whether no group has skills or tool sources: what the model sees is known without awaiting. */
  get isStatic(): boolean {
    return !needsListing(this.toolGroups);
  }

  /**
   * {@link getToolSchemas} computed at once when the toolkit {@link isStatic}; null otherwise
   * (nothing is listed then). {@link view} is the allocation-free way.
   */
  getStaticToolSchemas(activatedGroups: readonly string[] = []): ToolSchema[] | null {
    if (!this.isStatic) return null;
    const view = this.view(activatedGroups);
    // A static toolkit lists nothing, so its view is never a promise.
    return view instanceof Promise ? null : [...view.schemas];
  }

  /**
   * The schemas the model sees for these activated groups (only `basic` by default):
   * `{ type: "function", function: { name, description, parameters } }`, `parameters` being the
   * input schema without titles. The schema objects (each entry, deeply) are shared and frozen:
   * copy before changing.
   */
  async getToolSchemas(activatedGroups: readonly string[] = []): Promise<ToolSchema[]> {
    return [...(await this.view(activatedGroups)).schemas];
  }

  /** A tool by name, whatever group it is in and whether that group is active. */
  async getTool(name: string): Promise<ToolBase | undefined> {
    return (await this.view()).find(name)?.tool;
  }

  /**
   * The tool the model may call now, or the agent-oriented error explaining why not:
   * `ToolNotFoundError` (no group has it) or `ToolGroupInactiveError` (its group is inactive).
   */
  async checkToolAvailable(name: string, activatedGroups: readonly string[]): Promise<ToolBase> {
    return (await this.view(activatedGroups)).checkAvailable(name);
  }

  /**
   * The checks before a call may run (spec §3.7 step 1): the tool is available, its arguments
   * parse as a JSON object (after repair) and satisfy its input schema. Throws the
   * agent-oriented error whose `message` becomes the error result otherwise. `ToolView.prepare`
   * does the same against a view already taken.
   */
  async prepareToolCall(
    toolCall: ToolCall,
    activatedGroups: readonly string[],
  ): Promise<PreparedToolCall> {
    return (await this.view(activatedGroups)).prepare(toolCall);
  }

  /**
   * Runs a tool call: yields each chunk as the tool streams it, then the accumulated
   * `ToolResponse` (id = the call's id), always last. An unavailable tool, unparsable or invalid
   * arguments, and errors thrown by the tool become one `error` chunk the model reads; aborting
   * `options.signal` ends the call with an `interrupted` chunk. Developer-oriented errors (a tool
   * returning something that is not a chunk, a state-injected tool without state) are thrown.
   */
  async *callTool(
    toolCall: ToolCall,
    options: CallToolOptions = {},
  ): AsyncGenerator<ToolChunk | ToolResponse, void, undefined> {
    assertCallToolOptions(options);
    let prepared: PreparedToolCall;
    try {
      prepared = await this.prepareToolCall(
        toolCall,
        options.state?.tool_context.activated_groups ?? [],
      );
    } catch (error) {
      if (!(error instanceof AgentOrientedError)) throw error;
      const chunk = textChunk(error.message, { state: "error" });
      yield chunk;
      yield new ToolResponse({ id: toolCall.id }).appendChunk(chunk);
      return;
    }
    yield* this.callPreparedTool(toolCall.id, prepared, options);
  }

  /**
   * Runs a call whose tool and input {@link prepareToolCall} has already checked (the agent's
   * pipeline does, before the permission check), as {@link callTool} does after its own checks.
   */
  async *callPreparedTool(
    toolCallId: string,
    prepared: PreparedToolCall,
    options: CallToolOptions = {},
  ): AsyncGenerator<ToolChunk | ToolResponse, void, undefined> {
    const response = new ToolResponse({ id: toolCallId });
    yield* runTool(prepared.tool, prepared.input, options.state, options.signal, response);
    yield response;
  }

  /**
   * {@link callPreparedTool} for a caller that does not pull: each chunk goes to `sink` as the
   * tool makes it (the same chunks, in the same order), and the promise resolves with the
   * `ToolResponse`. A tool that returns one result runs without any async generator between it
   * and its response (the agent's pipeline runs every call this way when no `onActing`
   * middleware reads the stream).
   */
  async runPreparedTool(
    toolCallId: string,
    prepared: PreparedToolCall,
    options: CallToolOptions,
    sink: ChunkSink,
  ): Promise<ToolResponse> {
    const response = new ToolResponse({ id: toolCallId });
    await runToolPushed(
      prepared.tool,
      prepared.input,
      options.state,
      options.signal,
      response,
      sink,
    );
    return response;
  }

  /**
   * The skills available with these activated groups (only `basic` by default), by name; a
   * later skill with the same name replaces an earlier one, with a warning.
   */
  async getAvailableSkills(activatedGroups: readonly string[] = []): Promise<Map<string, Skill>> {
    const groups = this.activeGroups(activatedGroups);
    return groups.some((g) => g.skills.length > 0) ? collectSkills(groups) : new Map();
  }

  /**
   * The `<agent-skills>` block for the system prompt, listing the skills of these activated
   * groups (all groups when omitted), or null when there is none.
   */
  async getSkillInstructions(activatedGroups?: readonly string[]): Promise<string | null> {
    const skills = await this.getAvailableSkills(
      activatedGroups ?? this.toolGroups.map((g) => g.name),
    );
    if (skills.size === 0) return null;
    return this.renderSkills([...skills.values()], this.skillViewer.name);
  }

  /**
   * Adds tools to a group (`basic` by default). A tool with the same name in that group is
   * replaced, and the new one moves to the end (with a warning).
   */
  addTool(tool: ToolBase | readonly ToolBase[], groupName: string = BASIC_GROUP): void {
    addTools(this.toolGroups, tool, groupName);
    this.#changed();
  }

  /** Removes the tools with these names from every group (tools of sources are not affected). */
  removeTool(name: string | readonly string[]): void {
    if (removeTools(this.toolGroups, name)) this.#changed();
  }

  /**
   * Adds a tool source to a group (`basic` by default), after the group's other sources. The
   * same source already in the group is not added twice (with a warning).
   */
  addSource(source: ToolSource, groupName: string = BASIC_GROUP): void {
    if (addSource(this.toolGroups, source, groupName)) this.#changed();
  }

  /**
   * Removes a source (that object, or every source with that name) from every group. Its tools
   * leave the next view, and once no toolkit holds it, its `changes$` is unsubscribed.
   */
  removeSource(source: ToolSource | string): void {
    if (removeSource(this.toolGroups, source)) this.#changed();
  }

  /** Removes every group, `basic` included: the toolkit offers nothing afterwards. */
  clear(): void {
    this.toolGroups.length = 0;
    this.#changed();
  }

  /** A change through the toolkit's methods: new views from now on, sources held anew, announced. */
  #changed(): void {
    this.#views?.changed();
    // No feed yet and no source to hold: nobody can be told, nothing to track.
    if (this.#changes === null && !this.toolGroups.some((g) => g.sources.length > 0)) return;
    const changes = this.#changeFeed;
    changes.track();
    changes.emit();
  }

  private activeGroups(activatedGroups: readonly string[]): ToolGroup[] {
    return this.toolGroups.filter(
      (g) => g.name === BASIC_GROUP || activatedGroups.includes(g.name),
    );
  }
}
