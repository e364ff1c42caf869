import { toWireError } from "../../errors/index.js";
import type { PermissionRule } from "../../message/index.js";
import type { RuleSubject, ToolInput } from "../../permission/index.js";
import type { ToolBase } from "../../tools/index.js";
import type { CheckMatch, ToolCheckAnswer, ToolCheckRequest } from "../tool-protocol/tool-check.js";

type Answer<T> = { value: T } | { error: ReturnType<typeof toWireError> };

/** Runs one hook; what it throws becomes its answer's error, never the worker's. */
async function hook<T>(run: () => T | Promise<T>): Promise<Answer<T>> {
  try {
    return { value: await run() };
  } catch (error) {
    return { error: toWireError(error) };
  }
}

async function match(tool: ToolBase, content: string, input: ToolInput): Promise<CheckMatch> {
  // Empty and null contents cover everything: the engine never asks the tool about them.
  if (content === "") return true;
  try {
    return await tool.matchRule(content, input);
  } catch (error) {
    return toWireError(error);
  }
}

/**
 * The tool's permission view of one input: every hook a permission decision may call, answered
 * in one go (see `ToolCheckRequestSchema`). The hooks run concurrently; each one's failure is
 * its own answer.
 */
export async function checkAnswer(
  tool: ToolBase,
  request: ToolCheckRequest,
): Promise<ToolCheckAnswer> {
  const { input, context } = request;
  const [readOnly, decision, suggestions, parts] = await Promise.all([
    hook(() => tool.checkReadOnly(input)),
    context === null ? null : hook(() => tool.checkPermissions(input, context)),
    hook(() => tool.generateSuggestions(input)),
    tool.ruleSubjects === undefined
      ? null
      : hook(async () => (await tool.ruleSubjects?.(input)) ?? null),
  ]);
  const contents = contentsToMatch(
    request.rule_contents,
    "value" in suggestions ? suggestions.value : [],
  );
  const partList: readonly RuleSubject[] =
    parts !== null && "value" in parts && parts.value !== null ? parts.value : [];
  const [matches, partMatches] = await Promise.all([
    Promise.all(contents.map((content) => match(tool, content, input))),
    Promise.all(
      partList.map((part) =>
        part.input === null
          ? Promise.resolve([])
          : Promise.all(contents.map((content) => match(tool, content, part.input as ToolInput))),
      ),
    ),
  ]);
  return {
    read_only: readOnly,
    decision,
    suggestions,
    rule_subjects: parts === null ? null : (parts as Answer<RuleSubject[] | null>),
    rule_contents: contents,
    matches,
    part_matches: partMatches,
  };
}

/** The request's contents, then the suggestions' that are not among them yet (in order, once each). */
function contentsToMatch(
  requested: readonly string[],
  suggested: readonly PermissionRule[],
): string[] {
  const seen = new Set<string>();
  const contents: string[] = [];
  const add = (content: string | null): void => {
    if (content === null || seen.has(content)) return;
    seen.add(content);
    contents.push(content);
  };
  for (const content of requested) add(content);
  for (const rule of suggested) add(rule.rule_content);
  return contents;
}
