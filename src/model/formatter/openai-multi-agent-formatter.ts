import type {
  ChatFormatter,
  FormatOptions,
  FormattableMsg,
  OpenAIContentPart,
  OpenAIMessage,
} from "./chat-formatter.js";
import { toDataPart } from "./data-part.js";
import { ValidationError } from "../../errors/index.js";
import { readOptions } from "../../message/index.js";
import {
  OPENAI_FORMATTER_OPTIONS,
  OpenAIChatFormatter,
  type OpenAIFormatterOptions,
} from "./openai-chat-formatter.js";

const WHAT = "OpenAI multi-agent formatter options";
const MULTI_AGENT_OPTIONS: ReadonlySet<string> = new Set([
  ...OPENAI_FORMATTER_OPTIONS,
  "conversationHistoryPrompt",
]);

/** The reference's preamble of the first history block. */
export const CONVERSATION_HISTORY_PROMPT =
  "# Conversation History\nThe content between <history></history> tags contains your conversation history\n";

/** Options of {@link OpenAIMultiAgentFormatter}. */
export interface OpenAIMultiAgentFormatterOptions extends OpenAIFormatterOptions {
  /** Text before the first `<history>` block. */
  conversationHistoryPrompt?: string;
}

/**
 * The multi-agent formatter (debates, hubs, simulations): a leading system message stays; runs of
 * messages without tool calls become one user message whose `<history>` lists every line as
 * `name: text` (hints as their text; media after it); tool sequences keep their native shape
 * through the chat formatter.
 */
export class OpenAIMultiAgentFormatter implements ChatFormatter {
  readonly supportedInputMediaTypes: readonly string[];
  readonly #chat: OpenAIChatFormatter;
  readonly #prompt: string;

  /** Strict options: an unknown key is a `ValidationError` naming the nearest one. */
  constructor(options: OpenAIMultiAgentFormatterOptions = {}) {
    options = readOptions(options, MULTI_AGENT_OPTIONS, WHAT);
    const { conversationHistoryPrompt, ...chatOptions } = options;
    if (conversationHistoryPrompt !== undefined && typeof conversationHistoryPrompt !== "string") {
      throw new ValidationError(WHAT, [
        { path: "conversationHistoryPrompt", message: "Expected a string" },
      ]);
    }
    this.#chat = new OpenAIChatFormatter(chatOptions);
    this.supportedInputMediaTypes = this.#chat.supportedInputMediaTypes;
    this.#prompt = conversationHistoryPrompt ?? CONVERSATION_HISTORY_PROMPT;
  }

  async format(
    messages: readonly FormattableMsg[],
    options: FormatOptions = {},
  ): Promise<OpenAIMessage[]> {
    const out: OpenAIMessage[] = [];
    let rest = messages;
    const first = messages[0];
    if (first?.role === "system") {
      const text = first.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
      out.push({ role: "system", content: text });
      rest = messages.slice(1);
    }
    let firstHistory = true;
    for (const group of groupMessages(rest)) {
      if (group.kind === "tool_sequence") {
        out.push(...(await this.#chat.format(group.messages, options)));
        continue;
      }
      const message = await this.#history(group.messages, firstHistory, options);
      if (message !== null) {
        out.push(message);
        firstHistory = false;
      }
    }
    return out;
  }

  async #history(
    messages: readonly FormattableMsg[],
    first: boolean,
    options: FormatOptions,
  ): Promise<OpenAIMessage | null> {
    const lines: string[] = [];
    const media: OpenAIContentPart[] = [];
    const addMedia = async (block: Parameters<typeof toDataPart>[0]): Promise<void> => {
      const part = await toDataPart(block, this.#chat.dataSettings, options);
      if (part !== null) media.push(part);
    };
    for (const msg of messages) {
      for (const block of msg.content) {
        if (block.type === "text") lines.push(`${msg.name}: ${block.text}`);
        else if (block.type === "data") await addMedia(block);
        else if (block.type === "hint") {
          if (typeof block.hint === "string") lines.push(block.hint);
          else {
            for (const item of block.hint) {
              if (item.type === "text") lines.push(item.text);
              else await addMedia(item);
            }
          }
        }
      }
    }
    const parts: OpenAIContentPart[] = [];
    if (lines.length > 0) {
      const prompt = first ? this.#prompt : "";
      parts.push({ type: "text", text: `${prompt}<history>\n${lines.join("\n")}\n</history>` });
    }
    parts.push(...media);
    if (parts.length === 0) return null;
    const only = parts[0];
    if (parts.length === 1 && only?.type === "text") return { role: "user", content: only.text };
    return { role: "user", content: parts };
  }
}

/** A run of messages: with tool calls or results (`tool_sequence`), or without (`agent_message`). */
export interface MessageGroup {
  kind: "tool_sequence" | "agent_message";
  messages: FormattableMsg[];
}

/** Splits messages into consecutive runs of tool sequences and plain agent messages. */
export function groupMessages(messages: readonly FormattableMsg[]): MessageGroup[] {
  const groups: MessageGroup[] = [];
  for (const msg of messages) {
    const kind = msg.content.some((b) => b.type === "tool_call" || b.type === "tool_result")
      ? "tool_sequence"
      : "agent_message";
    const last = groups.at(-1);
    if (last?.kind === kind) last.messages.push(msg);
    else groups.push({ kind, messages: [msg] });
  }
  return groups;
}
