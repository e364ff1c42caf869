import { describe, expect, it } from "vitest";
import { PermissionEngine } from "../../../../src/permission/index.js";
import {
  TaskCreate,
  TaskGet,
  TaskList,
  TaskUpdate,
} from "../../../../src/tools/builtin/task/index.js";
import {
  createToolState,
  DeveloperOrientedError,
  type ToolState,
} from "../../../../src/tools/index.js";
import { runOnce, textOf } from "../read/file-fixtures.js";

async function create(state: ToolState, subject: string, metadata?: unknown): Promise<string> {
  const input: Record<string, unknown> = { subject, description: `Do ${subject}` };
  if (metadata !== undefined) input["metadata"] = metadata;
  return textOf(await runOnce(new TaskCreate(), input, { state }));
}

async function update(state: ToolState, input: Record<string, unknown>) {
  return runOnce(new TaskUpdate(), input, { state });
}

describe("Task tools (spec §5.7)", () => {
  it("§5.7 are concurrency-safe, state-injected, not read-only, and ALLOW themselves", () => {
    for (const tool of [new TaskCreate(), new TaskGet(), new TaskList(), new TaskUpdate()]) {
      expect([tool.isConcurrencySafe, tool.isStateInjected, tool.isReadOnly]).toEqual([
        true,
        true,
        false,
      ]);
      expect(tool.checkPermissions()).toMatchObject({
        behavior: "allow",
        message: `${tool.name} is always allowed to be called.`,
      });
    }
  });

  it("§5.7 are allowed in DEFAULT and denied in EXPLORE (not read-only)", async () => {
    const input = { subject: "s", description: "d" };
    expect((await new PermissionEngine().decide(new TaskCreate(), input)).behavior).toBe("allow");
    const explore = await new PermissionEngine({ mode: "explore" }).decide(new TaskList(), {});
    expect(explore.behavior).toBe("deny");
  });

  it("§5.7 without state is a developer error (TOOL_STATE_MISSING), not a tool result", async () => {
    await expect(runOnce(new TaskList(), {})).rejects.toThrow(DeveloperOrientedError);
    await expect(runOnce(new TaskList(), {})).rejects.toMatchObject({ code: "TOOL_STATE_MISSING" });
  });

  it("§5.7 pins TaskCreate's schema", () => {
    expect(new TaskCreate().inputSchema).toEqual({
      type: "object",
      description: "The params of the creating task tool.",
      properties: {
        subject: { type: "string", description: "A brief title for the task" },
        description: { type: "string", description: "What needs to be done" },
        metadata: {
          anyOf: [{ type: "object", additionalProperties: true }, { type: "null" }],
          default: null,
          description: "Arbitrary metadata to attach to the task",
        },
      },
      required: ["subject", "description"],
    });
  });

  it("§11.65 TaskCreate twice → ids '1', '2'; pending, metadata {}", async () => {
    const state = createToolState();
    expect(await create(state, "Test Task 1")).toBe(
      "Task (id=1) created successfully: Test Task 1",
    );
    expect(await create(state, "Test Task 2")).toBe(
      "Task (id=2) created successfully: Test Task 2",
    );
    expect(state.tasks_context.tasks.map((t) => [t.id, t.state, t.metadata])).toEqual([
      ["1", "pending", {}],
      ["2", "pending", {}],
    ]);
    expect(state.tasks_context.tasks[0]).toMatchObject({ owner: null, blocks: [], blocked_by: [] });
  });

  it("§5.7 TaskCreate numbers after the largest numeric id, ignoring others", async () => {
    const state = createToolState({
      tasks_context: {
        tasks: [
          {
            subject: "a",
            description: "",
            metadata: {},
            id: "7",
            created_at: "t",
            state: "pending",
            owner: null,
            blocks: [],
            blocked_by: [],
          },
          {
            subject: "b",
            description: "",
            metadata: {},
            id: "abc",
            created_at: "t",
            state: "pending",
            owner: null,
            blocks: [],
            blocked_by: [],
          },
        ],
      },
    });
    expect(await create(state, "c")).toBe("Task (id=8) created successfully: c");
  });

  it("§11.66 TaskList: none → 'No tasks available.'; else one line per task", async () => {
    const state = createToolState();
    expect(textOf(await runOnce(new TaskList(), {}, { state }))).toBe("No tasks available.");
    await create(state, "Task 1");
    await create(state, "Task 2");
    await update(state, { task_id: "2", owner: "bob", add_blocked_by: ["1"] });
    expect(textOf(await runOnce(new TaskList(), {}, { state }))).toBe(
      "1 [pending] Task 1\n2 [pending] Task 2(bob)[blocked by 1]",
    );
  });

  it("§11.67 TaskGet of an unknown id → error 'Task not found'", async () => {
    const chunk = await runOnce(new TaskGet(), { task_id: "9" }, { state: createToolState() });
    expect([chunk.state, textOf(chunk)]).toEqual(["error", "Task not found"]);
  });

  it("§5.7 TaskGet shows every field present, metadata as a Python dict", async () => {
    const state = createToolState();
    await create(state, "A");
    await create(state, "B", { k: "v", n: 1, ok: true, none: null, list: ["x"] });
    await create(state, "C");
    await update(state, { task_id: "2", owner: "amy", add_blocked_by: ["1"], add_blocks: ["3"] });
    expect(textOf(await runOnce(new TaskGet(), { task_id: "2" }, { state }))).toBe(
      [
        "Task (id=2): B",
        "Status: pending",
        "Description: Do B",
        "Owner: amy",
        "Blocked by: #1",
        "Blocks: #3",
        "Metadata: {'k': 'v', 'n': 1, 'ok': True, 'none': None, 'list': ['x']}",
      ].join("\n"),
    );
    expect(textOf(await runOnce(new TaskGet(), { task_id: "1" }, { state }))).toBe(
      "Task (id=1): A\nStatus: pending\nDescription: Do A\nBlocks: #2",
    );
  });

  it("§11.68 status completed → 'Update task (id=1) status.' and the completion hint", async () => {
    const state = createToolState();
    await create(state, "A");
    expect(textOf(await update(state, { task_id: "1", status: "completed" }))).toBe(
      "Update task (id=1) status.\n\nTask completed. Call TaskList now to find your next available task or see if your work unblocked others.",
    );
    // The hint follows the task's state, even when nothing changed.
    expect(textOf(await update(state, { task_id: "1" }))).toBe(
      "No updates were made to the task (id=1). Make sure you provided at least one field to update and the values are correct.\n\nTask completed. Call TaskList now to find your next available task or see if your work unblocked others.",
    );
  });

  it("§11.69 add_blocked_by ['1'] on task 2 links both sides", async () => {
    const state = createToolState();
    await create(state, "A");
    await create(state, "B");
    expect(textOf(await update(state, { task_id: "2", add_blocked_by: ["1"] }))).toBe(
      "Update task (id=2) add_blocked_by.",
    );
    const [t1, t2] = state.tasks_context.tasks;
    expect([t1?.blocks, t2?.blocked_by]).toEqual([["2"], ["1"]]);
    // Again, or with unknown ids: nothing new, nothing reported.
    expect(textOf(await update(state, { task_id: "2", add_blocked_by: ["1", "42"] }))).toMatch(
      /^No updates were made to the task \(id=2\)/,
    );
  });

  it("§5.7 reports fields in order: subject, description, add_blocks, add_blocked_by, status, owner, metadata", async () => {
    const state = createToolState();
    await create(state, "A");
    await create(state, "B");
    await create(state, "C");
    const chunk = await update(state, {
      task_id: "2",
      subject: "B2",
      description: "",
      add_blocks: ["3"],
      add_blocked_by: ["1"],
      status: "in_progress",
      owner: "",
      metadata: { a: 1 },
    });
    expect(textOf(chunk)).toBe(
      "Update task (id=2) subject, description, add_blocks, add_blocked_by, status, owner, metadata.",
    );
    expect(state.tasks_context.tasks[1]).toMatchObject({
      subject: "B2",
      description: "",
      state: "in_progress",
      owner: "",
      metadata: { a: 1 },
      blocks: ["3"],
      blocked_by: ["1"],
    });
    // An empty subject or empty metadata changes nothing.
    expect(textOf(await update(state, { task_id: "2", subject: "", metadata: {} }))).toMatch(
      /^No updates were made/,
    );
  });

  it("§11.70 status deleted removes the task and every reference to it", async () => {
    const state = createToolState();
    await create(state, "A");
    await create(state, "B");
    await create(state, "C");
    await update(state, { task_id: "2", add_blocked_by: ["1"], add_blocks: ["3"] });
    expect(textOf(await update(state, { task_id: "2", status: "deleted" }))).toBe(
      "Task (id=2) has been deleted.",
    );
    expect(state.tasks_context.tasks.map((t) => [t.id, t.blocks, t.blocked_by])).toEqual([
      ["1", [], []],
      ["3", [], []],
    ]);
  });

  it("§11.70 an unknown id → 'TaskNotFoundError: The task (id=99) does not exist.'", async () => {
    const chunk = await update(createToolState(), { task_id: "99", status: "completed" });
    expect([chunk.state, textOf(chunk)]).toEqual([
      "error",
      "TaskNotFoundError: The task (id=99) does not exist.",
    ]);
  });

  it("§11.71 metadata {'a': null} removes key a; other keys merge", async () => {
    const state = createToolState();
    await create(state, "A", { a: 1, b: 2 });
    expect(textOf(await update(state, { task_id: "1", metadata: { a: null, c: 3 } }))).toBe(
      "Update task (id=1) metadata.",
    );
    expect(state.tasks_context.tasks[0]?.metadata).toEqual({ b: 2, c: 3 });
  });
});
