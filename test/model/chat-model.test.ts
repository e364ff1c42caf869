import { describe, expect, expectTypeOf, it } from "vitest";
import { UserMsg } from "../../src/message/index.js";
import {
  ChatModelBase,
  OpenAIChatModel,
  ScriptedModel,
  finalResponse,
  interruptedResponse,
  toResponseStream,
  type ChatCallResult,
  type ChatModel,
  type ChatResponse,
} from "../../src/model/index.js";

const hi = [new UserMsg({ name: "user", content: "hi" })];

describe("ChatModel", () => {
  it("types call's result by the model's stream setting", () => {
    const streaming = new ScriptedModel({ responses: ["a"] });
    const single = new ScriptedModel({ responses: ["a"], stream: false });
    expectTypeOf(streaming.call(hi)).resolves.toEqualTypeOf<AsyncIterable<ChatResponse>>();
    expectTypeOf(single.call(hi)).resolves.toEqualTypeOf<ChatResponse>();
    expectTypeOf<ChatCallResult<boolean>>().toEqualTypeOf<
      AsyncIterable<ChatResponse> | ChatResponse
    >();
    const models: ChatModel[] = [
      streaming,
      single,
      new OpenAIChatModel({ model: "m", apiKey: "k", baseURL: "http://127.0.0.1:9/v1" }),
    ];
    expect(models.map((m) => m.stream)).toEqual([true, false, true]);
  });

  it("lets an agent consume both kinds of result alike", async () => {
    const models: ChatModel[] = [
      new ScriptedModel({ responses: ["streamed answer"] }),
      new ScriptedModel({ responses: ["single answer"], stream: false }),
    ];
    const finals: string[] = [];
    for (const model of models) {
      for await (const chunk of toResponseStream(await model.call(hi))) {
        if (chunk.is_last)
          finals.push(chunk.content.map((b) => (b.type === "text" ? b.text : "")).join(""));
      }
    }
    expect(finals).toEqual(["streamed answer", "single answer"]);
  });

  it("is easy to implement on ChatModelBase, which brings countTokens and structured output", async () => {
    class Echo extends ChatModelBase<false> {
      readonly model = "echo";
      readonly stream = false;
      readonly contextSize = 1000;
      readonly supportedInputMediaTypes = ["text/plain"];
      call(): Promise<ChatResponse> {
        return Promise.resolve(interruptedResponse());
      }
    }
    const echo: ChatModel = new Echo();
    expect(await echo.countTokens([new UserMsg({ name: "u", content: "abcdefgh" })])).toBe(2);
    expect((await finalResponse(await echo.call(hi))).finished_reason).toBe("interrupted");
  });
});
