import { describe, expect, it } from "vitest";
import { runtimeStateHint } from "../../../../src/actors/agent/runtime-state/runtime-state-hint.js";
import {
  AgentState,
  AssistantMsg,
  InjectionConfigSchema,
  type InjectionConfigInput,
} from "../../../../src/index.js";

const NOW = new Date("2026-12-02T12:00:00Z");

/** A state whose last injected hint recorded `time` in `zone`, with its iteration count. */
function stateWithHint(time: string | null, zone: string, curIter = 1): AgentState {
  const config = InjectionConfigSchema.parse({});
  const state = new AgentState({});
  if (time !== null) {
    state.context.push(
      new AssistantMsg({
        name: "Friday",
        content: [
          {
            type: "hint",
            id: "h1",
            hint: `<system-reminder><current-time>${time}</current-time>\n<timezone>${zone}</timezone></system-reminder>`,
            source: config.injectionSource,
            created_at: "2026-12-02T00:00:00.000Z",
            finished_at: null,
          },
        ],
      }),
    );
  }
  state.curIter = curIter;
  return state;
}

function hint(
  state: AgentState,
  config: InjectionConfigInput = {},
  context: { tokens: number; size: number; trigger: number } = {
    tokens: 0,
    size: 1000,
    trigger: 0.8,
  },
): string | null {
  return runtimeStateHint({
    state,
    config: InjectionConfigSchema.parse(config),
    now: NOW,
    contextTokens: () => context.tokens,
    contextSize: context.size,
    triggerRatio: context.trigger,
  });
}

describe("the runtime-state hint (spec §3.9, §11 #123)", () => {
  it("§11 #123 a last injection 6 h ago is injected again; 10 min ago is not", () => {
    expect(hint(stateWithHint("2026-12-02T06:00:00", "UTC"))).toContain(
      "<current-time>2026-12-02T12:00:00</current-time>",
    );
    expect(hint(stateWithHint("2026-12-02T11:50:00", "UTC"))).toBeNull();
  });

  it("§11 #123 the recorded time is read in its recorded zone: 19:50 Asia/Shanghai at 12:00 UTC is 10 min ago", () => {
    expect(hint(stateWithHint("2026-12-02T19:50:00", "Asia/Shanghai"))).toBeNull();
    // The same text recorded as UTC is in the future: unreadable as a past injection, so injected.
    expect(hint(stateWithHint("2026-12-02T19:50:00", "UTC"))).toContain("<current-time>");
  });

  it("§11 #123 700 of 1000 tokens (trigger .8, buffer .2) at cur_iter 0 gives the exact context-length field", () => {
    const text = hint(
      stateWithHint("2026-12-02T11:50:00", "UTC", 0),
      {},
      {
        tokens: 700,
        size: 1000,
        trigger: 0.8,
      },
    );
    expect(text).toContain(
      "<context-length>Your current context contains 700 tokens. When reaching 800 tokens, your context will be compressed.</context-length>",
    );
    expect(text).not.toContain("<current-time>");
    // Below trigger − buffer (600), or past the first round: no context-length.
    expect(
      hint(
        stateWithHint("2026-12-02T11:50:00", "UTC", 0),
        {},
        { tokens: 600, size: 1000, trigger: 0.8 },
      ),
    ).toBeNull();
    expect(
      hint(
        stateWithHint("2026-12-02T11:50:00", "UTC", 1),
        {},
        { tokens: 700, size: 1000, trigger: 0.8 },
      ),
    ).toBeNull();
  });

  it("a first reply (no earlier injection) gets the time and zone; injection off gives nothing", () => {
    const text = hint(stateWithHint(null, "UTC"), { timezone: "Asia/Shanghai" });
    expect(text).toContain("<current-time>2026-12-02T20:00:00</current-time>");
    expect(text).toContain("<timezone>Asia/Shanghai</timezone>");
    expect(hint(stateWithHint(null, "UTC"), { injectRuntimeState: false })).toBeNull();
  });
});
