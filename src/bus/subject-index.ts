/** Anything the index can hold: a subscription, with its queue group when it has one. */
export interface IndexedSubscription {
  readonly queue: string | undefined;
}

/**
 * The members of one queue group for one subject. `next` is the round-robin cursor; it lives as
 * long as the group, so fairness survives cache rebuilds.
 */
export interface QueueGroupMatch<S> {
  members: readonly S[];
  next: number;
}

/** Who receives a message published on one subject. Arrays are never mutated once built. */
export interface SubjectMatch<S> {
  /** Subscribers without a queue group: each gets every message. */
  readonly plain: readonly S[];
  /** Queue groups: each message goes to one member of each. */
  readonly groups: readonly QueueGroupMatch<S>[];
}

const EMPTY: SubjectMatch<never> = { plain: [], groups: [] };

/** The subscriptions of one pattern (an exact subject or one wildcard pattern). */
class PatternEntry<S extends IndexedSubscription> {
  plain: readonly S[] = [];
  readonly groups = new Map<string, QueueGroupMatch<S>>();
  match: SubjectMatch<S> = EMPTY;

  get size(): number {
    return this.plain.length + this.groups.size;
  }

  // Copy-on-write: a match handed out earlier (an in-flight publish) never sees a change.
  add(sub: S): void {
    if (sub.queue === undefined) this.plain = [...this.plain, sub];
    else {
      const group = this.groups.get(sub.queue);
      if (group === undefined) this.groups.set(sub.queue, { members: [sub], next: 0 });
      else group.members = [...group.members, sub];
    }
    this.rebuild();
  }

  remove(sub: S): boolean {
    if (sub.queue === undefined) {
      const kept = this.plain.filter((s) => s !== sub);
      if (kept.length === this.plain.length) return false;
      this.plain = kept;
    } else {
      const group = this.groups.get(sub.queue);
      if (group === undefined || !group.members.includes(sub)) return false;
      group.members = group.members.filter((s) => s !== sub);
      if (group.members.length === 0) this.groups.delete(sub.queue);
    }
    this.rebuild();
    return true;
  }

  private rebuild(): void {
    this.match = { plain: this.plain, groups: [...this.groups.values()] };
  }
}

/** A node of the wildcard trie: one token of a pattern. */
class TrieNode<S extends IndexedSubscription> {
  readonly children = new Map<string, TrieNode<S>>();
  star: TrieNode<S> | undefined;
  /** A pattern ending here. */
  entry: PatternEntry<S> | undefined;
  /** A pattern ending here with `>` (matches one or more further tokens). */
  rest: PatternEntry<S> | undefined;
}

/**
 * Finds the subscriptions matching a subject without scanning them all, like NATS's sublist:
 * exact subjects in a map (an agent's inbox is one lookup), wildcard patterns in a token trie,
 * and a bounded cache of per-subject results when wildcard patterns exist. An exact
 * (un)subscribe invalidates only its own subject; a wildcard one clears the cache.
 * Subjects given here are already valid (the bus checks them).
 */
export class SubjectIndex<S extends IndexedSubscription> {
  private readonly exact = new Map<string, PatternEntry<S>>();
  private readonly root = new TrieNode<S>();
  private wildcardPatterns = 0;
  private readonly cache = new Map<string, SubjectMatch<S>>();

  /** @param cacheLimit how many per-subject results to keep when wildcard patterns exist. */
  constructor(private readonly cacheLimit = 8192) {}

  /** Adds `sub` under `pattern` (an exact subject or a wildcard pattern). */
  add(pattern: string, sub: S): void {
    if (!isWildcard(pattern)) {
      let entry = this.exact.get(pattern);
      if (entry === undefined) this.exact.set(pattern, (entry = new PatternEntry<S>()));
      entry.add(sub);
      this.cache.delete(pattern);
      return;
    }
    let node = this.root;
    const tokens = pattern.split(".");
    const last = tokens.length - 1;
    for (let i = 0; i < last; i++) node = child(node, tokens[i] ?? "");
    if (tokens[last] === ">") (node.rest ??= new PatternEntry<S>()).add(sub);
    else (child(node, tokens[last] ?? "").entry ??= new PatternEntry<S>()).add(sub);
    this.wildcardPatterns++;
    this.cache.clear();
  }

  /** Removes `sub` from `pattern`; false when it was not there. */
  remove(pattern: string, sub: S): boolean {
    if (!isWildcard(pattern)) {
      const entry = this.exact.get(pattern);
      if (entry === undefined || !entry.remove(sub)) return false;
      if (entry.size === 0) this.exact.delete(pattern);
      this.cache.delete(pattern);
      return true;
    }
    const tokens = pattern.split(".");
    const path: TrieNode<S>[] = [this.root];
    let node: TrieNode<S> | undefined = this.root;
    for (let i = 0; i < tokens.length - 1 && node !== undefined; i++) {
      node = step(node, tokens[i] ?? "");
      if (node !== undefined) path.push(node);
    }
    if (node === undefined) return false;
    const lastToken = tokens[tokens.length - 1] ?? "";
    const leaf = lastToken === ">" ? node : step(node, lastToken);
    const entry = lastToken === ">" ? leaf?.rest : leaf?.entry;
    if (leaf === undefined || entry === undefined || !entry.remove(sub)) return false;
    if (entry.size === 0) {
      if (lastToken === ">") leaf.rest = undefined;
      else leaf.entry = undefined;
    }
    if (lastToken !== ">") path.push(leaf);
    prune(path, tokens);
    this.wildcardPatterns--;
    this.cache.clear();
    return true;
  }

  /** Who receives a message on `subject` (a subject without wildcards). */
  match(subject: string): SubjectMatch<S> {
    const exact = this.exact.get(subject);
    if (this.wildcardPatterns === 0) return exact?.match ?? EMPTY;
    const cached = this.cache.get(subject);
    if (cached !== undefined) return cached;
    const entries: PatternEntry<S>[] = exact === undefined ? [] : [exact];
    collect(this.root, subject.split("."), 0, entries);
    const result = merge(entries);
    if (this.cache.size >= this.cacheLimit) {
      // Evict the oldest entry (Map keeps insertion order): cheap and good enough for inboxes.
      const oldest = this.cache.keys().next();
      if (oldest.done !== true) this.cache.delete(oldest.value);
    }
    this.cache.set(subject, result);
    return result;
  }
}

function isWildcard(pattern: string): boolean {
  return pattern === ">" || pattern === "*" || /(^|\.)[*>](\.|$)/.test(pattern);
}

function step<S extends IndexedSubscription>(
  node: TrieNode<S>,
  token: string,
): TrieNode<S> | undefined {
  return token === "*" ? node.star : node.children.get(token);
}

function child<S extends IndexedSubscription>(node: TrieNode<S>, token: string): TrieNode<S> {
  if (token === "*") return (node.star ??= new TrieNode<S>());
  let next = node.children.get(token);
  if (next === undefined) node.children.set(token, (next = new TrieNode<S>()));
  return next;
}

/** Drops the nodes of a removed pattern that no longer lead anywhere. */
function prune<S extends IndexedSubscription>(path: TrieNode<S>[], tokens: string[]): void {
  for (let i = path.length - 1; i > 0; i--) {
    const node = path[i];
    const parent = path[i - 1];
    if (node === undefined || parent === undefined) return;
    const used =
      node.entry !== undefined ||
      node.rest !== undefined ||
      node.star !== undefined ||
      node.children.size > 0;
    if (used) return;
    const token = tokens[i - 1] ?? "";
    if (token === "*") parent.star = undefined;
    else parent.children.delete(token);
  }
}

function collect<S extends IndexedSubscription>(
  node: TrieNode<S>,
  tokens: readonly string[],
  i: number,
  out: PatternEntry<S>[],
): void {
  if (i === tokens.length) {
    if (node.entry !== undefined) out.push(node.entry);
    return;
  }
  if (node.rest !== undefined) out.push(node.rest);
  const literal = node.children.get(tokens[i] ?? "");
  if (literal !== undefined) collect(literal, tokens, i + 1, out);
  if (node.star !== undefined) collect(node.star, tokens, i + 1, out);
}

/** One result from several patterns; a queue group spanning patterns is one group (as in NATS). */
function merge<S extends IndexedSubscription>(entries: PatternEntry<S>[]): SubjectMatch<S> {
  if (entries.length === 0) return EMPTY;
  if (entries.length === 1) return entries[0]?.match ?? EMPTY;
  const plain: S[] = [];
  const groups = new Map<string, QueueGroupMatch<S>>();
  const merged = new Set<string>();
  for (const entry of entries) {
    plain.push(...entry.plain);
    for (const [name, group] of entry.groups) {
      const seen = groups.get(name);
      if (seen === undefined) groups.set(name, group);
      else if (merged.has(name)) seen.members = [...seen.members, ...group.members];
      else {
        // A fresh group for the union, starting anywhere so no member is favoured on rebuilds.
        const members = [...seen.members, ...group.members];
        groups.set(name, { members, next: Math.floor(Math.random() * members.length) });
        merged.add(name);
      }
    }
  }
  return { plain, groups: [...groups.values()] };
}
