import { z } from "zod";
import { ValidationError } from "../errors/index.js";
import type { ContentBlock, ContentBlockType } from "./blocks/content-block.js";

export const RoleSchema = z.enum(["user", "assistant", "system"]);
export type Role = z.output<typeof RoleSchema>;

export const USER_CONTENT_ERROR = "User message can only contain text blocks or data blocks.";
export const SYSTEM_CONTENT_ERROR = "System message can only contain text blocks.";

/** Whether a message of `role` may hold a block of `type` (user: text and data; system: text). */
export function roleAllows(role: Role, type: ContentBlockType): boolean {
  if (role === "user") return type === "text" || type === "data";
  if (role === "system") return type === "text";
  return true;
}

/**
 * The role constraints: user messages hold only text and data blocks, system messages only
 * text; assistant messages anything. Throws a `ValidationError` with the reference's exact text.
 */
export function assertRoleContent(role: Role, content: readonly ContentBlock[]): void {
  if (role === "assistant") return;
  const bad = content.findIndex((b) => !roleAllows(role, b.type));
  if (bad >= 0) {
    const message = role === "user" ? USER_CONTENT_ERROR : SYSTEM_CONTENT_ERROR;
    throw new ValidationError("Msg", [{ path: `content.${bad}.type`, message }], { message });
  }
}
