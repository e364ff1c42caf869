import type { Skill } from "./skill.js";

/**
 * A source of skills (AgentScope's `SkillLoaderBase`), asked every time the toolkit needs the
 * current skills, so skills may appear and change while an agent runs.
 */
export interface SkillLoader {
  listSkills(): Promise<readonly Skill[]>;
}

/** Whether a value is a skill loader. */
export function isSkillLoader(value: unknown): value is SkillLoader {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Partial<SkillLoader>).listSkills === "function"
  );
}
