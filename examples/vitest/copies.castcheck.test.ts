// The same for an engine object in this process (anything with castcheck's Engine interface:
// adapters/engine.ts), and only the properties of one family: a file per family lets
// `vitest --shard` spread castcheck over several machines.
import { describeEngine } from 'castcheck/vitest';
import { ReferenceEngine } from '../../adapters/reference/engine.ts';
import { faultyReference } from '../../adapters/faults/index.ts';

const fault = process.env.CASTCHECK_FAULT;

describeEngine(fault ? faultyReference(fault) : new ReferenceEngine(), { runs: 200, out: process.env.CASTCHECK_OUT ?? 'castcheck-out', properties: ['copies'] });
