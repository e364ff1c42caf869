import { describe, expect, it } from "vitest";
import { ValidationError } from "../../src/errors/index.js";
import { ToolErrorCode, ToolGroup, Toolkit, ToolView } from "../../src/tools/index.js";
import { FakeSource, ScriptedTool, WatchedSource, recordWarnings } from "./fixtures.js";

const warnings = recordWarnings();

const tool = (name: string) => new ScriptedTool({ name });

/** Counts what `toolkit.changes$` emits until `stop()`. */
function watch(toolkit: Toolkit): { count: () => number; stop: () => void } {
  let n = 0;
  const subscription = toolkit.changes$.subscribe(() => n++);
  return {
    count: () => n,
    stop: () => {
      subscription.unsubscribe();
    },
  };
}

describe("Toolkit.changes$", () => {
  it("fires when tools are added or removed, not when nothing was removed", () => {
    const toolkit = new Toolkit({ tools: [tool("a")] });
    const changes = watch(toolkit);
    toolkit.addTool(tool("b"));
    expect(changes.count()).toBe(1);
    toolkit.removeTool("b");
    expect(changes.count()).toBe(2);
    toolkit.removeTool("not_there");
    expect(changes.count()).toBe(2);
    toolkit.clear();
    expect(changes.count()).toBe(3);
    changes.stop();
  });

  it("fires when sources are added or removed", () => {
    const toolkit = new Toolkit();
    const changes = watch(toolkit);
    const source = new FakeSource("srv", () => []);
    toolkit.addSource(source);
    expect(changes.count()).toBe(1);
    toolkit.removeSource("srv");
    expect(changes.count()).toBe(2);
    toolkit.removeSource(source);
    expect(changes.count()).toBe(2);
    changes.stop();
  });

  it("fires when a source announces a change, whether or not it was listed", async () => {
    const source = new WatchedSource("srv", [tool("t1")]);
    const toolkit = new Toolkit({ sources: [source] });
    const changes = watch(toolkit);
    source.setTools([tool("t2")]);
    expect(changes.count()).toBe(1);
    await toolkit.view();
    source.setTools([tool("t3")]);
    expect(changes.count()).toBe(2);
    changes.stop();
  });

  it("lets a listener that takes a view at once see the change", async () => {
    const source = new WatchedSource("srv", [tool("old")]);
    const toolkit = new Toolkit({ sources: [source] });
    await toolkit.view();
    const seen: Promise<string[]>[] = [];
    const subscription = toolkit.changes$.subscribe(() => {
      seen.push(Promise.resolve(toolkit.view()).then((v) => v.schemas.map((s) => s.function.name)));
    });
    source.setTools([tool("new")]);
    expect(await Promise.all(seen)).toEqual([["new"]]);
    subscription.unsubscribe();
  });

  it("fires for a source added after the toolkit was watched, not for one removed", () => {
    const toolkit = new Toolkit();
    const changes = watch(toolkit);
    const source = new WatchedSource("srv", []);
    toolkit.addSource(source, "basic");
    source.setTools([tool("t")]);
    expect(changes.count()).toBe(2);
    toolkit.removeSource(source);
    source.setTools([]);
    expect(changes.count()).toBe(3);
    changes.stop();
  });
});

describe("Toolkit source subscriptions", () => {
  it("subscribes to a source's changes$ lazily, once, and unsubscribes when it is removed", async () => {
    const source = new WatchedSource("srv", [tool("t")]);
    const toolkit = new Toolkit({ sources: [source] });
    expect(source.subscriptions).toBe(0);
    await toolkit.view();
    const changes = watch(toolkit);
    expect(source.subscriptions).toBe(1);
    toolkit.removeSource(source);
    expect(source.subscriptions).toBe(0);
    changes.stop();
    expect(source.subscriptions).toBe(0);
  });

  it("subscribes when the toolkit is watched, before anything is listed", () => {
    const source = new WatchedSource("srv", []);
    const toolkit = new Toolkit({ sources: [source] });
    const changes = watch(toolkit);
    expect(source.subscriptions).toBe(1);
    toolkit.clear();
    expect(source.subscriptions).toBe(0);
    changes.stop();
  });

  it("keeps the subscription while another toolkit still holds the source", async () => {
    const source = new WatchedSource("srv", [tool("t")]);
    const first = new Toolkit({ sources: [source] });
    const second = new Toolkit({ sources: [source] });
    await first.view();
    expect(second.view()).toBeInstanceOf(ToolView);
    first.removeSource(source);
    expect(source.subscriptions).toBe(1);
    expect(second.view()).toBeInstanceOf(ToolView);
    second.clear();
    expect(source.subscriptions).toBe(0);
  });

  it("does not leak after many add-remove rounds", async () => {
    const source = new WatchedSource("srv", [tool("t")]);
    const toolkit = new Toolkit();
    const changes = watch(toolkit);
    for (let i = 0; i < 50; i++) {
      toolkit.addSource(source);
      await toolkit.view();
      toolkit.removeSource(source);
    }
    expect(source.subscriptions).toBe(0);
    changes.stop();
  });

  it("releases a source taken straight out of a group's list at the next view", async () => {
    const source = new WatchedSource("srv", [tool("t")]);
    const toolkit = new Toolkit({ sources: [source] });
    await toolkit.view();
    toolkit.toolGroups[0]?.sources.pop();
    expect((await toolkit.view()).schemas).toEqual([]);
    expect(source.subscriptions).toBe(0);
  });

  it("lists a removed and re-added source afresh", async () => {
    const source = new WatchedSource("srv", [tool("t")]);
    const toolkit = new Toolkit({ sources: [source] });
    await toolkit.view();
    toolkit.removeSource(source);
    source.tools = [tool("u")];
    toolkit.addSource(source);
    const view = await toolkit.view();
    expect(view.schemas.map((s) => s.function.name)).toEqual(["u"]);
    expect(source.listings).toBe(2);
  });
});

describe("Toolkit.addSource", () => {
  const group = new ToolGroup({ name: "g", description: "Group g" });

  it("adds to a named group, after its other sources", async () => {
    const toolkit = new Toolkit({ toolGroups: [group] });
    toolkit.addSource(new FakeSource("first", () => [tool("x")]), "g");
    toolkit.addSource(new FakeSource("second", () => [tool("y")]), "g");
    const view = await toolkit.view(["g"]);
    expect(view.schemas.map((s) => s.function.name)).toEqual(["reset_tools", "x", "y"]);
  });

  it("refuses what is not a source, a stateful source not connected, and an unknown group", () => {
    const toolkit = new Toolkit();
    expect(() => {
      toolkit.addSource({ name: "x" } as never);
    }).toThrow(ValidationError);
    expect(() => {
      toolkit.addSource(new FakeSource("fs", () => [], true, false));
    }).toThrow("The MCP client 'fs' is stateful, but not connected.");
    expect(() => {
      toolkit.addSource(new FakeSource("s", () => []), "nope");
    }).toThrow(
      expect.objectContaining({
        code: ToolErrorCode.INVALID_TOOLKIT_CONFIG,
        message: "Cannot find group 'nope' in toolkit, only ['basic'] are available.",
      }),
    );
  });

  it("does not add the same source to a group twice, with a warning", () => {
    const source = new FakeSource("srv", () => []);
    const toolkit = new Toolkit({ sources: [source] });
    toolkit.addSource(source);
    expect(toolkit.toolGroups[0]?.sources).toEqual([source]);
    expect(warnings).toContain("Tool source 'srv' is already in group 'basic'.");
  });
});
