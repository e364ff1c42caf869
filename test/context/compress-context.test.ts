import { describe, expect, it } from "vitest";
import {
  ContextConfigSchema,
  TRUNCATED_SUMMARY,
  compressContextOnce,
  splitForCompression,
  type TokenCounter,
} from "../../src/context/index.js";
import {
  AssistantMsg,
  Msg,
  ScriptedModel,
  SystemMsg,
  UserMsg,
  HintBlockSchema,
  type ContentBlock,
  type ScriptedTurn,
} from "../../src/index.js";
import { useQuietLogger } from "../harness/quiet-logger.js";

useQuietLogger();

/** Counts characters of text, call inputs and results: tokens = characters, as the pinned examples do. */
const chars: TokenCounter = (messages) =>
  Promise.resolve(
    messages.reduce(
      (sum, msg) =>
        sum +
        msg.content.reduce((n, b: ContentBlock) => {
          if (b.type === "text") return n + b.text.length;
          if (b.type === "tool_call") return n + b.input.length;
          if (b.type === "tool_result")
            return n + (typeof b.output === "string" ? b.output.length : 0);
          return n;
        }, 0),
      0,
    ),
  );

const msg = (id: string, text: string) =>
  new Msg({ id, name: "user", role: "user", content: text });
const ids = (messages: readonly Msg[]) => messages.map((m) => m.id);

describe("§8.3 split for compression", () => {
  it("§8.3 pinned: system 60, messages 30/10/10, budget 80 → compress 1, reserve 2 and 3", async () => {
    const base = [new SystemMsg({ name: "system", content: "s".repeat(60) })];
    const context = [msg("1", "a".repeat(30)), msg("2", "b".repeat(10)), msg("3", "c".repeat(10))];
    const split = await splitForCompression(base, context, 80, [], chars);
    expect(ids(split.toCompress)).toEqual(["1"]);
    expect(ids(split.reserve)).toEqual(["2", "3"]);
  });

  it("everything fits: nothing to compress, everything reserved", async () => {
    const context = [msg("1", "ab"), msg("2", "cd")];
    const split = await splitForCompression([], context, 100, [], chars);
    expect(split.toCompress).toEqual([]);
    expect(ids(split.reserve)).toEqual(["1", "2"]);
  });

  it("a boundary message is split by blocks and a tool call never loses its result", async () => {
    const at = new Date().toISOString();
    const call = (id: string, input: string): ContentBlock => ({
      type: "tool_call",
      id,
      name: "t",
      input,
      state: "finished",
      suggested_rules: [],
      created_at: at,
      finished_at: at,
    });
    const result = (id: string, output: string): ContentBlock =>
      ({
        type: "tool_result",
        id,
        name: "t",
        output,
        state: "success",
        created_at: at,
        finished_at: at,
      }) as ContentBlock;
    const boundary = Msg.fromJSON({
      ...new AssistantMsg({ name: "a", content: "x" }).toJSON(),
      id: "B",
      content: [
        call("c1", "1".repeat(20)),
        result("c1", "r".repeat(20)),
        call("c2", "2".repeat(5)),
        result("c2", "s".repeat(5)),
      ],
    });
    // Budget 30: the last call/result pair (10) fits, the earlier result (20) would not: it
    // moves to the compressed side with its call.
    const split = await splitForCompression(
      [],
      [msg("0", "z".repeat(40)), boundary],
      30,
      [],
      chars,
    );
    const compressedBlocks = split.toCompress.flatMap((m) =>
      m.content.map((b) => `${b.type}:${b.id}`),
    );
    const reservedBlocks = split.reserve.flatMap((m) => m.content.map((b) => `${b.type}:${b.id}`));
    expect(reservedBlocks).toEqual(["tool_call:c2", "tool_result:c2"]);
    expect(compressedBlocks).toContain("tool_call:c1");
    expect(compressedBlocks).toContain("tool_result:c1");
    expect(split.reserve[0]?.id).toBe("B");
    expect(split.toCompress.at(-1)?.id).toBe("B");
  });
});

const summaryCall = (task: string): ScriptedTurn => ({
  toolCalls: [
    {
      name: "generate_structured_output",
      input: {
        task_overview: task,
        current_state: "s",
        important_discoveries: "d",
        next_steps: "n",
        context_to_preserve: "c",
      },
    },
  ],
});

function input(model: ScriptedModel, context: Msg[], summary: string = "") {
  return {
    model,
    systemPrompt: "You are helpful.",
    summary,
    context,
    tools: [],
    config: ContextConfigSchema.parse({}),
    instructions: null,
  };
}

describe("§8.2 compressContextOnce", () => {
  it("below the trigger nothing changes", async () => {
    const model = new ScriptedModel({ responses: [], contextSize: 10_000 });
    const outcome = await compressContextOnce(input(model, [msg("1", "hi")]));
    expect(outcome.compressed).toBe(false);
  });

  it("at the trigger the older messages become the rendered summary; the newest stay", async () => {
    const model = new ScriptedModel({
      responses: [summaryCall("the task")],
      contextSize: 1000,
      recordCalls: true,
    });
    // 20 messages of 50 tokens: 1000 ≥ the trigger (800); the reserve (100) keeps the newest.
    const context = Array.from({ length: 20 }, (_, i) => msg(`${i}`, "w".repeat(200)));
    const outcome = await compressContextOnce(input(model, context));
    expect(outcome.compressed).toBe(true);
    if (!outcome.compressed) return;
    expect(outcome.summary).toBe(
      "<system-info>Here is a summary of your previous work\n# Task Overview\nthe task\n\n# Current State\ns\n\n" +
        "# Important Discoveries\nd\n\n# Next Steps\nn\n\n# Context to Preserve\nc</system-info>",
    );
    expect(outcome.context.length).toBeGreaterThan(0);
    expect(outcome.context.at(-1)?.id).toBe("19");
    expect([...ids(outcome.removed), ...ids(outcome.context)]).toEqual(ids(context));
    expect(
      await model.countTokens([
        new UserMsg({ name: "u", content: outcome.summary }),
        ...outcome.context,
      ]),
    ).toBeLessThan(800);
  });

  it("a failed summary falls back to truncation with the reference's notice", async () => {
    const model = new ScriptedModel({
      responses: ["not a tool call", "still not"],
      contextSize: 1000,
    });
    const context = Array.from({ length: 10 }, (_, i) => msg(`${i}`, "w".repeat(400)));
    const outcome = await compressContextOnce(input(model, context));
    expect(outcome).toMatchObject({
      compressed: true,
      summarised: false,
      summary: TRUNCATED_SUMMARY,
    });
  });

  it("an offloader stores the compressed messages and the summary points at them", async () => {
    const model = new ScriptedModel({ responses: [summaryCall("t")], contextSize: 1000 });
    const stored: string[][] = [];
    const outcome = await compressContextOnce({
      ...input(
        model,
        Array.from({ length: 10 }, (_, i) => msg(`${i}`, "w".repeat(400))),
      ),
      offload: (messages) => {
        stored.push(ids(messages));
        return Promise.resolve("/work/sessions/s/context.jsonl");
      },
    });
    expect(stored[0]?.length).toBeGreaterThan(0);
    expect(outcome.compressed && outcome.summary).toContain(
      "\n<system-reminder>The compressed context is offloaded to '/work/sessions/s/context.jsonl', you can refer to it when needed.</system-reminder>",
    );
  });

  it("a system prompt alone over the trigger cannot be compressed (the reference's text)", async () => {
    const model = new ScriptedModel({ responses: [], contextSize: 100 });
    await expect(
      compressContextOnce({ ...input(model, []), systemPrompt: "p".repeat(1000) }),
    ).rejects.toThrow(
      "The system prompt exceeds the compression threshold (80.0 tokens), cannot be compressed.",
    );
    await expect(
      compressContextOnce({ ...input(model, [], "earlier"), systemPrompt: "p".repeat(1000) }),
    ).rejects.toThrow(
      "The system prompt and the compression summary exceed the compression threshold (80.0 tokens), cannot be compressed.",
    );
  });
});

describe("§11 #119–121 compression, as pinned", () => {
  const pinned = () => [
    msg("1", "a".repeat(120)),
    msg("2", "b".repeat(40)),
    msg("3", "c".repeat(40)),
  ];
  const config = ContextConfigSchema.parse({ triggerRatio: 0.7, reserveRatio: 0.4 });

  it("§11 #119 system 20, context 30/10/10, size 100, trigger .7, reserve .4 → the template's summary, context 2 and 3", async () => {
    const model = new ScriptedModel({ responses: [summaryCall("T")], contextSize: 100 });
    const outcome = await compressContextOnce({
      ...input(model, pinned()),
      systemPrompt: "s".repeat(80),
      config,
    });
    expect(outcome.compressed && ids(outcome.context)).toEqual(["2", "3"]);
    expect(outcome.compressed && outcome.summary).toContain("# Task Overview\nT\n");
  });

  it("§11 #120 a failing summary (no overflow) → the truncation notice, the oldest message dropped", async () => {
    const model = new ScriptedModel({
      responses: ["no tool call", "still none"],
      contextSize: 100,
    });
    const outcome = await compressContextOnce({
      ...input(model, pinned()),
      systemPrompt: "s".repeat(80),
      config,
    });
    expect(outcome).toMatchObject({ compressed: true, summary: TRUNCATED_SUMMARY });
    expect(outcome.compressed && ids(outcome.context)).toEqual(["2", "3"]);
  });

  it("§11 #121 instructions reach the request as an assistant hint; the stored context has none", async () => {
    const model = new ScriptedModel({
      responses: [summaryCall("T")],
      contextSize: 100,
      recordCalls: true,
    });
    const hint = HintBlockSchema.parse({ type: "hint", hint: "Keep the file names." });
    const outcome = await compressContextOnce({
      ...input(model, pinned()),
      systemPrompt: "s".repeat(80),
      config,
      instructions: hint,
    });
    const request = model.calls[0]?.messages ?? [];
    const assistant = request.find((m) => m.role === "assistant");
    expect(assistant?.content).toEqual([hint]);
    expect(
      outcome.compressed &&
        outcome.context.flatMap((m) => m.content).some((b) => b.type === "hint"),
    ).toBe(false);
  });
});
