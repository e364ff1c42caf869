import type { TextOrDataBlock } from "../../src/message/index.js";
import type { PermissionDecision, ToolInput } from "../../src/permission/index.js";
import {
  ToolBase,
  type ToolBaseOptions,
  type ToolCallContext,
  type ToolCallReturn,
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
}

/** A tool whose `call` is given as a function (by default it echoes its input as JSON). */
export class ScriptedTool extends ToolBase {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly isConcurrencySafe = true;
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
