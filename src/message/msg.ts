import { z } from "zod";
import { parseOrThrow } from "../errors/index.js";
import { applyEvent } from "./append-event.js";
import type {
  BlockOfType,
  ContentBlock,
  ContentBlockInput,
  ContentBlockType,
} from "./blocks/content-block.js";
import type { ErrorInfo } from "./error-info.js";
import type { AgentEvent } from "./events/agent-event.js";
import type { ReplyFinishedReason } from "./finished-reason.js";
import { MSG_OPTIONS } from "./msg-options.js";
import { MsgSchema, type MsgData, type MsgDataInput } from "./msg-schema.js";
import { readOptions } from "./options-object.js";
import { assertRoleContent, type Role } from "./role.js";
import type { Usage } from "./usage.js";

/**
 * What a message is made from. `content` is a string (one text block) or blocks, whose `id`,
 * `created_at` and other defaulted fields may be left out. Data fields keep their wire names.
 */
export interface MsgInit {
  name: string;
  role: Role;
  content: string | readonly ContentBlockInput[];
  id?: string;
  metadata?: Record<string, unknown>;
  created_at?: string;
  finished_at?: string | null;
  finished_reason?: ReplyFinishedReason | null;
  usage?: MsgDataInput["usage"];
  structured_output?: Record<string, unknown> | null;
  error?: ErrorInfo | null;
}

/** A message as given: its schema, with a string `content` read as one text block first. */
const MsgInputSchema = z.preprocess(withBlocks, MsgSchema);

/** Data `Msg.fromJSON` already parsed, which the constructor takes without parsing again. */
const parsedData = new WeakSet<object>();

/** A block type, or several, to filter by. */
export type BlockTypeFilter<T extends ContentBlockType> = T | readonly T[];

/**
 * A message: who said it (`name`, `role`), what (`content` blocks) and how the reply that made it
 * ended. Fields keep AgentScope's wire names, so `JSON.stringify(msg)` is AgentScope's JSON.
 *
 * @example
 * const msg = new Msg({ name: "user", role: "user", content: "hi" });
 * msg.getTextContent(); // "hi"
 */
export class Msg implements MsgData {
  name: string;
  content: ContentBlock[];
  role: Role;
  id: string;
  metadata: Record<string, unknown>;
  created_at: string;
  usage: Usage | null;
  finished_at: string | null;
  finished_reason: ReplyFinishedReason | null;
  structured_output: Record<string, unknown> | null;
  error: ErrorInfo | null;

  /**
   * Validates `init` (a `ValidationError` names the bad field, or an unknown option and the
   * nearest known one) and applies the role constraints. Stored values are copies: the message
   * shares no objects with `init`.
   */
  constructor(init: MsgInit) {
    let data: MsgData;
    if (parsedData.has(init)) {
      data = init as MsgData;
    } else {
      init = readOptions(init, MSG_OPTIONS, "Msg options");
      data = parseOrThrow(MsgInputSchema, init, "Msg");
    }
    assertRoleContent(data.role, data.content);
    this.name = data.name;
    this.content = data.content;
    this.role = data.role;
    this.id = data.id;
    this.metadata = data.metadata;
    this.created_at = data.created_at;
    this.usage = data.usage;
    this.finished_at = data.finished_at;
    this.finished_reason = data.finished_reason;
    this.structured_output = data.structured_output;
    this.error = data.error;
  }

  /**
   * Validates a message that arrived as JSON; a `ValidationError` names the bad field. Keys a
   * message does not have are left out (wire data from other AgentScope versions), unlike the
   * constructor, whose options are strict.
   */
  static fromJSON(value: unknown): Msg {
    const data = parseOrThrow(MsgInputSchema, value, "Msg");
    parsedData.add(data);
    return new Msg(data);
  }

  /** The wire form: a deep copy, safe to keep or mutate. */
  toJSON(): MsgData {
    return structuredClone({
      name: this.name,
      content: this.content,
      role: this.role,
      id: this.id,
      metadata: this.metadata,
      created_at: this.created_at,
      usage: this.usage,
      finished_at: this.finished_at,
      finished_reason: this.finished_reason,
      structured_output: this.structured_output,
      error: this.error,
    });
  }

  /** The text blocks' text joined by `separator`, or null when there is no text block. */
  getTextContent(separator = "\n"): string | null {
    let text: string | null = null;
    for (const block of this.content) {
      if (block.type !== "text") continue;
      text = text === null ? block.text : text + separator + block.text;
    }
    return text;
  }

  /** The blocks of the given type(s), or all blocks. */
  getContentBlocks(): ContentBlock[];
  getContentBlocks<T extends ContentBlockType>(type: BlockTypeFilter<T>): BlockOfType<T>[];
  getContentBlocks(type?: BlockTypeFilter<ContentBlockType>): ContentBlock[] {
    if (type === undefined) return [...this.content];
    return this.content.filter((block) => matches(block, type));
  }

  /** With no type: whether there is any block; otherwise whether any block has the type(s). */
  hasContentBlocks(type?: BlockTypeFilter<ContentBlockType>): boolean {
    if (type === undefined) return this.content.length > 0;
    return this.content.some((block) => matches(block, type));
  }

  /**
   * Applies one event of this reply (spec §1.3) and returns this message: how a client rebuilds a
   * reply from its event stream. Events of another reply, or for unknown blocks, warn and change
   * nothing.
   */
  appendEvent(event: AgentEvent): this {
    applyEvent(this, event);
    return this;
  }
}

/** A message object whose `content` is a string, with that string as one text block. */
function withBlocks(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const content = (value as { content?: unknown }).content;
  if (typeof content !== "string") return value;
  return { ...value, content: [{ type: "text", text: content }] };
}

function matches(block: ContentBlock, type: BlockTypeFilter<ContentBlockType>): boolean {
  return typeof type === "string" ? block.type === type : type.includes(block.type);
}
