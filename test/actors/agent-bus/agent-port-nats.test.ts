import { describeAgentPortConformance } from "./agent-port-conformance.js";
import { natsTransport, refPorts } from "./transports.js";

// Two connections to one nats-server, as two processes would have: the agents are served on
// one, the refs call them from the other.
describeAgentPortConformance("agentRef over NatsBus", () => refPorts(natsTransport));
