import { describe, expect, it } from "vitest";
import { ActorscopeError, ValidationError } from "../../src/errors/index.js";
import {
  DEFAULT_DANGEROUS_DIRECTORIES,
  DEFAULT_DANGEROUS_FILES,
  type PermissionDecision,
  type ToolInput,
} from "../../src/permission/index.js";
import {
  createToolState,
  DeveloperOrientedError,
  textChunk,
  ToolBase,
  ToolErrorCode,
  type ToolMiddleware,
} from "../../src/tools/index.js";
import { collect, decision, ScriptedTool, textOf } from "./fixtures.js";

describe("ToolBase (§6.1)", () => {
  describe("defaults", () => {
    const tool = new ScriptedTool();

    it("is not external, state-injected or MCP, and guards the default dangerous paths", () => {
      expect(tool.isExternalTool).toBe(false);
      expect(tool.isStateInjected).toBe(false);
      expect(tool.isMcp).toBe(false);
      expect(tool.mcpName).toBeNull();
      expect(tool.dangerousFiles).toBe(DEFAULT_DANGEROUS_FILES);
      expect(tool.dangerousDirectories).toBe(DEFAULT_DANGEROUS_DIRECTORIES);
    });

    it("answers checkReadOnly with isReadOnly", () => {
      expect(tool.checkReadOnly({ anything: 1 })).toBe(true);
    });

    it("matches only tool-level (null) rule content", () => {
      expect(tool.matchRule(null, {})).toBe(true);
      expect(tool.matchRule("*", {})).toBe(false);
      expect(tool.matchRule("", {})).toBe(false);
    });

    it("suggests allowing the whole tool", () => {
      expect(tool.generateSuggestions({})).toEqual([
        { tool_name: "scripted", rule_content: null, behavior: "allow", source: "suggested" },
      ]);
    });
  });

  describe("call", () => {
    /** A tool that keeps the base `call`. */
    class Bare extends ToolBase {
      readonly name = "bare";
      readonly description = "";
      readonly inputSchema = { type: "object", properties: {} };
      readonly isConcurrencySafe = true;
      readonly isReadOnly = true;
      override readonly isExternalTool: boolean;
      constructor(options: { external?: boolean } = {}) {
        super();
        this.isExternalTool = options.external ?? false;
      }
      checkPermissions(): PermissionDecision {
        return decision("allow");
      }
    }

    it("throws TOOL_NOT_IMPLEMENTED when a tool does not implement it", async () => {
      const error = await collect(new Bare().invoke({})).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ActorscopeError);
      expect(error).toMatchObject({
        code: ToolErrorCode.TOOL_NOT_IMPLEMENTED,
        message: "Bare does not implement call",
      });
    });

    it("throws EXTERNAL_TOOL_CALLED for an external tool", async () => {
      const error = await collect(new Bare({ external: true }).invoke({})).catch((e: unknown) => e);
      expect(error).toMatchObject({
        code: ToolErrorCode.EXTERNAL_TOOL_CALLED,
        message: "Bare is an external tool and should not be called directly",
      });
    });
  });

  describe("invoke", () => {
    it("streams a returned chunk, completing its defaults", async () => {
      const tool = new ScriptedTool({ run: () => ({ content: [{ type: "text", text: "hi" }] }) });
      const [chunk, ...rest] = await collect(tool.invoke({}));
      expect(rest).toHaveLength(0);
      expect(chunk).toMatchObject({ state: "running", is_last: true, metadata: {} });
      expect(chunk?.content[0]).toMatchObject({ type: "text", text: "hi", finished_at: null });
      expect(typeof chunk?.id).toBe("string");
      expect(typeof chunk?.content[0]?.id).toBe("string");
    });

    it("streams a returned string as one running text chunk", async () => {
      const chunks = await collect(new ScriptedTool({ run: () => "plain" }).invoke({}));
      expect(chunks).toHaveLength(1);
      expect(chunks[0]?.state).toBe("running");
      expect(textOf(chunks)).toBe("plain");
    });

    it("streams what an async generator yields, strings and chunks alike", async () => {
      const tool = new ScriptedTool({
        async *run() {
          yield "a";
          yield textChunk("b", { metadata: { step: 2 } });
        },
      });
      const chunks = await collect(tool.invoke({}));
      expect(chunks.map((c) => textOf([c]))).toEqual(["a", "b"]);
      expect(chunks[1]?.metadata).toEqual({ step: 2 });
    });

    it("awaits a promised result", async () => {
      const tool = new ScriptedTool({ run: () => Promise.resolve("later") });
      expect(textOf(await collect(tool.invoke({})))).toBe("later");
    });

    it("gives the tool the input object as keyword arguments", async () => {
      const tool = new ScriptedTool();
      expect(textOf(await collect(tool.invoke({ city: "Chengdu", n: 2 })))).toBe(
        '{"city":"Chengdu","n":2}',
      );
    });

    it("§11.86 rejects positional-style input (an array) with a typed error", () => {
      const tool = new ScriptedTool();
      const call = () => tool.invoke([1, 2] as unknown as ToolInput);
      expect(call).toThrow(DeveloperOrientedError);
      expect(call).toThrow(
        "ScriptedTool must be called with keyword arguments only, but got 2 positional argument(s).",
      );
    });

    it.each([["text"], [42], [null], [true]])(
      "rejects the primitive %j as one positional argument",
      (value) => {
        const tool = new ScriptedTool();
        try {
          tool.invoke(value as unknown as ToolInput);
          expect.unreachable();
        } catch (error) {
          expect(error).toMatchObject({ code: ToolErrorCode.TOOL_INPUT_NOT_OBJECT });
          expect((error as Error).message).toContain("but got 1 positional argument(s).");
        }
      },
    );

    it("treats a missing input as no keyword arguments", async () => {
      const tool = new ScriptedTool();
      expect(textOf(await collect(tool.invoke(undefined as unknown as ToolInput)))).toBe("{}");
    });

    it("throws a developer-oriented error when call returns something that is not a chunk", async () => {
      const tool = new ScriptedTool({ run: () => 42 as unknown as string });
      const error = await collect(tool.invoke({})).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DeveloperOrientedError);
      expect(error).toMatchObject({
        code: ToolErrorCode.INVALID_TOOL_RESULT,
        message:
          "The tool function must return a ToolChunk object, or an AsyncGenerator/Generator of " +
          "ToolChunk objects, but got number.",
      });
    });

    it("rejects a chunk with an unknown block type with a validation error", async () => {
      const tool = new ScriptedTool({
        run: () => ({ content: [{ type: "image", url: "x" }] }) as never,
      });
      await expect(collect(tool.invoke({}))).rejects.toBeInstanceOf(ValidationError);
    });

    it("passes the abort signal to the tool, so it can stop", async () => {
      const controller = new AbortController();
      const seen: boolean[] = [];
      const tool = new ScriptedTool({
        async *run(_input, { signal }) {
          seen.push(signal.aborted);
          controller.abort();
          seen.push(signal.aborted);
          yield "stopped";
        },
      });
      await collect(tool.invoke({}, { signal: controller.signal }));
      expect(seen).toEqual([false, true]);
    });

    it("gives every call a signal, even without one", async () => {
      const tool = new ScriptedTool({ run: (_input, { signal }) => String(signal.aborted) });
      expect(textOf(await collect(tool.invoke({})))).toBe("false");
    });

    it("hands the state to the tool", async () => {
      const state = createToolState();
      const tool = new ScriptedTool({
        stateInjected: true,
        run: (_input, context) => {
          context.state?.tool_context.activated_groups.push("g");
          return "ok";
        },
      });
      await collect(tool.invoke({}, { state }));
      expect(state.tool_context.activated_groups).toEqual(["g"]);
    });
  });

  describe("tool middleware (§9, §11.86)", () => {
    function recorder(name: string, log: string[]): ToolMiddleware {
      return {
        async *onToolCall(_tool, _input, next) {
          log.push(`${name}-pre`);
          yield* next();
          log.push(`${name}-post`);
        },
      };
    }

    it("§11.86 runs as an onion, first registered outermost", async () => {
      const log: string[] = [];
      const tool = new ScriptedTool({
        middlewares: [recorder("outer", log), recorder("inner", log)],
        run: () => {
          log.push("call");
          return "done";
        },
      });
      const chunks = await collect(tool.invoke({}));
      expect(log).toEqual(["outer-pre", "inner-pre", "call", "inner-post", "outer-post"]);
      expect(textOf(chunks)).toBe("done");
    });

    it("gives next() a stream even when the tool returns one chunk", async () => {
      let seen: unknown;
      const tool = new ScriptedTool({
        run: () => textChunk("single"),
        middlewares: [
          {
            async *onToolCall(_tool, _input, next) {
              const stream = next();
              seen = typeof stream[Symbol.asyncIterator];
              yield* stream;
            },
          },
        ],
      });
      expect(textOf(await collect(tool.invoke({})))).toBe("single");
      expect(seen).toBe("function");
    });

    it("lets a middleware rewrite the input for the inner layers", async () => {
      const tool = new ScriptedTool({
        middlewares: [
          {
            onToolCall: (_tool, input, next) => next({ ...input, city: "Hangzhou" }),
          },
        ],
      });
      expect(textOf(await collect(tool.invoke({ city: "Chengdu" })))).toBe('{"city":"Hangzhou"}');
    });

    it("forwards an input mutated in place when next() is called without arguments", async () => {
      const original = { n: 1 };
      const tool = new ScriptedTool({
        middlewares: [
          {
            onToolCall(_tool, input, next) {
              input["n"] = 2;
              return next();
            },
          },
        ],
      });
      expect(textOf(await collect(tool.invoke(original)))).toBe('{"n":2}');
      expect(original).toEqual({ n: 1 });
    });

    it("lets a middleware transform chunks", async () => {
      const upper: ToolMiddleware = {
        async *onToolCall(_tool, _input, next) {
          for await (const chunk of next()) yield textOf([chunk]).toUpperCase();
        },
      };
      const tool = new ScriptedTool({ run: () => "quiet", middlewares: [upper] });
      expect(textOf(await collect(tool.invoke({})))).toBe("QUIET");
    });

    it("lets a middleware short-circuit without running the tool", async () => {
      const calls: string[] = [];
      const cache: ToolMiddleware = {
        async *onToolCall() {
          yield { content: [{ type: "text", text: "cached" }] };
        },
      };
      const tool = new ScriptedTool({
        middlewares: [cache],
        run: () => {
          calls.push("tool");
          return "fresh";
        },
      });
      const chunks = await collect(tool.invoke({}));
      expect(textOf(chunks)).toBe("cached");
      expect(chunks[0]?.state).toBe("running");
      expect(calls).toEqual([]);
    });

    it("propagates an error thrown by a middleware", async () => {
      const tool = new ScriptedTool({
        middlewares: [
          {
            onToolCall() {
              throw new Error("blocked by policy");
            },
          },
        ],
      });
      await expect(collect(tool.invoke({}))).rejects.toThrow("blocked by policy");
    });

    it("lets an outer middleware retry an inner failure", async () => {
      let attempts = 0;
      const retry: ToolMiddleware = {
        async *onToolCall(_tool, _input, next) {
          for (;;) {
            try {
              yield* next();
              return;
            } catch (error) {
              if (attempts >= 3) throw error;
            }
          }
        },
      };
      const tool = new ScriptedTool({
        middlewares: [retry],
        run: () => {
          attempts++;
          if (attempts < 3) throw new Error("flaky");
          return `ok after ${attempts}`;
        },
      });
      expect(textOf(await collect(tool.invoke({})))).toBe("ok after 3");
    });

    it("gives middlewares the tool and the call context", async () => {
      const controller = new AbortController();
      const seen: unknown[] = [];
      const tool = new ScriptedTool({
        name: "seen",
        middlewares: [
          {
            onToolCall(t, _input, next, context) {
              seen.push(t.name, context.signal === controller.signal);
              return next();
            },
          },
        ],
      });
      await collect(tool.invoke({}, { signal: controller.signal }));
      expect(seen).toEqual(["seen", true]);
    });
  });
});
