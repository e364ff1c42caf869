import {
  createAgentMachine,
  fromWork,
  type ActingInput,
  type ActingOutput,
  type AgentMachine,
  type LoopHost,
  type ReasoningInput,
  type ReasoningOutput,
  type WorkInput,
  type WorkOutput,
} from "../../machines/index.js";
import type { AgentHost } from "./agent-host.js";
import { HostRef } from "./host-ref.js";

export type { AgentHost } from "./agent-host.js";

let shared: AgentMachine | null = null;

/**
 * The agent statechart with its slots provided once for all agents: each slot calls the host
 * of the actor it runs in (from the context, or the work's input). A machine per agent would
 * rebuild the whole state-node tree (about 39 KB and most of an agent's construction time).
 */
export function sharedAgentMachine(): AgentMachine {
  shared ??= createAgentMachine().provide({
    actors: {
      compress: fromWork<WorkOutput, WorkInput>(
        (input, scope) => hostOf(input.host).compress(scope),
        {
          onStop: (input) => {
            hostOf(input.host).stopWork();
          },
        },
      ),
      // Each piece of work knows when the machine stopped waiting for it (`scope.stopped`):
      // what it produces late is dropped, never emitted nor appended to the context.
      callModel: fromWork<ReasoningOutput, ReasoningInput>(
        (input, scope) => hostOf(input.host).reason(input.toolChoice, scope),
        {
          onStop: (input) => {
            hostOf(input.host).stopWork();
          },
        },
      ),
      runBatch: fromWork<ActingOutput, ActingInput>(
        (input, scope) => hostOf(input.host).runBatch(input.batch, scope),
        {
          onStop: (input) => {
            hostOf(input.host).stopWork();
          },
        },
      ),
    },
    guards: {
      shouldCompress: ({ context }) => hostOf(context.host).shouldCompress(),
    },
    actions: {
      beginReply: ({ context, event }) => {
        hostOf(context.host).beginReply(event);
      },
      applyResume: ({ context, event }) => {
        hostOf(context.host).applyResume(event);
      },
      appendHint: ({ context }, params) => {
        hostOf(context.host).appendHint(params.hint);
      },
      parkReply: ({ context }, params) => {
        hostOf(context.host).parkReply(params.msg);
      },
      finishReply: ({ context }, params) => {
        hostOf(context.host).finishReply(params.reason, params.msg);
      },
      endInterrupted: ({ context }) => {
        hostOf(context.host).endInterrupted();
      },
      failReply: ({ context }, params) => {
        hostOf(context.host).failReply(params.error);
      },
      abortWork: ({ context }) => {
        hostOf(context.host).abortWork();
      },
    },
  });
  return shared;
}

/** The agent host of an actor of the shared machine (only agents run it, each with its runtime). */
function hostOf(host: LoopHost): AgentHost {
  if (!(host instanceof HostRef))
    throw new Error("The shared agent machine runs without its agent.");
  return host.host;
}
