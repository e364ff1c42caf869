import type { ZodType } from "zod";
import { ValidationError, type ValidationIssue } from "../../errors/index.js";
import { readOptions } from "../../message/index.js";
import { Toolkit } from "../../tools/index.js";

/** Every key `new Agent(…)` takes (see `AgentOptions`). */
export const AGENT_OPTIONS: ReadonlySet<string> = new Set([
  "id",
  "name",
  "systemPrompt",
  "model",
  "toolkit",
  "state",
  "offloader",
  "middlewares",
  "modelConfig",
  "contextConfig",
  "reactConfig",
  "injectionConfig",
  "inspect",
  "session",
]);

/** Every key `agent.reply(inputs, options)` and `replyStream` take (see `ReplyOptions`). */
export const REPLY_OPTIONS: ReadonlySet<string> = new Set(["structuredSchema", "queue"]);

/**
 * The options of `new Agent(…)`, read once and checked: known keys only (`nmae` is a
 * `ValidationError` naming `name`), and the values the agent relies on have their type. The
 * configs and the state are checked by their own schemas.
 */
export function readAgentOptions<T extends object>(options: T): T {
  const read = readOptions(options, AGENT_OPTIONS, "Agent options") as Record<string, unknown>;
  const issues: ValidationIssue[] = [];
  const expect = (key: string, ok: boolean, message: string) => {
    if (!ok) issues.push({ path: key, message });
  };
  const id = read["id"];
  expect(
    "id",
    id === undefined || (typeof id === "string" && id !== ""),
    "Expected a non-empty string",
  );
  expect("name", typeof read["name"] === "string", "Expected a string");
  expect("systemPrompt", typeof read["systemPrompt"] === "string", "Expected a string");
  expect("model", hasMethod(read["model"], "call"), "Expected a ChatModel (an object with `call`)");
  const toolkit = read["toolkit"];
  expect("toolkit", toolkit === undefined || toolkit instanceof Toolkit, "Expected a Toolkit");
  const middlewares = read["middlewares"];
  expect(
    "middlewares",
    middlewares === undefined || Array.isArray(middlewares),
    "Expected an array of middlewares",
  );
  const offloader = read["offloader"];
  expect(
    "offloader",
    offloader === undefined || offloader === null || hasMethod(offloader, "offloadDataBlock"),
    "Expected an offloader (an object with `offloadDataBlock`) or null",
  );
  const session = read["session"];
  if (session !== undefined) {
    const s = session as Record<string, unknown> | null;
    expect(
      "session.storage",
      typeof s === "object" && s !== null && hasMethod(s["storage"], "upsertSession"),
      "Expected a SessionStorage (an object with `upsertSession`)",
    );
    const userId = s?.["userId"];
    expect(
      "session.userId",
      typeof userId === "string" && userId !== "",
      "Expected a non-empty string",
    );
    const sessionId = s?.["sessionId"];
    expect(
      "session.sessionId",
      sessionId === undefined || (typeof sessionId === "string" && sessionId !== ""),
      "Expected a non-empty string",
    );
    const revision = s?.["revision"];
    expect(
      "session.revision",
      revision === undefined || (Number.isInteger(revision) && (revision as number) >= 0),
      "Expected a non-negative integer",
    );
    // Sessions are stored under the agent's id: a minted one would not be found again.
    expect("id", id !== undefined, "An agent with a session needs a stable id");
  }
  if (issues.length > 0) throw new ValidationError("Agent options", issues);
  return read as T;
}

/**
 * The options of one reply call, read once: an object with known keys only (`structuredSchma` is
 * a `ValidationError` naming `structuredSchema`), and `queue` a boolean when given.
 */
export function readReplyOptions(options: ReplyOptions): ReplyOptions {
  const read = readOptions(options, REPLY_OPTIONS, "ReplyOptions");
  const queue: unknown = read.queue;
  if (queue !== undefined && typeof queue !== "boolean") {
    throw new ValidationError("ReplyOptions", [{ path: "queue", message: "Expected a boolean" }]);
  }
  return read;
}

function hasMethod(value: unknown, name: string): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Record<string, unknown>)[name] === "function"
  );
}
/** A structured-output schema: a zod schema (in process) or a JSON schema object. */
export type StructuredSchemaInput = ZodType | Record<string, unknown>;

/** Options of one reply. */
export interface ReplyOptions {
  /** Makes the reply end with a structured output matching this schema (spec §3.11). */
  structuredSchema?: StructuredSchemaInput | undefined;
  /**
   * While another reply runs (or is being prepared, or is ending): wait for it and the replies
   * queued before this one, then run (true, the default); or refuse at once with `REPLY_BUSY`
   * (false). A parked reply is at rest: a call meets it at once either way.
   */
  queue?: boolean | undefined;
}
