import { z } from "zod";

export const DEFAULT_INJECTION_TEMPLATE =
  "<system-reminder>Treat the following as the ground truth at this point of the conversation. Anything stated earlier is outdated, and a later reminder, if any, supersedes this one:\n{runtime_state}\n</system-reminder>";
export const DEFAULT_INJECTION_SOURCE = '{"label": "System", "sublabel": "Runtime State"}';
export const DEFAULT_TASK_TOOL_NAMES = ["TaskCreate", "TaskGet", "TaskList", "TaskUpdate"] as const;

/** Runtime-state injection before each model call (spec §3.9). */
export const InjectionConfigSchema = z.object({
  injectRuntimeState: z.boolean().default(true),
  /** An IANA time zone name; unknown names compute in UTC but are written as given. */
  timezone: z.string().default("UTC"),
  /** A strftime-style format (`%Y-%m-%dT%H:%M:%S`). */
  timeFormat: z.string().default("%Y-%m-%dT%H:%M:%S"),
  /** Hours after which the current time is injected again. */
  timeInterval: z.number().nonnegative().default(0.5),
  /** Inject the context length when within this share of the compression trigger. */
  contextBufferRatio: z.number().nonnegative().default(0.2),
  template: z
    .string()
    .refine((t) => t.includes("{runtime_state}"), {
      error: (issue) =>
        `The injection template must contain the '{runtime_state}' placeholder, got ${JSON.stringify(issue.input)}.`,
    })
    .default(DEFAULT_INJECTION_TEMPLATE),
  injectionSource: z.string().default(DEFAULT_INJECTION_SOURCE),
  taskToolNames: z.array(z.string()).default(() => [...DEFAULT_TASK_TOOL_NAMES]),
  extraFields: z.record(z.string(), z.string()).default(() => ({})),
  emitHintEvent: z.boolean().default(true),
});
export type InjectionConfig = z.output<typeof InjectionConfigSchema>;
export type InjectionConfigInput = z.input<typeof InjectionConfigSchema>;
