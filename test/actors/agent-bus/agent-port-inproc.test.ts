import { describeAgentPortConformance } from "./agent-port-conformance.js";
import { inProcessTransport, refPorts } from "./transports.js";

// One InProcessBus: the agents are served on it and the refs call them through it.
describeAgentPortConformance("agentRef over InProcessBus", () => refPorts(inProcessTransport));
