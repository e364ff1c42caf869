import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ChatModelBase,
  ToolResponse,
  textChunk,
  type AgentEvent,
  type ChatCallOptions,
  type ChatResponse,
  type Msg,
} from "../../../src/index.js";
import { allow, echo, makeAgent, user } from "./agent-fixture.js";

/** The interrupt grace of the agent machine (`interruptGrace`): after it the reply ends without its work. */
const GRACE_MS = 5_000;

function response(init: { text: string; is_last?: boolean }): ChatResponse {
  const at = new Date().toISOString();
  return {
    id: `r-${init.text}`,
    created_at: at,
    content: [
      { type: "text", text: init.text, id: `t-${init.text}`, created_at: at, finished_at: null },
    ],
    is_last: init.is_last ?? true,
    usage: null,
    finished_reason: "completed",
    metadata: {},
  };
}

/**
 * A non-streaming model that ignores its abort signal: the first call answers only when the test
 * says so (`answerLate`), later calls answer at once with "on time".
 */
class DeafModel extends ChatModelBase<false> {
  readonly model = "deaf";
  readonly stream = false;
  readonly contextSize = 100_000;
  readonly supportedInputMediaTypes = [] as const;
  calls = 0;
  answerLate!: (text: string) => void;
  readonly called: Promise<void>;
  #markCalled!: () => void;

  constructor() {
    super();
    this.called = new Promise((resolve) => {
      this.#markCalled = resolve;
    });
  }

  /** How long later calls take (on the test's fake clock). */
  laterCallMs = 0;

  call(_messages: readonly Msg[], _options?: ChatCallOptions): Promise<ChatResponse> {
    this.calls += 1;
    if (this.calls > 1) {
      return new Promise((resolve) =>
        setTimeout(() => {
          resolve(response({ text: "on time" }));
        }, this.laterCallMs),
      );
    }
    this.#markCalled();
    return new Promise((resolve) => {
      this.answerLate = (text) => {
        resolve(response({ text }));
      };
    });
  }
}

/** A streaming model that ignores its abort signal: chunks come when the test pushes them. */
class DeafStreamModel extends ChatModelBase<true> {
  readonly model = "deaf-stream";
  readonly stream = true;
  readonly contextSize = 100_000;
  readonly supportedInputMediaTypes = [] as const;
  calls = 0;
  returned = false;
  #queue: ChatResponse[] = [];
  #wake: (() => void) | null = null;

  push(chunk: ChatResponse): void {
    this.#queue.push(chunk);
    this.#wake?.();
  }

  call(): Promise<AsyncIterable<ChatResponse>> {
    this.calls += 1;
    if (this.calls > 1) {
      return Promise.resolve(
        (async function* () {
          yield response({ text: "on time" });
        })(),
      );
    }
    const next = async (): Promise<IteratorResult<ChatResponse>> => {
      while (this.#queue.length === 0) {
        await new Promise<void>((resolve) => {
          this.#wake = resolve;
        });
      }
      return { done: false, value: this.#queue.shift()! };
    };
    const close = (): Promise<IteratorResult<ChatResponse>> => {
      this.returned = true;
      return Promise.resolve({ done: true, value: undefined });
    };
    return Promise.resolve({
      [Symbol.asyncIterator]: () => ({ next, return: close }),
    });
  }
}

const texts = (events: readonly AgentEvent[]) =>
  events.flatMap((e) => (e.type === "TEXT_BLOCK_DELTA" ? [e.delta] : []));
const contextTexts = (messages: readonly Msg[]) => messages.map((m) => m.getTextContent());

describe("Late work after an interrupt is dropped (spec §3.8)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("§3.8 a model that ignores its signal and answers after REPLY_END(interrupted): nothing is emitted or saved", async () => {
    vi.useFakeTimers();
    const model = new DeafModel();
    const agent = makeAgent(model);
    const events: AgentEvent[] = [];
    agent.events$.subscribe((e) => events.push(e));

    const first = agent.reply(user("one"));
    await model.called;
    await agent.interrupt();
    await vi.advanceTimersByTimeAsync(GRACE_MS);
    expect((await first).finished_reason).toBe("interrupted");
    expect(events.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "interrupted" });
    const ended = events.length;

    // The next reply runs; the old call answers late, in the middle of it.
    const second = agent.reply(user("two"));
    model.answerLate("LATE");
    await vi.advanceTimersByTimeAsync(10);
    expect((await second).getTextContent()).toBe("on time");

    const after = events.slice(ended);
    expect(after[0]).toMatchObject({ type: "REPLY_START" });
    expect(after.filter((e) => e.type === "MODEL_CALL_END")).toHaveLength(1);
    expect(texts(after)).toEqual(["on time"]);
    expect(contextTexts(agent.state.context).join("\n")).not.toContain("LATE");
    expect(agent.actor.getSnapshot().value).toBe("idle");
  });

  it("§3.8 a stream that keeps coming after REPLY_END(interrupted) is dropped and closed", async () => {
    vi.useFakeTimers();
    const model = new DeafStreamModel();
    const agent = makeAgent(model);
    const events: AgentEvent[] = [];
    agent.events$.subscribe((e) => events.push(e));

    const stream: AgentEvent[] = [];
    const first = (async () => {
      for await (const e of agent.replyStream(user("one"))) stream.push(e);
    })();
    model.push(response({ text: "early", is_last: false }));
    await vi.advanceTimersByTimeAsync(1);
    expect(texts(stream)).toEqual(["early"]);
    await agent.interrupt();
    await vi.advanceTimersByTimeAsync(GRACE_MS);
    await first;
    expect(stream.at(-1)).toMatchObject({ type: "REPLY_END", finished_reason: "interrupted" });
    const ended = events.length;

    model.push(response({ text: "late", is_last: false }));
    model.push(response({ text: "late", is_last: true }));
    await vi.advanceTimersByTimeAsync(10);
    expect(events.length).toBe(ended);
    expect(model.returned).toBe(true);
    expect(contextTexts(agent.state.context).join("\n")).not.toContain("late");
    expect((await agent.reply(user("two"))).getTextContent()).toBe("on time");
  });

  it("§3.8 a tool (behind an onActing middleware) that ignores its signal and answers late: no events, no result saved", async () => {
    vi.useFakeTimers();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const agent = makeAgent(
      [{ toolCalls: [{ id: "c1", name: "echo", input: { text: "x" } }] }, "next reply"],
      {
        tools: [echo()],
        state: allow("echo"),
        middlewares: [
          {
            async *onActing() {
              started();
              await answered; // ignores the signal
              yield textChunk("LATE CHUNK");
              yield new ToolResponse({ content: [textChunk("LATE RESULT").content[0]!] });
            },
          },
        ],
      },
    );
    const events: AgentEvent[] = [];
    agent.events$.subscribe((e) => events.push(e));
    const first = agent.reply(user("one"));
    await running;
    await agent.interrupt();
    await vi.advanceTimersByTimeAsync(GRACE_MS);
    expect((await first).finished_reason).toBe("interrupted");
    const reply = agent.state.context.at(-1)!;
    const results = () => reply.getContentBlocks("tool_result");
    expect(results()).toEqual([expect.objectContaining({ id: "c1", state: "interrupted" })]);
    const ended = events.length;
    const contextBefore = JSON.stringify(agent.state.context);

    answer();
    await vi.advanceTimersByTimeAsync(10);
    expect(events.length).toBe(ended);
    expect(JSON.stringify(agent.state.context)).toBe(contextBefore);
    expect(results()).toHaveLength(1);
  });

  it("§3.8 an interrupt whose work still completed leaves no timer behind to interrupt the next reply", async () => {
    vi.useFakeTimers();
    const model = new DeafModel();
    model.laterCallMs = GRACE_MS * 2; // the next reply's model call outlives the grace
    const agent = makeAgent(model);
    const first = agent.reply(user("one"));
    await model.called;
    await agent.interrupt();
    await agent.interrupt(); // twice: one timer, not two
    model.answerLate("in time"); // within the grace: the step completes
    expect((await first).getTextContent()).toBe("in time");

    const second = agent.reply(user("two"));
    await vi.advanceTimersByTimeAsync(GRACE_MS * 2);
    const msg = await second;
    expect(msg.finished_reason).toBe("completed");
    expect(msg.getTextContent()).toBe("on time");
  });
});
