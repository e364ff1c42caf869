import { getLogger } from "../../errors/index.js";
import type { ToolGroup } from "../tool-group.js";
import type { Skill } from "./skill.js";

/**
 * The skills of these groups by name, in group order; a later skill with the same name replaces
 * an earlier one (with a warning) and keeps its position.
 */
export async function collectSkills(groups: readonly ToolGroup[]): Promise<Map<string, Skill>> {
  const lists = await Promise.all(groups.map((g) => g.listSkills()));
  const skills = new Map<string, Skill>();
  lists.forEach((list, i) => {
    for (const skill of list) {
      if (skills.has(skill.name)) {
        getLogger().warn(
          `Duplicate skill name '${skill.name}' found in group '${groups[i]?.name ?? ""}', ` +
            "overwriting it.",
        );
      }
      skills.set(skill.name, skill);
    }
  });
  return skills;
}
