import type { MsgData } from "../../message/index.js";

/** What a formatter reads from a message. */
export type FormattableMsg = Pick<MsgData, "name" | "role" | "content">;

/** A text part of an OpenAI message. */
export interface OpenAITextPart {
  type: "text";
  text: string;
}
/** An image part (`url` may be a `data:` URL). */
export interface OpenAIImagePart {
  type: "image_url";
  image_url: { url: string };
}
/** An audio part (base64 WAV or MP3). */
export interface OpenAIAudioPart {
  type: "input_audio";
  input_audio: { data: string; format: "wav" | "mp3" };
}
/** A file part (PDF, inlined as a `data:` URL). */
export interface OpenAIFilePart {
  type: "file";
  file: { filename: string; file_data: string };
}
/** One part of a message's content. */
export type OpenAIContentPart = OpenAITextPart | OpenAIImagePart | OpenAIAudioPart | OpenAIFilePart;

/** A function call in an assistant message. */
export interface OpenAIToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** A message in the Chat Completions wire shape. */
export type OpenAIMessage =
  | { role: "system"; content: string | OpenAITextPart[]; name?: string }
  | { role: "user"; content: string | OpenAIContentPart[]; name?: string }
  | {
      role: "assistant";
      content: string | OpenAIContentPart[] | null;
      name?: string;
      tool_calls?: OpenAIToolCall[];
      /** The thinking, sent back to providers that need it (DeepSeek, Kimi). */
      reasoning_content?: string;
    }
  | { role: "tool"; tool_call_id: string; content: string };

/** Options of a format run. */
export interface FormatOptions {
  /** Cancels reading local or remote media. */
  signal?: AbortSignal | undefined;
  /** The agent the messages are formatted for (its own assistant messages are not another's). */
  agentName?: string | undefined;
}

/**
 * Turns messages into a provider's wire messages. A chat model has one; it also says which media
 * types the model accepts (spec §3.4 replaces the others before the call).
 */
export interface ChatFormatter {
  readonly supportedInputMediaTypes: readonly string[];
  format(messages: readonly FormattableMsg[], options?: FormatOptions): Promise<OpenAIMessage[]>;
}
