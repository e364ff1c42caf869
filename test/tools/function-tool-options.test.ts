import { describe, expect, it } from "vitest";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import { refusal } from "../harness/refusal.js";
import { FunctionTool } from "../../src/tools/index.js";

function add_numbers({ a, b }: { a: number; b: number }): string {
  return `${a + b}`;
}
const parameters = z.object({ a: z.number(), b: z.number() });

/** Lets a test pass options the types forbid, as plain JavaScript callers can. */
function untyped(options: Record<string, unknown>): ConstructorParameters<typeof FunctionTool>[0] {
  return options as unknown as ConstructorParameters<typeof FunctionTool>[0];
}

describe("FunctionTool options are strict", () => {
  it("refuses an unknown option, naming it and the nearest known one", () => {
    const error = refusal(
      () => new FunctionTool(untyped({ fn: add_numbers, parameters, isReadonly: true })),
    );
    expect(error.issues).toEqual([
      { path: "isReadonly", message: 'Unknown option "isReadonly"; did you mean "isReadOnly"?' },
    ]);
    expect(error.message).toContain("FunctionTool options");
  });

  it("refuses options that are not an object", () => {
    expect(refusal(() => new FunctionTool(untyped(null as never))).issues[0]?.message).toBe(
      "Expected an object, received null",
    );
  });

  it("refuses a missing or non-function fn and wrong option types", () => {
    expect(refusal(() => new FunctionTool(untyped({ parameters }))).issues[0]?.path).toBe("fn");
    expect(
      refusal(() => new FunctionTool(untyped({ fn: add_numbers, parameters, isReadOnly: "yes" })))
        .issues[0],
    ).toEqual({ path: "isReadOnly", message: "Expected a boolean, received string" });
    expect(
      refusal(() => new FunctionTool(untyped({ fn: add_numbers, parameters, description: 3 })))
        .issues[0]?.path,
    ).toBe("description");
  });
});

describe("FunctionTool parameters: zod 4 is a peer dependency", () => {
  it("refuses a real zod 3 schema with a message saying that zod 4 is needed", () => {
    const legacy = z3.object({ a: z3.number() });
    const error = refusal(() => new FunctionTool(untyped({ fn: add_numbers, parameters: legacy })));
    expect(error.issues[0]?.path).toBe("parameters");
    expect(error.message).toMatch(/zod 3 schema; FunctionTool needs zod 4/);
  });

  it("refuses an object shaped like a zod 3 schema (_def without _zod)", () => {
    const lookalike = { _def: { typeName: "ZodObject" }, parse: () => ({}) };
    expect(
      refusal(() => new FunctionTool(untyped({ fn: add_numbers, parameters: lookalike }))).message,
    ).toContain("needs zod 4");
  });

  it("refuses a zod 4 schema that is not an object, and a missing schema", () => {
    expect(
      refusal(() => new FunctionTool(untyped({ fn: add_numbers, parameters: z.string() })))
        .issues[0]?.message,
    ).toBe("Expected a zod object schema (z.object({…})), received a zod string schema");
    expect(refusal(() => new FunctionTool(untyped({ fn: add_numbers }))).issues[0]?.path).toBe(
      "parameters",
    );
    expect(
      refusal(() => new FunctionTool(untyped({ fn: add_numbers, parameters: { type: "object" } })))
        .issues[0]?.message,
    ).toContain("received a plain object");
  });

  it("refuses parameters JSON Schema cannot express with a typed error, not zod's own throw", () => {
    const error = refusal(
      () =>
        new FunctionTool({ name: "big", fn: () => "", parameters: z.object({ n: z.bigint() }) }),
    );
    expect(error.issues[0]?.path).toBe("parameters");
    expect(error.issues[0]?.message).toMatch(/Cannot be written as a JSON schema/);
  });
});

describe("FunctionTool names", () => {
  it("takes the function's name when none is given", () => {
    expect(new FunctionTool({ fn: add_numbers, parameters }).name).toBe("add_numbers");
    const getWeather = (): string => "sunny";
    expect(new FunctionTool({ fn: getWeather, parameters: z.object({}) }).name).toBe("getWeather");
  });

  it("refuses an inline arrow function, which JavaScript names after the option key", () => {
    const error = refusal(() => new FunctionTool({ fn: () => "x", parameters: z.object({}) }));
    expect(error.issues[0]?.path).toBe("name");
    expect(error.message).toContain("A FunctionTool needs a name");
    expect(error.message).toContain('"fn"');
  });

  it("refuses functions without a usable name (anonymous, bound)", () => {
    const anonymous = [
      (
        () => () =>
          ""
      )(),
      add_numbers.bind(null),
      // What `new Function(…)` is called.
      Object.defineProperty(() => 1, "name", { value: "anonymous" }),
    ];
    for (const fn of anonymous) {
      expect(
        refusal(() => new FunctionTool(untyped({ fn, parameters: z.object({}) }))).issues[0]?.path,
      ).toBe("name");
    }
  });

  it("refuses an empty or non-string name", () => {
    expect(
      refusal(() => new FunctionTool(untyped({ fn: add_numbers, parameters, name: "" }))).issues[0]
        ?.path,
    ).toBe("name");
    expect(
      refusal(() => new FunctionTool(untyped({ fn: add_numbers, parameters, name: 5 }))).issues[0]
        ?.path,
    ).toBe("name");
  });
});
