import { describe, expect, it } from "vitest";
import { isSecretPath } from "../../src/permission/index.js";

describe("isSecretPath (departure 8)", () => {
  it.each([
    "/home/u/.ssh/id_rsa",
    "/home/u/.ssh/id_ed25519",
    "/home/u/.ssh/ssh_host_rsa_key",
    "/repo/.env",
    "/repo/.env.production",
    "/repo/.ENV.local",
    "/home/u/.netrc",
    "/home/u/.git-credentials",
    "/home/u/.aws/credentials",
    "/home/u/.npmrc",
    "/etc/ssl/private/server.key",
    "/repo/certs/server.pem",
    "/home/u/.kube/config",
    "/home/u/.docker/config.json",
  ])("%s is a secret", (path) => {
    expect(isSecretPath(path)).toBe(true);
  });

  it.each([
    "/home/u/.ssh/id_rsa.pub",
    "/home/u/.ssh/known_hosts",
    "/repo/src/env.ts",
    "/repo/environment.md",
    "/repo/keys.txt",
    "/repo/.envrc.example.md",
    "/repo/README.md",
  ])("%s is not a secret", (path) => {
    expect(isSecretPath(path)).toBe(false);
  });

  it("resolves ~ and relative paths, and takes a configured list", () => {
    expect(isSecretPath("~/.ssh/id_rsa")).toBe(true);
    expect(isSecretPath(".env", { cwd: "/repo" })).toBe(true);
    expect(isSecretPath("/repo/.env", { secretFiles: [] })).toBe(false);
    expect(isSecretPath("/repo/vault.txt", { secretFiles: ["vault.*"] })).toBe(true);
    expect(isSecretPath("/a/b/token", { secretFiles: ["b/token"] })).toBe(true);
  });

  it("an exemption undoes only earlier matches", () => {
    expect(isSecretPath("/k/a.pub", { secretFiles: ["*.pub", "!a.*"] })).toBe(false);
    expect(isSecretPath("/k/a.pub", { secretFiles: ["!a.*", "*.pub"] })).toBe(true);
  });
});
