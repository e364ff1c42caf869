import { z } from "zod";

/**
 * An agent skill (spec §6.5): a directory with a `SKILL.md` whose YAML front-matter names and
 * describes it. The agent sees the name, description and directory in its system prompt and reads
 * the full `markdown` through the `Skill` tool. `updated_at` is the file's mtime in seconds.
 */
export const SkillSchema = z.object({
  name: z.string(),
  description: z.string(),
  dir: z.string(),
  markdown: z.string(),
  updated_at: z.number(),
  /** The whole front-matter, for loaders and tools that want more than name and description. */
  metadata: z.record(z.string(), z.unknown()).default(() => ({})),
});
export type Skill = z.output<typeof SkillSchema>;
export type SkillInput = z.input<typeof SkillSchema>;

/** Whether a value has a skill's shape. */
export function isSkill(value: unknown): value is SkillInput {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<Record<keyof Skill, unknown>>;
  return (
    typeof v.name === "string" &&
    typeof v.description === "string" &&
    typeof v.dir === "string" &&
    typeof v.markdown === "string" &&
    typeof v.updated_at === "number"
  );
}
