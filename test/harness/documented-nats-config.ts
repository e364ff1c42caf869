/**
 * The least-privilege nats-server configuration of docs/nats-permissions.md, read from the page
 * (so the tests check what the docs say), with test passwords for its variables.
 */
import { readFile } from "node:fs/promises";

/** The password each documented user gets in tests, by the variable the page names. */
export const DOCUMENTED_PASSWORDS = {
  AGENT_ALICE_PASS: "pa",
  WORKER_ECHO_PASS: "pw",
  INSPECTOR_PASS: "pi",
  OPERATOR_PASS: "po",
};

/** The configuration block of the page, its password variables filled in. */
export async function documentedConfig(): Promise<string> {
  const page = await readFile(new URL("../../docs/nats-permissions.md", import.meta.url), "utf8");
  const block = /```\n(# Every user below[\s\S]*?)```/.exec(page)?.[1];
  if (block === undefined) throw new Error("docs/nats-permissions.md has no configuration block");
  return Object.entries(DOCUMENTED_PASSWORDS).reduce(
    (text, [name, password]) => text.replaceAll(`$${name}`, JSON.stringify(password)),
    block,
  );
}
