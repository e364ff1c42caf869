import { parse as parseYaml } from "yaml";

/** A Markdown document split into its YAML front-matter and its body. */
export interface FrontMatterDocument {
  readonly metadata: Record<string, unknown>;
  readonly body: string;
}

const BOUNDARY = /^-{3,}\s*$/m;

/**
 * Splits `---`-delimited YAML front-matter from a Markdown text, as python-frontmatter does: line
 * endings normalised, the text trimmed, the front-matter only when the text starts with `---`,
 * the body trimmed. Without front-matter the metadata is empty and the body is the whole text.
 * Invalid YAML throws.
 */
export function parseFrontMatter(text: string): FrontMatterDocument {
  const trimmed = text.replaceAll("\r\n", "\n").trim();
  const opening = BOUNDARY.exec(trimmed);
  if (opening?.index !== 0) return { metadata: {}, body: trimmed };
  const afterOpening = trimmed.slice(opening[0].length);
  const closing = BOUNDARY.exec(afterOpening);
  if (closing === null) return { metadata: {}, body: trimmed };
  const yamlText = afterOpening.slice(0, closing.index);
  const body = afterOpening.slice(closing.index + closing[0].length).trim();
  const parsed: unknown = parseYaml(yamlText);
  const metadata =
    typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  return { metadata, body };
}
