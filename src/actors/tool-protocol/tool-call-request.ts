import { z } from "zod";

/** An input as it travels: a JSON object (the tool's keyword arguments). */
export const ToolInputSchema = z.record(z.string(), z.unknown());

/**
 * One call of a tool, sent to `as.tool.<name>.call` (any worker of the queue group) or
 * `as.tool.<name>.call.<worker id>` (that worker), with the caller's inbox as `replyTo`.
 * `call_id` is minted by the caller as a UUID, never the model's tool-call id (a model may reuse
 * its ids); a worker refuses a `call_id` it has already run, so a call runs at most once.
 */
export const ToolCallRequestSchema = z.object({
  call_id: z.uuid(),
  input: ToolInputSchema,
});
export type ToolCallRequest = z.output<typeof ToolCallRequestSchema>;

/**
 * Stops a running call: published on `as.tool.<name>.cancel`, which every worker of the tool
 * hears; the one running `call_id` aborts it (a Bash command's process group dies). Fire and
 * forget: a cancel for a call nobody runs changes nothing.
 */
export const ToolCancelSchema = z.object({ call_id: z.uuid() });
export type ToolCancel = z.output<typeof ToolCancelSchema>;
