import { errorFromWire } from "../../errors/index.js";
import type { PermissionContext, ToolInput } from "../../permission/index.js";
import type { CheckMatch, ToolCheckAnswer } from "../tool-protocol/tool-check.js";

/** How long a view answers for its input: one decision, and the prompt that may follow it. */
const VIEW_TTL_MS = 5_000;
const MAX_VIEWS = 256;

/** A worker's answer for one input, and what it was asked with. */
export interface PermissionView {
  readonly answer: ToolCheckAnswer;
  /** The context the decision was made with (null: no decision in the answer). */
  readonly context: PermissionContext | null;
  readonly at: number;
}

/** One hook's answer, as the local hook returns it: its value, or the error it threw. */
export function unwrap<T>(answer: { value: T } | { error: unknown }): T {
  if ("value" in answer) return answer.value;
  throw errorFromWire(answer.error);
}

/** A `matchRule` answer, likewise. */
export function unwrapMatch(match: CheckMatch): boolean {
  if (typeof match === "boolean") return match;
  throw errorFromWire(match);
}

/**
 * The worker's permission views a remote tool holds, so that one decision costs one round trip:
 * the engine calls `preparePermissions` first, and every hook after it is answered from here,
 * synchronously. Keyed by the input's JSON text (the engine and the agent hand the hooks copies
 * of one input), bounded in number and age; a rule part's input (an object of the view itself)
 * maps to its matches by identity.
 */
export class PermissionViews {
  readonly #views = new Map<string, PermissionView>();
  readonly #parts = new WeakMap<object, { view: PermissionView; index: number }>();

  /** Keeps `answer` as the view of `input`. */
  keep(
    input: ToolInput,
    answer: ToolCheckAnswer,
    context: PermissionContext | null,
  ): PermissionView {
    const key = keyOf(input);
    const view: PermissionView = { answer, context, at: performance.now() };
    if (key === null) return view;
    this.#views.delete(key);
    this.#views.set(key, view);
    if (this.#views.size > MAX_VIEWS) {
      const oldest = this.#views.keys().next();
      if (oldest.done !== true) this.#views.delete(oldest.value);
    }
    const parts = answer.rule_subjects;
    if (parts !== null && "value" in parts && parts.value !== null) {
      parts.value.forEach((part, index) => {
        if (part.input !== null) this.#parts.set(part.input, { view, index });
      });
    }
    return view;
  }

  /** The fresh view of `input`, if any. */
  of(input: ToolInput): PermissionView | undefined {
    const key = keyOf(input);
    const view = key === null ? undefined : this.#views.get(key);
    if (view === undefined || performance.now() - view.at > VIEW_TTL_MS) return undefined;
    return view;
  }

  /** Whether `content` covers `input` by a view (a rule part's, or the whole input's); undefined when no view says. */
  match(content: string, input: ToolInput): CheckMatch | undefined {
    const part = this.#parts.get(input);
    if (part !== undefined && performance.now() - part.view.at <= VIEW_TTL_MS) {
      const at = part.view.answer.rule_contents.indexOf(content);
      const found = at < 0 ? undefined : part.view.answer.part_matches[part.index]?.[at];
      if (found !== undefined) return found;
    }
    const view = this.of(input);
    if (view === undefined) return undefined;
    const at = view.answer.rule_contents.indexOf(content);
    return at < 0 ? undefined : view.answer.matches[at];
  }
}

/** The input's JSON text; null when it has none (a cycle), and then no view answers for it. */
function keyOf(input: ToolInput): string | null {
  try {
    return JSON.stringify(input);
  } catch {
    return null;
  }
}
