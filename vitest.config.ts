import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // Resolve `actorscope` to `src/` (the "actorscope-source" export condition), so tests and examples
    // need no build step.
    conditions: ["actorscope-source"],
  },
  test: {
    include: ["test/**/*.test.ts"],
    // Integration tests start real servers; give them room without hiding hangs for ever.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
