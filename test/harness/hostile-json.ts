/**
 * Hostile input for property tests of every `fromJSON`, schema and options entry point: random
 * JSON, and valid fixtures mutated at a random place — deep nesting, `__proto__` /
 * `constructor` / `prototype` keys, huge and non-finite numbers, wrong types, cycles, objects
 * that are not plain, getters and proxies that throw. `expectTypedOutcome` runs an entry point
 * and accepts only a typed error (`ActorscopeError`) or a value that survives its own round trip.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { ActorscopeError } from "../../src/errors/index.js";

/** `levels` nested objects (`{ a: { a: … } }`). */
function deepObject(levels: number): unknown {
  let value: unknown = {};
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

/** `levels` nested arrays. */
function deepArray(levels: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

function cyclicObject(): unknown {
  const value: Record<string, unknown> = { type: "text", text: "x" };
  value["self"] = value;
  return value;
}

function cyclicArray(): unknown {
  const value: unknown[] = [1];
  value.push(value);
  return value;
}

function throwingGetter(): unknown {
  return Object.defineProperty({ type: "text" }, "text", {
    enumerable: true,
    configurable: true,
    get() {
      throw new Error("getter exploded");
    },
  });
}

function throwingProxy(): unknown {
  return new Proxy(
    {},
    {
      get() {
        throw new Error("proxy exploded");
      },
      ownKeys() {
        throw new Error("proxy exploded");
      },
    },
  );
}

/** Values that are wrong almost anywhere (each made fresh: mutation may change them). */
const HOSTILE: readonly (() => unknown)[] = [
  () => deepObject(5000),
  () => deepArray(5000),
  () => deepObject(150),
  () => JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
  () => JSON.parse('{"constructor": {"prototype": {"polluted": true}}}') as unknown,
  () => JSON.parse('{"prototype": {"polluted": true}, "__proto__": []}') as unknown,
  cyclicObject,
  cyclicArray,
  throwingGetter,
  throwingProxy,
  () => Number.NaN,
  () => Infinity,
  () => -Infinity,
  () => 2 ** 53 + 2,
  () => 1e308,
  () => -1,
  () => 1.5,
  () => -0,
  () => 10n,
  () => Symbol("s"),
  () => () => 1,
  () => new Date(0),
  () => new Map([["a", 1]]),
  () => new Set([1]),
  () => new Uint8Array(3),
  () => Object.create(null) as unknown,
  () => new Error("x"),
  () => undefined,
  () => null,
  () => "",
  () => "x".repeat(10_000),
  () => "\u0000\ud800",
  () => "not a url",
  () => [],
  () => {},
  () => true,
];

/** One hostile value: a fixed nasty one, random JSON, or anything fast-check makes. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.integer({ min: 0, max: HOSTILE.length - 1 }).map((i) => HOSTILE[i]?.()),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2, withNullPrototype: true, withMap: true }) },
);

/** Keys worth adding to an object: the prototype-changing ones, and some a schema knows. */
const hostileKey = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty"),
  fc.constantFrom("type", "id", "content", "metadata", "role", "name", "source", "output"),
  fc.string({ maxLength: 8 }),
);

/** A mutation: where to go (indexes into keys at each level), and what to do there. */
interface Mutation {
  readonly steps: readonly number[];
  readonly action: "replace" | "add" | "delete";
  readonly key: string;
  readonly value: unknown;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  steps: fc.array(fc.nat(), { maxLength: 6 }),
  action: fc.constantFrom("replace", "add", "delete" as const),
  key: hostileKey,
  value: hostileValue,
});

/** A fixture made fresh for each input (mutation changes it in place). */
export type Fixture = () => unknown;

/** Fixtures from JSON data: each input gets its own deep copy. */
export function jsonFixtures(...values: readonly unknown[]): Fixture[] {
  return values.map((value) => {
    const text = JSON.stringify(value);
    return () => JSON.parse(text) as unknown;
  });
}

function setData(target: object, key: string | number, value: unknown): void {
  try {
    Object.defineProperty(target, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } catch {
    // A frozen or exotic object (a typed array, a proxy) cannot take the change: leave it as is.
  }
}

// A hostile value put in by an earlier mutation may throw when read (a getter, a proxy): the walk
// stops there instead of failing the test.
function read(parent: object, key: string | number): unknown {
  try {
    return (parent as Record<string | number, unknown>)[key];
  } catch {
    return undefined;
  }
}

// Only plain data is walked into: an object given by identity (a tool, a group, a schema) is
// replaced whole or left alone, its internals are its own.
function keysOf(value: object): (string | number)[] {
  try {
    if (Array.isArray(value)) return value.map((_, i) => i);
    const proto: unknown = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null ? Object.keys(value) : [];
  } catch {
    return [];
  }
}

/** Applies `m` to `value` in place: walks `steps` into it, then replaces, adds or deletes. */
export function mutate(value: unknown, m: Mutation): unknown {
  const root = { value };
  let parent: object = root;
  let key: string | number = "value";
  for (const step of m.steps) {
    const current = read(parent, key);
    if (typeof current !== "object" || current === null) break;
    const keys = keysOf(current);
    if (keys.length === 0) break;
    parent = current;
    key = keys[step % keys.length] as string | number;
  }
  if (m.action === "replace") {
    setData(parent, key, m.value);
  } else {
    const target = read(parent, key);
    if (typeof target === "object" && target !== null && !Array.isArray(target)) {
      if (m.action === "add") setData(target, m.key, m.value);
      else {
        try {
          Reflect.deleteProperty(target, m.key);
        } catch {
          // A proxy that refuses: leave it.
        }
      }
    } else {
      setData(parent, key, m.value);
    }
  }
  return root.value;
}

/**
 * Inputs for an entry point: its valid fixtures mutated once or twice, as they are, and random
 * hostile values. Each input is a description (fixture index and mutations) turned into the value
 * when the property runs, so a shrunk counterexample is rebuilt fresh.
 */
export function hostileInputs(fixtures: readonly Fixture[]): fc.Arbitrary<() => unknown> {
  const fixture = fc.integer({ min: 0, max: fixtures.length - 1 });
  const make = (i: number): unknown => (fixtures[i] as Fixture)();
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fixture, mutation)
        .map(([i, m]) => described(() => mutate(make(i), m), [i, m])),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fixture, mutation, mutation)
        .map(([i, a, b]) => described(() => mutate(mutate(make(i), a), b), [i, a, b])),
    },
    { weight: 1, arbitrary: hostileValue.map((v) => described(() => v, v)) },
    { weight: 1, arbitrary: fixture.map((i) => described(() => make(i), i)) },
  );
}

/** A thunk that a failing property reports as what it was made from. */
function described(thunk: () => unknown, from: unknown): () => unknown {
  return Object.assign(thunk, { [fc.toStringMethod]: () => `input from ${fc.stringify(from)}` });
}

/**
 * Checks an entry point with {@link RUNS} hostile inputs (see {@link expectTypedOutcome}).
 *
 * @example
 * checkEntryPoint(jsonFixtures(msg), (v) => Msg.fromJSON(v), (m) => m.toJSON());
 */
export function checkEntryPoint<T>(
  fixtures: readonly Fixture[],
  enter: (input: unknown) => T,
  wire?: (value: T) => unknown,
): void {
  // The fixtures themselves must be accepted, or the mutations prove little.
  for (const fixture of fixtures) expectTypedOutcome(fixture(), (v) => enter(v), wire);
  for (const fixture of fixtures) enter(fixture());
  fc.assert(
    fc.property(hostileInputs(fixtures), (input) => {
      expectTypedOutcome(input(), enter, wire);
    }),
    { numRuns: RUNS },
  );
}

/**
 * Runs `enter` on `input`: it must either throw an `ActorscopeError` (never a `TypeError`, a
 * `RangeError` from a stack overflow, or anything untyped) or return a value for which
 * `roundTrip` holds (given a JSON copy of what `wire` gives, the entry point gives it back equal).
 */
export function expectTypedOutcome<T>(
  input: unknown,
  enter: (input: unknown) => T,
  wire?: (value: T) => unknown,
): void {
  let value: T;
  try {
    value = enter(input);
  } catch (error) {
    if (!(error instanceof ActorscopeError)) {
      const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new Error(`untyped ${what}`, { cause: error });
    }
    return;
  }
  if (wire === undefined) return;
  const first = wire(value);
  const text = JSON.stringify(first);
  const again = wire(enter(JSON.parse(text)));
  expect(JSON.stringify(again)).toBe(text);
}

/** How many inputs each property tries (kept modest: the machine is shared). */
export const RUNS = 300;
