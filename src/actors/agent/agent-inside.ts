import type { AgentOffloader } from "../../context/index.js";
import type { Msg } from "../../message/index.js";
import type { ToolView } from "../../tools/index.js";
import type { AgentLike } from "../../middleware/index.js";
import type { ChatModel } from "../../model/index.js";
import type { AgentState } from "../../state/index.js";
import type { AgentChains } from "./agent-chains.js";
import type { AgentConfigs } from "./agent-config.js";
import type { InputMeasure } from "./input-measure.js";
import type { LoopDeps } from "./loop-deps.js";
import type { ReplyDesk } from "./reply-desk.js";

/**
 * What the modules of each concern (reasoning, compression, acting, the reply's effects) read
 * and change of one agent: its parts and the little it keeps between steps. `AgentRuntime`
 * is the one implementation; the modules take this view so that they need not import it.
 */
export interface AgentInside extends LoopDeps {
  /** The facade the middleware hooks get, and whose `systemPrompt` the user may change. */
  readonly agent: AgentLike & { readonly systemPrompt: string };
  readonly id: string;
  readonly model: ChatModel;
  readonly offloader: AgentOffloader | null;
  readonly configs: AgentConfigs;
  readonly chains: AgentChains;
  readonly desk: ReplyDesk;
  state: AgentState;
  /**
   * The system prompt this step's compression check assembled, for its reasoning to reuse when
   * no `onSystemPrompt` hook can change it between the two (with a hook, each runs it again).
   */
  stepPrompt: string | null;
  /** The prompt the last input measure was taken with (set by the compression check). */
  measuredPrompt: string | null;
  /** The system prompt's message, reused while the prompt is unchanged. */
  systemMsg: { readonly prompt: string; readonly msg: Msg } | null;
  /** The tool view the last input measure was taken with (set by the compression check). */
  measuredView: ToolView | null;
  /** The last exact measure of the model input, for the compression guard. */
  measure: InputMeasure | null;
  /** The signal of the current reply's work (aborted by an interrupt). */
  readonly signal: AbortSignal;
  /** A reply begins or resumes: its work gets a fresh signal. */
  renewWork(): void;
  /** The toolkit as this step sees it (one snapshot for schemas, batching and checks). */
  takeView(): ToolView | Promise<ToolView>;
  /** The step's compression check took this view: its reasoning uses it. */
  keepViewForStep(view: ToolView | null): void;
}
