import { z } from "zod";

/** An XState state value: a state name, or nested state names for compound states. */
export type StateValueData = string | { [key: string]: StateValueData };

/** An XState state value on the wire (the agent's statechart is flat: one of its state names). */
export const StateValueSchema: z.ZodType<StateValueData> = z.union([
  z.string(),
  z.record(
    z.string(),
    z.lazy(() => StateValueSchema),
  ),
]);

/** The statechart's run status, as XState names it. */
export const ActorStatusSchema = z.enum(["active", "done", "error", "stopped"]);
export type ActorStatus = z.output<typeof ActorStatusSchema>;

/**
 * Event types of the transitions an agent on the bus adds to its statechart's own: it joined the
 * bus (its state then, so an inspector can draw it at once), and it left it.
 */
export const AgentPresenceEventType = {
  SPAWNED: "actorscope.agent.spawned",
  STOPPED: "actorscope.agent.stopped",
} as const;

/**
 * One transition of an agent's statechart, as it is published on `as.agent.<id>.state`: the
 * state it is in after the event, the event's type, and when. Enough for an inspector in
 * another process to draw the agent live; the events that carry data (a reply's messages) stay
 * on `as.agent.<id>.events`.
 */
export const AgentTransitionSchema = z.object({
  agent_id: z.string(),
  name: z.string(),
  value: StateValueSchema,
  event_type: z.string(),
  status: ActorStatusSchema,
  created_at: z.string(),
});
export type AgentTransition = z.output<typeof AgentTransitionSchema>;

/** Who an agent is and where its statechart is now: the answer to `describe`. */
export const AgentDescriptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  value: StateValueSchema,
  status: ActorStatusSchema,
});
export type AgentDescription = z.output<typeof AgentDescriptionSchema>;
