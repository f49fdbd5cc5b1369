// castcheck mutants: the suite against every named fault of the reference engine, and the kill matrix.
import { FAULTS, faultById } from '../adapters/faults/index.ts';
import { FAULT_NOTES, PROPERTY_NOTES } from '../adapters/faults/property-notes.ts';
import { InputError } from '../model/errors.ts';
import { PROPERTIES } from '../properties/index.ts';
import { figuresText, Matrix, matrixLegend, mutantsJson, propertyTable, survivorsText, type MutantsSettings } from '../reports/mutants.ts';
import { figures, runMutants } from '../runner/mutants.ts';

export interface MutantsOptions {
  runs: number;
  seed: number;
  sweep: number;
  maxShrinkRuns: number;
  maxShrinkTime?: number;
  only?: string;
  json?: boolean;
}

export async function mutantsCommand(o: MutantsOptions): Promise<number> {
  const faults = o.only === undefined ? FAULTS : o.only.split(',').map((id) => {
    const f = faultById(id.trim());
    if (!f) throw new InputError(`unknown fault '${id.trim()}'; castcheck list --faults names them`);
    return f;
  });
  const settings: MutantsSettings = { seed: o.seed, runs: o.runs, sweep: o.sweep, maxShrinkRuns: o.maxShrinkRuns };
  const matrix = new Matrix(faults);
  if (!o.json) console.log(matrix.header(faults.length, settings));
  const results = await runMutants({
    faults,
    properties: PROPERTIES,
    runs: o.runs,
    seed: o.seed,
    sweep: o.sweep,
    maxShrinkRuns: o.maxShrinkRuns,
    ...(o.maxShrinkTime !== undefined ? { maxShrinkMs: o.maxShrinkTime * 1000 } : {}),
    // Each row as its fault is done: a whole run takes a minute or so.
    ...(o.json ? {} : { onFault: (r) => console.log(matrix.row(r, FAULT_NOTES[r.fault.id])) }),
  });
  if (o.json) {
    console.log(JSON.stringify(mutantsJson(results, PROPERTIES, PROPERTY_NOTES, settings, FAULT_NOTES), null, 2));
  } else {
    const survivors = survivorsText(results, FAULT_NOTES);
    console.log(`\n${matrixLegend()}\n\n${propertyTable(results, PROPERTIES, PROPERTY_NOTES, o.only === undefined)}\n\n${survivors ? `${survivors}\n\n` : ''}${figuresText(figures(results), settings)}`);
  }
  // A fault that survives is a failure of the suite, unless its note says why no rule property can kill it.
  return results.every((r) => r.killed || FAULT_NOTES[r.fault.id] !== undefined) ? 0 : 1;
}
