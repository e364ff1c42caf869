import type { ContentBlockInput } from "./blocks/content-block.js";
import type { ErrorInfo } from "./error-info.js";
import type { ReplyFinishedReason } from "./finished-reason.js";
import { now } from "./identity.js";
import { ASSISTANT_MSG_OPTIONS, USER_MSG_OPTIONS } from "./msg-options.js";
import { Msg, type MsgInit } from "./msg.js";
import { readOptions } from "./options-object.js";

/** What `UserMsg` and `SystemMsg` take. */
export interface UserMsgInit {
  name: string;
  content: string | readonly ContentBlockInput[];
  id?: string;
  metadata?: Record<string, unknown>;
  created_at?: string;
  /** Defaults to `created_at`: a user's message is complete when made. */
  finished_at?: string | null;
  finished_reason?: ReplyFinishedReason | null;
}

/** What `AssistantMsg` takes. */
export interface AssistantMsgInit extends UserMsgInit {
  structured_output?: Record<string, unknown> | null;
  usage?: MsgInit["usage"];
  error?: ErrorInfo | null;
}

function complete(init: UserMsgInit): { created_at: string; finished_at: string | null } {
  const created = init.created_at ?? now();
  return {
    created_at: created,
    finished_at: init.finished_at === undefined ? created : init.finished_at,
  };
}

/**
 * A user's message: text and data blocks only; `finished_at` defaults to `created_at`.
 *
 * @example
 * new UserMsg({ name: "user", content: "hi" })
 */
export class UserMsg extends Msg {
  constructor(init: UserMsgInit) {
    init = readOptions(init, USER_MSG_OPTIONS, "UserMsg options");
    super({ ...init, ...complete(init), role: "user" });
  }
}

/** A system message: text blocks only; `finished_at` defaults to `created_at`. */
export class SystemMsg extends Msg {
  constructor(init: UserMsgInit) {
    init = readOptions(init, USER_MSG_OPTIONS, "SystemMsg options");
    super({ ...init, ...complete(init), role: "system" });
  }
}

/**
 * An assistant's message: any blocks; `finished_at` stays null until its reply ends.
 *
 * @example
 * const msg = new AssistantMsg({ name: event.name, content: [], id: event.reply_id });
 */
export class AssistantMsg extends Msg {
  constructor(init: AssistantMsgInit) {
    init = readOptions(init, ASSISTANT_MSG_OPTIONS, "AssistantMsg options");
    super({ ...init, role: "assistant" });
  }
}
