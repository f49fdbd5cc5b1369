// castcheck/vitest: castcheck's properties as vitest tests. An engine author writes one test file,
//
//   import { describeEngine } from 'castcheck/vitest';
//   describeEngine(myEngine, { runs: 500 });
//
// and gets one test per property. The suite runs once for all of them (in beforeAll): every scenario
// goes to the engine once and is judged by every property, as `castcheck run` does, which costs one
// engine run a scenario where a fast-check property per test (@fast-check/vitest's test.prop) would
// cost one per property and scenario; that is why this is built on castcheck's own runner rather
// than on test.prop. A property that fails fails its test with the story of its failure and the repro
// path; a property the engine cannot run is skipped with the reason in its name. The seed is the
// CLI's: `seed`, else CASTCHECK_SEED, else a fresh one, printed and in every failure.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openEngine } from '../adapters/create-engine.ts';
import type { Engine } from '../adapters/engine.ts';
import { describeEngine as engineName } from '../adapters/engine.ts';
import type { ProcessChoice } from '../adapters/process/engine-config.ts';
import { freshSeed } from '../cli/run.ts';
import { InputError } from '../model/errors.ts';
import type { Repro, Scenario } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import type { Property } from '../properties/property.ts';
import { CHECK_FLOOR, statusOf } from '../reports/console.ts';
import { reproOf } from '../reports/repro.ts';
import { storyInputOf } from '../reports/run-report.ts';
import { storyOf, storyText } from '../reports/story.ts';
import { writeReports } from '../reports/write-reports.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { Expectations, staleAfterRun } from '../runner/expectations.ts';
import { runSuite, skipReason } from '../runner/run-suite.ts';
import { unshrunk } from '../runner/findings.ts';
import type { Cluster, SuiteResult } from '../runner/results.ts';
import { parseSignature } from '../runner/signatures.ts';
import { FailureStore, replayStore, type StoreReplay } from '../runner/store.ts';
import { castcheckCommand } from '../reports/shell-command.ts';

/** An engine in another process, as `castcheck run --engine-cmd` starts it. */
export type EngineCommand = { command: string } & Omit<ProcessChoice, 'command' | 'config'>;

export interface DescribeEngineOptions {
  /** Scenarios to generate: 200 by default. */
  runs?: number;
  /** The generators' seed (32 bits); else CASTCHECK_SEED; else a fresh one, printed. */
  seed?: number;
  /**
   * Only these properties: ids (`copies.kicked-like-original`) or families (`copies`). vitest shards
   * by test file, so a file per family spreads castcheck over `vitest --shard`.
   */
  properties?: readonly string[];
  /** All but these properties: ids or families. */
  except?: readonly string[];
  /** The folder of the failure store and, with `reports`, the report files: castcheck-out by default. */
  out?: string;
  /** Also write report.json, junit.xml, summary.md and report.html to `out`. */
  reports?: boolean;
  /** Known failures of this engine (schema/expectations.schema.json): reported, not failed. */
  expectations?: string;
  /** Checks a property must make to pass without being called under-tested (default 30). */
  checkFloor?: number;
  /** Engine runs allowed to shrink one failure (default 2000) and all of them (default 5000). */
  maxShrinkRuns?: number;
  shrinkBudget?: number;
  illegalShare?: number;
  /** Milliseconds the whole run may take before vitest gives up on it: a safety net, an hour by default. */
  timeout?: number;
  /** The describe block's name: "castcheck: ENGINE" by default. */
  name?: string;
}

/** The seed the CLI would use: given, else CASTCHECK_SEED, else fresh. */
export function seedFrom(given: number | undefined, env: string | undefined = process.env.CASTCHECK_SEED): { seed: number; fresh: boolean } {
  if (given !== undefined) return { seed: given, fresh: false };
  if (env !== undefined && env.trim() !== '') {
    const n = Number(env);
    if (!/^\s*\d+\s*$/.test(env) || !Number.isSafeInteger(n) || n > 0xffff_ffff) throw new InputError(`CASTCHECK_SEED '${env}' must be a 32-bit seed, a whole number from 0 to 4294967295`);
    return { seed: n, fresh: false };
  }
  return { seed: freshSeed(), fresh: true };
}

/** The properties lists of ids and families select: `only` these (all when not given), `except` those. */
export function selectProperties(only: readonly string[] | undefined, except: readonly string[] = []): Property[] {
  const named = (p: Property, names: readonly string[]) => names.some((o) => p.id === o || p.id.startsWith(`${o}.`));
  const unknown = [...(only ?? []), ...except].filter((o) => !PROPERTIES.some((p) => named(p, [o])));
  if (unknown.length > 0) throw new InputError(`no property or family named ${unknown.map((u) => `'${u}'`).join(', ')} (castcheck list shows them)`);
  return PROPERTIES.filter((p) => (only === undefined || named(p, only)) && !named(p, except));
}

interface Outcome {
  result: SuiteResult;
  stored: StoreReplay;
  storedRepros: Map<string, Repro>;
  repros: Map<string, string>;
  stale: string[];
}

export function describeEngine(subject: Engine | EngineCommand, options: DescribeEngineOptions = {}): void {
  const { seed, fresh } = seedFrom(options.seed);
  const runs = options.runs ?? 200;
  const floor = options.checkFloor ?? CHECK_FLOOR;
  const out = options.out ?? 'castcheck-out';
  const properties = selectProperties(options.properties, options.except);
  const repeat = `CASTCHECK_SEED=${seed}`;

  describe(options.name ?? `castcheck: ${'command' in subject ? subject.command : engineName(subject.id)}`, async () => {
    // An engine command is started now, to know what it can run: its skipped properties are skipped tests.
    const engine = 'command' in subject ? await openEngine({ process: subject }) : subject;
    const readings = { spliceCopy: 'ruling' } as const;
    const expectations = options.expectations !== undefined ? Expectations.load(options.expectations, PROPERTIES) : Expectations.none;
    console.log(`castcheck: ${runs} scenarios against ${engineName(engine.id)}, seed ${seed}${fresh ? ` (fresh; ${repeat} repeats it)` : ''}`);
    let outcome: Outcome | undefined;
    let broken: unknown;

    beforeAll(async () => {
      try {
        const judge = judgeFor(engine, readings);
        const store = new FailureStore(resolve(out, 'store'), engine.id);
        const stored = await replayStore(judge, store, expectations);
        const repros = new Map(stored.replayed.filter((r) => r.result === 'still-fails').map((r) => [r.signature, r.repro]));
        const storedRepros = new Map<string, Repro>();
        for (const [signature, path] of repros) storedRepros.set(signature, JSON.parse(readFileSync(path, 'utf8')) as Repro);
        const shrinkSteps = new Map<string, { run: number; scenario: Scenario }[]>();
        const save = (f: Parameters<typeof reproOf>[0]) => repros.set(f.signature, store.save(reproOf(f, engine, readings)));
        const result = await runSuite({
          ...judge,
          properties,
          runs,
          seed,
          expectations,
          alreadyShrunk: new Set(stored.replayed.filter((r) => r.result === 'still-fails' && r.shrunk).map((r) => r.signature)),
          ...(options.maxShrinkRuns !== undefined ? { maxShrinkRuns: options.maxShrinkRuns } : {}),
          shrinkBudget: options.shrinkBudget ?? 5000,
          ...(options.illegalShare !== undefined ? { illegalShare: options.illegalShare } : {}),
          inFlight: engine.launch ? 4 : 1,
          onCluster: (c) => void (repros.has(c.signature) || save(unshrunk({ seed }, c.first, true))),
          onFinding: (f) => void save(f),
          onShrinkRun: (target, n, smaller) => {
            if (smaller && 'signature' in target) shrinkSteps.set(target.signature, [...(shrinkSteps.get(target.signature) ?? []), { run: n, scenario: smaller }]);
          },
        });
        const stale = staleAfterRun(expectations, result, stored.expectedSeen).map((e) => `${e.signature}: ${e.note}`);
        outcome = { result, stored, storedRepros, repros, stale };
        if (options.reports) writeReports(out, { engine, result, extras: { checkFloor: floor, repros, readings, stored: storedRepros, shrinkSteps } });
      } catch (error) {
        broken = error;
      }
    }, options.timeout ?? 3_600_000);

    // An engine castcheck started is castcheck's to stop; an engine object passed in is its owner's.
    if ('command' in subject) {
      afterAll(async () => {
        await engine.close();
      });
    }

    const done = (): Outcome => {
      if (broken !== undefined) throw broken instanceof Error ? broken : new Error(String(broken));
      return outcome!;
    };

    const ours = judgeFor(engine, readings);
    for (const property of properties) {
      const why = skipReason(property, ours);
      const title = `${property.id} (CR ${property.rules.join(', ')})`;
      if (why !== undefined) {
        it.skip(`${title}: skipped, ${why}`, () => {});
        continue;
      }
      it(title, (ctx) => {
        const o = done();
        const tally = o.result.tallies.find((t) => t.property === property)!;
        const mine = o.result.clusters.filter((c) => c.property === property && !c.expectation && c.kind !== 'contested');
        const storedFailing = o.stored.replayed.filter((r) => r.result === 'still-fails' && !r.xfail && r.verdict !== 'contested' && propertyOf(r.signature) === property.id && !mine.some((c) => c.signature === r.signature));
        if (mine.length > 0 || storedFailing.length > 0) {
          const parts = [
            ...mine.map((c) => failureText(c, o, engine, readings)),
            ...storedFailing.map((r) => `${r.signature}: STILL FAILS, found by an earlier run\n${storyText(storyOf(o.storedRepros.get(r.signature) ?? readRepro(r.repro)), '  ')}\n  repro:  ${r.repro}\n  replay: ${castcheckCommand('replay', r.repro)}`),
          ];
          throw plainError(`${property.statement}\n\n${parts.join('\n\n')}\n\nseed ${seed}: ${repeat} repeats the run`);
        }
        const status = statusOf(tally, floor);
        if (status !== 'PASS') ctx.annotate?.(`${status}: ${tally.checks} check(s) in ${runs} scenarios${status === 'XFAIL' ? ' (only expected failures)' : ''}`);
      });
    }

    it('the engine answers every scenario with a trace', () => {
      const o = done();
      const failures = o.result.clusters.filter((c) => c.property === undefined && !c.expectation);
      if (failures.length > 0) throw plainError(`${failures.map((c) => failureText(c, o, engine, readings)).join('\n\n')}\n\nseed ${seed}: ${repeat} repeats the run`);
      if (o.result.stopped !== undefined) throw plainError(`the run stopped after ${o.result.runs} scenario(s): ${o.result.stopped}`);
    });

    if (options.expectations !== undefined) {
      it(`every expectation of ${options.expectations} occurs`, () => {
        const o = done();
        if (o.stale.length > 0) throw plainError(`stale expectations (they did not occur although their property ran and applied; take them out):\n${o.stale.map((s) => `  ${s}`).join('\n')}`);
      });
    }
  });
}

function failureText(c: Cluster, o: Outcome, engine: Engine, readings: { spliceCopy: 'ruling' | 'literal' }): string {
  const repro = o.repros.get(c.signature);
  const story = storyOf(storyInputOf(c, engine, readings, o.storedRepros.get(c.signature)));
  return [
    `${c.signature} (${c.count} scenario(s))`,
    storyText(story, '  '),
    ...(repro !== undefined ? [`  repro:  ${repro}`, `  replay: ${castcheckCommand('replay', repro)}`] : []),
  ].join('\n');
}

function propertyOf(signature: string): string | undefined {
  const s = parseSignature(signature);
  return 'property' in s ? s.property : undefined;
}

function readRepro(path: string): Repro {
  return JSON.parse(readFileSync(path, 'utf8')) as Repro;
}

/** An error whose message is the whole report: no stack into castcheck's internals under it. */
function plainError(message: string): Error {
  const e = new Error(message);
  e.stack = `Error: ${message}`;
  return e;
}
