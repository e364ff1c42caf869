/*
 * A port of Python's `difflib.SequenceMatcher` (no junk function, `autojunk` on), so the diffs
 * in Write and Edit metadata are the very diffs AgentScope produces: frontends that render one
 * render the other, and tests can compare them byte for byte.
 */

/** One run of equal items: `a[a..a+size] == b[b..b+size]`. */
interface Match {
  readonly a: number;
  readonly b: number;
  readonly size: number;
}

/** What turns `a[i1..i2]` into `b[j1..j2]`. */
export interface Opcode {
  readonly tag: "equal" | "replace" | "delete" | "insert";
  readonly i1: number;
  readonly i2: number;
  readonly j1: number;
  readonly j2: number;
}

/** Compares two sequences of lines (Python's `SequenceMatcher(None, a, b)`). */
export class SequenceMatcher {
  private readonly b2j = new Map<string, number[]>();

  constructor(
    private readonly a: readonly string[],
    private readonly b: readonly string[],
  ) {
    b.forEach((line, j) => {
      const indices = this.b2j.get(line);
      if (indices === undefined) this.b2j.set(line, [j]);
      else indices.push(j);
    });
    // autojunk: in long sequences, items more frequent than 1% are "popular" and never anchor
    // a match (they still extend one).
    if (b.length >= 200) {
      const limit = Math.floor(b.length / 100) + 1;
      for (const [line, indices] of [...this.b2j]) {
        if (indices.length > limit) this.b2j.delete(line);
      }
    }
  }

  /** The opcodes that turn `a` into `b`, in order. */
  getOpcodes(): Opcode[] {
    let i = 0;
    let j = 0;
    const codes: Opcode[] = [];
    for (const block of this.matchingBlocks()) {
      const tag =
        i < block.a && j < block.b
          ? "replace"
          : i < block.a
            ? "delete"
            : j < block.b
              ? "insert"
              : null;
      if (tag !== null) codes.push({ tag, i1: i, i2: block.a, j1: j, j2: block.b });
      i = block.a + block.size;
      j = block.b + block.size;
      if (block.size > 0) codes.push({ tag: "equal", i1: block.a, i2: i, j1: block.b, j2: j });
    }
    return codes;
  }

  /** The changes in groups with up to `n` lines of context (the hunks of a unified diff). */
  getGroupedOpcodes(n = 3): Opcode[][] {
    let codes = this.getOpcodes();
    if (codes.length === 0) codes = [{ tag: "equal", i1: 0, i2: 1, j1: 0, j2: 1 }];
    const first = codes[0] as Opcode;
    if (first.tag === "equal") {
      codes[0] = {
        ...first,
        i1: Math.max(first.i1, first.i2 - n),
        j1: Math.max(first.j1, first.j2 - n),
      };
    }
    const last = codes.at(-1) as Opcode;
    if (last.tag === "equal") {
      codes[codes.length - 1] = {
        ...last,
        i2: Math.min(last.i2, last.i1 + n),
        j2: Math.min(last.j2, last.j1 + n),
      };
    }
    const groups: Opcode[][] = [];
    let group: Opcode[] = [];
    for (const code of codes) {
      let { i1, j1 } = code;
      if (code.tag === "equal" && code.i2 - code.i1 > n + n) {
        group.push({ ...code, i2: Math.min(code.i2, i1 + n), j2: Math.min(code.j2, j1 + n) });
        groups.push(group);
        group = [];
        i1 = Math.max(i1, code.i2 - n);
        j1 = Math.max(j1, code.j2 - n);
      }
      group.push({ ...code, i1, j1 });
    }
    if (group.length > 0 && !(group.length === 1 && group[0]?.tag === "equal")) groups.push(group);
    return groups;
  }

  private matchingBlocks(): Match[] {
    const queue: [number, number, number, number][] = [[0, this.a.length, 0, this.b.length]];
    const blocks: Match[] = [];
    while (queue.length > 0) {
      const [alo, ahi, blo, bhi] = queue.pop() as [number, number, number, number];
      const match = this.findLongestMatch(alo, ahi, blo, bhi);
      if (match.size === 0) continue;
      blocks.push(match);
      if (alo < match.a && blo < match.b) queue.push([alo, match.a, blo, match.b]);
      if (match.a + match.size < ahi && match.b + match.size < bhi) {
        queue.push([match.a + match.size, ahi, match.b + match.size, bhi]);
      }
    }
    blocks.sort((x, y) => x.a - y.a || x.b - y.b || x.size - y.size);
    // Collapse adjacent blocks.
    const merged: Match[] = [];
    let current: Match = { a: 0, b: 0, size: 0 };
    for (const block of blocks) {
      if (current.a + current.size === block.a && current.b + current.size === block.b) {
        current = { ...current, size: current.size + block.size };
      } else {
        if (current.size > 0) merged.push(current);
        current = block;
      }
    }
    if (current.size > 0) merged.push(current);
    merged.push({ a: this.a.length, b: this.b.length, size: 0 });
    return merged;
  }

  private findLongestMatch(alo: number, ahi: number, blo: number, bhi: number): Match {
    const { a, b } = this;
    let bestA = alo;
    let bestB = blo;
    let bestSize = 0;
    let lengths = new Map<number, number>();
    for (let i = alo; i < ahi; i++) {
      const next = new Map<number, number>();
      for (const j of this.b2j.get(a[i] as string) ?? []) {
        if (j < blo) continue;
        if (j >= bhi) break;
        const k = (lengths.get(j - 1) ?? 0) + 1;
        next.set(j, k);
        if (k > bestSize) {
          bestA = i - k + 1;
          bestB = j - k + 1;
          bestSize = k;
        }
      }
      lengths = next;
    }
    // Extend the match over equal items the index left out (the popular ones).
    while (bestA > alo && bestB > blo && a[bestA - 1] === b[bestB - 1]) {
      bestA--;
      bestB--;
      bestSize++;
    }
    while (
      bestA + bestSize < ahi &&
      bestB + bestSize < bhi &&
      a[bestA + bestSize] === b[bestB + bestSize]
    ) {
      bestSize++;
    }
    return { a: bestA, b: bestB, size: bestSize };
  }
}
