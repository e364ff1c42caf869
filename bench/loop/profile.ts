/**
 * One loop contender alone, in this process, for a profiler:
 * `node --conditions=actorscope-source --import tsx --cpu-prof bench/loop/profile.ts [id] [replies]`
 * (ids: see contenders.ts; default actorscope, 3000 replies). Prints µs per step for three rounds.
 */
import { contenderById, ACTORSCOPE_ID } from "./contenders.js";
import { playReplies } from "./play.js";
import { STEPS } from "./scenario.js";

const id = process.argv[2] ?? ACTORSCOPE_ID;
const replies = Number(process.argv[3] ?? 3000);
const contender = await contenderById(id).load();
for (let round = 1; round <= 3; round++) {
  const session = await contender.prepare(replies);
  const ms = await playReplies(session, replies);
  console.log(`${id} round ${round}: ${((ms * 1000) / (replies * STEPS)).toFixed(1)} µs/step`);
}
