import { execFile } from "node:child_process";
import { access, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import * as door from "../src/index.js";
import type {
  AgentMiddleware,
  AgentPort,
  ChatModel,
  ChatResponse,
  ContextConfig,
  ExternalExecutionResultEvent,
  PermissionContext,
  PermissionDecision,
  PermissionRule,
  ReActConfig,
  RequireExternalExecutionEvent,
  RequireUserConfirmEvent,
  ToolChunk,
  ToolMiddleware,
  UserConfirmResultEvent,
} from "../src/index.js";

const run = promisify(execFile);

/** The type names of DESIGN.md's contract: dropping one from the door fails the typecheck. */
type _ContractTypes = [
  AgentMiddleware,
  AgentPort,
  ChatModel,
  ChatResponse,
  ContextConfig,
  ExternalExecutionResultEvent,
  PermissionContext,
  PermissionDecision,
  PermissionRule,
  ReActConfig,
  RequireExternalExecutionEvent,
  RequireUserConfirmEvent,
  ToolChunk,
  ToolMiddleware,
  UserConfirmResultEvent,
];

/**
 * Every runtime name of the package door, sorted. A name added to (or dropped from) `src/index.ts`
 * fails this test until it is added here: the change shows in review as a change of the contract.
 * Helpers go to `actorscope/utils` (`test/utils.test.ts`), not here.
 */
const PUBLIC_NAMES = [
  "AbortedError",
  "ActingError",
  "ActingErrorCode",
  "ActorKind",
  "ActorRuntime",
  "ActorscopeError",
  "AdditionalWorkingDirectorySchema",
  "Agent",
  "AgentBusCommandSchema",
  "AgentBusError",
  "AgentBusErrorCode",
  "AgentCommandSchema",
  "AgentEventSchema",
  "AgentFailureSource",
  "AgentFrameSchema",
  "AgentOrientedError",
  "AgentPresenceEventType",
  "AgentRef",
  "AgentState",
  "AgentStateName",
  "AgentStateSchema",
  "AgentTransitionSchema",
  "AssistantMsg",
  "BackendErrorCode",
  "BackendIoError",
  "Base64SourceSchema",
  "Bash",
  "BashInputSchema",
  "BashNotFoundError",
  "BusError",
  "BusErrorCode",
  "ChatContentBlockSchema",
  "ChatModelBase",
  "ChatResponseSchema",
  "ChatUsageSchema",
  "ConfirmResultSchema",
  "ContentBlockSchema",
  "ContentBlockType",
  "ContextConfigSchema",
  "DEFAULT_DANGEROUS_DIRECTORIES",
  "DEFAULT_DANGEROUS_FILES",
  "DEFAULT_EXECUTION_TIMEOUT_S",
  "DEFAULT_SECRET_FILES",
  "DEFAULT_SECRET_VARIABLES",
  "DashScopeCredential",
  "DataBlockSchema",
  "DataSourceSchema",
  "DeepSeekCredential",
  "DeveloperOrientedError",
  "Edit",
  "ErrorCode",
  "ErrorInfoSchema",
  "ErrorType",
  "EventType",
  "FileTooLargeError",
  "FileToolErrorCode",
  "FunctionTool",
  "Glob",
  "Grep",
  "HintBlockSchema",
  "HttpMCPConfigSchema",
  "HubError",
  "HubErrorCode",
  "HubPostSchema",
  "InProcessBus",
  "InjectionConfigSchema",
  "JsonObjectSchema",
  "JsonValueSchema",
  "LocalBackend",
  "LocalSkillLoader",
  "MCPClient",
  "MCPConfigSchema",
  "MCPError",
  "MCPErrorCode",
  "MCPTool",
  "MCP_READ_ONLY_ALLOW_MESSAGE",
  "MCP_TOOL_ASK_MESSAGE",
  "ModelCardFileSchema",
  "ModelConfigSchema",
  "ModelError",
  "ModelErrorCode",
  "ModelFinishedReason",
  "ModelRateLimitError",
  "MoonshotCredential",
  "Msg",
  "MsgHub",
  "MsgSchema",
  "NatsBus",
  "NatsBusOptionsSchema",
  "NotRegularFileError",
  "OllamaCredential",
  "OpenAIAutoFormatter",
  "OpenAIChatFormatter",
  "OpenAIChatModel",
  "OpenAIChatParametersSchema",
  "OpenAICredential",
  "OpenAIMultiAgentFormatter",
  "PermissionBehavior",
  "PermissionBehaviorSchema",
  "PermissionContextSchema",
  "PermissionDecisionSchema",
  "PermissionEngine",
  "PermissionMode",
  "PermissionModeSchema",
  "PermissionRuleSchema",
  "ReActConfigSchema",
  "Read",
  "ReadCacheEntrySchema",
  "RemoteTool",
  "RemoteToolError",
  "RemoteToolErrorCode",
  "RemoteToolSource",
  "ReplyContextSchema",
  "ReplyFinishedReason",
  "ReplyInputError",
  "ReplyInputErrorCode",
  "ResetTools",
  "RoleSchema",
  "RuleSubjectSchema",
  "RulesByToolSchema",
  "RuntimeErrorCode",
  "ScriptExhaustedError",
  "ScriptedModel",
  "Secret",
  "ShellErrorCode",
  "SkillSchema",
  "SkillViewer",
  "StdioMCPConfigSchema",
  "StructuredOutputError",
  "Subjects",
  "SupervisionReportSchema",
  "SupervisionReportType",
  "SystemMsg",
  "TaskCreate",
  "TaskGet",
  "TaskList",
  "TaskSchema",
  "TaskUpdate",
  "TasksContextSchema",
  "TextBlockSchema",
  "TextOrDataBlockSchema",
  "ThinkingBlockSchema",
  "TimeoutError",
  "ToolBase",
  "ToolCallBlockSchema",
  "ToolCallError",
  "ToolCallRequestSchema",
  "ToolCallState",
  "ToolCallStateSchema",
  "ToolCancelSchema",
  "ToolCheckAnswerSchema",
  "ToolCheckRequestSchema",
  "ToolChoiceMode",
  "ToolChoiceSchema",
  "ToolChunkSchema",
  "ToolContextSchema",
  "ToolErrorCode",
  "ToolFrameSchema",
  "ToolGroup",
  "ToolGroupInactiveError",
  "ToolInputValidationError",
  "ToolJSONDecodeError",
  "ToolNotFoundError",
  "ToolRegistryEntrySchema",
  "ToolResponse",
  "ToolResponseSchema",
  "ToolResultBlockSchema",
  "ToolResultState",
  "ToolResultStateSchema",
  "ToolSchemaSchema",
  "ToolWorker",
  "Toolkit",
  "URLSourceSchema",
  "UsageSchema",
  "UserMsg",
  "ValidationError",
  "WireErrorSchema",
  "Write",
  "XAICredential",
  "agentRef",
  "allowRulesCover",
  "createAgentMachine",
  "createEvent",
  "createToolState",
  "credentialFromJSON",
  "escapeToken",
  "fanoutPipeline",
  "freezeMsg",
  "fromWork",
  "isDangerousPath",
  "isFrozenMsg",
  "isInWorkingDirectory",
  "isSecretPath",
  "isSecretVariable",
  "jsonCodec",
  "loadModelCards",
  "msgpackCodec",
  "parseAgentCommand",
  "parseAgentEvent",
  "remoteToolSource",
  "remoteTools",
  "sequentialPipeline",
  "serveTools",
  "setIdentitySource",
  "setLogger",
  "spawnAgent",
  "textChunk",
  "unescapeToken",
];

describe("the public door (actorscope)", () => {
  it("exports exactly the checked-in names", () => {
    expect(Object.keys(door).sort()).toEqual(PUBLIC_NAMES);
  });

  it("holds every runtime name of DESIGN.md's public API contract", () => {
    const contract = [
      "Msg",
      "UserMsg",
      "AssistantMsg",
      "SystemMsg",
      "MsgSchema",
      "ContentBlockSchema",
      "AgentEventSchema",
      "EventType",
      "ToolBase",
      "FunctionTool",
      "Toolkit",
      "ToolGroup",
      "Bash",
      "Read",
      "Write",
      "Edit",
      "Glob",
      "Grep",
      "TaskCreate",
      "TaskGet",
      "TaskList",
      "TaskUpdate",
      "PermissionMode",
      "PermissionBehavior",
      "PermissionEngine",
      "OpenAIChatModel",
      "ScriptedModel",
      "Agent",
      "AgentState",
      "createAgentMachine",
      "spawnAgent",
      "agentRef",
      "MsgHub",
      "sequentialPipeline",
      "fanoutPipeline",
      "InProcessBus",
      "NatsBus",
    ];
    expect(PUBLIC_NAMES).toEqual(expect.arrayContaining(contract));
  });

  it("exports no name whose value is undefined", () => {
    const missing = Object.entries(door)
      .filter(([, value]) => value === undefined)
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });
});

type Entry = Record<"actorscope-source" | "types" | "default", string>;

describe("the package's entry points (package.json exports)", () => {
  const root = resolve(import.meta.dirname, "..");

  it("map each subpath to its source file and to the built file of the same name", async () => {
    const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as {
      exports: Record<string, Entry | string>;
    };
    const entries = Object.entries(manifest.exports).filter(
      (pair): pair is [string, Entry] => typeof pair[1] !== "string",
    );
    expect(entries.map(([subpath]) => subpath)).toEqual([".", "./testing", "./utils"]);
    for (const [subpath, entry] of entries) {
      const name = subpath === "." ? "index" : subpath.slice(2);
      expect(entry, subpath).toEqual({
        "actorscope-source": `./src/${name}.ts`,
        types: `./dist/${name}.d.ts`,
        default: `./dist/${name}.js`,
      });
      await expect(access(join(root, entry["actorscope-source"]))).resolves.toBeUndefined();
    }
  });

  it("resolve by package name as a user imports them (Node, the actorscope-source condition)", async () => {
    // Vite does not resolve a package's own name; Node does (self-reference), as tsx runs examples.
    const script = [
      "const names = async (s) => Object.keys(await import(s)).sort();",
      'console.log(JSON.stringify({ door: await names("actorscope"), utils: await names("actorscope/utils"), testing: await names("actorscope/testing") }));',
    ].join("\n");
    const { stdout } = await run(
      process.execPath,
      ["--conditions=actorscope-source", "--import", "tsx", "--input-type=module", "-e", script],
      { cwd: root, timeout: 60_000 },
    );
    expect(JSON.parse(stdout)).toEqual({
      door: PUBLIC_NAMES,
      utils: Object.keys(await import("../src/utils.js")).sort(),
      testing: Object.keys(await import("../src/testing.js")).sort(),
    });
  }, 90_000);
});
