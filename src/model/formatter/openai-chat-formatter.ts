import { z } from "zod";
import { parseOrThrow } from "../../errors/index.js";
import { readOptions, type DataBlock, type HintContent } from "../../message/index.js";
import type {
  ChatFormatter,
  FormatOptions,
  FormattableMsg,
  OpenAIContentPart,
  OpenAIMessage,
  OpenAIToolCall,
} from "./chat-formatter.js";
import { toDataPart, type DataPartSettings } from "./data-part.js";
import { DEFAULT_INPUT_MEDIA_TYPES } from "./media-type.js";
import { toolResultText } from "./tool-result-text.js";

/** How an OpenAI-compatible provider wants its messages. */
export const OpenAIFormatterOptionsSchema = z.object({
  /** fnmatch patterns of the media types the model accepts. */
  supportedInputMediaTypes: z.array(z.string()).readonly().default(DEFAULT_INPUT_MEDIA_TYPES),
  /**
   * `"include"` sends thinking back as `reasoning_content` on every assistant message (DeepSeek
   * and Kimi need it in tool-call loops); `"omit"` (default) drops thinking, as OpenAI wants.
   */
  reasoningContent: z.enum(["omit", "include"]).default("omit"),
  /** Send each message's sender as `name` (default true). */
  includeNames: z.boolean().default(true),
  /** Download remote images and inline them (for providers that refuse image URLs). */
  inlineRemoteImages: z.boolean().default(false),
});
export type OpenAIFormatterOptions = z.input<typeof OpenAIFormatterOptionsSchema>;
type ParsedOptions = z.output<typeof OpenAIFormatterOptionsSchema>;

/** Every key `new OpenAIChatFormatter(…)` takes. */
export const OPENAI_FORMATTER_OPTIONS: ReadonlySet<string> = new Set(
  Object.keys(OpenAIFormatterOptionsSchema.shape),
);

/**
 * The chat formatter (single-agent dialogs): each message keeps its role. An assistant message of
 * a reply is cut where the API needs it: text and tool calls form one assistant message, each tool
 * result a `tool` message (media in results follows as a user message once the run of results
 * ends), each hint a user message. Thinking is dropped unless `reasoningContent: "include"`.
 * Data blocks become image, audio or file parts.
 *
 * @example
 * const wire = await new OpenAIChatFormatter().format([new UserMsg({ name: "user", content: "hi" })]);
 * // [{ role: "user", name: "user", content: "hi" }]
 */
export class OpenAIChatFormatter implements ChatFormatter {
  readonly supportedInputMediaTypes: readonly string[];
  /** How data blocks are rendered (shared with the multi-agent formatter). */
  readonly dataSettings: DataPartSettings;
  readonly #options: ParsedOptions;

  /** Strict options: an unknown key is a `ValidationError` naming the nearest one. */
  constructor(options: OpenAIFormatterOptions = {}) {
    options = readOptions(options, OPENAI_FORMATTER_OPTIONS, "OpenAI formatter options");
    this.#options = parseOrThrow(OpenAIFormatterOptionsSchema, options, "OpenAI formatter options");
    this.supportedInputMediaTypes = this.#options.supportedInputMediaTypes;
    this.dataSettings = {
      supported: this.#options.supportedInputMediaTypes,
      inlineRemoteImages: this.#options.inlineRemoteImages,
    };
  }

  async format(
    messages: readonly FormattableMsg[],
    options: FormatOptions = {},
  ): Promise<OpenAIMessage[]> {
    const out: OpenAIMessage[] = [];
    for (const msg of messages) await this.#formatOne(msg, out, options);
    return out;
  }

  async #formatOne(
    msg: FormattableMsg,
    out: OpenAIMessage[],
    options: FormatOptions,
  ): Promise<void> {
    const name = this.#options.includeNames ? wireName(msg.name) : undefined;
    let parts: OpenAIContentPart[] = [];
    let toolCalls: OpenAIToolCall[] = [];
    let thinking: string[] = [];
    // Messages that must wait until a run of tool results ends (a user message between tool
    // results would leave the other call ids unanswered, which the API rejects).
    let pending: OpenAIMessage[] = [];

    const flush = (): void => {
      const message = this.#message(msg.role, name, parts, toolCalls, thinking);
      if (message !== null) out.push(message);
      parts = [];
      toolCalls = [];
      thinking = [];
    };

    for (const block of msg.content) {
      if (pending.length > 0 && block.type !== "tool_result") {
        out.push(...pending);
        pending = [];
      }
      switch (block.type) {
        case "text":
          parts.push({ type: "text", text: block.text });
          break;
        case "thinking":
          thinking.push(block.thinking);
          break;
        case "data": {
          const part = await toDataPart(block, this.dataSettings, options);
          if (part === null) break;
          if (msg.role === "user") {
            parts.push(part);
          } else if (toolCalls.length > 0) {
            // Only user messages take media; after unanswered tool calls it must wait.
            pending.push(userMessage([part], name));
          } else {
            flush();
            out.push(userMessage([part], name));
          }
          break;
        }
        case "hint":
          flush();
          await this.#pushHint(block.hint, out, options);
          break;
        case "tool_call":
          toolCalls.push({
            id: block.id,
            type: "function",
            function: { name: block.name, arguments: block.input },
          });
          break;
        case "tool_result": {
          flush();
          const { text, promoted } = toolResultText(block.output, this.supportedInputMediaTypes);
          out.push({ role: "tool", tool_call_id: block.id, content: text });
          const media = await this.#parts(promoted, options);
          if (media.some((part) => part.type !== "text")) {
            pending.push(userMessage(media, "system-reminder"));
          }
          break;
        }
      }
    }
    flush();
    out.push(...pending);
  }

  async #pushHint(hint: HintContent, out: OpenAIMessage[], options: FormatOptions): Promise<void> {
    if (typeof hint === "string") {
      out.push({ role: "user", content: hint });
      return;
    }
    const parts = await this.#parts(
      hint.map((item) => (item.type === "text" ? item.text : item)),
      options,
    );
    if (parts.length > 0) out.push(userMessage(parts, undefined));
  }

  async #parts(
    items: readonly (string | DataBlock)[],
    options: FormatOptions,
  ): Promise<OpenAIContentPart[]> {
    const parts: OpenAIContentPart[] = [];
    for (const item of items) {
      if (typeof item === "string") {
        parts.push({ type: "text", text: item });
        continue;
      }
      const part = await toDataPart(item, this.dataSettings, options);
      if (part !== null) parts.push(part);
    }
    return parts;
  }

  #message(
    role: FormattableMsg["role"],
    name: string | undefined,
    parts: OpenAIContentPart[],
    toolCalls: OpenAIToolCall[],
    thinking: string[],
  ): OpenAIMessage | null {
    const includeThinking = this.#options.reasoningContent === "include" && role === "assistant";
    if (parts.length === 0 && toolCalls.length === 0 && !(includeThinking && thinking.length > 0)) {
      return null;
    }
    const content = compact(parts);
    const named = name === undefined ? {} : { name };
    if (role === "system") {
      return {
        role,
        content: parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n"),
        ...named,
      };
    }
    if (role === "user") return { role, content: content ?? "", ...named };
    return {
      role,
      content: content ?? (toolCalls.length > 0 ? null : ""),
      ...named,
      ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
      ...(includeThinking ? { reasoning_content: thinking.join("\n") } : {}),
    };
  }
}

/** Text-only content as one string (what every OpenAI-compatible server accepts), else parts. */
function compact(parts: OpenAIContentPart[]): string | OpenAIContentPart[] | null {
  if (parts.length === 0) return null;
  if (parts.every((part) => part.type === "text")) {
    return parts.map((part) => (part as { text: string }).text).join("\n");
  }
  return parts;
}

function userMessage(parts: OpenAIContentPart[], name: string | undefined): OpenAIMessage {
  return name === undefined
    ? { role: "user", content: parts }
    : { role: "user", content: parts, name };
}

/** The API rejects names with whitespace or `<|\/>`; replace those characters. */
export function wireName(name: string): string | undefined {
  const cleaned = name.replace(/[\s<|\\/>]/g, "_").slice(0, 64);
  return cleaned === "" ? undefined : cleaned;
}
