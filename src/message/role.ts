import { z } from "zod";
import { ValidationError } from "../errors/index.js";
import type { ContentBlock } from "./blocks/content-block.js";

export const RoleSchema = z.enum(["user", "assistant", "system"]);
export type Role = z.output<typeof RoleSchema>;

export const USER_CONTENT_ERROR = "User message can only contain text blocks or data blocks.";
export const SYSTEM_CONTENT_ERROR = "System message can only contain text blocks.";

/**
 * The role constraints: user messages hold only text and data blocks, system messages only
 * text; assistant messages anything. Throws a `ValidationError` with the reference's exact text.
 */
export function assertRoleContent(role: Role, content: readonly ContentBlock[]): void {
  if (role === "user") {
    const bad = content.findIndex((b) => b.type !== "text" && b.type !== "data");
    if (bad >= 0) throw roleError(bad, USER_CONTENT_ERROR);
  } else if (role === "system") {
    const bad = content.findIndex((b) => b.type !== "text");
    if (bad >= 0) throw roleError(bad, SYSTEM_CONTENT_ERROR);
  }
}

function roleError(index: number, message: string): ValidationError {
  return new ValidationError("Msg", [{ path: `content.${index}.type`, message }], { message });
}
