/**
 * The `actorscope` command. Until the CLI issue lands it only prints help.
 */
const HELP = `actorscope — AgentScope 2.x as an actor runtime on an event bus

Usage: actorscope <command> [options]

Commands (arriving with the CLI issue):
  demo       a multi-agent simulation on the embedded bus with the scripted model
  run        run a scenario file
  chat       one agent with built-in tools, permission prompts at the terminal
  worker     serve tools or an MCP server on NATS
  inspect    the live inspector page

Options:
  -h, --help     show this help
  -v, --version  print the version
`;

/** Runs the command line; returns the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const [first] = argv;
  if (first === "-v" || first === "--version") {
    const { createRequire } = await import("node:module");
    const pkg = createRequire(import.meta.url)("../../package.json") as { version: string };
    console.log(pkg.version);
    return 0;
  }
  console.log(HELP);
  return first === undefined || first === "-h" || first === "--help" ? 0 : 2;
}
