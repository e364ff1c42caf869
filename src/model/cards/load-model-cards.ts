import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { z } from "zod";
import { parse } from "yaml";
import { getLogger } from "../../errors/index.js";
import type { JsonSchemaObject } from "../structured-output/structured-response.js";
import { toModelCard, type ModelCard } from "./model-card.js";

/**
 * Loads every `*.yaml` / `*.yml` card in `dir`, sorted by name. A card that does not parse or
 * validate is skipped with a warning naming the file (as the reference does), so one bad file
 * never hides the others.
 *
 * @example
 * const cards = await loadModelCards("./cards", OpenAIChatParametersSchema);
 */
export async function loadModelCards(
  dir: string,
  parameters: z.ZodType | JsonSchemaObject,
): Promise<ModelCard[]> {
  const files = (await readdir(dir))
    .filter((f) => f.endsWith(".yaml") || f.endsWith(".yml"))
    .sort();
  const cards: ModelCard[] = [];
  for (const file of files) {
    const path = join(dir, file);
    try {
      cards.push(toModelCard(parse(await readFile(path, "utf8")) as unknown, parameters));
    } catch (error) {
      getLogger().warn(
        `Skipped the model card '${path}': ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return cards.sort((a, b) => a.name.localeCompare(b.name));
}
