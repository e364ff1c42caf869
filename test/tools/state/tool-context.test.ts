import { describe, expect, it } from "vitest";
import {
  createToolState,
  ReadCacheEntrySchema,
  TasksContextSchema,
  TaskSchema,
  ToolContextSchema,
} from "../../../src/tools/index.js";
import { textDigest } from "../../../src/tools/state/text-digest.js";

describe("tool and task context schemas (§5.4, §5.7, §10)", () => {
  it("defaults the tool context as the reference does", () => {
    expect(ToolContextSchema.parse({})).toEqual({
      max_cache_files: 100,
      max_cache_bytes: 25000,
      read_file_cache: [],
      activated_groups: [],
    });
  });

  it("enforces the cache bounds (files > 1, KB > 10000)", () => {
    expect(ToolContextSchema.safeParse({ max_cache_files: 1 }).success).toBe(false);
    expect(ToolContextSchema.safeParse({ max_cache_files: 2.5 }).success).toBe(false);
    expect(ToolContextSchema.safeParse({ max_cache_bytes: 10000 }).success).toBe(false);
    expect(ToolContextSchema.safeParse({ max_cache_bytes: 10000.5 }).success).toBe(true);
  });

  it("reads cache entries with their wire names and a digest", () => {
    const entry = { updated_at: 1733040000.123, bytes: 0.5, file_path: "/x", digest: "sha256:00" };
    expect(ReadCacheEntrySchema.parse(entry)).toEqual(entry);
    expect(ToolContextSchema.parse({ read_file_cache: [entry] }).read_file_cache).toEqual([entry]);
    expect(ReadCacheEntrySchema.parse({ ...entry, digest: null }).digest).toBeNull();
    expect(ReadCacheEntrySchema.safeParse({ ...entry, digest: 1 }).success).toBe(false);
    const { digest: _digest, ...withoutDigest } = entry;
    expect(ReadCacheEntrySchema.safeParse(withoutDigest).success).toBe(false);
  });

  it("migrates a legacy entry (AgentScope's JSON, state version 1): its lines become their digest", () => {
    const legacy = { lines: ["a\n", "b"], updated_at: 1733040000.123, bytes: 0.5, file_path: "/x" };
    expect(ReadCacheEntrySchema.parse(legacy)).toEqual({
      updated_at: 1733040000.123,
      bytes: 0.5,
      file_path: "/x",
      digest: textDigest("a\nb"),
    });
    expect(ReadCacheEntrySchema.safeParse({ ...legacy, lines: "a\nb" }).success).toBe(false);
    expect(ReadCacheEntrySchema.safeParse({ ...legacy, lines: [1] }).success).toBe(false);
  });

  it("defaults a task as the reference does", () => {
    const task = TaskSchema.parse({
      subject: "Write tests",
      description: "All of them",
      metadata: {},
    });
    expect(task).toMatchObject({
      subject: "Write tests",
      description: "All of them",
      metadata: {},
      state: "pending",
      owner: null,
      blocks: [],
      blocked_by: [],
    });
    expect(typeof task.id).toBe("string");
    expect(typeof task.created_at).toBe("string");
  });

  it("accepts only the stored task states", () => {
    const base = { subject: "s", description: "d", metadata: {} };
    for (const state of ["pending", "in_progress", "completed"]) {
      expect(TaskSchema.safeParse({ ...base, state }).success).toBe(true);
    }
    expect(TaskSchema.safeParse({ ...base, state: "deleted" }).success).toBe(false);
    expect(TaskSchema.safeParse({ subject: "s", description: "d" }).success).toBe(false);
  });

  it("round-trips the tasks context through JSON", () => {
    const context = TasksContextSchema.parse({
      tasks: [{ subject: "s", description: "d", metadata: { k: 1 }, id: "1", blocks: ["2"] }],
    });
    expect(TasksContextSchema.parse(JSON.parse(JSON.stringify(context)))).toEqual(context);
    expect(TasksContextSchema.parse({})).toEqual({ tasks: [] });
  });

  it("creates a fresh tool state for tools run outside an agent", () => {
    const a = createToolState();
    const b = createToolState({ tool_context: { activated_groups: ["g"] } });
    expect(a.tool_context.activated_groups).toEqual([]);
    expect(b.tool_context.activated_groups).toEqual(["g"]);
    expect(a.tasks_context).toEqual({ tasks: [] });
    a.tool_context.activated_groups.push("x");
    expect(createToolState().tool_context.activated_groups).toEqual([]);
  });
});
