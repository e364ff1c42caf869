import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PermissionEngine } from "../../../../src/permission/index.js";
import { Bash } from "../../../../src/tools/builtin/bash/index.js";
import { dangerousCommand, readOnlyCommand } from "./arbitrary-commands.js";
import { fakeBackend } from "./helpers.js";

/** The tool under test: a fixed home and cwd, and a backend that runs nothing. */
const bash = new Bash({ backend: fakeBackend({ home: "/home/u", cwd: "/tmp/project" }) });

describe("the Bash analyser on generated command lines (departures 1, 4, 6, 8)", () => {
  it("never allows a command line with a part that writes, deletes, runs, changes the shell or reads secrets", async () => {
    await fc.assert(
      fc.asyncProperty(dangerousCommand, async (command) => {
        const decision = await new PermissionEngine({ mode: "default" }).decide(bash, {
          command,
        });
        expect(decision.behavior, command).not.toBe("allow");
        expect(await bash.checkReadOnly({ command }), command).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it("allows command lines made only of read-only parts, however quoted, wrapped, redirected and composed", async () => {
    await fc.assert(
      fc.asyncProperty(readOnlyCommand, async (command) => {
        expect(await bash.checkReadOnly({ command }), command).toBe(true);
        const decision = await new PermissionEngine({ mode: "default" }).decide(bash, {
          command,
        });
        expect(decision.behavior, command).toBe("allow");
      }),
      { numRuns: 400 },
    );
  });
});
