import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ValidationError, setLogger } from "../../../src/errors/index.js";
import {
  DeepSeekCredential,
  OpenAIChatModel,
  mergeParameterSchema,
  toModelCard,
} from "../../../src/model/index.js";

const CARD = `name: gpt-test
label: GPT Test
status: active
input_types:
  - text/plain
  - image/png
output_types:
  - text/plain
  - application/x-thinking
context_size: 128000
output_size: 4096
parameter_overrides:
  max_tokens: {"maximum": 4096}
  temperature: {hidden: true}
  seed: null
`;

let dir: string;
let warnings: string[];
let restore: () => void;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "cards-"));
  warnings = [];
  restore = setLogger({ warn: (m) => warnings.push(m), error: (m) => warnings.push(m) });
});
afterEach(async () => {
  restore();
  await rm(dir, { recursive: true, force: true });
});

describe("model cards (seed 'Step 3: Add Model Cards')", () => {
  it("load YAML cards with capabilities, limits and the merged parameter form", async () => {
    await writeFile(join(dir, "gpt-test.yaml"), CARD);
    await writeFile(join(dir, "broken.yaml"), "name: [unclosed");
    await writeFile(join(dir, "incomplete.yml"), "name: x\nlabel: X\n");
    await writeFile(join(dir, "notes.txt"), "ignored");

    const cards = await OpenAIChatModel.listModels(dir);
    expect(cards.map((c) => c.name)).toEqual(["gpt-test"]);
    const [card] = cards;
    expect(card).toMatchObject({
      label: "GPT Test",
      status: "active",
      input_types: ["text/plain", "image/png"],
      output_types: ["text/plain", "application/x-thinking"],
      context_size: 128000,
      output_size: 4096,
    });
    const properties = card!.parameter_schema["properties"] as Record<
      string,
      Record<string, unknown>
    >;
    expect(properties["max_tokens"]).toMatchObject({ type: "integer", maximum: 4096 });
    expect(properties["temperature"]).toMatchObject({
      type: "number",
      minimum: 0,
      maximum: 2,
      hidden: true,
    });
    expect(properties).not.toHaveProperty("seed");
    expect(properties).toHaveProperty("top_p");
    expect(warnings).toHaveLength(2);
    expect(warnings.join("\n")).toContain("broken.yaml");

    // Through a credential, which delegates to its chat-model class.
    expect((await DeepSeekCredential.listModels(dir)).map((c) => c.name)).toEqual(["gpt-test"]);
  });

  it("merge overrides onto a zod parameter schema, removing required parameters too", () => {
    const merged = mergeParameterSchema(z.object({ a: z.number(), b: z.string() }), {
      a: null,
      b: { maxLength: 3 },
    });
    expect(merged).toMatchObject({
      properties: { b: { type: "string", maxLength: 3 } },
      required: ["b"],
    });
  });

  it("reject a card without its limits", () => {
    expect(() => toModelCard({ name: "x", label: "X" }, {})).toThrow(ValidationError);
  });
});
