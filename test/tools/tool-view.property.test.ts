import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setLogger } from "../../src/errors/index.js";
import { BASIC_GROUP, ToolGroup, Toolkit, type ToolBase } from "../../src/tools/index.js";
import { FakeSource, ScriptedTool, skill } from "./fixtures.js";

let restoreLogger: () => void = () => undefined;
beforeEach(() => {
  restoreLogger = setLogger({ warn: () => undefined, error: () => undefined });
});
afterEach(() => {
  restoreLogger();
});

/** Names that collide with each other and with the built-ins. */
const NAMES = ["a", "b", "c", "reset_tools", "Skill"] as const;
const EXTRA_GROUPS = ["g1", "g2", "g3"] as const;

interface GroupPlan {
  tools: { name: string; safe: boolean }[];
  sources: { tools: { name: string; safe: boolean }[]; fails: boolean }[];
  hasSkill: boolean;
}

const toolPlan = fc.record({ name: fc.constantFrom(...NAMES), safe: fc.boolean() });
const groupPlan: fc.Arbitrary<GroupPlan> = fc.record({
  tools: fc.array(toolPlan, { maxLength: 3 }),
  sources: fc.array(
    fc.record({ tools: fc.array(toolPlan, { maxLength: 2 }), fails: fc.boolean() }),
    { maxLength: 2 },
  ),
  hasSkill: fc.boolean(),
});

/** One group as the oracle sees it: own tools, then the tools of the sources that list. */
interface OracleGroup {
  name: string;
  own: ToolBase[];
  fromSources: ToolBase[];
  hasSkill: boolean;
}

function build(plans: GroupPlan[]): { toolkit: Toolkit; groups: OracleGroup[] } {
  const make = ({ name, safe }: { name: string; safe: boolean }) =>
    new ScriptedTool({ name, concurrencySafe: safe });
  const groups: OracleGroup[] = [];
  const toolGroups = plans.map((plan, i) => {
    const name = i === 0 ? BASIC_GROUP : (EXTRA_GROUPS[i - 1] ?? `g${i}`);
    const own = plan.tools.map(make);
    const fromSources: ToolBase[] = [];
    const sources = plan.sources.map((s, j) => {
      const tools = s.tools.map(make);
      if (!s.fails) fromSources.push(...tools);
      return new FakeSource(`src_${i}_${j}`, () => {
        if (s.fails) throw new Error("down");
        return tools;
      });
    });
    groups.push({ name, own, fromSources, hasSkill: plan.hasSkill });
    return new ToolGroup({
      name,
      description: i === 0 ? null : `Group ${name}`,
      tools: own,
      sources,
      skills: plan.hasSkill ? [skill(`s${i}`)] : [],
    });
  });
  const [basic, ...extra] = toolGroups;
  const toolkit = new Toolkit({
    tools: basic?.tools,
    sources: basic?.sources,
    skills: basic?.skills,
    toolGroups: extra,
  });
  return { toolkit, groups };
}

function findLast(tools: readonly ToolBase[], name: string): ToolBase | undefined {
  for (let i = tools.length - 1; i >= 0; i--) if (tools[i]?.name === name) return tools[i];
  return undefined;
}

/**
 * The resolution the toolkit used before views (walk the groups from the end; a group's sources
 * before its own tools; then the meta tool, then the skill viewer), written out independently.
 */
function oracleFind(
  toolkit: Toolkit,
  groups: readonly OracleGroup[],
  name: string,
): { tool: ToolBase; group: string } | undefined {
  for (let g = groups.length - 1; g >= 0; g--) {
    const group = groups[g];
    if (group === undefined) continue;
    const tool = findLast(group.fromSources, name) ?? findLast(group.own, name);
    if (tool !== undefined) return { tool, group: group.name };
  }
  const all = toolkit.toolGroups.length;
  if (name === toolkit.metaTool.name && all > 1) return { tool: toolkit.metaTool, group: "basic" };
  if (name === toolkit.skillViewer.name && groups.some((g) => g.hasSkill)) {
    return { tool: toolkit.skillViewer, group: "basic" };
  }
  return undefined;
}

/** The listing order the model saw before views (spec §6.3). */
function oracleNames(toolkit: Toolkit, active: readonly OracleGroup[]): string[] {
  const names: string[] = [];
  if (active.some((g) => g.hasSkill)) names.push(toolkit.skillViewer.name);
  if (toolkit.toolGroups.length > 1) names.push(toolkit.metaTool.name);
  for (const group of active) {
    for (const tool of [...group.own, ...group.fromSources]) {
      if (!names.includes(tool.name)) names.push(tool.name);
    }
  }
  return names;
}

describe("ToolView (property)", () => {
  it("lists, resolves, batches and refuses exactly as the toolkit did before views", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(groupPlan, { minLength: 1, maxLength: 4 }),
        fc.subarray([...EXTRA_GROUPS, "unknown_group"]),
        fc.constantFrom(...NAMES, "nope"),
        async (plans, activated, query) => {
          const { toolkit, groups } = build(plans);
          const active = groups.filter((g) => g.name === BASIC_GROUP || activated.includes(g.name));
          const view = await toolkit.view(activated);

          expect(view.schemas.map((s) => s.function.name)).toEqual(oracleNames(toolkit, active));
          const here = oracleFind(toolkit, active, query);
          const anywhere = oracleFind(toolkit, groups, query);
          expect(view.get(query)).toBe(here?.tool);
          expect(view.find(query)?.tool).toBe(anywhere?.tool);
          expect(view.isConcurrencySafe(query)).toBe(anywhere?.tool.isConcurrencySafe ?? true);

          let outcome: ToolBase | string;
          try {
            outcome = view.checkAvailable(query);
          } catch (error) {
            outcome = (error as Error).message;
          }
          if (here !== undefined) expect(outcome).toBe(here.tool);
          else if (anywhere !== undefined) {
            expect(outcome).toBe(
              `ToolGroupInactiveError: The tool '${query}' in group '${anywhere.group}' is ` +
                "currently inactive. You should first activate the group by calling the " +
                "'reset_tools' tool.",
            );
          } else {
            expect(outcome).toBe(`ToolNotFoundError: The tool named '${query}' doesn't exist.`);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
