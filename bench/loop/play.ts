import { performance } from "node:perf_hooks";
import { FINAL_TEXT, STEPS, type LoopSession } from "./scenario.js";

/**
 * Runs `count` replies back to back and returns the wall time in ms. Each reply must end with the
 * final text and the tool must have run {@link STEPS} times per reply, so an error path (a denied
 * tool, a parked reply, an exhausted script) is never what gets timed.
 */
export async function playReplies(session: LoopSession, count: number): Promise<number> {
  const before = session.toolCalls;
  const start = performance.now();
  for (let i = 0; i < count; i += 1) {
    const text = await session.reply();
    if (text !== FINAL_TEXT) {
      throw new Error(`A reply ended with ${JSON.stringify(text)}, not "${FINAL_TEXT}".`);
    }
  }
  const elapsed = performance.now() - start;
  const calls = session.toolCalls - before;
  if (calls !== count * STEPS) {
    throw new Error(`The tool ran ${calls} times in ${count} replies, not ${count * STEPS}.`);
  }
  return elapsed;
}
