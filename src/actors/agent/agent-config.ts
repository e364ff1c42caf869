import { ValidationError, parseOrThrow } from "../../errors/index.js";
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

/**
 * Validates the four configs (each a fresh object per agent) and their cross-field rules
 * (spec §3.1), with the reference's messages.
 */
export function resolveConfigs(options: {
  modelConfig?: ModelConfigInput | undefined;
  contextConfig?: ContextConfigInput | undefined;
  reactConfig?: ReActConfigInput | undefined;
  injectionConfig?: InjectionConfigInput | undefined;
}): AgentConfigs {
  const modelConfig = parseOrThrow(ModelConfigSchema, options.modelConfig ?? {}, "ModelConfig");
  const contextConfig = parseOrThrow(
    ContextConfigSchema,
    options.contextConfig ?? {},
    "ContextConfig",
  );
  const reactConfig = parseOrThrow(ReActConfigSchema, options.reactConfig ?? {}, "ReActConfig");
  const injectionConfig = parseOrThrow(
    InjectionConfigSchema,
    options.injectionConfig ?? {},
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
