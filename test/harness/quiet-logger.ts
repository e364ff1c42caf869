import { afterEach, beforeEach } from "vitest";
import { setLogger } from "../../src/errors/index.js";

/**
 * Silences the runtime's warnings and errors for every test of the calling file (tests that
 * provoke failures on purpose would otherwise flood the output); the logger is restored after
 * each test.
 */
export function useQuietLogger(): void {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    restore = setLogger({ warn: () => undefined, error: () => undefined });
  });
  afterEach(() => {
    restore();
  });
}
