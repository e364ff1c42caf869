import { describe, expect, it } from "vitest";
import { AssistantMsg, UserMsg, freezeMsg, isFrozenMsg } from "../../../src/index.js";
import { talker } from "./hub-fixture.js";

describe("freezeMsg and an agent observing a frozen message (what a hub shares)", () => {
  it("freezes the message in depth, even one frozen only at its top", () => {
    const msg = new UserMsg({ name: "u", content: "hi", metadata: { tags: ["a"] } });
    Object.freeze(msg);
    expect(isFrozenMsg(msg)).toBe(false);
    freezeMsg(msg);
    expect(isFrozenMsg(msg)).toBe(true);
    expect(Object.isFrozen(msg.content[0])).toBe(true);
    expect(Object.isFrozen(msg.metadata["tags"])).toBe(true);
    expect(isFrozenMsg(msg.toJSON())).toBe(false);
  });

  it("an agent keeps a frozen message as it is, and copies one that is not", async () => {
    const agent = talker("a");
    const frozen = freezeMsg(new UserMsg({ name: "u", content: "shared" }));
    const plain = new UserMsg({ name: "u", content: "mine" });
    await agent.observe([frozen, plain]);
    expect(agent.state.context[0]).toBe(frozen);
    expect(agent.state.context[1]).not.toBe(plain);
    expect(agent.state.context[1]?.getTextContent()).toBe("mine");
  });

  it("copies a frozen message with data blocks (their media may be replaced in place)", async () => {
    const agent = talker("a");
    const withData = freezeMsg(
      new UserMsg({
        name: "u",
        content: [
          {
            type: "data",
            source: {
              type: "url",
              url: "https://example.com/a.pdf",
              media_type: "application/pdf",
            },
          },
        ],
      }),
    );
    await agent.observe(withData);
    expect(agent.state.context[0]).not.toBe(withData);
  });

  it("still refuses a frozen message no agent may observe", async () => {
    const agent = talker("a");
    const thinking = freezeMsg(
      new AssistantMsg({ name: "b", content: [{ type: "thinking", thinking: "hm" }] }),
    );
    await expect(agent.observe(thinking)).rejects.toMatchObject({ code: "REPLY_INVALID_MESSAGE" });
  });
});
