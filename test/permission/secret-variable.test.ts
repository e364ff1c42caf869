import { describe, expect, it } from "vitest";
import { DEFAULT_SECRET_VARIABLES, isSecretVariable } from "../../src/permission/index.js";

describe("departure 8: isSecretVariable", () => {
  it("names credentials by the common conventions, case-insensitively", () => {
    for (const name of [
      "GITHUB_TOKEN",
      "AWS_SECRET_ACCESS_KEY",
      "OPENAI_API_KEY",
      "PGPASSWORD",
      "DATABASE_URL",
      "SENTRY_DSN",
      "GITLAB_PAT",
      "npm_config__auth",
      "stripe_secret",
    ]) {
      expect(isSecretVariable(name), name).toBe(true);
    }
    for (const name of ["HOME", "PATH", "USER", "SSH_AUTH_SOCK", "TOKEN_PATH", "KEYS", "MONKEY"]) {
      expect(isSecretVariable(name), name).toBe(false);
    }
  });

  it("an entry starting with ! exempts what it matches; [] disables the check", () => {
    expect(isSecretVariable("GITHUB_TOKEN_FILE")).toBe(false);
    expect(isSecretVariable("ACME_ID", [...DEFAULT_SECRET_VARIABLES, "ACME_*"])).toBe(true);
    expect(isSecretVariable("GITHUB_TOKEN", [])).toBe(false);
  });
});
