// Makes sure the programs the test suite starts are on PATH (`npm test` runs this first).
// Where one is missing it installs the Debian package when it can (root with apt-get), and
// otherwise stops at once with the command that installs it.
import { execFileSync, spawnSync } from "node:child_process";

/** program on PATH → Debian package that provides it */
const REQUIRED = [
  ["nats-server", "nats-server"],
  ["rg", "ripgrep"],
  ["redis-server", "redis-server"],
];

const onPath = (program) =>
  spawnSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" }).status === 0;

const missing = REQUIRED.filter(([program]) => !onPath(program));
if (missing.length > 0) {
  const packages = missing.map(([, pkg]) => pkg);
  const command = `apt-get update && apt-get install -y ${packages.join(" ")}`;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !onPath("apt-get")) {
    console.error(
      `actorscope tests need ${missing.map(([p]) => p).join(", ")} on PATH.\n` +
        `Install with: sudo ${command}`,
    );
    process.exit(1);
  }
  console.error(`installing ${packages.join(", ")} for the test suite: ${command}`);
  try {
    execFileSync("sh", ["-c", command], { stdio: "inherit" });
  } catch {
    console.error(`could not install ${packages.join(", ")}; run: ${command}`);
    process.exit(1);
  }
}
