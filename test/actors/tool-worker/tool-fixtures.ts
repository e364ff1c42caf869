/**
 * Tools and helpers shared by the tool-worker and remote-tools tests: small tools with known
 * behaviour (echo, a stream of n chunks, one that throws, one that waits for its signal),
 * tools a worker must refuse, and a way to read a call's chunks.
 */
import { z } from "zod";
import type { PermissionDecision, ToolInput } from "../../../src/permission/index.js";
import { FunctionTool, ToolBase, textChunk, type ToolChunk } from "../../../src/tools/index.js";
import { decision } from "../../tools/fixtures.js";

/** Every chunk of a tool call. */
export async function chunksOf(
  tool: ToolBase,
  input: ToolInput,
  signal?: AbortSignal,
): Promise<ToolChunk[]> {
  const chunks: ToolChunk[] = [];
  for await (const chunk of tool.invoke(input, { signal })) chunks.push(chunk);
  return chunks;
}

/** The text of a chunk's blocks. */
export function textOf(chunk: ToolChunk | undefined): string {
  return (chunk?.content ?? []).map((b) => (b.type === "text" ? b.text : "")).join("");
}

/** The remote error code an error chunk carries. */
export function remoteCode(chunk: ToolChunk | undefined): unknown {
  const remote = chunk?.metadata["remote_error"] as { code?: unknown } | undefined;
  return remote?.code;
}

/** `echo`: answers `echo: <text>`; `ran` records each text it ran with. */
export function echoTool(ran: string[] = []): FunctionTool {
  return new FunctionTool({
    name: "echo",
    description: "Echoes text.",
    parameters: z.object({ text: z.string() }),
    isConcurrencySafe: true,
    isReadOnly: true,
    fn: ({ text }: { text: string }) => {
      ran.push(text);
      return `echo: ${text}`;
    },
  });
}

/** `count`: streams `n` chunks ("0", "1", …), one per tick. */
export class CountTool extends ToolBase {
  readonly name = "count";
  readonly description = "Counts.";
  readonly inputSchema = {
    type: "object",
    properties: { n: { type: "integer", minimum: 0, maximum: 1000 } },
    required: ["n"],
  };
  readonly isConcurrencySafe = true;
  readonly isReadOnly = true;
  checkPermissions(): PermissionDecision {
    return decision("allow", "counting is harmless");
  }
  override async *call(input: ToolInput): AsyncGenerator<ToolChunk> {
    for (let i = 0; i < Number(input["n"]); i++) {
      await new Promise((resolve) => setImmediate(resolve));
      yield textChunk(String(i));
    }
  }
}

/** `fail`: throws "the tool broke"; its permission check throws too when `input.check` is set. */
export class FailTool extends ToolBase {
  readonly name = "fail";
  readonly description = "Fails.";
  readonly inputSchema = { type: "object", properties: { check: { type: "boolean" } } };
  readonly isConcurrencySafe = false;
  readonly isReadOnly = false;
  checkPermissions(input: ToolInput): PermissionDecision {
    if (input["check"] === true) throw new Error("the check broke");
    return decision("ask", "asks");
  }
  override call(): never {
    throw new Error("the tool broke");
  }
}

/**
 * `wait`: runs until its signal fires (or `release()`); `started` resolves at each call's start,
 * `aborted` counts the calls whose signal fired.
 */
export function waitTool() {
  let starts = 0;
  let aborted = 0;
  const waiters = new Set<() => void>();
  let onStart: (() => void) | null = null;
  const tool = new FunctionTool({
    name: "wait",
    description: "Waits.",
    parameters: z.object({}),
    fn: async (_input: Record<string, never>, ctx?: { signal?: AbortSignal }) => {
      starts++;
      onStart?.();
      await new Promise<void>((resolve) => {
        waiters.add(resolve);
        ctx?.signal?.addEventListener("abort", () => {
          aborted++;
          resolve();
        });
      });
      return "waited";
    },
  });
  return {
    tool,
    get starts() {
      return starts;
    },
    get aborted() {
      return aborted;
    },
    /** Resolves once `count` calls have started. */
    started(count = 1): Promise<void> {
      return new Promise((resolve) => {
        const check = () => {
          if (starts >= count) {
            onStart = null;
            resolve();
          }
        };
        onStart = check;
        check();
      });
    },
    release(): void {
      for (const wake of waiters) wake();
      waiters.clear();
    },
  };
}

/** An external tool (the agent submits its calls): no worker may serve it. */
export class ExternalTool extends ToolBase {
  readonly name = "outside";
  readonly description = "Runs outside.";
  readonly inputSchema = { type: "object", properties: {} };
  readonly isConcurrencySafe = false;
  readonly isReadOnly = false;
  override readonly isExternalTool = true;
  checkPermissions(): PermissionDecision {
    return decision("allow");
  }
}

/** Resolves once `predicate` holds, polling; rejects after `timeoutMs`. */
export async function until(
  predicate: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what = "the condition",
): Promise<void> {
  const started = Date.now();
  while (!(await predicate())) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`${what} did not hold in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
