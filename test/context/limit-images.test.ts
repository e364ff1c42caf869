import { describe, expect, it } from "vitest";
import { limitContextImages } from "../../src/context/index.js";
import { AssistantMsg, Msg, UserMsg, type DataBlock } from "../../src/index.js";

const at = new Date().toISOString();
const image = (name: string, url?: string) =>
  ({
    type: "data",
    id: `id-${name}`,
    name,
    source:
      url === undefined
        ? { type: "base64", data: "iVBORw0KGgo=", media_type: "image/png" }
        : { type: "url", url, media_type: "image/png" },
    created_at: at,
    finished_at: at,
  }) as DataBlock;
const removed = (name: string) =>
  `<system-reminder>The image named '${name}' is removed to free up context space.</system-reminder>`;

describe("§8.2 step 1: the image limit", () => {
  it("§11 #122 max 2 of 6: the first four replaced (assistant top-level → hint, user and nested → text); img5 (URL) and img6 kept", async () => {
    const assistant = Msg.fromJSON({
      ...new AssistantMsg({ name: "a", content: "x" }).toJSON(),
      content: [
        image("img2"),
        {
          type: "tool_result",
          id: "c1",
          name: "t",
          state: "success",
          created_at: at,
          finished_at: at,
          output: [image("img3")],
        },
        {
          type: "hint",
          id: "h",
          hint: [image("img4")],
          source: null,
          created_at: at,
          finished_at: at,
        },
      ],
    });
    const context = [
      new UserMsg({ name: "u", content: [image("img1")] }),
      assistant,
      new UserMsg({
        name: "u",
        content: [image("img5", "https://example.com/5.png"), image("img6")],
      }),
    ];
    const limited = await limitContextImages(context, 2);
    expect(limited[0]?.content[0]).toMatchObject({ type: "text", text: removed("img1") });
    const [top, result, hint] = limited[1]!.content;
    expect(top).toMatchObject({ type: "hint", hint: removed("img2") });
    expect(result).toMatchObject({
      type: "tool_result",
      output: [{ type: "text", text: removed("img3") }],
    });
    expect(hint).toMatchObject({ type: "hint", hint: [{ type: "text", text: removed("img4") }] });
    expect(limited[2]).toBe(context[2]);
    expect(limited[1]?.id).toBe(assistant.id);
  });

  it("a URL image names its URL; an offloader's stored URL is used for inline ones; nothing over the limit is the same array", async () => {
    const context = [
      new UserMsg({
        name: "u",
        content: [image("a", "https://e.com/a.png"), image("b"), image("c")],
      }),
    ];
    expect(await limitContextImages(context, 3)).toBe(context);
    const offloader = {
      offloadDataBlock: (block: DataBlock) =>
        Promise.resolve({
          ...block,
          source: { type: "url" as const, url: "workspace:///data/b.png", media_type: "image/png" },
        }),
    };
    const limited = await limitContextImages(context, 1, offloader);
    expect(limited[0]?.content.slice(0, 2)).toMatchObject([
      {
        type: "text",
        text: "<system-reminder>The image named 'a' is offloaded into https://e.com/a.png, you can refer to it when needed.</system-reminder>",
      },
      {
        type: "text",
        text: "<system-reminder>The image named 'b' is offloaded into workspace:///data/b.png, you can refer to it when needed.</system-reminder>",
      },
    ]);
  });
});
