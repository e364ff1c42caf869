import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/errors/index.js";
import {
  Edit,
  Glob,
  Grep,
  LocalBackend,
  Read,
  TaskCreate,
  TaskGet,
  TaskList,
  TaskUpdate,
  Write,
} from "../../../src/tools/index.js";

/** The error a constructor throws for `options` (cast: the point is a key the type refuses). */
function refusal(make: (options: never) => unknown, options: Record<string, unknown>): unknown {
  try {
    make(options as never);
  } catch (error) {
    return error;
  }
  throw new Error("expected the options to be refused");
}

describe("file and task tools refuse unknown option keys (issue 10 §3)", () => {
  it.each([
    ["Read", (o: never) => new Read(o), { maxLineCharacter: 10 }, "maxLineCharacters"],
    ["Read", (o: never) => new Read(o), { secretFile: [] }, "secretFiles"],
    [
      "Read",
      (o: never) => new Read(o),
      { additionalDangerousFile: [] },
      "additionalDangerousFiles",
    ],
    ["Write", (o: never) => new Write(o), { dangerous_files: [] }, "dangerousFiles"],
    ["Edit", (o: never) => new Edit(o), { maxFileByte: 1 }, "maxFileBytes"],
    ["Glob", (o: never) => new Glob(o), { timeout: 1 }, "timeoutMs"],
    ["Grep", (o: never) => new Grep(o), { additionalSecretFile: [] }, "additionalSecretFiles"],
    ["TaskCreate", (o: never) => new TaskCreate(o), { middleware: [] }, "middlewares"],
    ["LocalBackend", (o: never) => new LocalBackend(o), { cwdd: "/tmp" }, "cwd"],
  ] as const)("%s names the unknown key and the nearest known one", (what, make, options, near) => {
    const error = refusal(make, options);
    expect(error).toBeInstanceOf(ValidationError);
    const [key] = Object.keys(options);
    expect((error as ValidationError).message).toBe(
      `Invalid ${what} options: \`${key}\`: Unknown option "${key}"; did you mean "${near}"?`,
    );
  });

  it("an option that only another tool takes is refused too (Write has no secretFiles)", () => {
    expect(() => new Write({ secretFiles: [] } as never)).toThrow(ValidationError);
    expect(() => new Glob({ secretFiles: [] } as never)).toThrow(ValidationError);
  });

  it("every known key is accepted", () => {
    expect(
      () =>
        new Read({
          middlewares: [],
          backend: new LocalBackend({ cwd: "/tmp", killGraceMs: 10 }),
          dangerousFiles: [],
          dangerousDirectories: [],
          additionalDangerousFiles: [],
          additionalDangerousDirectories: [],
          maxLineCharacters: 10,
          modelInputTypes: [],
          pdfTimeoutMs: 10,
          secretFiles: [],
          additionalSecretFiles: [],
          maxTextBytes: 10,
          maxImageBytes: 10,
          maxPdfBytes: 10,
        }),
    ).not.toThrow();
    expect(() => new Write({ maxFileBytes: 10, backend: undefined })).not.toThrow();
    expect(() => new Edit({ maxFileBytes: 10 })).not.toThrow();
    expect(() => new Glob({ timeoutMs: 10, middlewares: [] })).not.toThrow();
    expect(() => new Grep({ secretFiles: [], additionalSecretFiles: [] })).not.toThrow();
    for (const Task of [TaskCreate, TaskGet, TaskList, TaskUpdate]) {
      expect(() => new Task({ middlewares: [] })).not.toThrow();
    }
  });
});
