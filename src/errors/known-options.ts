import { ValidationError, type ValidationIssue } from "./validation-error.js";

/**
 * Refuses an option object with a key its constructor does not know (`new OpenAIChatModel({
 * baseUrl })`): a misspelt option silently dropped is a setting the user believes in and does
 * not have. The error names each unknown key and the nearest known one (`baseURL`). Keys whose
 * value is `undefined` count too: they were written by someone. Not an object → nothing to check
 * (the constructor's own validation reports it).
 *
 * @param what Names the options in the message (`"OpenAIChatModel options"`).
 * @example
 * assertKnownOptions(options, OPENAI_CHAT_MODEL_OPTIONS, "OpenAIChatModel options");
 * // ValidationError: Invalid OpenAIChatModel options: `baseUrl`: Unknown option "baseUrl"; did you mean "baseURL"?
 */
export function assertKnownOptions(
  options: unknown,
  known: ReadonlySet<string>,
  what: string,
): void {
  if (typeof options !== "object" || options === null) return;
  let issues: ValidationIssue[] | undefined;
  for (const key of Object.keys(options)) {
    if (known.has(key)) continue;
    const near = nearestKey(key, known);
    const hint = near === null ? "" : `; did you mean ${JSON.stringify(near)}?`;
    (issues ??= []).push({ path: key, message: `Unknown option ${JSON.stringify(key)}${hint}` });
  }
  if (issues !== undefined) throw new ValidationError(what, issues);
}

/**
 * The known key closest to `key`: same letters ignoring case, `_` and `-` first, else the
 * smallest edit distance within a third of the key's length. `null` when nothing is close.
 */
export function nearestKey(key: string, known: Iterable<string>): string | null {
  const folded = fold(key);
  let best: string | null = null;
  let bestDistance = Math.max(1, Math.floor(key.length / 3)) + 1;
  for (const candidate of known) {
    if (fold(candidate) === folded) return candidate;
    const distance = editDistance(folded, fold(candidate), bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function fold(key: string): string {
  return key.toLowerCase().replace(/[-_]/g, "");
}

/**
 * Edit distance counting a swap of two neighbouring letters as one edit (`nmae` is one edit from
 * `name`: the commonest typo), giving up (returning `limit`) once it cannot be below `limit`.
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charAt(i - 1) === b.charAt(j - 1) ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (
        i > 1 &&
        j > 1 &&
        a.charAt(i - 1) === b.charAt(j - 2) &&
        a.charAt(i - 2) === b.charAt(j - 1)
      ) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin >= limit) return limit;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? limit;
}
