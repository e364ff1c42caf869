/** The set-up every OpenAIChatModel test file shares: one scripted server, warnings collected. */
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { setLogger } from "../../../src/errors/index.js";
import { OpenAIChatModel } from "../../../src/model/index.js";
import { startOpenAIServer, type OpenAIServer } from "../../harness/openai-server.js";

/** What a test file gets: the server, the warnings of the running test, and models on it. */
export interface OpenAITestServer {
  /** The scripted server (started before the file's tests, reset before each). */
  readonly server: OpenAIServer;
  /** Warnings and errors logged during the running test. */
  readonly warnings: string[];
  /** A model on the server with the file's key; `extra` adds or overrides options. */
  readonly model: (stream: boolean, extra?: Record<string, unknown>) => OpenAIChatModel<boolean>;
}

/** Registers the file's hooks and returns its {@link OpenAITestServer}. */
export function useOpenAIServer(apiKey: string): OpenAITestServer {
  let server: OpenAIServer | null = null;
  const warnings: string[] = [];
  let restoreLogger: () => void = () => undefined;
  const started = (): OpenAIServer => {
    if (server === null) throw new Error("the server starts in beforeAll");
    return server;
  };
  beforeAll(async () => {
    server = await startOpenAIServer();
  });
  afterAll(async () => {
    await started().close();
  });
  beforeEach(() => {
    started().reset();
    warnings.length = 0;
    restoreLogger = setLogger({
      warn: (message) => warnings.push(message),
      error: (message) => warnings.push(message),
    });
  });
  afterEach(() => {
    restoreLogger();
  });
  return {
    get server() {
      return started();
    },
    warnings,
    model: (stream, extra = {}) =>
      new OpenAIChatModel({
        model: "test-model",
        apiKey,
        baseURL: started().baseURL,
        stream,
        ...extra,
      }),
  };
}
