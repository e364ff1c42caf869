/** One element of a one-segment glob pattern. */
type Token =
  | { readonly kind: "star" }
  | { readonly kind: "any" }
  | { readonly kind: "char"; readonly char: string }
  | { readonly kind: "class"; readonly negated: boolean; readonly chars: ReadonlySet<string> };

/** Members past this many make a class count as "any character" (a safe over-estimate). */
const MAX_CLASS = 256;

/**
 * Whether some file name matches both patterns: `glob`, a shell glob segment (`.en*`, `id_?sa`,
 * `[.]env`), and `entry`, an fnmatch segment of a secret-file entry (`.env.*`, `*.pem`). Both
 * are compared case-insensitively; as in the shell (without `dotglob`), a glob that does not
 * start with `.` matches no name that does. An extglob group (`@(…)`, `!(…)`) may match
 * anything. Errs towards "yes": a class it cannot compare counts as matching. `dotRule: false`
 * drops the leading-dot rule (for a segment that an expansion starts, not a glob).
 *
 * @example
 * globsIntersect(".en*", ".env.*"); // true: `.env.local` matches both
 * globsIntersect("*.ts", "*.pem"); // false
 */
export function globsIntersect(glob: string, entry: string, dotRule = true): boolean {
  if (/[@!+*?]\(/.test(glob)) return true;
  const a = tokenize(glob.toLowerCase(), "shell");
  const b = tokenize(entry.toLowerCase(), "fnmatch");
  if (dotRule && startsWithDot(b) && !startsWithDot(a)) return false;
  const memo = new Map<number, boolean>();
  const width = b.length + 1;
  const match = (i: number, j: number): boolean => {
    const key = i * width + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const result = step(i, j);
    memo.set(key, result);
    return result;
  };
  const step = (i: number, j: number): boolean => {
    const x = a[i];
    const y = b[j];
    if (x === undefined && y === undefined) return true;
    if (x?.kind === "star" && (match(i + 1, j) || (y !== undefined && match(i, j + 1)))) {
      return true;
    }
    if (y?.kind === "star" && (match(i, j + 1) || (x !== undefined && match(i + 1, j)))) {
      return true;
    }
    if (x === undefined || y === undefined || x.kind === "star" || y.kind === "star") return false;
    return compatible(x, y) && match(i + 1, j + 1);
  };
  return match(0, 0);
}

function startsWithDot(tokens: readonly Token[]): boolean {
  const first = tokens[0];
  return first?.kind === "char" && first.char === ".";
}

/** Whether one character can match both single-character tokens. */
function compatible(x: Token, y: Token): boolean {
  if (x.kind === "any" || y.kind === "any") return true;
  if (x.kind === "char" && y.kind === "char") return x.char === y.char;
  if (x.kind === "char") return inClass(x.char, y);
  if (y.kind === "char") return inClass(y.char, x);
  if (x.kind !== "class" || y.kind !== "class") return true;
  if (x.negated && y.negated) return true;
  const [set, other] = x.negated ? [y, x] : [x, y];
  for (const char of set.chars) if (inClass(char, other)) return true;
  return false;
}

function inClass(char: string, token: Token): boolean {
  if (token.kind !== "class") return true;
  return token.chars.has(char) !== token.negated;
}

/**
 * The tokens of a pattern. `shell` globs negate a class with `!` or `^` and quote with `\`;
 * `fnmatch` patterns (Python's) negate with `!` and have no escapes. An unclosed `[` is literal.
 */
function tokenize(pattern: string, flavour: "shell" | "fnmatch"): Token[] {
  const chars = Array.from(pattern);
  const tokens: Token[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] ?? "";
    if (c === "*") {
      if (tokens.at(-1)?.kind !== "star") tokens.push({ kind: "star" });
    } else if (c === "?") {
      tokens.push({ kind: "any" });
    } else if (c === "\\" && flavour === "shell" && i + 1 < chars.length) {
      tokens.push({ kind: "char", char: chars[++i] ?? "" });
    } else if (c === "[") {
      const parsed = parseClass(chars, i + 1, flavour);
      if (parsed === null) tokens.push({ kind: "char", char: c });
      else {
        tokens.push(parsed.token);
        i = parsed.end;
      }
    } else {
      tokens.push({ kind: "char", char: c });
    }
  }
  return tokens;
}

function parseClass(
  chars: readonly string[],
  start: number,
  flavour: "shell" | "fnmatch",
): { token: Token; end: number } | null {
  let i = start;
  const negated = chars[i] === "!" || (flavour === "shell" && chars[i] === "^");
  if (negated) i++;
  const members = new Set<string>();
  let overflow = false;
  for (let first = true; i < chars.length; first = false, i++) {
    const c = chars[i] ?? "";
    if (c === "]" && !first) {
      if (overflow) return { token: { kind: "any" }, end: i };
      return { token: { kind: "class", negated, chars: members }, end: i };
    }
    const to = chars[i + 2];
    if (chars[i + 1] === "-" && to !== undefined && to !== "]") {
      const from = c.codePointAt(0) ?? 0;
      const last = to.codePointAt(0) ?? 0;
      if (last - from > MAX_CLASS) overflow = true;
      else for (let code = from; code <= last; code++) members.add(String.fromCodePoint(code));
      i += 2;
    } else {
      members.add(c);
    }
  }
  return null;
}
