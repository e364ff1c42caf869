import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { AgentState, AssistantMsg } from "../../src/index.js";
import {
  GENERATE_STRUCTURED_OUTPUT_NAME,
  GenerateStructuredOutput,
} from "../../src/actors/index.js";
import { STRUCTURED_OUTPUT_TOOL } from "../../src/model/index.js";
import {
  decideNextAction,
  GENERATE_STRUCTURED_OUTPUT_NAME as machineName,
} from "../../src/machines/index.js";

const src = resolve(import.meta.dirname, "..", "..", "src");

/** Every TypeScript file under `src`, with its text. */
async function sources(dir = src): Promise<{ path: string; text: string }[]> {
  const out: { path: string; text: string }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sources(path)));
    else if (entry.name.endsWith(".ts")) out.push({ path, text: await readFile(path, "utf8") });
  }
  return out;
}

/** The files under `src` where `pattern` matches, relative to `src`. */
async function filesMatching(pattern: RegExp): Promise<string[]> {
  return (await sources())
    .filter((file) => pattern.test(file.text))
    .map((file) => file.path.slice(src.length + 1));
}

describe("decideNextAction: one structured-output tool name (issue 10 §4, spec §3.5 step 4, §3.11)", () => {
  it("§3.5 the reminder and the forced tool choice name the agent's tool, whose name has one definition", () => {
    expect(machineName).toBe("GenerateStructuredOutput");
    expect(GENERATE_STRUCTURED_OUTPUT_NAME).toBe(machineName);
    expect(new GenerateStructuredOutput({ type: "object", properties: {} }).name).toBe(machineName);

    const state = new AgentState();
    state.reply_context.structured_schema = { type: "object", properties: {} };
    state.reply_context.cur_iter = 3;
    state.context.push(new AssistantMsg({ name: "Friday", id: state.replyId, content: "hm" }));
    const action = decideNextAction({
      state,
      name: "Friday",
      maxIters: 3,
      graceIters: 5,
      finalMsg: null,
      now: () => "2025-01-01T00:00:00.000Z",
      newId: () => "id",
    });
    expect(action).toMatchObject({ kind: "reasoning", toolChoice: machineName });
    const hint = action.kind === "reasoning" ? action.hint : null;
    expect(JSON.stringify(hint)).toContain(`calling the '${machineName}' tool`);
  });

  it("the agent's tool name and the model helper's tool name are each written once in src", async () => {
    expect(await filesMatching(/["']GenerateStructuredOutput["']/)).toEqual([
      join("machines", "next-action.ts"),
    ]);
    expect(await filesMatching(/["']generate_structured_output["']/)).toEqual([
      join("model", "structured-output", "generate-structured-output.ts"),
    ]);
    // the public STRUCTURED_OUTPUT_TOOL is the model helper's, as in the reference
    expect(STRUCTURED_OUTPUT_TOOL).toBe("generate_structured_output");
    // one `const STRUCTURED_OUTPUT_TOOL` in the tree
    expect(await filesMatching(/const STRUCTURED_OUTPUT_TOOL\b/)).toHaveLength(1);
  });

  it("the tool schema has one zod schema (src/message/tool-schema.ts); others re-export it", async () => {
    expect(await filesMatching(/ToolSchemaSchema\s*=/)).toEqual([
      join("message", "tool-schema.ts"),
    ]);
    expect(await filesMatching(/type:\s*z\.literal\("function"\)/)).toEqual([
      join("message", "tool-schema.ts"),
    ]);
  });
});
