// A slow engine over the protocol, as real engines are: the reference engine, taking MS milliseconds
// (default 50) for every scenario, one at a time. It names itself `sleepy`, so that agreement with the
// reference engine is judged as for any engine under test.
//   node bin/run-ts.mjs bench/sleepy-engine.ts [MS]
import { setTimeout as sleep } from 'node:timers/promises';
import type { Engine } from '../adapters/engine.ts';
import { serveEngine } from '../adapters/process/serve.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';

const ms = Number(process.argv[2] ?? 50);
const reference = new ReferenceEngine();
const sleepy: Engine = {
  id: { name: 'sleepy', version: reference.id.version },
  capabilities: reference.capabilities,
  run: async (scenario) => {
    await sleep(ms);
    return reference.run(scenario);
  },
  close: () => reference.close(),
};
process.stdin.on('end', () => process.exit(0));
process.stdout.on('error', () => process.exit(0));
await serveEngine(sleepy, process.stdin, process.stdout);
process.exit(0);
