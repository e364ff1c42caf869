import { describeAgentPortConformance } from "./agent-port-conformance.js";

// The reference: the cases as a local agent passes them.
describeAgentPortConformance("local Agent", async () => ({
  port: async (agent) => agent,
  close: async () => undefined,
}));
