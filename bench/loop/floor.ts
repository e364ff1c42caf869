import { assign, createActor, fromPromise, setup } from "xstate";
import {
  FINAL_TEXT,
  STEPS,
  TOOL_NAME,
  TOOL_OUTPUT,
  type LoopContender,
  type LoopSession,
} from "./scenario.js";

interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly input: object;
}

/** What the fake model answers: a tool call, or the final text. */
interface ModelTurn {
  readonly toolCall: ToolCall | null;
  readonly text: string | null;
}

const TOOL_TURNS: readonly ModelTurn[] = Array.from({ length: STEPS }, (_, i) => ({
  toolCall: { id: `call_${i + 1}`, name: TOOL_NAME, input: {} },
  text: null,
}));
const TEXT_TURN: ModelTurn = { toolCall: null, text: FINAL_TEXT };

interface FloorContext {
  step: number;
  turn: ModelTurn | null;
  final: string | null;
}

/**
 * The floor: a bare XState v5 machine, alive across replies like actorscope's, that loops a
 * `fromPromise` "model" actor and a `fromPromise` "tool" actor — the same loop shape with no
 * framework (no messages, events, validation or permission check).
 */
const floorMachine = setup({
  types: { context: {} as FloorContext, events: {} as { type: "REPLY" } },
  actors: {
    callModel: fromPromise<ModelTurn, { step: number }>(({ input }) =>
      Promise.resolve(TOOL_TURNS[input.step] ?? TEXT_TURN),
    ),
    runTool: fromPromise<string, { call: ToolCall }>(() => Promise.resolve(TOOL_OUTPUT)),
  },
  actions: {
    finish: () => undefined,
  },
}).createMachine({
  id: "floor",
  initial: "idle",
  context: { step: 0, turn: null, final: null },
  states: {
    idle: {
      // Entered at start too; `finish` resolves a pending reply only.
      entry: "finish",
      on: { REPLY: { target: "reasoning", actions: assign({ step: 0, turn: null, final: null }) } },
    },
    reasoning: {
      invoke: {
        src: "callModel",
        input: ({ context }) => ({ step: context.step }),
        onDone: [
          {
            guard: ({ event }) => event.output.toolCall !== null,
            target: "acting",
            actions: assign({ turn: ({ event }) => event.output }),
          },
          {
            target: "idle",
            actions: assign({ final: ({ event }) => event.output.text }),
          },
        ],
      },
    },
    acting: {
      invoke: {
        src: "runTool",
        input: ({ context }) => ({ call: context.turn?.toolCall as ToolCall }),
        onDone: {
          target: "reasoning",
          actions: assign({ step: ({ context }) => context.step + 1 }),
        },
      },
    },
  },
});

/** The floor contender: one long-lived actor per session; a reply is one REPLY event. */
export const floor: LoopContender = {
  setup: "xstate setup() machine, fromPromise model + tool actors, one actor for all replies",
  prepare(): Promise<LoopSession> {
    let pending: ((text: string) => void) | null = null;
    let toolCalls = 0;
    const actor = createActor(
      floorMachine.provide({
        actors: {
          runTool: fromPromise<string, { call: ToolCall }>(() => {
            toolCalls += 1;
            return Promise.resolve(TOOL_OUTPUT);
          }),
        },
        actions: {
          finish: ({ context }) => {
            const resolve = pending;
            pending = null;
            resolve?.(context.final ?? "");
          },
        },
      }),
    );
    actor.start();
    return Promise.resolve({
      reply: () =>
        new Promise<string>((resolve) => {
          pending = resolve;
          actor.send({ type: "REPLY" });
        }),
      get toolCalls() {
        return toolCalls;
      },
    });
  },
};
