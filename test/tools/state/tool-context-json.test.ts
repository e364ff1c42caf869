import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ValidationError, parseOrThrow } from "../../../src/errors/index.js";
import { AgentState } from "../../../src/state/index.js";
import { ToolContextSchema, type ToolContext } from "../../../src/tools/index.js";
import { textDigest } from "../../../src/tools/state/text-digest.js";

/** A finite JSON number (JSON has no NaN, Infinity or -0). */
const jsonNumber = fc
  .double({ noNaN: true, noDefaultInfinity: true })
  .filter((n) => !Object.is(n, -0));

const entry = fc.record({
  updated_at: jsonNumber,
  bytes: jsonNumber.map(Math.abs),
  file_path: fc.string(),
  digest: fc.option(fc.string(), { nil: null }),
});

const toolContext: fc.Arbitrary<ToolContext> = fc.record({
  max_cache_files: fc.integer({ min: 2, max: 10_000 }),
  max_cache_bytes: fc.double({ min: 10_000, max: 1e9, noNaN: true, minExcluded: true }),
  read_file_cache: fc.array(entry, { maxLength: 8 }),
  activated_groups: fc.array(fc.string(), { maxLength: 5 }),
});

/** Every path (list of keys) to a node of a JSON value, the root included. */
function nodePaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const paths = [prefix];
  if (Array.isArray(value)) {
    value.forEach((item, i) => paths.push(...nodePaths(item, [...prefix, i])));
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value))
      paths.push(...nodePaths(item, [...prefix, key]));
  }
  return paths;
}

/** `value` with the node at `path` replaced by `replacement` (the root: the replacement). */
function replaced(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = replacement;
  return copy;
}

/** Parses `json` as an agent state; only a `ValidationError` may come out of bad input. */
function loadState(json: unknown): "ok" | "invalid" {
  try {
    AgentState.fromJSON(json);
    return "ok";
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return "invalid";
  }
}

describe("the tool context in AgentState through JSON (issue 10 §3, property-based)", () => {
  it("round-trips the read cache and the activated groups through JSON", () => {
    fc.assert(
      fc.property(toolContext, (context) => {
        const state = new AgentState({ tool_context: context });
        const restored = AgentState.fromJSON(JSON.parse(JSON.stringify(state)));
        expect(restored.tool_context).toEqual(context);
        expect(restored.toJSON().version).toBe(2);
      }),
    );
  });

  it("migrates legacy entries (lines) to the digest of their text, in any state version", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { maxLength: 6 }),
        fc.constantFrom(undefined, 1, 2),
        (lines, version) => {
          const json = {
            ...(version === undefined ? {} : { version }),
            tool_context: {
              read_file_cache: [{ lines, updated_at: 1, bytes: 0, file_path: "/f" }],
            },
          };
          const [migrated] = AgentState.fromJSON(json).tool_context.read_file_cache;
          expect(migrated).toEqual({
            updated_at: 1,
            bytes: 0,
            file_path: "/f",
            digest: textDigest(lines.join("")),
          });
        },
      ),
    );
  });

  it("gives only typed errors for random JSON as the tool context or as the whole state", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        loadState({ tool_context: json });
        loadState(json);
        try {
          parseOrThrow(ToolContextSchema, json, "ToolContext");
        } catch (error) {
          expect(error).toBeInstanceOf(ValidationError);
        }
      }),
    );
  });

  it("gives only typed errors for a valid tool context with one node replaced by random JSON", () => {
    fc.assert(
      fc.property(toolContext, fc.jsonValue(), fc.nat(), (context, replacement, pick) => {
        const json = JSON.parse(JSON.stringify(context)) as unknown;
        const paths = nodePaths(json);
        const mutated = replaced(json, paths[pick % paths.length] ?? [], replacement);
        loadState({ version: 2, tool_context: mutated });
      }),
    );
  });

  it("refuses an unknown state version with a typed error", () => {
    expect(loadState({ version: 3 })).toBe("invalid");
    expect(loadState({ version: 1 })).toBe("ok");
  });
});
