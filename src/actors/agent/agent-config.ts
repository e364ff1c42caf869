import { ValidationError, assertKnownOptions, parseOrThrow } from "../../errors/index.js";
import {
  ContextConfigSchema,
  type ContextConfig,
  type ContextConfigInput,
} from "../../context/index.js";
import {
  InjectionConfigSchema,
  ReActConfigSchema,
  type InjectionConfig,
  type InjectionConfigInput,
  type ReActConfig,
  type ReActConfigInput,
} from "../../machines/index.js";
import { ModelConfigSchema, type ModelConfig, type ModelConfigInput } from "./model-config.js";

export interface AgentConfigs {
  readonly modelConfig: ModelConfig;
  readonly contextConfig: ContextConfig;
  readonly reactConfig: ReActConfig;
  readonly injectionConfig: InjectionConfig;
}

/** The keys each config takes: an unknown key is refused, naming the nearest (`maxIter` → `maxIters`). */
const CONFIG_KEYS = {
  ModelConfig: new Set(Object.keys(ModelConfigSchema.shape)),
  ContextConfig: new Set(Object.keys(ContextConfigSchema.shape)),
  ReActConfig: new Set(Object.keys(ReActConfigSchema.shape)),
  InjectionConfig: new Set(Object.keys(InjectionConfigSchema.shape)),
} as const;

function strict(value: unknown, what: keyof typeof CONFIG_KEYS): unknown {
  assertKnownOptions(value, CONFIG_KEYS[what], what);
  return value;
}

/**
 * Validates the four configs (each a fresh object per agent, known keys only) and their
 * cross-field rules (spec §3.1), with the reference's messages.
 */
export function resolveConfigs(options: {
  modelConfig?: ModelConfigInput | undefined;
  contextConfig?: ContextConfigInput | undefined;
  reactConfig?: ReActConfigInput | undefined;
  injectionConfig?: InjectionConfigInput | undefined;
}): AgentConfigs {
  const modelConfig = parseOrThrow(
    ModelConfigSchema,
    strict(options.modelConfig ?? {}, "ModelConfig"),
    "ModelConfig",
  );
  const contextConfig = parseOrThrow(
    ContextConfigSchema,
    strict(options.contextConfig ?? {}, "ContextConfig"),
    "ContextConfig",
  );
  const reactConfig = parseOrThrow(
    ReActConfigSchema,
    strict(options.reactConfig ?? {}, "ReActConfig"),
    "ReActConfig",
  );
  const injectionConfig = parseOrThrow(
    InjectionConfigSchema,
    strict(options.injectionConfig ?? {}, "InjectionConfig"),
    "InjectionConfig",
  );
  const { reserveRatio, triggerRatio } = contextConfig;
  if (reserveRatio >= triggerRatio) {
    const message = `The 'reserve_ratio' of the context config must be smaller than its 'trigger_ratio', got ${reserveRatio} and ${triggerRatio}.`;
    throw new ValidationError("ContextConfig", [{ path: "reserveRatio", message }], { message });
  }
  const buffer = injectionConfig.contextBufferRatio;
  if (injectionConfig.injectRuntimeState && buffer >= triggerRatio) {
    const message = `The 'context_buffer_ratio' of the injection config must be smaller than the 'trigger_ratio' of the context config, so that the context length is injected before the compression, got ${buffer} and ${triggerRatio}.`;
    throw new ValidationError("InjectionConfig", [{ path: "contextBufferRatio", message }], {
      message,
    });
  }
  return { modelConfig, contextConfig, reactConfig, injectionConfig };
}
