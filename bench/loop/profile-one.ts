import { actorscopeContender } from "./actorscope.js";
import { STEPS } from "./scenario.js";

const replies = Number(process.argv[2] ?? 2000);
const stream = process.argv[3] === "stream";
const c = actorscopeContender({ stream });
for (let round = 0; round < 3; round++) {
  const s = await c.prepare(replies);
  const t0 = performance.now();
  for (let i = 0; i < replies; i++) await s.reply();
  const ms = performance.now() - t0;
  console.log(`round ${round}: ${((ms * 1000) / (replies * STEPS)).toFixed(1)} µs/step`);
}
