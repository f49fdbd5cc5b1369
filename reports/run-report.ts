// Machine-readable reports of a run: a JSON document (schema/report.schema.json) and JUnit XML for CI.
import { create } from 'xmlbuilder2';
import type { Engine } from '../adapters/engine.ts';
import type { FeatureCount } from '../generators/stats.ts';
import { earlyStopSummary } from '../runner/early-stops.ts';
import { causesOfRun, type Cause } from '../runner/causes.ts';
import type { ClusterSummary, FindingSummary, ExpectationsSummary, Repro, RunReport, Scenario, ShrinkStep, StoreSummary } from '../model/schema-types.ts';
import { version } from '../model/version.ts';
import type { Readings } from '../properties/property.ts';
import { checked, type Cluster, type SuiteResult } from '../runner/results.ts';
import { kindOf } from '../runner/signatures.ts';
import { statusOf } from './console.ts';
import { reproOf } from './repro.ts';
import { storyOf, storyText, type StoryInput } from './story.ts';
import { castcheckCommand } from './shell-command.ts';

export interface ReportExtras {
  checkFloor: number;
  /** The repro file of each cluster that has one, by signature. */
  repros: ReadonlyMap<string, string>;
  expectations?: ExpectationsSummary;
  store?: StoreSummary;
  stats?: readonly FeatureCount[];
  /** The readings of contested points the run expected. */
  readings?: Readings;
  /** The repros of the failure store that stand for clusters this run did not shrink, by signature. */
  stored?: ReadonlyMap<string, Repro>;
  /** The steps of each cluster's shrinking in this run, by signature. */
  shrinkSteps?: ReadonlyMap<string, readonly { run: number; scenario: Scenario }[]>;
  /** The run was interrupted before its end. */
  partial?: boolean;
}

/** At most this many steps of a shrinking go into a report: the first, the last and evenly between. */
export const MAX_SHRINK_STEPS = 12;

export function runReport(engine: Pick<Engine, 'id' | 'launch'>, result: SuiteResult, x: ReportExtras): RunReport {
  const report: RunReport = {
    format: 'castcheck-report/2',
    castcheck: version,
    engine: engine.id,
    environment: { node: process.version, platform: `${process.platform}-${process.arch}` },
    seed: result.seed,
    runs: result.runs,
    checkFloor: x.checkFloor,
    properties: result.tallies.map((t) => ({
      id: t.property.id,
      rules: t.property.rules,
      statement: t.property.statement,
      status: statusOf(t, x.checkFloor),
      ...(t.skipped ? { skipped: t.skipped } : {}),
      notApplicable: t.notApplicable,
      checkedNothing: t.checkedNothing,
      checked: checked(t),
      checks: t.checks,
      passed: t.passed,
      failed: t.failed,
      xfailed: t.xfailed,
      contested: t.contested,
    })),
    engineFailures: result.engineFailures,
    unsupported: result.unsupported,
    ...(result.earlyStops ? { earlyStops: result.earlyStops.map(earlyStopSummary) } : {}),
    findings: causesOfRun(result).map((c) => findingSummary(c, x.repros)),
    clusters: result.clusters.map((c): ClusterSummary => {
      const f = c.finding;
      const v = f?.verdict ?? describeHit(c);
      const judged = v.status === 'fail' || v.status === 'contested';
      const message = 'message' in v ? v.message : '';
      const repro = x.repros.get(c.signature);
      const told = storyInputOf(c, engine, x.readings ?? { spliceCopy: 'ruling' }, x.stored?.get(c.signature));
      const steps = x.shrinkSteps?.get(c.signature);
      return {
        signature: c.signature,
        verdict: c.kind,
        ...(c.property ? { property: c.property.id } : {}),
        xfail: c.expectation !== undefined,
        ...(c.expectation ? { note: c.expectation.note, ...(c.expectation.link !== undefined ? { link: c.expectation.link } : {}) } : {}),
        count: c.count,
        runsToFailure: c.first.run + 1,
        ...(judged ? { step: v.step, expected: v.expected, observed: v.observed } : { observed: message }),
        ...(repro !== undefined ? { repro } : {}),
        ...(f ? { shrunk: f.shrunk, shrinkRuns: f.shrinkRuns, reproduced: f.reproduced, cards: f.scenario.cards.length, actions: f.scenario.actions.length } : {}),
        ...(f?.history ? { history: f.history.scenarios.length } : {}),
        story: storyOf(told),
        scenario: told.scenario,
        ...(told.trace ? { trace: told.trace } : {}),
        ...(steps && steps.length > 0 ? { shrinkSteps: reportedSteps(steps) } : {}),
      };
    }),
  };
  if (engine.launch) report.command = engine.launch.command;
  if (result.stopped !== undefined) report.stopped = result.stopped;
  if (x.partial || result.partial) report.partial = true;
  if (x.expectations) report.expectations = x.expectations;
  if (x.store) report.store = x.store;
  if (x.stats) {
    report.stats = x.stats.map((s) => ({
      feature: s.feature.id,
      description: s.feature.description,
      scenarios: s.count,
      share: s.share,
      gate: !s.supported ? 'not supported' : s.belowFloor ? 'under' : 'ok',
    }));
  }
  return report;
}

/** A finding (a cause) as the report gives it. */
export function findingSummary(c: Cause, repros: ReadonlyMap<string, string>): FindingSummary {
  const repro = c.clusters.map((x) => repros.get(x.signature)).find((r) => r !== undefined);
  return {
    id: c.id,
    signatures: c.clusters.map((x) => x.signature),
    properties: c.properties,
    rules: c.rules,
    xfail: c.expected,
    contested: c.contested,
    count: c.count,
    ...(repro !== undefined ? { repro } : {}),
  };
}

/**
 * What a cluster's story is told from: its repro of this run; else the stored repro that stands for
 * it; else (an expected failure, never shrunk) the first scenario that showed it.
 */
export function storyInputOf(c: Cluster, engine: Pick<Engine, 'id' | 'launch'>, readings: Readings, stored?: Repro): StoryInput {
  if (c.finding) return reproOf(c.finding, engine, readings);
  if (stored) return stored;
  const { judged, hit, scenario } = c.first;
  if (judged.failure) return { scenario, verdict: judged.failure.kind, expected: 'the engine answers with a trace', observed: judged.failure.message, stderr: judged.failure.stderr };
  const d = hit.divergences[0]!;
  return {
    scenario: judged.scenario,
    trace: judged.trace,
    verdict: c.kind as 'fail' | 'contested',
    step: d.step,
    expected: d.expected,
    observed: d.observed,
    divergences: hit.divergences.map((x) => ({ step: x.step, kind: kindOf(x), expected: x.expected, observed: x.observed })),
    ...(d.ruling !== undefined ? { ruling: d.ruling } : {}),
    ...(c.property ? { property: { id: c.property.id, rules: c.property.rules, statement: c.property.statement } } : {}),
  };
}

/** At most n items: the first, the last, and evenly between. */
/** The steps of a shrinking a report keeps: the first, the last and evenly between, at most MAX_SHRINK_STEPS. */
export function reportedSteps(steps: readonly { run: number; scenario: Scenario }[]): ShrinkStep[] {
  return sample(steps, MAX_SHRINK_STEPS).map((st) => ({ run: st.run, cards: st.scenario.cards.length, actions: st.scenario.actions.length, scenario: st.scenario }));
}

function sample<T>(xs: readonly T[], n: number): T[] {
  if (xs.length <= n) return [...xs];
  return Array.from({ length: n }, (_, i) => xs[Math.round((i * (xs.length - 1)) / (n - 1))]!);
}

/** What a cluster without a repro (expected, or already in the store) first showed. */
function describeHit(c: SuiteResult['clusters'][number]): { status: 'fail' | 'contested'; step: string; expected: string; observed: string } | { status: 'engine'; message: string } {
  const d = c.first.hit.divergences[0];
  if (d) return { status: c.kind === 'contested' ? 'contested' : 'fail', step: d.step, expected: d.expected, observed: d.observed };
  return { status: 'engine', message: c.first.judged.failure?.message ?? '' };
}

/**
 * JUnit XML: a test case per property, with its counts as properties; a failure per cluster no
 * expectation names, with its repro; expected failures, and properties under the floor of checks,
 * as skipped with why; a test case per engine failure signature; stale expectations as a failure.
 */
export function junitXml(report: RunReport): string {
  const unexpected = report.clusters.filter((c) => !c.xfail && c.verdict !== 'contested');
  const engineClusters = report.clusters.filter((c) => c.property === undefined);
  const stale = report.expectations?.stale ?? [];
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('testsuites', { name: 'castcheck' });
  const suite = root.ele('testsuite', {
    name: `castcheck ${report.engine.name} ${report.engine.version}${report.engine.fault ? ` fault ${report.engine.fault}` : ''}`,
    tests: report.properties.length + engineClusters.length + (report.expectations ? 1 : 0),
    failures: report.properties.filter((p) => p.status === 'FAIL').length + (stale.length > 0 ? 1 : 0),
    errors: engineClusters.filter((c) => !c.xfail).length,
    skipped: report.properties.filter((p) => !['PASS', 'FAIL'].includes(p.status)).length + engineClusters.filter((c) => c.xfail).length,
  });
  suite.ele('properties').ele('property', { name: 'seed', value: report.seed }).up().ele('property', { name: 'runs', value: report.runs }).up().ele('property', { name: 'checkFloor', value: report.checkFloor });
  const detail = (c: ClusterSummary) =>
    [
      `${c.signature} (${c.count} scenario(s))`,
      ...(c.story ? [storyText(c.story, '  ')] : []),
      c.step !== undefined ? `after action ${c.step}: expected ${c.expected}; observed ${c.observed}` : c.observed ?? '',
      ...(c.repro ? [`repro: ${c.repro}`, `replay: ${castcheckCommand('replay', c.repro)}`] : []),
    ].join('\n');
  for (const p of report.properties) {
    const c = suite.ele('testcase', { classname: p.id.split('.')[0], name: `${p.id} (CR ${p.rules.join(', ')})` });
    const counts = c.ele('properties');
    for (const key of ['notApplicable', 'checkedNothing', 'checked', 'checks', 'failed', 'xfailed'] as const) counts.ele('property', { name: key, value: p[key] });
    const mine = report.clusters.filter((x) => x.property === p.id);
    if (p.status === 'FAIL') {
      const failing = unexpected.filter((x) => x.property === p.id);
      const head = failing[0]?.story?.divergence;
      c.ele('failure', { message: `${p.failed} of ${p.checked} scenarios failed, in ${failing.length} cluster(s)${head ? `; ${head}` : `: ${p.statement}`}` }).txt(failing.map(detail).join('\n\n'));
    } else if (p.status === 'SKIP') c.ele('skipped', { message: `never run: ${p.skipped ?? 'the engine cannot run it'}` });
    else if (p.status === 'UNTESTED') c.ele('skipped', { message: 'run, but no generated scenario gave it anything to check' });
    else if (p.status === 'UNDER-TESTED') c.ele('skipped', { message: `under-tested: ${p.checks} check(s), under the floor of ${report.checkFloor}` });
    else if (p.status === 'XFAIL') c.ele('skipped', { message: `expected failure: ${mine.filter((x) => x.xfail).map((x) => `${x.signature} (${x.note ?? ''})`).join('; ')}` });
    else if (p.status === 'CONTESTED') c.ele('skipped', { message: `contested: ${p.contested} scenario(s) follow another reading` }).txt(mine.map(detail).join('\n\n'));
  }
  for (const x of engineClusters) {
    const c = suite.ele('testcase', { classname: 'engine', name: `the engine answers with a trace: ${x.signature}` });
    if (x.xfail) c.ele('skipped', { message: `expected failure: ${x.note ?? ''}` });
    else c.ele('error', { message: `${x.verdict.toUpperCase().replace(/-/g, '_')} in ${x.count} scenario(s)${x.story ? `: ${x.story.divergence}` : ''}` }).txt(detail(x));
  }
  if (report.expectations) {
    const c = suite.ele('testcase', { classname: 'expectations', name: `every expectation of ${report.expectations.file} occurs` });
    if (stale.length > 0) c.ele('failure', { message: `${stale.length} stale expectation(s)` }).txt(stale.map((e) => `${e.signature}: ${e.note}`).join('\n'));
  }
  return root.end({ prettyPrint: true });
}
