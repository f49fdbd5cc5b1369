// An engine process that answers nearly at once: `castcheck serve reference` answering every
// scenario it has answered before from a cache (its reference engine's run left out, its answer
// still written). bench/protocol-instant.ts reads what the protocol adds against it once a first
// round has filled the cache.
//
//   node bin/run-ts.mjs bench/cached-serve.ts
import type { Engine } from '../adapters/engine.ts';
import { serveEngine } from '../adapters/process/serve.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';

const reference = new ReferenceEngine();
const answered = new Map<string, Trace>();

function runSync(scenario: Scenario): Trace {
  const key = JSON.stringify(scenario);
  let trace = answered.get(key);
  if (trace === undefined) answered.set(key, (trace = reference.runSync(scenario)));
  return trace;
}

const cached: Engine = {
  id: reference.id,
  capabilities: reference.capabilities,
  tracesChecked: true,
  runSync,
  run: (scenario) => Promise.resolve(runSync(scenario)),
  close: async () => {},
};

process.exitCode = await serveEngine(cached, process.stdin, process.stdout);
