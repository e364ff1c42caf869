import type { Msg } from "../../message/index.js";
import { estimateTokens } from "../../model/index.js";
import type { AgentState } from "../../state/index.js";

/**
 * A token count of the model input (spec §8.2 step 2) and what it was taken on. The loop keeps
 * the last one so that a reasoning step far below the compression trigger need not pass through
 * `compressing`: appending to the context is estimated; any other change makes the count unknown.
 */
export class InputMeasure {
  private constructor(
    readonly tokens: number,
    private readonly contextLength: number,
    private readonly last: Msg | undefined,
    private readonly lastBlocks: number,
    private readonly systemPrompt: string,
    private readonly summary: AgentState["summary"],
  ) {}

  /** The count `tokens` of the input made of this state and system prompt, as they are now. */
  static take(tokens: number, state: AgentState, systemPrompt: string): InputMeasure {
    const last = state.context.at(-1);
    return new InputMeasure(
      tokens,
      state.context.length,
      last,
      last?.content.length ?? 0,
      systemPrompt,
      state.summary,
    );
  }

  /**
   * The tokens appended since the count, estimated (blocks added to the counted last message,
   * whole messages after it); null when the context, the summary or the prompt changed otherwise.
   */
  appendedTokens(state: AgentState, systemPrompt: string): number | null {
    if (!this.#extendedBy(state, systemPrompt)) return null;
    const context = state.context;
    const blocks = this.last?.content ?? [];
    let added =
      blocks.length > this.lastBlocks
        ? estimateTokens([{ content: blocks.slice(this.lastBlocks) }])
        : 0;
    if (context.length > this.contextLength) {
      added += estimateTokens(context.slice(this.contextLength));
    }
    return added;
  }

  /** The count itself when nothing at all changed since it was taken; null otherwise. */
  exactTokens(state: AgentState, systemPrompt: string): number | null {
    return this.#extendedBy(state, systemPrompt) &&
      state.context.length === this.contextLength &&
      (this.last?.content.length ?? 0) === this.lastBlocks
      ? this.tokens
      : null;
  }

  /** The input now is the counted one, possibly with things appended. */
  #extendedBy(state: AgentState, systemPrompt: string): boolean {
    const context = state.context;
    return (
      context.length >= this.contextLength &&
      (this.contextLength === 0 || context[this.contextLength - 1] === this.last) &&
      systemPrompt === this.systemPrompt &&
      state.summary === this.summary
    );
  }
}
