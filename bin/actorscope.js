#!/usr/bin/env node
// The installed command: runs the compiled CLI (built by `npm run build`, also on `npm ci`).
import { main } from "../dist/cli/main.js";

process.exitCode = await main(process.argv.slice(2));
