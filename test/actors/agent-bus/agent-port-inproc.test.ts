import { agentRef, spawnAgent, type AgentHandle } from "../../../src/actors/index.js";
import { describeAgentPortConformance } from "./agent-port-conformance.js";
import { inProcessTransport } from "./transports.js";

// One InProcessBus: the agents are served on it and the refs call them through it.
describeAgentPortConformance("agentRef over InProcessBus", async () => {
  const pair = await inProcessTransport.open();
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
