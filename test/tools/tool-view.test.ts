import { describe, expect, it } from "vitest";
import {
  createToolState,
  ToolGroup,
  ToolGroupInactiveError,
  ToolInputValidationError,
  ToolJSONDecodeError,
  Toolkit,
  ToolNotFoundError,
  ToolView,
} from "../../src/tools/index.js";
import {
  FakeSkillLoader,
  FakeSource,
  ScriptedTool,
  WatchedSource,
  skill,
  textOf,
  collect,
  recordWarnings,
} from "./fixtures.js";

const warnings = recordWarnings();

const tool = (name: string, options: ConstructorParameters<typeof ScriptedTool>[0] = {}) =>
  new ScriptedTool({ name, ...options });

function group(name: string, options: Partial<ConstructorParameters<typeof ToolGroup>[0]> = {}) {
  return new ToolGroup({ name, description: `Group ${name}`, ...options });
}

/** The view, which the test expects to be ready at once. */
function viewNow(toolkit: Toolkit, groups: readonly string[] = []): ToolView {
  const view = toolkit.view(groups);
  expect(view).toBeInstanceOf(ToolView);
  return view as ToolView;
}

/** The view, which the test expects to need a listing first. */
async function viewLater(toolkit: Toolkit, groups: readonly string[] = []): Promise<ToolView> {
  const view = toolkit.view(groups);
  expect(view).toBeInstanceOf(Promise);
  return view;
}

const names = (view: ToolView) => view.schemas.map((s) => s.function.name);

describe("ToolView", () => {
  describe("one snapshot per step", () => {
    it("does not see a tool added after it was taken; the next view does", () => {
      const toolkit = new Toolkit({ tools: [tool("a")] });
      const before = viewNow(toolkit);
      toolkit.addTool(tool("b"));
      expect(names(before)).toEqual(["a"]);
      expect(before.has("b")).toBe(false);
      expect(() => before.checkAvailable("b")).toThrow(ToolNotFoundError);
      const after = viewNow(toolkit);
      expect(after).not.toBe(before);
      expect(names(after)).toEqual(["a", "b"]);
      expect(after.get("b")?.name).toBe("b");
    });

    it("does not see a tool removed after it was taken", () => {
      const a = tool("a");
      const toolkit = new Toolkit({ tools: [a] });
      const before = viewNow(toolkit);
      toolkit.removeTool("a");
      expect(before.get("a")).toBe(a);
      expect(names(viewNow(toolkit))).toEqual([]);
    });

    it("gives a static toolkit's same view object, without awaiting, while nothing changed", () => {
      const toolkit = new Toolkit({
        tools: [tool("a")],
        toolGroups: [group("g", { tools: [tool("x")] })],
      });
      const first = viewNow(toolkit, ["g"]);
      expect(viewNow(toolkit, ["g"])).toBe(first);
      // Another array with the same groups is the same view too (the agent's state array changes).
      expect(viewNow(toolkit, ["g"].slice())).toBe(first);
      expect(viewNow(toolkit, [])).not.toBe(first);
      expect(viewNow(toolkit, ["g"])).toBe(first);
    });

    it("freezes the schema list and shares it between steps", () => {
      const toolkit = new Toolkit({ tools: [tool("a")] });
      const view = viewNow(toolkit);
      expect(Object.isFrozen(view.schemas)).toBe(true);
      expect(Object.isFrozen(view.schemas[0]?.function.parameters)).toBe(true);
      expect(Object.isFrozen(view.activatedGroups)).toBe(true);
    });

    it("sees a change made straight to a group's list at the next view", () => {
      const toolkit = new Toolkit({ tools: [tool("a")] });
      const before = viewNow(toolkit);
      toolkit.toolGroups[0]?.tools.push(tool("b"));
      expect(names(viewNow(toolkit))).toEqual(["a", "b"]);
      expect(names(before)).toEqual(["a"]);
    });

    it("offers what getToolSchemas lists, in the same order (§6.3)", async () => {
      const toolkit = new Toolkit({
        tools: [tool("b1")],
        skills: [skill("s")],
        toolGroups: [group("g1", { tools: [tool("x")] }), group("g2", { tools: [tool("y")] })],
      });
      for (const groups of [[], ["g2"], ["g2", "g1"]]) {
        const view = await toolkit.view(groups);
        expect([...view.schemas]).toEqual(await toolkit.getToolSchemas(groups));
      }
      expect(names(await toolkit.view(["g2", "g1"]))).toEqual([
        "Skill",
        "reset_tools",
        "b1",
        "x",
        "y",
      ]);
    });
  });

  describe("tool sources", () => {
    it("lists a source with changes$ once, until it announces a change", async () => {
      const source = new WatchedSource("srv", [tool("t1")]);
      const toolkit = new Toolkit({ tools: [tool("local")], sources: [source] });
      expect(source.subscriptions).toBe(0);
      const first = await viewLater(toolkit);
      expect(source.listings).toBe(1);
      expect(source.subscriptions).toBe(1);
      const second = viewNow(toolkit);
      expect(second).toBe(first);
      await toolkit.getToolSchemas();
      await toolkit.getTool("t1");
      await toolkit.prepareToolCall({ id: "c", name: "t1", input: "{}" }, []);
      expect(source.listings).toBe(1);

      source.setTools([tool("t2")]);
      const third = await viewLater(toolkit);
      expect(source.listings).toBe(2);
      expect(names(third)).toEqual(["local", "t2"]);
      expect(names(first)).toEqual(["local", "t1"]);
      expect(viewNow(toolkit)).toBe(third);
    });

    it("lists a source without changes$ once per view, and not again for the view's questions", async () => {
      const source = new FakeSource("srv", () => [tool("remote", { concurrencySafe: false })]);
      const toolkit = new Toolkit({ sources: [source] });
      const view = await viewLater(toolkit);
      expect(source.listings).toBe(1);
      expect(view.isConcurrencySafe("remote")).toBe(false);
      expect(view.prepare({ id: "c", name: "remote", input: "{}" }).tool.name).toBe("remote");
      expect(view.find("remote")?.group).toBe("basic");
      expect(names(view)).toEqual(["remote"]);
      expect(source.listings).toBe(1);
      await viewLater(toolkit);
      expect(source.listings).toBe(2);
    });

    it("hands out the same view again when a source asked again offers the same tools", async () => {
      const remote = tool("remote");
      const source = new FakeSource("srv", () => [remote]);
      const toolkit = new Toolkit({ sources: [source] });
      const first = await viewLater(toolkit);
      expect(await viewLater(toolkit)).toBe(first);
    });

    it("lists a source in flight once for views asked at the same time", async () => {
      const source = new FakeSource("srv", () => [tool("remote")]);
      const toolkit = new Toolkit({ sources: [source] });
      const [a, b] = await Promise.all([toolkit.view(), toolkit.view()]);
      expect(source.listings).toBe(1);
      expect(names(a)).toEqual(names(b));
    });

    it("shares a watched source's listing between toolkits (one MCP client, many agents)", async () => {
      const source = new WatchedSource("srv", [tool("t")]);
      const kits = [new Toolkit({ sources: [source] }), new Toolkit({ sources: [source] })];
      await kits[0]?.view();
      expect(kits[1]?.view()).toBeInstanceOf(ToolView);
      expect(source.listings).toBe(1);
      expect(source.subscriptions).toBe(1);
    });

    it("does not cache a listing begun before a change was announced", async () => {
      const source = new WatchedSource("srv", [tool("old")]);
      const toolkit = new Toolkit({ sources: [source] });
      let open = (): void => undefined;
      source.gate = new Promise((resolve) => (open = resolve));
      const pending = toolkit.view();
      source.setTools([tool("new")]);
      source.gate = null;
      open();
      expect(names(await pending)).toEqual(["old"]);
      const next = await viewLater(toolkit);
      expect(names(next)).toEqual(["new"]);
      expect(viewNow(toolkit)).toBe(next);
    });

    it("skips a failing source with a warning and asks it again at the next view (§11.85)", async () => {
      let up = false;
      const source = new FakeSource("flaky", () => {
        if (!up) throw new Error("ECONNREFUSED");
        return [tool("remote")];
      });
      const toolkit = new Toolkit({ tools: [tool("local")], mcps: [source] });
      expect(names(await viewLater(toolkit))).toEqual(["local"]);
      expect(warnings).toContain(
        "Failed to list the tools of 'flaky' in group 'basic'; skipping it.",
      );
      up = true;
      expect(names(await viewLater(toolkit))).toEqual(["local", "remote"]);
    });

    it("does not cache a failed listing of a watched source", async () => {
      const source = new WatchedSource("srv", [tool("t")]);
      let fail = true;
      const list = source.listTools.bind(source);
      source.listTools = () => (fail ? Promise.reject(new Error("down")) : list());
      const toolkit = new Toolkit({ sources: [source] });
      expect(names(await viewLater(toolkit))).toEqual([]);
      fail = false;
      expect(names(await viewLater(toolkit))).toEqual(["t"]);
      expect(viewNow(toolkit)).toBeInstanceOf(ToolView);
    });

    it("lists a source on every view once its change feed ended or failed", async () => {
      for (const stop of [
        (s: WatchedSource) => {
          s.end();
        },
        (s: WatchedSource) => {
          s.fail(new Error("x"));
        },
      ]) {
        const source = new WatchedSource("srv", [tool("t")]);
        const toolkit = new Toolkit({ sources: [source] });
        await viewLater(toolkit);
        stop(source);
        await viewLater(toolkit);
        await viewLater(toolkit);
        expect(source.listings).toBe(3);
      }
      expect(warnings.some((w) => w.includes("change feed of tool source 'srv' failed"))).toBe(
        true,
      );
    });
  });

  describe("skills", () => {
    it("asks a skill loader once per view", async () => {
      const loader = new FakeSkillLoader([skill("s")]);
      const toolkit = new Toolkit({ tools: [tool("a")], skills: [loader] });
      expect(names(await viewLater(toolkit))).toEqual(["Skill", "a"]);
      await viewLater(toolkit);
      expect(loader.listings).toBe(2);
    });

    it("offers the Skill viewer for a skill of an inactive group only once it is activated (§11.84)", () => {
      const toolkit = new Toolkit({ toolGroups: [group("g", { skills: [skill("s")] })] });
      expect(viewNow(toolkit).has("Skill")).toBe(false);
      expect(viewNow(toolkit).find("Skill")?.tool).toBe(toolkit.skillViewer);
      expect(viewNow(toolkit, ["g"]).has("Skill")).toBe(true);
    });

    it("leaves the Skill viewer out while a loader lists no skill", async () => {
      const loader = new FakeSkillLoader([]);
      const toolkit = new Toolkit({ skills: [loader] });
      expect(names(await viewLater(toolkit))).toEqual([]);
      loader.skills = [skill("s")];
      expect(names(await viewLater(toolkit))).toEqual(["Skill"]);
    });
  });

  describe("isConcurrencySafe (§3.7)", () => {
    it("answers from the tool, found in any group, active or not", () => {
      const toolkit = new Toolkit({
        tools: [tool("safe"), tool("serial", { concurrencySafe: false })],
        toolGroups: [group("g", { tools: [tool("hidden", { concurrencySafe: false })] })],
      });
      const view = viewNow(toolkit);
      expect(view.isConcurrencySafe("safe")).toBe(true);
      expect(view.isConcurrencySafe("serial")).toBe(false);
      expect(view.isConcurrencySafe("hidden")).toBe(false);
      expect(view.isConcurrencySafe("reset_tools")).toBe(true);
    });

    it("treats an unknown tool as concurrency-safe", () => {
      expect(viewNow(new Toolkit()).isConcurrencySafe("nope")).toBe(true);
    });

    it("resolves a name as getTool does: a later group's tool wins, active or not", async () => {
      const basic = tool("same", { concurrencySafe: true });
      const later = tool("same", { concurrencySafe: false });
      const toolkit = new Toolkit({ tools: [basic], toolGroups: [group("g", { tools: [later] })] });
      const view = viewNow(toolkit);
      expect(view.get("same")).toBe(basic);
      expect(view.find("same")?.tool).toBe(later);
      expect(await toolkit.getTool("same")).toBe(later);
      expect(view.isConcurrencySafe("same")).toBe(false);
    });
  });

  describe("withGroups", () => {
    it("answers for other activated groups from the same snapshot, without listing again", async () => {
      const source = new FakeSource("srv", () => [tool("remote")]);
      const toolkit = new Toolkit({
        tools: [tool("a")],
        toolGroups: [group("g", { sources: [source] })],
      });
      const view = await viewLater(toolkit);
      expect(view.has("remote")).toBe(false);
      const activated = view.withGroups(["g"]);
      expect(activated.has("remote")).toBe(true);
      expect(names(activated)).toEqual(["reset_tools", "a", "remote"]);
      expect(view.withGroups([])).toBe(view);
      expect(activated.withGroups([])).toBe(view);
      expect(source.listings).toBe(1);
    });
  });

  describe("prepare (§3.7 step 1)", () => {
    const toolkit = new Toolkit({
      tools: [
        tool("echo", {
          inputSchema: {
            type: "object",
            properties: { temperature: { type: "number" } },
            required: ["temperature"],
          },
        }),
      ],
      toolGroups: [group("group_1", { tools: [tool("in_group")] })],
    });

    /** The error `view.prepare` throws, and that `toolkit.prepareToolCall` and `callTool` give. */
    async function errorsOf(name: string, input: string, groups: string[] = []) {
      const call = { id: "c", name, input };
      const fromView = (() => {
        try {
          viewNow(toolkit, groups).prepare(call);
        } catch (error) {
          return error;
        }
        return null;
      })();
      const fromToolkit = await toolkit.prepareToolCall(call, groups).then(
        () => null,
        (error: unknown) => error,
      );
      const state = createToolState({ tool_context: { activated_groups: groups } });
      const [first] = await collect(toolkit.callTool(call, { state }));
      return { fromView, fromToolkit, text: first === undefined ? "" : textOf([first]) };
    }

    it("gives the not-found error of the reference", async () => {
      const { fromView, fromToolkit, text } = await errorsOf("nope", "{}");
      const message = "ToolNotFoundError: The tool named 'nope' doesn't exist.";
      expect(fromView).toBeInstanceOf(ToolNotFoundError);
      expect((fromView as Error).message).toBe(message);
      expect((fromToolkit as Error).message).toBe(message);
      expect(text).toBe(message);
    });

    it("gives the inactive-group error of the reference", async () => {
      const { fromView, fromToolkit, text } = await errorsOf("in_group", "{}");
      const message =
        "ToolGroupInactiveError: The tool 'in_group' in group 'group_1' is currently inactive. " +
        "You should first activate the group by calling the 'reset_tools' tool.";
      expect(fromView).toBeInstanceOf(ToolGroupInactiveError);
      expect(fromView).toMatchObject({ groupName: "group_1", message });
      expect((fromToolkit as Error).message).toBe(message);
      expect(text).toBe(message);
    });

    it("gives the JSON decode reminder of the reference", async () => {
      const { fromView, fromToolkit, text } = await errorsOf("echo", "[1, 2]");
      expect(fromView).toBeInstanceOf(ToolJSONDecodeError);
      expect((fromView as Error).message).toBe(
        "<system-reminder>Error: Your argument string is decoded into a <class 'list'> object, " +
          "but a dict object is expected!\n\nYour argument string is decoded by the following " +
          "code snippet:\n```python\nimport json\n\nyour_tool_arguments = '[1, 2]'\n" +
          "json.loads(your_tool_arguments)\n```\n\n**You should recorrect the arguments in JSON " +
          "format.**</system-reminder>",
      );
      expect((fromToolkit as Error).message).toBe((fromView as Error).message);
      expect(text).toBe((fromView as Error).message);
    });

    it("gives the schema validation message of the reference", async () => {
      const { fromView, fromToolkit, text } = await errorsOf("echo", '{"temperature": "hot"}');
      const message = "Input validation failed for tool 'echo': 'hot' is not of type 'number'";
      expect(fromView).toBeInstanceOf(ToolInputValidationError);
      expect((fromView as Error).message).toBe(message);
      expect((fromToolkit as Error).message).toBe(message);
      expect(text).toBe(message);
    });

    it("returns the tool and the repaired, validated input", () => {
      const view = viewNow(toolkit, ["group_1"]);
      expect(view.prepare({ id: "c", name: "echo", input: '{"temperature": 3' })).toEqual({
        tool: view.get("echo"),
        input: { temperature: 3 },
      });
      expect(view.prepare({ id: "c", name: "in_group", input: "{}" }).tool.name).toBe("in_group");
    });
  });
});
