// castcheck replay: reruns a repro's scenario on the engine it names and says whether it still fails.
import { openEngine, type EngineChoice } from '../adapters/create-engine.ts';
import { describeEngine } from '../adapters/engine.ts';
import { InputError } from '../model/errors.ts';
import { readDocument } from '../model/documents.ts';
import type { Repro } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { hits, judge, judgeFor, type Target } from '../runner/evaluate.ts';
import { processChoice } from './run.ts';

export interface ReplayOptions {
  engine?: string;
  fault?: string;
  engineCmd?: string;
  engineConfig?: string;
  timeout?: number;
  validateProtocol?: boolean;
}

export async function replayCommand(file: string, o: ReplayOptions): Promise<number> {
  const repro = readDocument(file, ['repro']).doc as Repro;
  let target: Target;
  if (repro.verdict === 'fail' || repro.verdict === 'contested') {
    const property = repro.property && propertyById(repro.property.id);
    if (!property) throw new InputError(`${file}: this castcheck has no property '${repro.property?.id ?? '(none)'}'`);
    target = { property, status: repro.verdict };
  } else target = { failure: repro.verdict };
  const readings = { spliceCopy: repro.readings?.spliceCopy ?? 'ruling' } as const;

  const choice = replayEngine(repro, o);
  // The reading of a copied splice is a switch of the built-in engine; a process engine has its own.
  const engine = await openEngine(choice.process ? choice : { ...choice, spliceCopy: readings.spliceCopy });
  try {
    const judged = await judge(judgeFor(engine, readings), repro.scenario, 'property' in target ? [target.property] : []);
    const what = 'property' in target ? `${target.property.id} (CR ${target.property.rules.join(', ')})` : target.failure;
    if (hits(judged, target)) {
      console.log(`STILL FAILS on ${describeEngine(engine.id)}: ${what}`);
      const v = 'property' in target ? judged.verdicts?.get(target.property.id) : undefined;
      if (v?.status === 'fail' || v?.status === 'contested') console.log(`  after action ${v.step}:\n    expected: ${v.expected}\n    observed: ${v.observed}`);
      else if (judged.failure) console.log(`  ${judged.failure.message}`);
      return 1;
    }
    console.log(
      'property' in target
        ? `PASSES on ${describeEngine(engine.id)}: ${what} holds for this scenario now`
        : `PASSES on ${describeEngine(engine.id)}: the engine answers this scenario now (it gave ${what} before)`,
    );
    return 0;
  } finally {
    await engine.close();
  }
}

/** The engine given on the command line, or else the one the repro names (started again by its command). */
function replayEngine(repro: Repro, o: ReplayOptions): EngineChoice {
  const process = processChoice(o);
  if (o.engineCmd !== undefined || o.engineConfig !== undefined) return { process };
  if (o.engine === undefined && o.fault === undefined && repro.engine.command !== undefined) {
    const timeoutMs = o.timeout ?? repro.engine.timeout;
    return {
      process: {
        ...process,
        command: repro.engine.command,
        ...(repro.engine.cwd !== undefined ? { cwd: repro.engine.cwd } : {}),
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      },
    };
  }
  const fault = o.fault ?? (o.engine === undefined ? repro.engine.fault : undefined);
  return { engine: o.engine ?? repro.engine.name, ...(fault !== undefined ? { fault } : {}) };
}
