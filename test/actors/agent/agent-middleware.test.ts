import { describe, expect, it } from "vitest";
import {
  Msg,
  ToolResponse,
  textChunk,
  type Agent,
  type AgentMiddleware,
  type HintBlock,
  type ScriptedTurn,
} from "../../../src/index.js";
import {
  allow,
  collect,
  confirmEvent,
  echo,
  makeAgent,
  scripted,
  shape,
  user,
  yes,
} from "./agent-fixture.js";
import { decision } from "../../tools/fixtures.js";

const toolRound: ScriptedTurn[] = [
  { toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] },
  "done",
];

const textOf = (msg: Msg | undefined) => msg?.getTextContent() ?? null;

describe("Agent middleware hooks (spec §9)", () => {
  it("§9 onSystemPrompt transforms the prompt the model receives, in list order", async () => {
    const seen: string[] = [];
    const model = scripted(["ok"]);
    const agent = makeAgent(model, {
      middlewares: [
        {
          onSystemPrompt(agentArg, prompt) {
            seen.push(`${agentArg.name}:${prompt}`);
            return `${prompt}\nBe brief.`;
          },
        },
        {
          onSystemPrompt: (_agent, prompt) => Promise.resolve(`${prompt}\nAnswer in English.`),
        },
      ],
    });
    await agent.reply(user("hi"));
    // once for the compression check, once for the model call (as the reference)
    expect(seen).toEqual(["Friday:You are helpful.", "Friday:You are helpful."]);
    const system = model.calls[0]?.messages[0];
    expect(system?.role).toBe("system");
    expect(textOf(system)).toBe("You are helpful.\nBe brief.\nAnswer in English.");
  });

  it("§9 onModelCall sees currentModel/messages/tools/toolChoice; a mutated input and next() overrides reach the model", async () => {
    const model = scripted(["ok"]);
    const seen: Record<string, unknown>[] = [];
    const agent = makeAgent(model, {
      tools: [echo()],
      state: allow("echo"),
      middlewares: [
        {
          onModelCall(_agent, input, next) {
            seen.push({
              model: input.currentModel,
              roles: input.messages.map((m) => m.role),
              tools: input.tools.map((t) => t.function.name),
              toolChoice: input.toolChoice,
            });
            // Mutating the input object and calling next() forwards the mutation.
            input.toolChoice = "none";
            return next();
          },
        },
        {
          onModelCall(_agent, input, next) {
            seen.push({ toolChoice: input.toolChoice });
            // Explicit overrides win ("kwargs override").
            return next({ messages: [...input.messages, user("(answer in one word)")] });
          },
        },
      ],
    });
    await agent.reply(user("hi"));
    expect(seen).toEqual([
      { model, roles: ["system", "user"], tools: ["echo"], toolChoice: null },
      { toolChoice: "none" },
    ]);
    expect(model.calls[0]?.toolChoice).toBe("none");
    expect(model.calls[0]?.messages.map(textOf)).toEqual([
      "You are helpful.",
      "hi",
      "(answer in one word)",
    ]);
    // The override is for this call only: the context does not hold the extra message.
    expect(agent.state.context.map(textOf)).toEqual(["hi", "ok"]);
  });

  it("§9 onReasoning wraps each reasoning step (its events and final Msg) and next({toolChoice}) reaches the model", async () => {
    const model = scripted(toolRound);
    const steps: { toolChoice: unknown; items: string[] }[] = [];
    const agent = makeAgent(model, {
      tools: [echo()],
      state: allow("echo"),
      middlewares: [
        {
          async *onReasoning(_agent, input, next) {
            const step = { toolChoice: input.toolChoice, items: [] as string[] };
            steps.push(step);
            for await (const item of next({ toolChoice: "auto" })) {
              step.items.push(item instanceof Msg ? "Msg" : item.type);
              yield item;
            }
          },
        },
      ],
    });
    const events = await collect(agent.replyStream(user("go")));
    expect(steps.map((s) => s.toolChoice)).toEqual([null, null]);
    expect(model.calls.map((c) => c.toolChoice)).toEqual(["auto", "auto"]);
    expect(steps[0]?.items[0]).toBe("MODEL_CALL_START");
    expect(steps[0]?.items.at(-1)).toBe("MODEL_CALL_END");
    expect(steps[1]?.items.slice(-2)).toEqual(["MODEL_CALL_END", "Msg"]);
    expect(events.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "completed" });
  });

  it("§9 onCheckPermission can turn an ASK into ALLOW without the engine; it gets deep copies", async () => {
    const ran: string[] = [];
    const seen: unknown[] = [];
    const agent = makeAgent(scripted(toolRound), {
      tools: [echo(ran)],
      middlewares: [
        {
          onCheckPermission(_agent, input) {
            seen.push({
              call: input.toolCall.id,
              tool: input.tool.name,
              input: structuredClone(input.toolInput),
            });
            input.toolCall.input = '{"text":"tampered"}';
            input.toolInput["text"] = "tampered";
            return Promise.resolve(decision("allow", "The policy allows echo."));
          },
        },
      ],
    });
    const events = await collect(agent.replyStream(user("go")));
    expect(seen).toEqual([{ call: "c1", tool: "echo", input: { text: "x" } }]);
    expect(events.some((e) => e.type === "REQUIRE_USER_CONFIRM")).toBe(false);
    expect(ran).toEqual(["x"]);
    expect(agent.state.context.at(-1)?.getContentBlocks("tool_call")[0]?.input).toBe(
      '{"text":"x"}',
    );
    expect(events.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "completed" });
  });

  it("§9 onCheckPermission returning DENY gives a denied result with its message, then the model is called again", async () => {
    const ran: string[] = [];
    const model = scripted([...toolRound]);
    const agent = makeAgent(model, {
      tools: [echo(ran)],
      state: allow("echo"), // the engine would allow; the middleware decides
      middlewares: [
        { onCheckPermission: () => Promise.resolve(decision("deny", "Blocked by policy.")) },
      ],
    });
    const events = await collect(agent.replyStream(user("go")));
    const results = events.filter((e) => e.type.startsWith("TOOL_RESULT_"));
    expect(results.map((e) => e.type)).toEqual([
      "TOOL_RESULT_START",
      "TOOL_RESULT_TEXT_DELTA",
      "TOOL_RESULT_END",
    ]);
    expect(results[1]).toMatchObject({ delta: "Blocked by policy." });
    expect(results[2]).toMatchObject({ state: "denied" });
    expect(ran).toEqual([]);
    expect(model.callCount).toBe(2);
    expect(agent.state.context.at(-1)?.getContentBlocks("tool_result")[0]).toMatchObject({
      output: "Blocked by policy.",
      state: "denied",
    });
  });

  it("§9 a PASSTHROUGH returned by onCheckPermission is treated as ASK", async () => {
    const agent = makeAgent(scripted(toolRound), {
      tools: [echo()],
      state: allow("echo"),
      middlewares: [{ onCheckPermission: () => Promise.resolve(decision("passthrough", "")) }],
    });
    const events = await collect(agent.replyStream(user("go")));
    expect(events.at(-1)?.type).toBe("REQUIRE_USER_CONFIRM");
    expect(agent.state.getAwaitingToolCalls("Friday").map((c) => c.state)).toEqual(["asking"]);
  });

  it("§3.7/§9 a confirmed call still passes onCheckPermission, whose next() allows it without the engine", async () => {
    const seen: { state: string; behavior: string; message: string }[] = [];
    const agent = makeAgent(scripted(toolRound), {
      tools: [echo()],
      middlewares: [
        {
          async onCheckPermission(_agent, input, next) {
            const result = await next();
            seen.push({
              state: input.toolCall.state,
              behavior: result.behavior,
              message: result.message,
            });
            return result;
          },
        },
      ],
    });
    await agent.reply(user("go"));
    const call = agent.state.getAwaitingToolCalls("Friday")[0]!;
    await agent.reply(confirmEvent(agent, [yes(call)]));
    expect(seen).toEqual([
      { state: "pending", behavior: "ask", message: "Permission required for echo" },
      { state: "allowed", behavior: "allow", message: "Already allowed by user confirmation." },
    ]);
  });

  it("§9 onActing sees the call, may run it with a modified call, and wraps its result stream", async () => {
    const ran: string[] = [];
    const seen: string[] = [];
    const agent = makeAgent(scripted(toolRound), {
      tools: [echo(ran)],
      state: allow("echo"),
      middlewares: [
        {
          async *onActing(_agent, input, next) {
            seen.push(`call:${input.toolCall.id}:${input.toolCall.input}`);
            const patched = { ...input.toolCall, input: JSON.stringify({ text: "patched" }) };
            for await (const item of next({ toolCall: patched })) {
              if (item instanceof ToolResponse) {
                seen.push("response");
                item.appendChunk(textChunk(" [audited]"));
                item.metadata["audited"] = true;
              } else {
                seen.push("chunk");
              }
              yield item;
            }
          },
        },
      ],
    });
    const events = await collect(agent.replyStream(user("go")));
    expect(seen).toEqual(['call:c1:{"text":"x"}', "chunk", "response"]);
    expect(ran).toEqual(["patched"]);
    expect(events.find((e) => e.type === "TOOL_RESULT_TEXT_DELTA")).toMatchObject({
      tool_call_id: "c1",
      delta: "echo: patched",
    });
    expect(events.find((e) => e.type === "TOOL_RESULT_END")).toMatchObject({
      tool_call_id: "c1",
      state: "success",
      metadata: { audited: true },
    });
    const reply = agent.state.context.at(-1)!;
    const result = reply.getContentBlocks("tool_result")[0];
    const output = Array.isArray(result?.output)
      ? result.output.map((b) => (b.type === "text" ? b.text : "")).join("")
      : result?.output;
    expect(output).toBe("echo: patched [audited]");
    // The override went to the toolkit only: the stored call is the model's.
    expect(reply.getContentBlocks("tool_call")[0]).toMatchObject({
      id: "c1",
      input: '{"text":"x"}',
      state: "finished",
    });
  });

  it("§9 agent.compressContext() goes through onCompressContext with the config and instructions", async () => {
    const seen: unknown[] = [];
    let reachedImpl = 0;
    const agent = makeAgent(scripted([]), {
      middlewares: [
        {
          async onCompressContext(_agent, input, next) {
            seen.push({ config: input.contextConfig, instructions: input.instructions });
            await next();
            reachedImpl += 1;
          },
        },
      ],
    });
    await agent.compressContext();
    const hint: HintBlock = {
      type: "hint",
      id: "h1",
      hint: "Keep the file names.",
      source: "test",
      created_at: "2025-01-01T00:00:00.000Z",
      finished_at: null,
    };
    await agent.compressContext({ triggerRatio: 0.7, reserveRatio: 0.2 }, hint);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual({ config: agent.configs.contextConfig, instructions: null });
    expect(seen[1]).toMatchObject({ config: { triggerRatio: 0.7 }, instructions: hint });
    expect(reachedImpl).toBe(2);
  });

  it("§3.3/§9 onCompressContext wraps the compression run before every reasoning step", async () => {
    const log: string[] = [];
    const agent = makeAgent(scripted(toolRound), {
      tools: [echo()],
      state: allow("echo"),
      middlewares: [
        {
          async onCompressContext(_agent, _input, next) {
            log.push("compress");
            await next();
          },
          async *onReasoning(_agent, _input, next) {
            log.push("reasoning");
            yield* next();
          },
        },
      ],
    });
    await agent.reply(user("go"));
    expect(log).toEqual(["compress", "reasoning", "compress", "reasoning"]);
  });

  it("§9 onion order: the first middleware is outermost for every onion hook", async () => {
    const log: string[] = [];
    const layer = (name: string): AgentMiddleware<Agent> => ({
      async *onReply(_agent, _input, next) {
        log.push(`reply:${name}:before`);
        yield* next();
        log.push(`reply:${name}:after`);
      },
      async *onReasoning(_agent, _input, next) {
        log.push(`reasoning:${name}:before`);
        yield* next();
        log.push(`reasoning:${name}:after`);
      },
      async onCheckPermission(_agent, _input, next) {
        log.push(`permission:${name}:before`);
        const result = await next();
        log.push(`permission:${name}:after`);
        return result;
      },
      async *onActing(_agent, _input, next) {
        log.push(`acting:${name}:before`);
        yield* next();
        log.push(`acting:${name}:after`);
      },
      async onModelCall(_agent, _input, next) {
        log.push(`model:${name}:before`);
        const result = await next();
        log.push(`model:${name}:after`);
        return result;
      },
      async onCompressContext(_agent, _input, next) {
        log.push(`compress:${name}:before`);
        await next();
        log.push(`compress:${name}:after`);
      },
    });
    const agent = makeAgent(scripted(toolRound), {
      tools: [echo()],
      state: allow("echo"),
      middlewares: [layer("outer"), layer("inner")],
    });
    const events = await collect(agent.replyStream(user("go")));
    expect(shape(events).at(-1)).toBe("REPLY_END");
    await agent.compressContext();

    const onion = (hook: string) => [
      `${hook}:outer:before`,
      `${hook}:inner:before`,
      `${hook}:inner:after`,
      `${hook}:outer:after`,
    ];
    for (const hook of ["reply", "reasoning", "permission", "acting", "model"]) {
      expect(log.filter((entry) => entry.startsWith(`${hook}:`)).slice(0, 4)).toEqual(onion(hook));
    }
    expect(log.filter((entry) => entry.startsWith("compress:")).slice(-4)).toEqual(
      onion("compress"),
    );
    // One reply: a tool round and a final answer.
    expect(log.filter((entry) => entry === "reasoning:outer:before")).toHaveLength(2);
    expect(log.filter((entry) => entry === "model:inner:before")).toHaveLength(2);
    expect(log.filter((entry) => entry === "acting:outer:before")).toHaveLength(1);
  });
});
