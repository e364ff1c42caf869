import type {
  ChatFormatter,
  FormatOptions,
  FormattableMsg,
  OpenAIMessage,
} from "./chat-formatter.js";
import {
  OpenAIMultiAgentFormatter,
  type OpenAIMultiAgentFormatterOptions,
} from "./openai-multi-agent-formatter.js";
import { OpenAIChatFormatter } from "./openai-chat-formatter.js";

/**
 * The default formatter of `OpenAIChatModel` (`formatter: "auto"`): the chat formatter for a
 * conversation between one agent and its users, the multi-agent formatter as soon as the
 * conversation holds another agent's messages — an assistant message whose name is not the
 * calling agent's (`agentName` of the call), or, when the call names no agent, assistant
 * messages of two names. The chat formatter would send another agent's words to the model as
 * its own (`role: "assistant"`); the multi-agent one says who said what.
 *
 * @example
 * const formatter = new OpenAIAutoFormatter();
 * await formatter.format(hubContext, { agentName: "Alice" }); // `<history>` with each speaker
 */
export class OpenAIAutoFormatter implements ChatFormatter {
  readonly supportedInputMediaTypes: readonly string[];
  readonly #chat: OpenAIChatFormatter;
  readonly #multiAgent: OpenAIMultiAgentFormatter;

  /** Options as the multi-agent formatter takes them (the chat one gets all but its prompt). */
  constructor(options: OpenAIMultiAgentFormatterOptions = {}) {
    this.#multiAgent = new OpenAIMultiAgentFormatter(options);
    const { conversationHistoryPrompt: _prompt, ...chatOptions } = options;
    this.#chat = new OpenAIChatFormatter(chatOptions);
    this.supportedInputMediaTypes = this.#chat.supportedInputMediaTypes;
  }

  format(
    messages: readonly FormattableMsg[],
    options: FormatOptions = {},
  ): Promise<OpenAIMessage[]> {
    return hasOtherAgents(messages, options.agentName)
      ? this.#multiAgent.format(messages, options)
      : this.#chat.format(messages, options);
  }
}

/** Whether `messages` hold an assistant message of an agent other than `agentName`. */
export function hasOtherAgents(
  messages: readonly FormattableMsg[],
  agentName: string | undefined,
): boolean {
  let first = agentName;
  for (const msg of messages) {
    if (msg.role !== "assistant") continue;
    first ??= msg.name;
    if (msg.name !== first) return true;
  }
  return false;
}
