import { ActorscopeError, getLogger } from "../errors/index.js";
import type { ToolCallBlock, ToolSchema } from "../message/index.js";
import type { ToolInput } from "../permission/index.js";
import { AgentOrientedError } from "./errors/agent-oriented-error.js";
import { ToolErrorCode } from "./errors/tool-error-code.js";
import { ToolGroupInactiveError } from "./errors/tool-group-inactive-error.js";
import { ToolNotFoundError } from "./errors/tool-not-found-error.js";
import { parseToolArguments } from "./input/parse-tool-arguments.js";
import { pyRepr } from "./input/py-repr.js";
import { validateToolInput } from "./input/validate-tool-input.js";
import { ResetTools } from "./reset-tools.js";
import { listSourceTools } from "./list-source-tools.js";
import { runTool } from "./run-tool.js";
import { collectSkills } from "./skills/collect-skills.js";
import type { Skill } from "./skills/skill.js";
import {
  renderSkillInstructions,
  type SkillInstructionsRenderer,
} from "./skills/skill-instructions.js";
import { SkillViewer } from "./skills/skill-viewer.js";
import type { ToolBase } from "./tool-base.js";
import { textChunk, type ToolChunk } from "./tool-chunk.js";
import { BASIC_GROUP, ToolGroup } from "./tool-group.js";
import {
  assertCallToolOptions,
  readToolkitOptions,
  type CallToolOptions,
  type ToolkitOptions,
} from "./toolkit-options.js";
import { ToolResponse } from "./tool-response.js";
import { ToolSchemaCache } from "./tool-schema-cache.js";

/** The skills of groups that have none (read-only). */
const NO_SKILLS: ReadonlyMap<string, Skill> = new Map();

/** Whether listing these groups' tools awaits skill loaders or tool sources. */
function needsListing(groups: readonly ToolGroup[]): boolean {
  return groups.some((g) => g.skills.length > 0 || g.sources.length > 0);
}

/** A tool call as the toolkit needs it: the call id, the tool name and the raw JSON arguments. */
export type ToolCall = Pick<ToolCallBlock, "id" | "name" | "input">;

/** A tool with the group it was found in. */
export interface RegisteredTool {
  readonly tool: ToolBase;
  readonly group: string;
}

/**
 * The registry every tool call goes through (spec §6.3): tools, tool sources (MCP clients,
 * remote workers) and skills, in groups. The `basic` group holds what is given directly and is
 * always active; other groups become visible when the agent activates them with the built-in
 * `reset_tools` meta tool, and skills are read through the built-in `Skill` tool.
 *
 * Sources are listed every time tools are listed (their tools may change), so the listing
 * methods are async; a source that fails is skipped with a warning.
 *
 * @example
 * const toolkit = new Toolkit({
 *   tools: [new Bash(), new Read()],
 *   toolGroups: [new ToolGroup({ name: "research", description: "Web search tools.", tools: [search] })],
 * });
 * const schemas = await toolkit.getToolSchemas(state.tool_context.activated_groups);
 * for await (const item of toolkit.callTool(toolCall, { state, signal })) {
 *   if (item instanceof ToolResponse) save(item); else stream(item);
 * }
 */
export class Toolkit {
  /** The groups, `basic` first (the meta tool reads this live list). */
  readonly toolGroups: ToolGroup[];
  /** The built-in `reset_tools` meta tool. */
  readonly metaTool: ResetTools;
  /** The built-in `Skill` viewer. */
  readonly skillViewer: SkillViewer;
  private readonly renderSkills: SkillInstructionsRenderer;
  private readonly schemas = new ToolSchemaCache();

  /** Strict options: an unknown key (`toolgroups`) or a wrong type is a `ValidationError`. */
  constructor(options: ToolkitOptions = {}) {
    options = readToolkitOptions(options);
    const extra = options.toolGroups ?? [];
    if (extra.some((g) => g.name === BASIC_GROUP)) {
      throw configError(
        "The 'basic' tool group is reserved for the default tool group. Don't include 'basic' " +
          "in the tool_groups argument when you also provide tools, skills or mcps in the " +
          "constructor.",
      );
    }
    this.toolGroups = [
      new ToolGroup({
        name: BASIC_GROUP,
        tools: options.tools,
        skills: options.skills,
        mcps: options.mcps,
        sources: options.sources,
      }),
      ...extra,
    ];
    if (new Set(this.toolGroups.map((g) => g.name)).size !== this.toolGroups.length) {
      throw configError("Tool groups must not contain duplicate tool groups.");
    }
    for (const group of this.toolGroups) {
      for (const source of group.sources) {
        if (source.isStateful && !source.isConnected) {
          throw configError(`The MCP client '${source.name}' is stateful, but not connected.`);
        }
      }
    }
    this.metaTool = new ResetTools({
      groups: () => this.toolGroups,
      render: options.renderMetaToolResponse,
    });
    this.skillViewer = new SkillViewer({ getSkills: (groups) => this.getAvailableSkills(groups) });
    this.renderSkills = options.renderSkillInstructions ?? renderSkillInstructions;
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
    const groups = this.activeGroups(activatedGroups);
    // Listing skills and sources awaits loaders and servers; most toolkits have neither.
    if (!needsListing(groups)) return this.assembleTools(groups, NO_SKILLS, []);
    const [skills, sourceTools] = await Promise.all([
      this.getAvailableSkills(activatedGroups),
      Promise.all(groups.map((g) => listSourceTools(g))),
    ]);
    return this.assembleTools(groups, skills, sourceTools);
  }

  /** Whether no group has skills or tool sources: what the model sees is known without awaiting. */
  get isStatic(): boolean {
    return !needsListing(this.toolGroups);
  }

  /**
   * {@link getToolSchemas} computed at once when the toolkit {@link isStatic} (the agent calls it
   * on every model call); null when listing must await skill loaders or tool sources.
   */
  getStaticToolSchemas(activatedGroups: readonly string[] = []): ToolSchema[] | null {
    if (!this.isStatic) return null;
    return this.schemasOf(this.assembleTools(this.activeGroups(activatedGroups), NO_SKILLS, []));
  }

  /**
   * The schemas the model sees for these activated groups (only `basic` by default):
   * `{ type: "function", function: { name, description, parameters } }`, `parameters` being the
   * input schema without titles. The schema objects (each entry, deeply) are shared and frozen:
   * copy before changing.
   */
  async getToolSchemas(activatedGroups: readonly string[] = []): Promise<ToolSchema[]> {
    return this.schemasOf(await this.getAvailableTools(activatedGroups));
  }

  private schemasOf(tools: Map<string, RegisteredTool>): ToolSchema[] {
    const schemas: ToolSchema[] = [];
    for (const { tool } of tools.values()) schemas.push(this.schemas.of(tool));
    return schemas;
  }

  /** The available tools, in order, from the groups and what their skills and sources list. */
  private assembleTools(
    groups: readonly ToolGroup[],
    skills: ReadonlyMap<string, Skill>,
    sourceTools: readonly (readonly ToolBase[])[],
  ): Map<string, RegisteredTool> {
    const available = new Map<string, RegisteredTool>();
    if (skills.size > 0) {
      available.set(this.skillViewer.name, { tool: this.skillViewer, group: BASIC_GROUP });
    }
    if (this.hasNonBasicGroup()) {
      available.set(this.metaTool.name, { tool: this.metaTool, group: BASIC_GROUP });
    }
    groups.forEach((group, i) => {
      for (const tool of [...group.tools, ...(sourceTools[i] ?? [])]) {
        if (available.has(tool.name)) {
          getLogger().warn(
            `Duplicate tool name '${tool.name}' found in group '${group.name}', overwriting it.`,
          );
        }
        available.set(tool.name, { tool, group: group.name });
      }
    });
    return available;
  }

  /** A tool by name, whatever group it is in and whether that group is active. */
  async getTool(name: string): Promise<ToolBase | undefined> {
    return (
      await this.findTool(
        name,
        this.toolGroups.map((g) => g.name),
      )
    )?.tool;
  }

  /**
   * The tool the model may call now, or the agent-oriented error explaining why not:
   * `ToolNotFoundError` (no group has it) or `ToolGroupInactiveError` (its group is inactive).
   */
  async checkToolAvailable(name: string, activatedGroups: readonly string[]): Promise<ToolBase> {
    const found = await this.findTool(name, activatedGroups);
    if (found !== undefined) return found.tool;
    const anywhere = await this.findTool(
      name,
      this.toolGroups.map((g) => g.name),
    );
    if (anywhere !== undefined) {
      throw new ToolGroupInactiveError(name, anywhere.group, this.metaTool.name);
    }
    throw new ToolNotFoundError(name);
  }

  /**
   * The checks before a call may run (spec §3.7 step 1): the tool is available, its arguments
   * parse as a JSON object (after repair) and satisfy its input schema. Throws the
   * agent-oriented error whose `message` becomes the error result otherwise.
   */
  async prepareToolCall(
    toolCall: ToolCall,
    activatedGroups: readonly string[],
  ): Promise<{ tool: ToolBase; input: ToolInput }> {
    const tool = await this.checkToolAvailable(toolCall.name, activatedGroups);
    const input = parseToolArguments(toolCall.input);
    validateToolInput(tool.name, tool.inputSchema, input);
    return { tool, input };
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
    let prepared: { tool: ToolBase; input: ToolInput };
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
    prepared: { tool: ToolBase; input: ToolInput },
    options: CallToolOptions = {},
  ): AsyncGenerator<ToolChunk | ToolResponse, void, undefined> {
    const response = new ToolResponse({ id: toolCallId });
    yield* runTool(prepared.tool, prepared.input, options.state, options.signal, response);
    yield response;
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
    const group = this.toolGroups.find((g) => g.name === groupName);
    if (group === undefined) {
      throw configError(
        `Cannot find group '${groupName}' in toolkit, only ` +
          `${pyRepr(this.toolGroups.map((g) => g.name))} are available.`,
      );
    }
    const list: readonly ToolBase[] = isToolList(tool) ? tool : [tool];
    for (const added of list) {
      if (group.tools.some((t) => t.name === added.name)) {
        getLogger().warn(
          `Duplicate tool name '${added.name}' found in group '${group.name}', replacing it.`,
        );
        group.tools = group.tools.filter((t) => t.name !== added.name);
      }
      group.tools.push(added);
    }
  }

  /** Removes the tools with these names from every group (tools of sources are not affected). */
  removeTool(name: string | readonly string[]): void {
    const names = new Set(typeof name === "string" ? [name] : name);
    for (const group of this.toolGroups) {
      group.tools = group.tools.filter((t) => !names.has(t.name));
    }
  }

  /** Removes every group, `basic` included: the toolkit offers nothing afterwards. */
  clear(): void {
    this.toolGroups.length = 0;
  }

  /**
   * The tool a name resolves to with these groups active: the last one with that name, walking
   * the groups from the end, so a call lists no skills and no later sources than it needs.
   */
  private async findTool(
    name: string,
    activatedGroups: readonly string[],
  ): Promise<RegisteredTool | undefined> {
    const groups = this.activeGroups(activatedGroups);
    for (let g = groups.length - 1; g >= 0; g--) {
      const group = groups[g];
      if (group === undefined) continue;
      const fromSources = await listSourceTools(group);
      const tool = findLast(fromSources, name) ?? findLast(group.tools, name);
      if (tool !== undefined) return { tool, group: group.name };
    }
    if (name === this.metaTool.name && this.hasNonBasicGroup()) {
      return { tool: this.metaTool, group: BASIC_GROUP };
    }
    if (name === this.skillViewer.name) {
      const skills = await this.getAvailableSkills(activatedGroups);
      if (skills.size > 0) return { tool: this.skillViewer, group: BASIC_GROUP };
    }
    return undefined;
  }

  private activeGroups(activatedGroups: readonly string[]): ToolGroup[] {
    return this.toolGroups.filter(
      (g) => g.name === BASIC_GROUP || activatedGroups.includes(g.name),
    );
  }

  private hasNonBasicGroup(): boolean {
    return this.toolGroups.some((g) => g.name !== BASIC_GROUP);
  }
}

function isToolList(value: ToolBase | readonly ToolBase[]): value is readonly ToolBase[] {
  return Array.isArray(value);
}

function findLast(tools: readonly ToolBase[], name: string): ToolBase | undefined {
  for (let i = tools.length - 1; i >= 0; i--) {
    const tool = tools[i];
    if (tool?.name === name) return tool;
  }
  return undefined;
}

function configError(message: string): ActorscopeError {
  return new ActorscopeError(ToolErrorCode.INVALID_TOOLKIT_CONFIG, message);
}
