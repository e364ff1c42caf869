import { agentRef, spawnAgent, type AgentHandle } from "../../../src/actors/index.js";
import { describeAgentPortConformance } from "./agent-port-conformance.js";
import { natsTransport } from "./transports.js";

// Two connections to one nats-server, as two processes would have: the agents are served on
// one, the refs call them from the other.
describeAgentPortConformance("agentRef over NatsBus", async () => {
  const pair = await natsTransport.open();
  const handles: AgentHandle[] = [];
  return {
    port: async (agent) => {
      handles.push(await spawnAgent(pair.serving, agent));
      return agentRef(pair.calling, agent.id);
    },
    close: async () => {
      await Promise.all(handles.map((h) => h.stop()));
      await pair.close();
    },
  };
});
