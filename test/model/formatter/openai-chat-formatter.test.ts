import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setLogger } from "../../../src/errors/index.js";
import { AssistantMsg, SystemMsg, UserMsg, setIdentitySource } from "../../../src/message/index.js";
import { ModelErrorCode, OpenAIChatFormatter } from "../../../src/model/index.js";

const png = (data = "iVBORw0KGgo=") =>
  ({ type: "data", source: { type: "base64", data, media_type: "image/png" } }) as const;

let warnings: string[];
let restore: (() => void)[];
beforeEach(() => {
  warnings = [];
  let n = 0;
  restore = [
    setLogger({ warn: (m) => warnings.push(m), error: (m) => warnings.push(m) }),
    setIdentitySource({ newId: () => `id${++n}` }),
  ];
});
afterEach(() => {
  for (const undo of restore) undo();
});

describe("OpenAIChatFormatter", () => {
  it("maps system, user and assistant messages with their names; text-only content as a string", async () => {
    const wire = await new OpenAIChatFormatter().format([
      new SystemMsg({ name: "system", content: "You are terse." }),
      new UserMsg({ name: "Ann Lee", content: "hi" }),
      new AssistantMsg({
        name: "bot",
        content: [
          { type: "text", text: "hello" },
          { type: "text", text: "there" },
        ],
      }),
    ]);
    expect(wire).toEqual([
      { role: "system", name: "system", content: "You are terse." },
      { role: "user", name: "Ann_Lee", content: "hi" },
      { role: "assistant", name: "bot", content: "hello\nthere" },
    ]);
  });

  it("cuts a reply into assistant tool calls, tool results and the following text; drops thinking", async () => {
    const wire = await new OpenAIChatFormatter().format([
      new AssistantMsg({
        name: "bot",
        content: [
          { type: "thinking", thinking: "hmm" },
          { type: "text", text: "Let me check." },
          { type: "tool_call", id: "a", name: "Read", input: '{"file_path":"x"}' },
          { type: "tool_call", id: "b", name: "Glob", input: '{"pattern":"*"}' },
          { type: "tool_result", id: "a", name: "Read", output: "content of x", state: "success" },
          {
            type: "tool_result",
            id: "b",
            name: "Glob",
            output: [
              { type: "text", text: "x" },
              { type: "text", text: "y" },
            ],
            state: "success",
          },
          { type: "hint", hint: "<system-reminder>time</system-reminder>" },
          { type: "text", text: "Done." },
        ],
      }),
    ]);
    expect(wire).toEqual([
      {
        role: "assistant",
        name: "bot",
        content: "Let me check.",
        tool_calls: [
          { id: "a", type: "function", function: { name: "Read", arguments: '{"file_path":"x"}' } },
          { id: "b", type: "function", function: { name: "Glob", arguments: '{"pattern":"*"}' } },
        ],
      },
      { role: "tool", tool_call_id: "a", content: "content of x" },
      { role: "tool", tool_call_id: "b", content: "x\ny" },
      { role: "user", content: "<system-reminder>time</system-reminder>" },
      { role: "assistant", name: "bot", content: "Done." },
    ]);
  });

  it("sends thinking back as reasoning_content on every assistant message when the provider needs it", async () => {
    const wire = await new OpenAIChatFormatter({
      reasoningContent: "include",
      includeNames: false,
    }).format([
      new AssistantMsg({
        name: "bot",
        content: [
          { type: "thinking", thinking: "a" },
          { type: "thinking", thinking: "b" },
        ],
      }),
      new AssistantMsg({ name: "bot", content: "plain" }),
    ]);
    expect(wire).toEqual([
      { role: "assistant", content: "", reasoning_content: "a\nb" },
      { role: "assistant", content: "plain", reasoning_content: "" },
    ]);
  });

  it("renders images as image_url parts: base64 and file:// inline, remote URLs as they are", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fmt-"));
    try {
      const file = join(dir, "pic.png");
      await writeFile(file, Buffer.from("PNGDATA"));
      const wire = await new OpenAIChatFormatter().format([
        new UserMsg({
          name: "user",
          content: [
            { type: "text", text: "look" },
            png(),
            {
              type: "data",
              source: { type: "url", url: "https://example.com/cat.jpg", media_type: "image/jpeg" },
            },
            {
              type: "data",
              source: { type: "url", url: pathToFileURL(file).href, media_type: "image/png" },
            },
          ],
        }),
      ]);
      expect(wire).toEqual([
        {
          role: "user",
          name: "user",
          content: [
            { type: "text", text: "look" },
            { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
            { type: "image_url", image_url: { url: "https://example.com/cat.jpg" } },
            {
              type: "image_url",
              image_url: {
                url: `data:image/png;base64,${Buffer.from("PNGDATA").toString("base64")}`,
              },
            },
          ],
        },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("renders audio and PDF parts, and skips unsupported media with a warning", async () => {
    const wire = await new OpenAIChatFormatter().format([
      new UserMsg({
        name: "user",
        content: [
          { type: "data", source: { type: "base64", data: "UklGRg==", media_type: "audio/wav" } },
          {
            type: "data",
            name: "r.pdf",
            source: { type: "base64", data: "JVBERi0=", media_type: "application/pdf" },
          },
          { type: "data", source: { type: "base64", data: "AAAA", media_type: "video/mp4" } },
        ],
      }),
    ]);
    expect(wire[0]).toMatchObject({
      content: [
        { type: "input_audio", input_audio: { data: "UklGRg==", format: "wav" } },
        {
          type: "file",
          file: { filename: "r.pdf", file_data: "data:application/pdf;base64,JVBERi0=" },
        },
      ],
    });
    expect(warnings.join("\n")).toContain("video/mp4");
  });

  it("promotes images in tool results to a user message after the run of tool results", async () => {
    const wire = await new OpenAIChatFormatter().format([
      new AssistantMsg({
        name: "bot",
        content: [
          { type: "tool_call", id: "a", name: "Shot", input: "{}" },
          { type: "tool_call", id: "b", name: "Shot", input: "{}" },
          {
            type: "tool_result",
            id: "a",
            name: "Shot",
            output: [{ type: "text", text: "shot a" }, png("QQ==")],
          },
          { type: "tool_result", id: "b", name: "Shot", output: "no image" },
          { type: "text", text: "Seen." },
        ],
      }),
    ]);
    expect(wire.map((m) => m.role)).toEqual(["assistant", "tool", "tool", "user", "assistant"]);
    const id = /identifier \[(\w+)\]/.exec((wire[1] as { content: string }).content)?.[1];
    expect(wire[1]).toEqual({
      role: "tool",
      tool_call_id: "a",
      content: `shot a\n<system-reminder>A(n) image file is returned and will be presented to you with the identifier [${id}].</system-reminder>`,
    });
    expect(wire[3]).toEqual({
      role: "user",
      name: "system-reminder",
      content: [
        {
          type: "text",
          text: "<system-reminder>The multimodal data and their identifiers are listed as follows:",
        },
        { type: "text", text: `- ${id} (image file): ` },
        { type: "image_url", image_url: { url: "data:image/png;base64,QQ==" } },
        { type: "text", text: "</system-reminder>" },
      ],
    });
  });

  it("names unsupported media in tool results instead of sending them", async () => {
    const formatter = new OpenAIChatFormatter({ supportedInputMediaTypes: ["text/plain"] });
    const wire = await formatter.format([
      new AssistantMsg({
        name: "bot",
        content: [
          { type: "tool_call", id: "a", name: "Shot", input: "{}" },
          {
            type: "tool_result",
            id: "a",
            name: "Shot",
            output: [
              png(),
              {
                type: "data",
                source: { type: "url", url: "https://x.test/a.png", media_type: "image/png" },
              },
            ],
          },
        ],
      }),
    ]);
    expect(wire).toHaveLength(2);
    expect(wire[1]).toMatchObject({ role: "tool" });
    const content = (wire[1] as { content: string }).content;
    expect(content).toContain(
      "with media type 'image/png' is returned but cannot be presented to you",
    );
    expect(content).toContain("can be accessed at the URL: https://x.test/a.png.");
  });

  it("fails with a typed error when a file:// image cannot be read", async () => {
    const error = await new OpenAIChatFormatter()
      .format([
        new UserMsg({
          name: "user",
          content: [
            {
              type: "data",
              source: { type: "url", url: "file:///no/such/file.png", media_type: "image/png" },
            },
          ],
        }),
      ])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: ModelErrorCode.INVALID_REQUEST });
  });
});
