import { afterEach, beforeEach } from "vitest";
import { setLogger } from "../../src/errors/index.js";
import type { TextOrDataBlock } from "../../src/message/index.js";
import type { PermissionDecision, ToolInput } from "../../src/permission/index.js";
import { Observable, Subject } from "rxjs";
import {
  ToolBase,
  type ToolBaseOptions,
  type ToolCallContext,
  type ToolCallReturn,
  type Skill,
  type ToolSource,
} from "../../src/tools/index.js";

/** Collects every item of an async stream. */
export async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of stream) items.push(item);
  return items;
}

/** A permission decision with every field. */
export function decision(
  behavior: PermissionDecision["behavior"],
  message = "",
): PermissionDecision {
  return {
    behavior,
    message,
    decision_reason: null,
    updated_input: null,
    suggested_rules: null,
    bypass_immune: false,
  };
}

export interface ScriptedToolOptions extends ToolBaseOptions {
  name?: string;
  inputSchema?: Record<string, unknown>;
  run?: (input: ToolInput, context: ToolCallContext) => ToolCallReturn;
  stateInjected?: boolean;
  external?: boolean;
  /** Whether calls may run together (true by default). */
  concurrencySafe?: boolean;
}

/** A tool whose `call` is given as a function (by default it echoes its input as JSON). */
export class ScriptedTool extends ToolBase {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly isConcurrencySafe: boolean;
  readonly isReadOnly = true;
  override readonly isStateInjected: boolean;
  override readonly isExternalTool: boolean;
  private readonly run: NonNullable<ScriptedToolOptions["run"]>;

  constructor(options: ScriptedToolOptions = {}) {
    super(options);
    this.name = options.name ?? "scripted";
    this.description = `The ${this.name} tool.`;
    this.inputSchema = options.inputSchema ?? { type: "object", properties: {} };
    this.isStateInjected = options.stateInjected ?? false;
    this.isExternalTool = options.external ?? false;
    this.isConcurrencySafe = options.concurrencySafe ?? true;
    this.run = options.run ?? ((input) => JSON.stringify(input));
  }

  checkPermissions(): PermissionDecision {
    return decision("allow", "fine");
  }

  override call(input: ToolInput, context: ToolCallContext): ToolCallReturn {
    return this.run(input, context);
  }
}

/** A tool source whose tools (or failure) are given; counts how often it is listed. */
export class FakeSource implements ToolSource {
  listings = 0;
  constructor(
    readonly name: string,
    private readonly tools: () => readonly ToolBase[] | Promise<readonly ToolBase[]>,
    readonly isStateful = false,
    readonly isConnected = true,
  ) {}

  async listTools(): Promise<readonly ToolBase[]> {
    this.listings++;
    return this.tools();
  }
}

/** Text of every text block of some chunks (or responses), joined. */
export function textOf(items: readonly { content: readonly TextOrDataBlock[] }[]): string {
  return items
    .flatMap((item) => item.content)
    .map((block) => (block.type === "text" ? block.text : ""))
    .join("");
}

/**
 * A tool source that announces its changes on `changes$` (as an MCP client relays
 * `notifications/tools/list_changed`); counts its listings and its live subscriptions.
 */
export class WatchedSource implements ToolSource {
  readonly isStateful = false;
  readonly isConnected = true;
  listings = 0;
  /** Subscriptions to `changes$` not yet unsubscribed. */
  subscriptions = 0;
  /** While set, listings wait for it (to change the tools while one is in flight). */
  gate: Promise<void> | null = null;
  readonly #feed = new Subject<void>();
  readonly changes$ = new Observable<void>((subscriber) => {
    this.subscriptions++;
    const inner = this.#feed.subscribe(subscriber);
    return () => {
      this.subscriptions--;
      inner.unsubscribe();
    };
  });

  constructor(
    readonly name: string,
    public tools: readonly ToolBase[],
  ) {}

  async listTools(): Promise<readonly ToolBase[]> {
    this.listings++;
    const tools = this.tools;
    if (this.gate !== null) await this.gate;
    return tools;
  }

  /** Changes the tools and announces it. */
  setTools(tools: readonly ToolBase[]): void {
    this.tools = tools;
    this.#feed.next();
  }

  /** Ends the feed (a closed client): nothing will be announced any more. */
  end(): void {
    this.#feed.complete();
  }

  /** Fails the feed. */
  fail(error: Error): void {
    this.#feed.error(error);
  }
}

/** A skill loader whose skills are given; counts its listings. */
export class FakeSkillLoader {
  listings = 0;
  constructor(public skills: readonly Skill[]) {}

  async listSkills(): Promise<readonly Skill[]> {
    this.listings++;
    return Promise.resolve(this.skills);
  }
}

/** A skill with every field. */
export function skill(name: string): Skill {
  return {
    name,
    description: `The ${name} skill.`,
    dir: `/skills/${name}`,
    markdown: `# ${name}`,
    updated_at: 0,
    metadata: {},
  };
}

/**
 * The logger's warnings and errors during each test of the calling file: the array is emptied
 * before each test and the logger restored after it.
 */
export function recordWarnings(): string[] {
  const warnings: string[] = [];
  let restore: () => void = () => undefined;
  beforeEach(() => {
    warnings.length = 0;
    restore = setLogger({
      warn: (message) => warnings.push(message),
      error: (message) => warnings.push(message),
    });
  });
  afterEach(() => {
    restore();
  });
  return warnings;
}
