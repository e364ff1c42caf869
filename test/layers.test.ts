/**
 * The layer table of DESIGN.md is enforced by dependency-cruiser (`npm run lint:layers`). These
 * tests prove the gate bites: forbidden imports written into a scratch copy of the tree fail it.
 */
import { execFile } from "node:child_process";
import { appendFile, cp, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "..");
const depcruise = join(root, "node_modules", ".bin", "depcruise");

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

async function cruise(dir: string): Promise<Violation[]> {
  try {
    const { stdout } = await run(
      depcruise,
      ["src", "--config", ".dependency-cruiser.cjs", "--output-type", "json"],
      {
        cwd: dir,
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
  } catch (error) {
    // depcruise exits non-zero when it finds errors; its JSON is still on stdout
    const stdout = (error as { stdout?: string }).stdout ?? "";
    if (stdout === "") throw error;
    return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
  }
}

describe("layer check", () => {
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), "actorscope-layers-"));
    for (const entry of [
      "src",
      ".dependency-cruiser.cjs",
      "tsconfig.json",
      "tsconfig.base.json",
      "package.json",
    ]) {
      await cp(join(root, entry), join(scratch, entry), { recursive: true });
    }
    await symlink(join(root, "node_modules"), join(scratch, "node_modules"));
  });

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it("the real tree has no violations", async () => {
    expect(await cruise(root)).toEqual([]);
  }, 60_000);

  it("fails when a lower layer imports a higher one, and on a cycle, and on a vendor out of place", async () => {
    // message may import only errors: an import of permission is forbidden (and makes a cycle)
    await writeFile(
      join(scratch, "src/message/forbidden.ts"),
      'import { PermissionModeSchema } from "../permission/index.js";\nexport const x = PermissionModeSchema;\n',
    );
    // …and exporting it from message's door closes a cycle: message → permission → message
    await appendFile(
      join(scratch, "src/message/index.ts"),
      'export { x } from "./forbidden.js";\n',
    );
    // errors is the leaf: nothing may be imported
    await writeFile(
      join(scratch, "src/errors/forbidden.ts"),
      'import { Msg } from "../message/index.js";\nexport const y = Msg;\n',
    );
    // a cross-folder import must go through the folder's index.ts
    await mkdir(join(scratch, "src/model"), { recursive: true });
    await writeFile(
      join(scratch, "src/model/skips-door.ts"),
      'import { applyEvent } from "../message/append-event.js";\nexport const z = applyEvent;\n',
    );
    // nats stays in bus/state
    await writeFile(
      join(scratch, "src/model/uses-nats.ts"),
      'import { connect } from "nats";\nexport const c = connect;\n',
    );
    const rules = new Set((await cruise(scratch)).map((v) => v.rule.name));
    expect(rules).toContain("layer-message");
    expect(rules).toContain("layer-errors");
    expect(rules).toContain("no-circular");
    expect(rules).toContain("through-the-door");
    expect(rules).toContain("vendor-nats");
  }, 60_000);
});
