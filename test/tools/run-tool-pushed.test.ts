import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  AgentOrientedError,
  createToolState,
  DeveloperOrientedError,
  FunctionTool,
  Toolkit,
  ToolResponse,
  type ToolBase,
  type ToolChunk,
  type ToolMiddleware,
} from "../../src/tools/index.js";
import { ScriptedTool, recordWarnings, type ScriptedToolOptions } from "./fixtures.js";

recordWarnings();

/** What a run gave: the chunks in order, then the response (ids and times left out). */
interface Run {
  chunks: unknown[];
  response: unknown;
}

/** Ids and timestamps differ from run to run; the rest must be the same. */
function shape(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) =>
      key === "id" || key === "created_at" || key === "finished_at" ? "·" : v,
    ),
  );
}

/** A fresh run of the case (a tool and, optionally, a signal and what the reader does per chunk). */
interface Case {
  tool: () => ToolBase;
  signal?: () => AbortSignal;
  onChunk?: (chunk: ToolChunk) => void;
  state?: boolean;
}

async function streamed(c: Case): Promise<Run> {
  const tool = c.tool();
  const toolkit = new Toolkit({ tools: [tool] });
  const options = {
    ...(c.signal === undefined ? {} : { signal: c.signal() }),
    ...(c.state === true ? { state: createToolState() } : {}),
  };
  const prepared = await toolkit.prepareToolCall(
    { id: "call_1", name: tool.name, input: "{}" },
    [],
  );
  const chunks: unknown[] = [];
  let response: unknown;
  for await (const item of toolkit.callPreparedTool("call_1", prepared, options)) {
    if (item instanceof ToolResponse) {
      response = shape(item.toJSON());
      continue;
    }
    chunks.push(shape(item));
    c.onChunk?.(item);
  }
  return { chunks, response };
}

async function pushed(c: Case): Promise<Run> {
  const tool = c.tool();
  const toolkit = new Toolkit({ tools: [tool] });
  const options = {
    ...(c.signal === undefined ? {} : { signal: c.signal() }),
    ...(c.state === true ? { state: createToolState() } : {}),
  };
  const prepared = await toolkit.prepareToolCall(
    { id: "call_1", name: tool.name, input: "{}" },
    [],
  );
  const chunks: unknown[] = [];
  const response = await toolkit.runPreparedTool("call_1", prepared, options, {
    takeChunk(chunk) {
      chunks.push(shape(chunk));
      c.onChunk?.(chunk);
    },
  });
  return { chunks, response: shape(response.toJSON()) };
}

const scripted =
  (run: NonNullable<ScriptedToolOptions["run"]>, more: ScriptedToolOptions = {}) =>
  () =>
    new ScriptedTool({ name: "t", run, ...more });

const passThrough: ToolMiddleware = {
  async *onToolCall(_tool, input, next) {
    for await (const chunk of next(input)) yield chunk;
  },
};

const aborting = () => {
  const controller = new AbortController();
  return { controller, signal: () => controller.signal };
};

const cases: Record<string, () => Case> = {
  "a string": () => ({ tool: scripted(() => "ok") }),
  "a promise of a chunk": () => ({
    tool: scripted(() =>
      Promise.resolve({
        content: [{ type: "text" as const, text: "chunk" }],
        state: "running" as const,
      }),
    ),
  }),
  "a stream of chunks": () => ({
    tool: scripted(async function* () {
      yield "1";
      yield "2";
    }),
  }),
  "a synchronous throw": () => ({
    tool: scripted(() => {
      throw new Error("boom");
    }),
  }),
  "a rejection": () => ({ tool: scripted(() => Promise.reject(new Error("disk full"))) }),
  "a stream that fails midway": () => ({
    tool: scripted(async function* () {
      yield "partial ";
      throw new Error("disk full");
    }),
  }),
  "an agent-oriented error": () => ({
    tool: scripted(() => {
      throw new (class QuotaError extends AgentOrientedError {
        constructor() {
          super("QUOTA", "Try again tomorrow.");
        }
      })();
    }),
  }),
  "a function tool with a zod schema": () => ({
    tool: () =>
      new FunctionTool({ name: "t", parameters: z.object({}), fn: () => ({ answer: 42 }) }),
  }),
  "a tool wrapped by a middleware": () => ({
    tool: scripted(() => "wrapped", { middlewares: [passThrough] }),
  }),
  "a state-injected tool": () => ({
    tool: scripted((_input, context) => (context.state === undefined ? "none" : "state"), {
      stateInjected: true,
    }),
    state: true,
  }),
  "a signal that fired before the call": () => ({
    tool: scripted(() => "never"),
    signal: () => AbortSignal.abort(),
  }),
  "a tool that fires the signal and ignores it": () => {
    const { controller, signal } = aborting();
    return {
      tool: scripted(() => {
        controller.abort();
        return new Promise<string>(() => undefined);
      }),
      signal,
    };
  },
  "a tool stuck in an await when the signal fires": () => {
    const { controller, signal } = aborting();
    return {
      tool: scripted(() => {
        setTimeout(() => {
          controller.abort();
        }, 1);
        return new Promise<string>(() => undefined);
      }),
      signal,
    };
  },
  "a stream the signal interrupts": () => {
    const { controller, signal } = aborting();
    return {
      tool: scripted(async function* (_input, context) {
        yield "working";
        controller.abort();
        if (!context.signal.aborted) await new Promise(() => undefined);
        yield "never seen";
      }),
      signal,
    };
  },
  "a reader that fires the signal on the only chunk": () => {
    const { controller, signal } = aborting();
    return {
      tool: scripted(() => "done"),
      signal,
      onChunk: () => {
        controller.abort();
      },
    };
  },
};

describe("Toolkit.runPreparedTool", () => {
  for (const [name, make] of Object.entries(cases)) {
    it(`pushes the chunks and resolves with the response callPreparedTool streams: ${name}`, async () => {
      const expected = await streamed(make());
      const got = await pushed(make());
      expect(got).toEqual(expected);
    });
  }

  it("throws a developer-oriented error as callPreparedTool does", async () => {
    const c = { tool: scripted(() => 7 as unknown as string) };
    await expect(streamed(c)).rejects.toThrow(DeveloperOrientedError);
    await expect(pushed(c)).rejects.toThrow(DeveloperOrientedError);
  });

  it("lets a failing reader's error through and stops the tool's stream", async () => {
    let cleanedUp = 0;
    const c: Case = {
      tool: scripted(async function* () {
        try {
          yield "1";
          yield "2";
        } finally {
          cleanedUp += 1;
        }
      }),
      onChunk: () => {
        throw new Error("reader failed");
      },
    };
    await expect(streamed(c)).rejects.toThrow("reader failed");
    await expect(pushed(c)).rejects.toThrow("reader failed");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cleanedUp).toBe(2);
  });
});
