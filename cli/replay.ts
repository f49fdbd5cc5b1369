// castcheck replay: reruns a repro's scenario on the engine it names and says whether it still fails;
// when it passes alone and the repro keeps the scenarios its engine process ran before it, runs them
// first, then the scenario, in one fresh process, and says whether the failure came back.
import { openEngine, type EngineChoice } from '../adapters/create-engine.ts';
import { describeEngine } from '../adapters/engine.ts';
import { readDocument } from '../model/documents.ts';
import type { Repro } from '../model/schema-types.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { replayHistory, replayRepro, reproTarget } from '../runner/replay.ts';
import { kindOf, showing } from '../runner/signatures.ts';
import { storyOf, storyText, type StoryInput } from '../reports/story.ts';
import { statusLabel } from '../reports/console.ts';
import { processChoice } from './run-options.ts';

export interface ReplayOptions {
  engine?: string;
  fault?: string;
  engineCmd?: string;
  engineConfig?: string;
  timeout?: number;
  validateProtocol?: boolean;
}

export async function replayCommand(file: string, o: ReplayOptions): Promise<number> {
  const repro = readRepro(file);
  const target = reproTarget(repro, file);
  const readings = { spliceCopy: repro.readings?.spliceCopy ?? 'ruling' } as const;

  const choice = replayEngine(repro, o);
  // The reading of a copied splice is a switch of the built-in engine; a process engine has its own.
  const open = () => openEngine(choice.process ? choice : { ...choice, spliceCopy: readings.spliceCopy });
  const engine = await open();
  try {
    const { result, judged } = await replayRepro(judgeFor(engine, readings), repro, file);
    const property = 'property' in target ? target.property : undefined;
    const what = `${'signature' in target ? target.signature : property?.id ?? (target as { failure: string }).failure}${property ? ` (CR ${property.rules.join(', ')})` : ''}`;
    const on = describeEngine(engine.id);
    if (result === 'still-fails') {
      console.log(`STILL FAILS on ${on}: ${what}`);
      const shown = 'signature' in target ? showing(judged, target.signature) : undefined;
      const v = property ? judged.verdicts?.get(property.id) : undefined;
      const lines = shown ?? (v?.status === 'fail' || v?.status === 'contested' ? [v] : []);
      // The story of this replay: the engine's trace of now, and what it showed now.
      const now: StoryInput = judged.failure
        ? { ...repro, trace: undefined, observed: judged.failure.message, stderr: judged.failure.stderr }
        : lines.length > 0
          ? { ...repro, trace: judged.trace, step: lines[0]!.step, expected: lines[0]!.expected, observed: lines[0]!.observed, divergences: lines.map((d) => ({ step: d.step, kind: kindOf(d), expected: d.expected, observed: d.observed })) }
          : repro;
      console.log(storyText(storyOf(now), '  '));
      return 1;
    }
    if (result === 'engine-failed') {
      // The engine failed on the scenario some other way: nothing says whether the failure is fixed.
      const f = judged.failure!;
      console.log(`${statusLabel(f.kind)} on ${on}: the engine failed on this scenario instead of showing ${what}`);
      console.log(`  ${f.message}`);
      const stderr = f.stderr.trim();
      if (stderr) console.log(`  its stderr ended with:\n${stderr.split('\n').slice(-15).map((l) => `    ${l}`).join('\n')}`);
      return 1;
    }
    const history = repro.history?.scenarios.length ?? 0;
    if (history > 0) {
      // The history needs a process that has run nothing else.
      await engine.close();
      const fresh = await open();
      let sequence: Awaited<ReturnType<typeof replayHistory>>;
      try {
        sequence = await replayHistory(judgeFor(fresh, readings), repro, target);
      } finally {
        await fresh.close();
      }
      const before = `the ${history} scenario(s) the engine process ran before it (the repro's history)`;
      if (sequence.cameBack) {
        console.log(`NOT REPRODUCED: the ${failureWord(repro.verdict)} depended on earlier scenarios (on ${on}: ${what})`);
        console.log(`  alone, the scenario passes; run after ${before}, in one fresh process, it fails again${sequence.at < history ? `, on scenario ${sequence.at + 1} of the history` : ''}:`);
        if (sequence.judged.failure) console.log(`  ${sequence.judged.failure.message}`);
        console.log(`STILL FAILS after its history on ${on}: ${what}`);
        return 1;
      }
      if (result === 'not-reproduced') {
        const omitted = repro.history!.omitted;
        console.log(`NOT REPRODUCED on ${on}: ${what}\n  neither alone nor after ${before}: it depended on more than these (timing, resources${omitted > 0 ? `, or the ${omitted} scenario(s) before them, not kept` : ''})`);
        return 0;
      }
    }
    if (result === 'not-reproduced') {
      // A pass says nothing about a fix when the failure never came back after it was found.
      console.log(`NOT REPRODUCED on ${on}: ${what}\n  the failure did not come back when it was found either: it depended on more than this scenario (earlier scenarios, timing or resources)`);
      console.log(`  when it was found:\n${storyText(storyOf(repro), '    ')}`);
      return 0;
    }
    console.log(
      judged.failure === undefined && property
        ? `PASSES on ${on}: ${what} holds for this scenario now`
        : `PASSES on ${on}: the engine answers this scenario now (it gave ${what} before)`,
    );
    console.log(`  before, it failed so:\n${storyText(storyOf(repro), '    ')}`);
    return 0;
  } finally {
    await engine.close();
  }
}

/** What to call a repro's failure in a sentence. */
function failureWord(verdict: Repro['verdict']): string {
  return verdict === 'crash' ? 'crash' : verdict === 'timeout' ? 'time-out' : verdict === 'protocol-error' ? 'protocol error' : 'failure';
}

/** A repro file, checked against its schema. */
export function readRepro(file: string): Repro {
  return readDocument(file, ['repro']).doc as Repro;
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
