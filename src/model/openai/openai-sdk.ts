import type * as openai from "openai";

/** The `openai` package's module (its client class and error classes). */
export type OpenAISdk = typeof openai;

let loading: Promise<OpenAISdk> | null = null;

/**
 * The `openai` SDK, imported the first time a model is called rather than when actorscope is
 * imported: it is a large module graph, and most programs (simulations on the scripted model,
 * tool workers) never talk to a provider. One import per process; every model shares it.
 */
export function loadOpenAISdk(): Promise<OpenAISdk> {
  loading ??= import("openai");
  return loading;
}
