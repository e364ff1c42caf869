import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, ScriptedModel, ValidationError } from "../../../src/index.js";
import { makeAgent, user } from "./agent-fixture.js";

const model = () => new ScriptedModel({ responses: ["ok"] });
const base = () => ({ name: "Friday", systemPrompt: "You are helpful.", model: model() });

/** The ValidationError `fn` throws (or rejects with). */
async function validationError(fn: () => unknown): Promise<ValidationError> {
  try {
    await fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error("expected a ValidationError");
}

describe("Agent options are strict", () => {
  it("a misspelt Agent option is a ValidationError naming the key and the nearest valid one", async () => {
    const error = await validationError(
      () =>
        new Agent({ ...base(), nmae: "x" } as unknown as ConstructorParameters<typeof Agent>[0]),
    );
    expect(error.issues).toEqual([
      { path: "nmae", message: 'Unknown option "nmae"; did you mean "name"?' },
    ]);
    expect(error.message).toContain("Agent options");
  });

  it("an Agent option of the wrong type is a ValidationError naming it", async () => {
    const error = await validationError(
      () =>
        new Agent({ ...base(), model: {} } as unknown as ConstructorParameters<typeof Agent>[0]),
    );
    expect(error.issues.map((i) => i.path)).toEqual(["model"]);
    await validationError(
      () => new Agent(null as unknown as ConstructorParameters<typeof Agent>[0]),
    );
  });

  it("§3.1 an unknown key in a config is a ValidationError naming the nearest valid key", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ reactConfig: { maxIter: 3 } }, "maxIter", "maxIters"],
      [{ reactConfig: { max_iters: 3 } }, "max_iters", "maxIters"],
      [{ modelConfig: { maxRetires: 1 } }, "maxRetires", "maxRetries"],
      [{ contextConfig: { triggerRatios: 0.5 } }, "triggerRatios", "triggerRatio"],
      [
        { injectionConfig: { injectRuntimeStat: false } },
        "injectRuntimeStat",
        "injectRuntimeState",
      ],
    ];
    for (const [options, key, near] of cases) {
      const error = await validationError(() => makeAgent(["ok"], options));
      expect(error.issues).toEqual([
        { path: key, message: `Unknown option "${key}"; did you mean "${near}"?` },
      ]);
    }
  });

  it("an unknown key in ReplyOptions is a ValidationError from reply() and replyStream(), and claims nothing", async () => {
    const agent = makeAgent(["ok"]);
    const schema = z.object({ a: z.string() });
    const error = await validationError(() =>
      agent.reply(user("hi"), { structuredSchma: schema } as never),
    );
    expect(error.issues).toEqual([
      {
        path: "structuredSchma",
        message: 'Unknown option "structuredSchma"; did you mean "structuredSchema"?',
      },
    ]);
    await validationError(async () => {
      for await (const _ of agent.replyStream(user("hi"), { schema } as never)) {
        // nothing
      }
    });
    expect(agent.state.context).toEqual([]);
    expect((await agent.reply(user("hi"))).getTextContent()).toBe("ok");
  });
});
