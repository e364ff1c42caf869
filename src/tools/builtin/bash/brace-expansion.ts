/** Brace expansion stops here: a word that makes more words than this is not followed. */
const MAX_WORDS = 256;

/**
 * The words bash's brace expansion makes of `text` (`{a,b}c` → `ac bc`, `x{1..3}` → `x1 x2 x3`,
 * `{a..e..2}`, nested braces), or `null` when they would be more than {@link MAX_WORDS}.
 * Brace expansion needs no run-time knowledge, so the analyser can do it; quoting is the
 * caller's business (a quoted brace is literal in bash).
 *
 * @example
 * expandBraces("~/{.ssh/id_rsa,notes}"); // ["~/.ssh/id_rsa", "~/notes"]
 */
export function expandBraces(text: string): string[] | null {
  const group = findGroup(text);
  if (group === TOO_MANY) return null;
  if (group === null) return [text];
  const head = text.slice(0, group.start);
  const tail = text.slice(group.end + 1);
  const tails = expandBraces(tail);
  if (tails === null) return null;
  const out: string[] = [];
  for (const alternative of group.alternatives) {
    const expanded = expandBraces(alternative);
    if (expanded === null) return null;
    for (const middle of expanded) {
      for (const rest of tails) {
        out.push(head + middle + rest);
        if (out.length > MAX_WORDS) return null;
      }
    }
  }
  return out;
}

interface BraceGroup {
  readonly start: number;
  readonly end: number;
  readonly alternatives: readonly string[];
}

const TOO_MANY = "too many";

/** The first `{…}` that expands: a comma at its top level, or a sequence `x..y[..step]`. */
function findGroup(text: string): BraceGroup | typeof TOO_MANY | null {
  for (let start = text.indexOf("{"); start >= 0; start = text.indexOf("{", start + 1)) {
    if (text.charAt(start - 1) === "\\") continue;
    let depth = 0;
    const commas: number[] = [];
    for (let i = start; i < text.length; i++) {
      const c = text.charAt(i);
      if (c === "\\") i++;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) {
        const body = text.slice(start + 1, i);
        if (commas.length > 0) {
          const cuts = [start, ...commas, i];
          const alternatives = cuts.slice(1).map((cut, k) => text.slice((cuts[k] ?? 0) + 1, cut));
          return { start, end: i, alternatives };
        }
        const sequence = expandSequence(body);
        if (sequence === TOO_MANY) return TOO_MANY;
        if (sequence !== null) return { start, end: i, alternatives: sequence };
        break;
      } else if (c === "," && depth === 1) commas.push(i);
    }
  }
  return null;
}

/** `1..5`, `05..10..2`, `a..e`: the words of a sequence expression, or `null`. */
function expandSequence(body: string): string[] | typeof TOO_MANY | null {
  const match = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(body);
  if (match === null) return null;
  const [, from = "", to = "", stepText] = match;
  const numeric = /\d/.test(from) && /\d/.test(to);
  if (!numeric && (/\d/.test(from) || /\d/.test(to))) return null;
  const a = numeric ? Number(from) : from.charCodeAt(0);
  const b = numeric ? Number(to) : to.charCodeAt(0);
  const step = Math.abs(Number(stepText ?? 1)) || 1;
  if (Math.abs(b - a) / step > MAX_WORDS) return TOO_MANY;
  const out: string[] = [];
  for (let v = a; a <= b ? v <= b : v >= b; v += a <= b ? step : -step) {
    out.push(numeric ? String(v) : String.fromCharCode(v));
  }
  return out;
}
