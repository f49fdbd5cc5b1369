// Machine-readable reports of a run: a JSON document (schema/report.schema.json) and JUnit XML for CI.
import { create } from 'xmlbuilder2';
import type { Engine } from '../adapters/engine.ts';
import type { FeatureCount } from '../generators/stats.ts';
import type { RunReport } from '../model/schema-types.ts';
import { version } from '../model/version.ts';
import type { Finding, SuiteResult } from '../runner/run-suite.ts';
import { statusOf } from './console.ts';

export interface WrittenFinding {
  finding: Finding;
  repro: string;
}

export function runReport(engine: Pick<Engine, 'id' | 'launch'>, result: SuiteResult, findings: readonly WrittenFinding[], stats?: readonly FeatureCount[]): RunReport {
  const report: RunReport = {
    format: 'castcheck-report/1',
    castcheck: version,
    engine: engine.id,
    seed: result.seed,
    runs: result.runs,
    properties: result.tallies.map((t) => ({
      id: t.property.id,
      rules: t.property.rules,
      statement: t.property.statement,
      status: statusOf(t),
      ...(t.skipped ? { skipped: t.skipped } : {}),
      passed: t.passed,
      failed: t.failed,
      contested: t.contested,
      notApplicable: t.notApplicable,
    })),
    engineFailures: result.engineFailures,
    findings: findings.map(({ finding, repro }) => {
      const v = finding.verdict;
      const judged = v.status === 'fail' || v.status === 'contested';
      return {
        verdict: finding.kind,
        ...(finding.property ? { property: finding.property.id } : {}),
        ...(judged ? { step: v.step, expected: v.expected, observed: v.observed } : { observed: v.message }),
        repro,
        runsToFailure: finding.runsToFailure,
        shrinkRuns: finding.shrinkRuns,
        cards: finding.scenario.cards.length,
        actions: finding.scenario.actions.length,
      };
    }),
  };
  if (engine.launch) report.command = engine.launch.command;
  if (result.stopped !== undefined) report.stopped = result.stopped;
  if (stats) {
    report.stats = stats.map((s) => ({
      feature: s.feature.id,
      description: s.feature.description,
      scenarios: s.count,
      share: s.share,
      gate: !s.supported ? 'not supported' : s.belowFloor ? 'under' : 'ok',
    }));
  }
  return report;
}

/** JUnit XML: a test case per property; failures carry what was expected and where the repro is. */
export function junitXml(report: RunReport): string {
  const failures = report.properties.filter((p) => p.status === 'FAIL').length;
  const crashes = report.engineFailures.crash + report.engineFailures.timeout + report.engineFailures['protocol-error'];
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('testsuites', { name: 'castcheck' });
  const suite = root.ele('testsuite', {
    name: `castcheck ${report.engine.name} ${report.engine.version}${report.engine.fault ? ` fault ${report.engine.fault}` : ''}`,
    tests: report.properties.length + (crashes > 0 ? 1 : 0),
    failures,
    errors: crashes > 0 ? 1 : 0,
    skipped: report.properties.filter((p) => p.status === 'SKIP' || p.status === 'UNTESTED' || p.status === 'CONTESTED').length,
  });
  suite.ele('properties').ele('property', { name: 'seed', value: report.seed }).up().ele('property', { name: 'runs', value: report.runs });
  for (const p of report.properties) {
    const c = suite.ele('testcase', { classname: p.id.split('.')[0], name: `${p.id} (CR ${p.rules.join(', ')})` });
    const finding = report.findings.find((f) => f.property === p.id);
    const detail = finding ? `after action ${finding.step}: expected ${finding.expected}; observed ${finding.observed}\nrepro: ${finding.repro}\nreplay: npx castcheck replay ${finding.repro}` : '';
    if (p.status === 'FAIL') c.ele('failure', { message: `${p.failed} of ${p.passed + p.failed} scenarios failed: ${p.statement}` }).txt(detail);
    else if (p.status === 'SKIP') c.ele('skipped', { message: p.skipped ?? 'skipped' });
    else if (p.status === 'UNTESTED') c.ele('skipped', { message: 'no generated scenario exercised it' });
    else if (p.status === 'CONTESTED') c.ele('skipped', { message: `contested: ${p.contested} scenario(s) follow another reading` }).txt(detail);
  }
  if (crashes > 0) {
    const c = suite.ele('testcase', { classname: 'engine', name: 'the engine answers every scenario with a trace' });
    const found = report.findings.filter((f) => f.property === undefined);
    c.ele('error', { message: `CRASH ${report.engineFailures.crash}, TIMEOUT ${report.engineFailures.timeout}, PROTOCOL_ERROR ${report.engineFailures['protocol-error']}` }).txt(
      found.map((f) => `${f.verdict}: ${f.observed ?? ''}\nrepro: ${f.repro}`).join('\n'),
    );
  }
  return root.end({ prettyPrint: true });
}
