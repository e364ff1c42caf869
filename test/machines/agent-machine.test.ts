import { describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import { AssistantMsg, UserMsg, type ToolCallBlock } from "../../src/message/index.js";
import { AgentState } from "../../src/state/index.js";
import {
  createAgentMachine,
  type ActingInput,
  type ActingOutput,
  type ReasoningInput,
  type ReasoningOutput,
  type WorkInput,
  type WorkOutput,
} from "../../src/machines/agent-machine.js";
import { fromWork } from "../../src/machines/work-actor.js";

const NAME = "agent";

function call(id: string, name: string, state: ToolCallBlock["state"] = "pending"): ToolCallBlock {
  return {
    type: "tool_call",
    id,
    name,
    input: "{}",
    state,
    suggested_rules: [],
    created_at: "2025-01-01T00:00:00.000Z",
    finished_at: null,
  };
}

/**
 * A scripted agent: each reasoning step appends what the script says; each batch finishes its
 * calls. Records which slots ran, to check the routing of spec §3.5.
 */
function scripted(
  steps: ((state: AgentState) => { final?: string })[],
  options: { maxIters?: number } = {},
) {
  const log: string[] = [];
  const state = new AgentState();
  let step = 0;
  const finished: (string | null)[] = [];
  const machine = createAgentMachine().provide({
    actors: {
      compress: fromWork<WorkOutput, WorkInput>(async () => ({
        interrupted: false,
      })),
      callModel: fromWork<ReasoningOutput, ReasoningInput>(async () => {
        const script = steps[step++];
        if (script === undefined) throw new Error("script ran out");
        const out = script(state);
        log.push("model");
        return {
          interrupted: false,
          finalMsg:
            out.final === undefined
              ? null
              : new AssistantMsg({ name: NAME, id: state.replyId, content: out.final }),
        };
      }),
      runBatch: fromWork<ActingOutput, ActingInput>(async (input) => {
        log.push(`${input.batch.kind}:${input.batch.calls.map((c) => c.id).join(",")}`);
        for (const c of input.batch.calls) {
          c.state = "finished";
          state.appendContext(NAME, [
            {
              type: "tool_result",
              id: c.id,
              name: c.name,
              output: "ok",
              state: "success",
              metadata: {},
              created_at: "2025-01-01T00:00:00.000Z",
              finished_at: null,
            },
          ]);
        }
        return { interrupted: false, parked: false };
      }),
    },
    actions: {
      beginReply: ({ event }) => {
        if (event.type === "REPLY" && event.request.kind === "new")
          state.context.push(...event.request.msgs);
        state.reply_context = {
          reply_id: `r${finished.length}`,
          cur_iter: 0,
          structured_schema: null,
          structured_output: null,
        };
        log.push("REPLY_START");
      },
      applyResume: () => log.push("resume"),
      appendHint: (_, params) => {
        if (params.hint !== null) log.push("hint");
      },
      parkReply: (_, params) => {
        finished.push(params.msg.getTextContent());
      },
      finishReply: (_, params) => {
        log.push(`REPLY_END(${params.reason})`);
        finished.push(params.msg.getTextContent());
      },
      endInterrupted: () => log.push("REPLY_END(interrupted)"),
      failReply: (_, params) => {
        log.push(`fail:${String(params.error)}`);
      },
      abortWork: () => log.push("abort"),
    },
  });
  const actor = createActor(machine, {
    input: {
      name: NAME,
      maxIters: options.maxIters ?? 10,
      graceIters: 5,
      host: {
        state,
        isConcurrencySafe: (tool) => tool !== "Write",
        countIteration: () => {
          state.curIter += 1;
        },
      },
    },
  });
  actor.start();
  return { actor, log, state, finished };
}

describe("agent machine", () => {
  it("§3.5 text answer: one reasoning step, then exit completed; cur_iter 1", async () => {
    const { actor, log, state, finished } = scripted([() => ({ final: "hello" })]);
    expect(actor.getSnapshot().value).toBe("idle");
    actor.send({
      type: "REPLY",
      request: { kind: "new", msgs: [new UserMsg({ name: "u", content: "hi" })] },
    });
    await waitFor(actor, () => finished.length === 1);
    expect(actor.getSnapshot().value).toBe("idle");
    expect(log).toEqual(["REPLY_START", "model", "REPLY_END(completed)"]);
    expect(finished).toEqual(["hello"]);
    expect(state.curIter).toBe(1);
  });

  it("§3.7 tool round: batches seq, conc+conc then text; the round counts once", async () => {
    const { actor, log, state, finished } = scripted([
      (s) => {
        s.appendContext(NAME, [call("c1", "Write"), call("c2", "Read"), call("c3", "Read")]);
        return {};
      },
      () => ({ final: "done" }),
    ]);
    actor.send({ type: "REPLY", request: { kind: "new", msgs: [] } });
    await waitFor(actor, () => finished.length === 1);
    expect(log).toEqual([
      "REPLY_START",
      "model",
      "sequential:c1",
      "concurrent:c2,c3",
      "model",
      "REPLY_END(completed)",
    ]);
    expect(state.curIter).toBe(2);
  });

  it("§11.94 max_iters=1 with a tool round exits exceed_max_iters", async () => {
    const { actor, log, finished } = scripted(
      [
        (s) => {
          s.appendContext(NAME, [call("c1", "Read")]);
          return {};
        },
      ],
      { maxIters: 1 },
    );
    actor.send({ type: "REPLY", request: { kind: "new", msgs: [] } });
    await waitFor(actor, () => finished.length === 1);
    expect(log.at(-1)).toBe("REPLY_END(exceed_max_iters)");
    expect(finished).toEqual(["The maximum reasoning-acting iterations are exceeded."]);
  });

  it("§3.5 an asking call parks the reply in awaiting-confirm without REPLY_END", async () => {
    const { actor, log, finished } = scripted([
      (s) => {
        s.appendContext(NAME, [call("c1", "Write", "asking")]);
        return {};
      },
    ]);
    actor.send({ type: "REPLY", request: { kind: "new", msgs: [] } });
    await waitFor(actor, () => finished.length === 1);
    expect(actor.getSnapshot().value).toBe("awaiting-confirm");
    expect(finished).toEqual([
      "I'm waiting for your permission or the external execution to finish.",
    ]);
    expect(log).not.toContain("REPLY_END(completed)");
    actor.send({ type: "INTERRUPT" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(log.at(-1)).toBe("REPLY_END(interrupted)");
  });

  it("§3.5 max_iters=0 exits right after REPLY_START without a model call", async () => {
    const { actor, log, finished } = scripted([], { maxIters: 0 });
    actor.send({ type: "REPLY", request: { kind: "new", msgs: [] } });
    await waitFor(actor, () => finished.length === 1);
    expect(log).toEqual(["REPLY_START", "REPLY_END(exceed_max_iters)"]);
  });

  it("a failing model call fails the reply and returns to idle", async () => {
    const { actor, log } = scripted([]);
    actor.send({ type: "REPLY", request: { kind: "new", msgs: [] } });
    await waitFor(actor, () => log.some((l) => l.startsWith("fail:")));
    expect(actor.getSnapshot().value).toBe("idle");
  });
});
