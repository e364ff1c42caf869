import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NatsBus } from "../../src/bus/index.js";
import { startNatsServer, type NatsServer } from "../harness/nats-server.js";

let dir: string;
let server: NatsServer;

/** Runs openssl in the temporary directory, with HOME there too (no user config is read). */
function openssl(args: string[]): void {
  execFileSync("openssl", args, { cwd: dir, env: { ...process.env, HOME: dir }, stdio: "ignore" });
}

/** A CA and a server certificate for 127.0.0.1 signed by it. */
function makeCertificates(ca: string): void {
  openssl([
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "1",
    "-subj",
    `/CN=${ca}`,
    "-keyout",
    `${ca}.key`,
    "-out",
    `${ca}.pem`,
  ]);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "actorscope-tls-"));
  makeCertificates("ca");
  makeCertificates("other-ca");
  openssl([
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-subj",
    "/CN=127.0.0.1",
    "-keyout",
    "server.key",
    "-out",
    "server.csr",
  ]);
  await writeFile(join(dir, "san.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
  openssl([
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-days",
    "1",
    "-extfile",
    "san.ext",
    "-out",
    "server.pem",
  ]);
  server = await startNatsServer({
    jetstream: false,
    config: {
      extra: { tls: { cert_file: join(dir, "server.pem"), key_file: join(dir, "server.key") } },
    },
  });
});

afterAll(async () => {
  await server.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe("NatsBus over TLS", () => {
  it("connects to a TLS server whose certificate the given CA signed", async () => {
    const bus = await NatsBus.connect({
      servers: server.url,
      tls: { caFile: join(dir, "ca.pem") },
    });
    const sub = bus.subscribe("t.tls").subscribe((m) => m.respond?.("secure"));
    await bus.flush();
    await expect(bus.request("t.tls", null, { timeoutMs: 5_000 })).resolves.toBe("secure");
    sub.unsubscribe();
    await bus.close();
  });

  it("refuses a certificate from another CA with BUS_CONNECTION naming TLS", async () => {
    const error = await NatsBus.connect({
      servers: server.url,
      tls: { caFile: join(dir, "other-ca.pem") },
      reconnect: false,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "BUS_CONNECTION" });
    expect((error as Error).message).toContain(server.url);
    expect((error as Error).message).toMatch(/TLS/);
  });
});
