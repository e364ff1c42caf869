import { z } from "zod";
import { ValidationError, parseOrThrow } from "../../errors/index.js";
import { readOptions, newId } from "../../message/index.js";
import type { ModelCard } from "../cards/model-card.js";
import type { OpenAIFormatterOptions } from "../formatter/openai-chat-formatter.js";
import { OpenAIChatModel } from "../openai/openai-chat-model.js";
import type { OpenAIChatModelOptions } from "../openai/openai-chat-model-options.js";
import type { OpenAICompatibleCredential } from "./openai-compatible-credential.js";
import { SECRET_MASK, Secret } from "./secret.js";

/** What a credential class knows about its provider. */
export interface CredentialSpec {
  /** The `type` discriminator of its JSON form. */
  readonly type: string;
  /** A display title ("OpenAI API"). */
  readonly title: string;
  /** The base URL when none is given (`null`: the SDK's default, OpenAI). */
  readonly defaultBaseURL: string | null;
  /** The environment variable read when no key is given. */
  readonly apiKeyEnv: string | null;
  /** The environment variable read when no base URL is given. */
  readonly baseURLEnv: string | null;
  readonly apiKeyRequired: boolean;
  readonly formatterOptions: OpenAIFormatterOptions;
}

/** The JSON form of a credential (AgentScope's field names; `api_key` masked by `toJSON`). */
export const CredentialDataSchema = z.object({
  type: z.string().min(1),
  id: z.string().min(1).optional(),
  name: z.string().default(""),
  api_key: z.string().min(1).nullable().default(null),
  base_url: z.string().min(1).nullable().default(null),
  organization: z.string().min(1).nullable().default(null),
});
export type CredentialData = z.output<typeof CredentialDataSchema>;
export type CredentialDataInput = z.input<typeof CredentialDataSchema>;

/** What a credential is made from. */
export interface OpenAICredentialInit {
  /** The API key; when left out, the class's environment variable (`OPENAI_API_KEY`, …). */
  apiKey?: string | Secret | null;
  /** The endpoint; when left out, the environment variable or the provider's default. */
  baseURL?: string | null;
  organization?: string | null;
  id?: string;
  /** A display name for this credential. */
  name?: string;
}

/** Every key a credential is made from. */
const CREDENTIAL_OPTIONS: ReadonlySet<string> = new Set([
  "apiKey",
  "baseURL",
  "organization",
  "id",
  "name",
]);

/** The chat-model options a credential fills in itself. */
export type CredentialChatModelOptions<S extends boolean> = Omit<
  OpenAIChatModelOptions<S>,
  "credential" | "apiKey" | "baseURL" | "organization"
>;

const inspectCustom = Symbol.for("nodejs.util.inspect.custom");

/**
 * The credentials of an OpenAI-compatible endpoint: key, base URL, organization. It names its
 * chat-model class (`OpenAIChatModel`) and creates models; subclasses are presets for other
 * providers. The key is a {@link Secret}: never in `toJSON`, logs or `util.inspect`.
 *
 * @example
 * const credential = new OpenAICredential({ apiKey: process.env.OPENAI_API_KEY });
 * const model = credential.createChatModel({ model: "gpt-4.1" });
 */
export class OpenAICredential implements OpenAICompatibleCredential {
  static readonly spec: CredentialSpec = {
    type: "openai_credential",
    title: "OpenAI API",
    defaultBaseURL: null,
    apiKeyEnv: "OPENAI_API_KEY",
    baseURLEnv: "OPENAI_BASE_URL",
    apiKeyRequired: true,
    formatterOptions: {},
  };

  readonly type: string;
  readonly id: string;
  readonly name: string;
  readonly baseURL: string | null;
  readonly organization: string | null;
  readonly apiKeyRequired: boolean;
  readonly formatterOptions: OpenAIFormatterOptions;
  readonly #apiKey: Secret | null;

  /** Strict options: an unknown key (`apiKEY`) or a wrong type is a `ValidationError`. */
  constructor(init: OpenAICredentialInit = {}) {
    const spec = new.target.spec;
    const what = `${new.target.name} options`;
    init = readOptions(init, CREDENTIAL_OPTIONS, what);
    checkTypes(init, what);
    this.type = spec.type;
    this.id = init.id ?? newId();
    this.name = init.name ?? "";
    this.apiKeyRequired = spec.apiKeyRequired;
    this.formatterOptions = spec.formatterOptions;
    const key = init.apiKey === undefined ? env(spec.apiKeyEnv) : init.apiKey;
    this.#apiKey = key === null || key === "" ? null : Secret.from(key);
    const baseURL = init.baseURL === undefined ? env(spec.baseURLEnv) : init.baseURL;
    this.baseURL = baseURL ?? spec.defaultBaseURL;
    this.organization = init.organization ?? null;
  }

  /** The key (a {@link Secret}; `reveal()` gives the text), or null. */
  get apiKey(): Secret | null {
    return this.#apiKey;
  }

  /** The chat-model class that consumes this credential. */
  static get chatModelClass(): typeof OpenAIChatModel {
    return OpenAIChatModel;
  }

  /** The chat-model class that consumes this credential. */
  get chatModelClass(): typeof OpenAIChatModel {
    return OpenAIChatModel;
  }

  /** The model cards in `dir`, through the chat-model class (seed "Retrieve ModelCards"). */
  static listModels(dir: string): Promise<ModelCard[]> {
    return this.chatModelClass.listModels(dir);
  }

  /** A chat model on this credential's endpoint. */
  createChatModel<S extends boolean = true>(
    options: CredentialChatModelOptions<S>,
  ): OpenAIChatModel<S> {
    return new OpenAIChatModel<S>({ ...options, credential: this });
  }

  /** The JSON form, with the key masked. */
  toJSON(): CredentialData {
    return {
      type: this.type,
      id: this.id,
      name: this.name,
      api_key: this.#apiKey === null ? null : SECRET_MASK,
      base_url: this.baseURL,
      organization: this.organization,
    };
  }

  /**
   * Rebuilds a credential of this class from its JSON form (a real `api_key`, from a secret store;
   * a masked one counts as absent). A `ValidationError` names a bad field.
   */
  static fromJSON<T extends typeof OpenAICredential>(this: T, value: unknown): InstanceType<T> {
    const data = parseOrThrow(CredentialDataSchema, value, "credential");
    if (data.type !== this.spec.type) {
      parseOrThrow(z.object({ type: z.literal(this.spec.type) }), value, "credential");
    }
    const init: OpenAICredentialInit = {
      name: data.name,
      baseURL: data.base_url,
      organization: data.organization,
      ...(data.id === undefined ? {} : { id: data.id }),
      ...(data.api_key === null || data.api_key === SECRET_MASK ? {} : { apiKey: data.api_key }),
    };
    return new this(init) as InstanceType<T>;
  }

  [inspectCustom](): string {
    return `${this.constructor.name} ${JSON.stringify(this.toJSON())}`;
  }
}

function checkTypes(init: OpenAICredentialInit, what: string): void {
  const key = init.apiKey;
  if (key !== undefined && key !== null && typeof key !== "string" && !(key instanceof Secret)) {
    throw new ValidationError(what, [{ path: "apiKey", message: "Expected a string or a Secret" }]);
  }
  for (const field of ["baseURL", "organization", "id", "name"] as const) {
    const value = init[field];
    if (value !== undefined && value !== null && typeof value !== "string") {
      throw new ValidationError(what, [{ path: field, message: "Expected a string" }]);
    }
  }
}

function env(name: string | null): string | null {
  if (name === null) return null;
  const value = process.env[name];
  return value === undefined || value === "" ? null : value;
}
