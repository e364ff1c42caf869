/**
 * What a model is sent when an agent's context holds another agent's words: the default
 * formatter of `OpenAIChatModel` ("auto") switches to AgentScope's multi-agent history, so Bob's
 * model reads "Alice: …" instead of Alice's words as its own assistant turns.
 *
 * Run it: npx tsx --conditions=actorscope-source examples/multi-agent-format.ts
 */
import { AssistantMsg, OpenAIAutoFormatter, SystemMsg, UserMsg } from "actorscope";

const formatter = new OpenAIAutoFormatter();
const system = new SystemMsg({ name: "system", content: "You are Bob, in a debate." });
const topic = new UserMsg({ name: "moderator", content: "Tabs or spaces?" });

console.log("Bob's own conversation (chat):");
console.log(
  JSON.stringify(
    await formatter.format([system, topic, new AssistantMsg({ name: "Bob", content: "Spaces." })], {
      agentName: "Bob",
    }),
    null,
    2,
  ),
);

console.log("\nBob after observing Alice (multi-agent history):");
console.log(
  JSON.stringify(
    await formatter.format([system, topic, new AssistantMsg({ name: "Alice", content: "Tabs." })], {
      agentName: "Bob",
    }),
    null,
    2,
  ),
);
