import { z } from "zod";
import { WireErrorSchema } from "../../errors/index.js";

/** The kinds of actor a runtime owns, in the order it stops them. */
export const ActorKind = {
  HUB: "hub",
  AGENT: "agent",
  TOOL_WORKER: "tool_worker",
  OTHER: "other",
} as const;
export type ActorKind = (typeof ActorKind)[keyof typeof ActorKind];

/** The stop order: hubs first (no new rounds), then agents (no new calls), then tool workers. */
export const STOP_ORDER: readonly ActorKind[] = [
  ActorKind.HUB,
  ActorKind.AGENT,
  ActorKind.TOOL_WORKER,
  ActorKind.OTHER,
];

export const SupervisionReportType = {
  /** The actor failed outside any caller's request (nobody else would learn of it). */
  ACTOR_FAILED: "ACTOR_FAILED",
  /** Stopping the actor failed or ran past its bound. */
  STOP_FAILED: "STOP_FAILED",
} as const;
export type SupervisionReportType =
  (typeof SupervisionReportType)[keyof typeof SupervisionReportType];

/**
 * What a runtime says about one of its actors, on `as.runtime.<name>.reports` and on
 * `runtime.reports$`: which actor, what happened, the typed error in its wire form.
 */
export const SupervisionReportSchema = z.strictObject({
  type: z.enum([SupervisionReportType.ACTOR_FAILED, SupervisionReportType.STOP_FAILED]),
  runtime: z.string(),
  actor_id: z.string(),
  kind: z.enum([ActorKind.HUB, ActorKind.AGENT, ActorKind.TOOL_WORKER, ActorKind.OTHER]),
  error: WireErrorSchema,
  created_at: z.string(),
});
export type SupervisionReport = z.output<typeof SupervisionReportSchema>;
