import { describe, expect, it } from "vitest";
import { AgentState, AssistantMsg, UserMsg } from "../../../src/index.js";
import { InputMeasure } from "../../../src/actors/agent/input-measure.js";

const user = (text: string) => new UserMsg({ name: "user", content: text });

function stateWith(...texts: string[]): AgentState {
  const state = new AgentState();
  state.context.push(...texts.map(user));
  return state;
}

describe("InputMeasure", () => {
  it("does give the count itself while nothing changed, and 0 appended", () => {
    const state = stateWith("a", "b");
    const measure = InputMeasure.take(120, state, "sys");
    expect(measure.exactTokens(state, "sys")).toBe(120);
    expect(measure.appendedTokens(state, "sys")).toBe(0);
  });

  it("does estimate appended messages and blocks appended to the counted last message", () => {
    const state = stateWith("a");
    state.context.push(new AssistantMsg({ name: "agent", content: "x" }));
    const measure = InputMeasure.take(50, state, "sys");
    state.context.at(-1)?.content.push({
      type: "text",
      text: "b".repeat(40),
      id: "t1",
      created_at: "2026-01-01T00:00:00.000Z",
      finished_at: null,
    });
    expect(measure.appendedTokens(state, "sys")).toBe(10);
    state.context.push(user("c".repeat(400)));
    expect(measure.appendedTokens(state, "sys")).toBe(110);
    expect(measure.exactTokens(state, "sys")).toBeNull();
  });

  it("does know nothing once the context shrank, a counted message was replaced, or the prompt or summary changed", () => {
    const state = stateWith("a", "b");
    const measure = InputMeasure.take(10, state, "sys");
    expect(measure.appendedTokens(state, "other")).toBeNull();
    state.summary = "earlier work";
    expect(measure.appendedTokens(state, "sys")).toBeNull();
    const replaced = stateWith("a", "b");
    expect(measure.appendedTokens(replaced, "sys")).toBeNull();
    state.summary = "";
    state.context.pop();
    expect(measure.appendedTokens(state, "sys")).toBeNull();
  });
});
