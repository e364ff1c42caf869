import { startNatsServer, type NatsServer } from "../../test/harness/nats-server.js";

/**
 * The bench's own nats-server (JetStream on, a free loopback port, a temporary store), started
 * on first use by the test harness's launcher and stopped with `stop`.
 */
export class BenchNats {
  #server: Promise<NatsServer> | null = null;

  /** The server's URL, starting it the first time. */
  async url(): Promise<string> {
    this.#server ??= startNatsServer();
    return (await this.#server).url;
  }

  async stop(): Promise<void> {
    if (this.#server === null) return;
    const server = await this.#server;
    this.#server = null;
    await server.dispose();
  }
}
