#!/usr/bin/env node
// The CLI is TypeScript; tsx compiles it on load so a fresh clone runs without a build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
