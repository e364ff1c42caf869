import { BusError, BusErrorCode } from "./bus-error.js";

/** Characters a token keeps as they are; everything else is percent-escaped. */
const PLAIN = /^[A-Za-z0-9_-]+$/;
const PLAIN_CHAR = /[A-Za-z0-9_-]/;
const ESCAPED = /%([0-9A-F]{2})/g;
const encoder = new TextEncoder();

/**
 * Turns any non-empty string (an agent id, a tool name, a call id) into one subject token that can
 * never be a wildcard or split into two: characters outside `[A-Za-z0-9_-]` become `%XX` per UTF-8
 * byte (so `a.b` → `a%2Eb`, `*` → `%2A`, `%` → `%25`). The mapping is one-to-one, so two ids never
 * share a subject. An empty string is refused.
 */
export function escapeToken(value: string): string {
  if (value.length === 0) {
    throw new BusError(BusErrorCode.INVALID_SUBJECT, "A subject token cannot be empty.");
  }
  if (PLAIN.test(value)) return value;
  let out = "";
  for (const char of value) {
    if (PLAIN_CHAR.test(char)) {
      out += char;
      continue;
    }
    for (const byte of encoder.encode(char))
      out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** The inverse of {@link escapeToken}. */
export function unescapeToken(token: string): string {
  if (!token.includes("%")) return token;
  const bytes: number[] = [];
  let last = 0;
  const parts: string[] = [];
  const flush = (): void => {
    if (bytes.length > 0) parts.push(new TextDecoder().decode(Uint8Array.from(bytes)));
    bytes.length = 0;
  };
  for (const match of token.matchAll(ESCAPED)) {
    if (match.index !== last) {
      flush();
      parts.push(token.slice(last, match.index));
    }
    bytes.push(Number.parseInt(match[1] ?? "0", 16));
    last = match.index + match[0].length;
  }
  flush();
  parts.push(token.slice(last));
  return parts.join("");
}

/**
 * Checks a subject against the NATS rules: non-empty tokens of visible characters without
 * whitespace; `*` and `>` only as whole tokens, `>` only last (and only when `wildcards` is true).
 * Throws `INVALID_SUBJECT` naming the subject and the rule.
 */
export function assertSubject(subject: string, options: { wildcards?: boolean } = {}): void {
  const refuse = (why: string): never => {
    throw new BusError(BusErrorCode.INVALID_SUBJECT, `Invalid subject "${subject}": ${why}.`, {
      subject,
    });
  };
  if (subject.length === 0) refuse("it is empty");
  if (/\s/.test(subject)) refuse("it contains whitespace");
  const tokens = subject.split(".");
  tokens.forEach((token, i) => {
    if (token.length === 0) refuse("it has an empty token");
    if (token === "*" || token === ">") {
      if (options.wildcards !== true) refuse("wildcards are only allowed when subscribing");
      if (token === ">" && i !== tokens.length - 1) refuse("`>` must be the last token");
    } else if (token.includes("*") || token.includes(">")) {
      refuse("`*` and `>` must be whole tokens");
    }
  });
}

/**
 * The only place subjects are built (DESIGN.md "The bus"). Every name in a subject goes through
 * {@link escapeToken}, so an agent id such as `"a.b"` or `"*"` addresses that agent and nobody else.
 *
 * @example
 * const subjects = new Subjects("sim1");
 * subjects.agentIn("alice"); // "sim1.agent.alice.in"
 */
export class Subjects {
  /** The prefix every subject starts with (default `as`). */
  readonly prefix: string;

  constructor(prefix = "as") {
    assertSubject(prefix);
    this.prefix = prefix;
  }

  /** Commands to an agent (request/reply). */
  agentIn(id: string): string {
    return `${this.prefix}.agent.${escapeToken(id)}.in`;
  }
  /** Every event of an agent, in order. */
  agentEvents(id: string): string {
    return `${this.prefix}.agent.${escapeToken(id)}.events`;
  }
  /** Every statechart transition of an agent. */
  agentState(id: string): string {
    return `${this.prefix}.agent.${escapeToken(id)}.state`;
  }
  /** All agents' events, or all agents' transitions (for observers and inspectors). */
  allAgents(kind: "events" | "state"): string {
    return `${this.prefix}.agent.*.${kind}`;
  }
  /** The messages said in a hub. */
  hubMsgs(hub: string): string {
    return `${this.prefix}.hub.${escapeToken(hub)}.msgs`;
  }
  /** One call of a tool (request, queue group). */
  toolCall(name: string): string {
    return `${this.prefix}.tool.${escapeToken(name)}.call`;
  }
  /** A tool's permission view of an input (request, queue group). */
  toolCheck(name: string): string {
    return `${this.prefix}.tool.${escapeToken(name)}.check`;
  }
  /**
   * One call of a tool, sent to one worker (`workerId`) rather than the queue group: callers that
   * know the live workers from the registry balance their calls themselves, since a queue group
   * picks its member at random.
   */
  toolCallAt(name: string, workerId: string): string {
    return `${this.prefix}.tool.${escapeToken(name)}.call.${escapeToken(workerId)}`;
  }
  /**
   * Cancels a running call of a tool (payload `{ call_id }`). One subject per tool, not per call
   * (DESIGN.md had `as.tool.cancel.<call id>`): a per-call subject costs the server a subscribe and
   * an unsubscribe per call, `as.tool.cancel.*` would collide with a tool named `cancel`, and with
   * every subject of a tool under `as.tool.<name>.>` a worker's permissions are one line.
   */
  toolCancel(name: string): string {
    return `${this.prefix}.tool.${escapeToken(name)}.cancel`;
  }
  /** Every subject of a tool (`.call`, `.call.<worker>`, `.check`, `.cancel`), for permissions. */
  toolAll(name: string): string {
    return `${this.prefix}.tool.${escapeToken(name)}.>`;
  }
  /** The queue group a tool's workers share unless told otherwise. */
  toolQueue(name: string): string {
    return `${this.prefix}.tool.${escapeToken(name)}`;
  }
  /** Supervision reports of a runtime (a crashed actor). */
  supervision(runtime: string): string {
    return `${this.prefix}.runtime.${escapeToken(runtime)}.reports`;
  }
  /**
   * The key-value bucket that orders a hub's messages (one per hub): each message takes the
   * bucket's next revision as its place, because posts of several publishers may reach two
   * subscribers of one nats-server in different orders. The name is one-to-one with the hub's.
   */
  hubSequence(hub: string): string {
    return `${this.prefix.replaceAll(".", "_")}_hub_${bucketToken(hub)}`;
  }
  /** The registry's name (a KV bucket on NATS): tool schemas and worker liveness. */
  registry(): string {
    return `${this.prefix.replaceAll(".", "_")}_registry`;
  }
  /**
   * The registry key of one tool served by one worker: `tool.<name>.<worker>`, each part encoded
   * one-to-one into the key alphabet (see {@link bucketToken}), so two tools or two workers never
   * share a key and any name is a valid key on both transports.
   */
  registryKey(tool: string, workerId: string): string {
    return `${REGISTRY_TOOL_PREFIX}${bucketToken(tool)}.${bucketToken(workerId)}`;
  }
}

/** Where tool entries start in the registry (other kinds of entry may share the bucket). */
export const REGISTRY_TOOL_PREFIX = "tool.";

/**
 * A name as a part of a bucket name (`[A-Za-z0-9_-]`): every character but letters, digits and
 * `-` becomes `_XX` per UTF-8 byte, `_` included, so two names never share a bucket. Empty is refused.
 */
function bucketToken(value: string): string {
  if (value.length === 0) {
    throw new BusError(BusErrorCode.INVALID_SUBJECT, "A bucket name part cannot be empty.");
  }
  let out = "";
  for (const char of value) {
    if (/[A-Za-z0-9-]/.test(char)) {
      out += char;
      continue;
    }
    for (const byte of encoder.encode(char))
      out += `_${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}
