// castcheck cases: the fixed cases (scenarios/) against an engine, each PASS, FAIL or SKIP with why.
import { openEngine } from '../adapters/create-engine.ts';
import { describeEngine, type Engine } from '../adapters/engine.ts';
import { EngineFailure } from '../adapters/engine-failure.ts';
import { printable } from '../model/errors.ts';
import type { FixedCase } from '../model/schema-types.ts';
import { CASES_DIR, caseUnsupported, judgeCase, readCases } from '../runner/cases.ts';
import { processChoice, type RunOptions } from './run-options.ts';

export type CasesOptions = Pick<RunOptions, 'engine' | 'fault' | 'spliceCopy' | 'engineCmd' | 'engineConfig' | 'timeout' | 'startTimeout' | 'maxLineBytes' | 'validateProtocol'> & {
  filter?: string;
  dir?: string;
};

export async function casesCommand(o: CasesOptions): Promise<number> {
  const read = readCases(o.dir ?? CASES_DIR);
  const cases = read.cases.filter(({ case: c }) => o.filter === undefined || c.id.includes(o.filter));
  // A file that is not a valid case is named and set aside; the others still run.
  const invalid = read.invalid.filter((i) => o.filter === undefined || i.file.includes(o.filter));
  const process = processChoice(o);
  const external = process.command !== undefined || process.config !== undefined;
  const reading = o.spliceCopy ?? 'ruling';
  const base = {
    ...(o.engine !== undefined ? { engine: o.engine } : {}),
    ...(o.fault !== undefined ? { fault: o.fault } : {}),
    process,
  };
  const engine = await openEngine(external ? base : { ...base, spliceCopy: reading });
  // The built-in engine can follow either reading of a contested point; it runs each case with the one the case expects.
  const literal = external ? undefined : await openEngine({ ...base, spliceCopy: 'literal' });
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  console.log(`castcheck: ${cases.length} fixed case(s) against ${describeEngine(engine.id)}`);
  for (const i of invalid) console.log(`INVALID ${i.message}${i.details.map((d) => `\n  ${d.trim()}`).join('')}`);
  try {
    for (const { case: c } of cases) {
      const wanted = c.options?.spliceCopy ?? 'ruling';
      const on: Engine | undefined = !external ? (wanted === 'literal' ? literal : engine) : wanted === reading ? engine : undefined;
      const why = on ? caseUnsupported(c, on.capabilities) : `expects the ${wanted} reading of a copied splice (--splice-copy ${wanted})`;
      if (why || !on) {
        skipped++;
        console.log(`SKIP ${c.id}: ${why}`);
        continue;
      }
      let problems: string[];
      let unsupportedAt: string | undefined;
      try {
        ({ problems, unsupportedAt } = await judgeCase(on, c));
      } catch (error) {
        // An engine in another process that crashes, hangs or breaks the protocol on one case fails that case only.
        if (!(error instanceof EngineFailure) || error.fatal) throw error;
        problems = [`the engine gave no trace (${error.kind}): ${error.message}`];
      }
      if (problems.length === 0 && unsupportedAt !== undefined) {
        // As castcheck run does: unsupported is no failure, and what comes after it is not judged.
        skipped++;
        console.log(`UNSUPPORTED ${c.id}: the engine answered unsupported at action ${unsupportedAt}; the actions before it pass, those after it are not judged`);
      } else if (problems.length === 0) {
        passed++;
        console.log(`PASS ${c.id} (CR ${c.rules.join(', ')})${contested(c)}`);
      } else {
        failed++;
        console.log(`FAIL ${c.id} (CR ${c.rules.join(', ')})${contested(c)}\n  source: ${printable(c.source)}`);
        for (const p of problems) console.log(`  ${p}`);
      }
    }
  } finally {
    await engine.close();
    await literal?.close();
  }
  console.log(`\n${cases.length} cases: ${passed} passed, ${failed} failed, ${skipped} skipped${invalid.length > 0 ? `, ${invalid.length} invalid case file(s)` : ''}`);
  if (invalid.length > 0) return 2;
  return failed > 0 ? 1 : 0;
}

function contested(c: FixedCase): string {
  return c.contested ? ' [contested]' : '';
}
