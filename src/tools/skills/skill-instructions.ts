import type { Skill } from "./skill.js";

/** Renders the system-prompt block that lists the available skills. */
export type SkillInstructionsRenderer = (skills: readonly Skill[], skillToolName: string) => string;

/**
 * The reference's `<agent-skills>` block (spec §6.5), exactly: the preamble naming the skill
 * viewer tool, then one `<skill>` element per skill (each on a new line), no trailing newline.
 */
export const renderSkillInstructions: SkillInstructionsRenderer = (skills, skillToolName) => {
  let text =
    "<agent-skills>\n" +
    "Skills are a collection of instructions, scripts, and resources to extend your capabilities.\n\n" +
    "**IMPORTANT**: Skills are NOT tools, and you cannot call a skill directly. To use a skill, " +
    `you MUST use the \`${skillToolName}\` tool to read the skill's full instructions, and then ` +
    "follow those instructions to use the tools and resources provided by the skill.\n\n" +
    "# Available Skills:";
  for (const skill of skills) {
    text +=
      `\n<skill>\n<name>${skill.name}</name>\n<description>${skill.description}</description>\n` +
      `<dir>${skill.dir}</dir>\n</skill>`;
  }
  return `${text}\n</agent-skills>`;
};
