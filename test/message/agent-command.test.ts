import { describe, expect, it } from "vitest";
import {
  AgentCommandSchema,
  UserMsg,
  ValidationError,
  createEvent,
  parseAgentCommand,
} from "../../src/index.js";
import { makeAgent } from "../actors/agent/agent-fixture.js";

const hello = () => new UserMsg({ name: "user", content: "hello" }).toJSON();

describe("AgentCommandSchema (the agent's commands as data)", () => {
  it("parses a reply with messages, filling the defaults (no schema, queued)", () => {
    const command = parseAgentCommand({ type: "reply", inputs: [hello()] });
    expect(command).toMatchObject({ type: "reply", structured_schema: null, queue: true });
    expect(command.type === "reply" && Array.isArray(command.inputs)).toBe(true);
  });

  it("parses a reply with each of the three input events, and with no input", () => {
    const interrupt = createEvent("USER_INTERRUPT", { reply_id: "r1" });
    const confirm = createEvent("USER_CONFIRM_RESULT", { reply_id: "r1", confirm_results: [] });
    const external = createEvent("EXTERNAL_EXECUTION_RESULT", {
      reply_id: "r1",
      execution_results: [],
    });
    for (const inputs of [interrupt, confirm, external]) {
      const command = parseAgentCommand({ type: "reply", inputs, queue: false });
      expect(command).toMatchObject({ type: "reply", inputs: { type: inputs.type }, queue: false });
    }
    expect(parseAgentCommand({ type: "reply" })).toMatchObject({ inputs: null });
  });

  it("parses observe and interrupt, and keeps a JSON structured schema", () => {
    expect(parseAgentCommand({ type: "observe", msgs: [hello()] })).toMatchObject({
      type: "observe",
    });
    expect(parseAgentCommand({ type: "interrupt" })).toEqual({ type: "interrupt" });
    const schema = { type: "object", properties: { n: { type: "number" } } };
    expect(
      parseAgentCommand({ type: "reply", inputs: [], structured_schema: schema }),
    ).toMatchObject({ structured_schema: schema });
  });

  it.each([
    ["an unknown command", { type: "shout" }],
    ["a misspelt field", { type: "reply", inputs: [], queu: false }],
    ["a bad message", { type: "observe", msgs: [{ role: "user" }] }],
    ["an output event as input", { type: "reply", inputs: { type: "REPLY_END" } }],
    ["a non-boolean queue", { type: "reply", queue: "yes" }],
    ["a non-object", "reply"],
  ])("refuses %s with a ValidationError", (_what, value) => {
    expect(() => parseAgentCommand(value)).toThrow(ValidationError);
    expect(AgentCommandSchema.safeParse(value).success).toBe(false);
  });

  it("a parsed reply command drives an agent (wire data in, its answer out)", async () => {
    const agent = makeAgent(["hi there"]);
    const command = parseAgentCommand(
      JSON.parse(JSON.stringify({ type: "reply", inputs: [hello()] })),
    );
    if (command.type !== "reply") throw new Error("expected a reply command");
    const msg = await agent.reply(command.inputs, { queue: command.queue });
    expect(msg.getTextContent()).toBe("hi there");
  });
});
