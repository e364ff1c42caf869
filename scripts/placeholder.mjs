// Stands in for `npm run bench` / `npm run demo` until their issues land.
const what = process.argv[2] ?? "this script";
console.log(`actorscope: \`npm run ${what}\` arrives with a later issue; nothing to run yet.`);
