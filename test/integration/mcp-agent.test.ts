import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  remoteToolSource,
  serveTools,
  type RemoteToolSource,
  type ToolWorker,
} from "../../src/actors/index.js";
import { NatsBus } from "../../src/bus/index.js";
import { MCPClient, MCP_TOOL_ASK_MESSAGE, type MCPTool } from "../../src/mcp/index.js";
import {
  Agent,
  PermissionEngine,
  ScriptedModel,
  Toolkit,
  type AgentEvent,
  type PermissionContextInput,
  type RequireUserConfirmEvent,
  type ToolBase,
  type ToolInput,
} from "../../src/index.js";
import { collect, confirmEvent, user, yes } from "../actors/agent/agent-fixture.js";
import {
  createFixtureScratch,
  stdioFixtureCommand,
  readEvents,
} from "../harness/mcp/stdio-fixture-command.js";
import { startNatsServer, type NatsServer } from "../harness/nats-server.js";
import { useQuietLogger } from "../harness/quiet-logger.js";

useQuietLogger();

const scratch = createFixtureScratch();
const eventsFile = scratch.eventsFile();
let mcp: MCPClient;

beforeAll(async () => {
  mcp = new MCPClient({
    name: "fixture",
    isStateful: true,
    mcpConfig: {
      type: "stdio_mcp",
      ...stdioFixtureCommand({ eventsFile, cwd: scratch.cwd, home: scratch.home }),
    },
  });
  await mcp.connect();
});

afterAll(async () => {
  await mcp.close();
  scratch.remove();
});

/** An agent whose model calls the read-only `echo`, then `get.weather` (which asks), then answers. */
function weatherAgent(toolkit: Toolkit): Agent {
  return new Agent({
    name: "Friday",
    systemPrompt: "You use MCP tools.",
    model: new ScriptedModel({
      responses: [
        { toolCalls: [{ name: "mcp__fixture__echo", input: { text: "ping" } }] },
        { toolCalls: [{ name: "mcp__fixture__getxweather", input: { city: "Paris" } }] },
        "Paris is sunny.",
      ],
    }),
    toolkit,
    injectionConfig: { injectRuntimeState: false },
  });
}

const resultTexts = (events: readonly AgentEvent[]) =>
  events.flatMap((e) => (e.type === "TOOL_RESULT_TEXT_DELTA" ? [e.delta] : []));

async function askThenConfirm(agent: Agent) {
  const first = await collect(agent.replyStream(user("Weather in Paris?")));
  const ask = first.find((e): e is RequireUserConfirmEvent => e.type === "REQUIRE_USER_CONFIRM");
  expect(ask?.tool_calls.map((c) => c.name)).toEqual(["mcp__fixture__getxweather"]);
  expect(first.some((e) => e.type === "REPLY_END")).toBe(false);
  // The read-only tool ran without asking.
  expect(resultTexts(first)).toContain("echo: ping");
  const second = await collect(agent.replyStream(confirmEvent(agent, ask!.tool_calls.map(yes))));
  expect(resultTexts(second)).toContain("The weather in Paris is sunny.");
  const end = second.at(-1);
  expect(end).toMatchObject({ type: "REPLY_END", finished_reason: "completed" });
  return { first, second };
}

describe("an agent calls MCP tools end to end (ScriptedModel)", () => {
  it("locally: read-only runs, the other asks, the confirmed call runs on the server", async () => {
    const before = readEvents(eventsFile).filter(
      (e) => e.type === "called" && e.tool === "get.weather",
    ).length;
    await askThenConfirm(weatherAgent(new Toolkit({ mcps: [mcp] })));
    const after = readEvents(eventsFile).filter(
      (e) => e.type === "called" && e.tool === "get.weather",
    ).length;
    expect(after - before).toBe(1);
  });

  describe("through a tool worker on nats-server", () => {
    let server: NatsServer;
    let workerBus: NatsBus;
    let agentBus: NatsBus;
    let worker: ToolWorker;
    let source: RemoteToolSource;
    let local: MCPTool[];

    beforeAll(async () => {
      server = await startNatsServer();
      workerBus = await NatsBus.connect({ servers: server.url, name: "mcp-worker" });
      agentBus = await NatsBus.connect({ servers: server.url, name: "mcp-agent" });
      local = await mcp.listTools();
      worker = await serveTools(workerBus, local, { workerId: "mcp-1" });
      source = await remoteToolSource(agentBus, { names: local.map((t) => t.name) });
      await source.whenTools(["mcp__fixture__echo", "mcp__fixture__getxweather"], 10_000);
    });

    afterAll(async () => {
      await source.close();
      await worker.stop();
      await Promise.all([workerBus.close(), agentBus.close()]);
      await server.dispose();
    });

    it("the agent elsewhere asks, is confirmed and gets the result the same way", async () => {
      await askThenConfirm(weatherAgent(new Toolkit({ sources: [source] })));
    });

    it("readOnlyHint and permission checks travel through .check: remote decisions equal local ones", async () => {
      const remote = new Map((await source.listTools()).map((t) => [t.name, t] as const));
      const contexts: PermissionContextInput[] = [
        { mode: "default" },
        { mode: "accept_edits" },
        { mode: "bypass" },
        { mode: "explore" },
        { mode: "dont_ask" },
        {
          mode: "default",
          allow_rules: {
            mcp__fixture__getxweather: [
              {
                tool_name: "mcp__fixture__getxweather",
                rule_content: null,
                behavior: "allow",
                source: "test",
              },
            ],
          },
        },
      ];
      const inputs: Record<string, ToolInput> = {
        mcp__fixture__echo: { text: "x" },
        mcp__fixture__getxweather: { city: "Oslo" },
        mcp__fixture__all_content: {},
      };
      for (const context of contexts) {
        for (const [name, input] of Object.entries(inputs)) {
          const localTool = local.find((t) => t.name === name) as ToolBase;
          const remoteTool = remote.get(name)!;
          const localDecision = await new PermissionEngine(context).decide(localTool, input);
          const remoteDecision = await new PermissionEngine(context).decide(remoteTool, input);
          expect(remoteDecision).toEqual(localDecision);
          expect(await remoteTool.checkReadOnly(input)).toBe(localTool.isReadOnly);
        }
      }
      const ask = await new PermissionEngine({ mode: "default" }).decide(
        remote.get("mcp__fixture__getxweather")!,
        { city: "Oslo" },
      );
      expect(ask).toMatchObject({
        behavior: "ask",
        suggested_rules: [{ tool_name: "mcp__fixture__getxweather", rule_content: null }],
      });
      // The tool's own view, asked on the worker, is the reference's text.
      const engine = new PermissionEngine({ mode: "default" });
      const own = await remote
        .get("mcp__fixture__getxweather")!
        .checkPermissions({ city: "Oslo" }, engine.context);
      expect(own).toMatchObject({ behavior: "ask", message: MCP_TOOL_ASK_MESSAGE });
    });
  });
});
