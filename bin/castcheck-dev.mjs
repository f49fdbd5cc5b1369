#!/usr/bin/env node
// castcheck's command line from its TypeScript sources, compiled on load by tsx (a dev dependency):
// what you edit is what runs, with no build step (`npm run dev -- run --runs 50`). Slower to start than
// bin/castcheck.mjs, which runs the build in dist/.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
