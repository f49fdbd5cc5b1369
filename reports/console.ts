// The console summary: one row per property, then what failed and where its repro is.
import { describeEngine } from '../adapters/engine.ts';
import type { Capabilities, EngineId, Scenario } from '../model/schema-types.ts';
import type { Finding, SuiteResult, Tally } from '../runner/run-suite.ts';
import type { FeatureCount } from '../generators/stats.ts';

export function header(engine: EngineId, runs: number, seed: number): string {
  return `castcheck: ${runs} scenarios against ${describeEngine(engine)} (seed ${seed})`;
}

/** What an engine declared it can run and observe, in one line. */
export function capabilitiesLine(c: Capabilities): string {
  const cards = [c.cards.synthetic ? 'synthetic cards' : '', c.cards.oracle?.length ? `${c.cards.oracle.length} printed card(s)` : ''].filter(Boolean).join(' and ') || 'no cards';
  const list = (xs: readonly string[]) => (xs.length > 0 ? xs.join(', ') : 'none');
  return `declares mechanics: ${list(c.mechanics)}; actions: ${list(c.actions)}; ${cards}; observes: ${list(c.observes)}`;
}

export function summaryTable(result: SuiteResult): string {
  const rows = result.tallies.map((t) => [
    t.property.id,
    t.property.rules.join(' '),
    t.skipped ? '-' : String(t.passed),
    t.skipped ? '-' : String(t.failed),
    t.skipped ? '-' : String(t.contested),
    t.skipped ? `all (${t.skipped})` : String(t.notApplicable),
    statusOf(t),
  ]);
  const head = ['property', 'rules', 'passed', 'failed', 'contested', 'skipped', 'status'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const numeric = new Set([2, 3, 4]);
  const line = (r: string[]) =>
    r
      .map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]!) : i === r.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('  ');
  const out = [line(head), ...rows.map(line)];
  const f = result.engineFailures;
  const broken = f.crash + f.timeout + f['protocol-error'];
  if (broken > 0) out.push('', `engine gave no usable trace for ${broken} scenario(s): CRASH ${f.crash}, TIMEOUT ${f.timeout}, PROTOCOL_ERROR ${f['protocol-error']}`);
  if (result.stopped !== undefined) out.push('', `the run stopped after ${result.runs} scenario(s): ${result.stopped}`);
  out.push('', 'skipped: scenarios a property does not apply to, or all of them when the engine cannot run it.');
  return out.join('\n');
}

export function statusOf(t: Tally): 'SKIP' | 'FAIL' | 'CONTESTED' | 'PASS' | 'UNTESTED' {
  if (t.skipped) return 'SKIP';
  if (t.failed > 0) return 'FAIL';
  if (t.contested > 0) return 'CONTESTED';
  return t.passed > 0 ? 'PASS' : 'UNTESTED';
}

export function totals(result: SuiteResult): string {
  const count = (s: ReturnType<typeof statusOf>) => result.tallies.filter((t) => statusOf(t) === s).length;
  return `${result.tallies.length} properties: ${count('PASS')} passed, ${count('FAIL')} failed, ${count('CONTESTED')} contested, ${count('SKIP')} skipped, ${count('UNTESTED')} untested`;
}

export function findingText(finding: Finding, reproPath: string): string {
  const v = finding.verdict;
  const size = scenarioSize(finding.scenario);
  const title = finding.property
    ? `${statusLabel(finding.kind)} ${finding.property.id} (CR ${finding.property.rules.join(', ')})`
    : `${statusLabel(finding.kind)} the engine gave no usable trace`;
  const lines = [title];
  if (v.status === 'fail' || v.status === 'contested') {
    lines.push(`  after action ${v.step}:`, `    expected: ${v.expected}`, `    observed: ${v.observed}`);
    if (v.status === 'contested') lines.push(`  contested: ${v.ruling}`);
  } else {
    lines.push(`  ${v.message}`);
    if (v.stderr) lines.push(`  stderr: ${v.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  }
  if (!finding.reproduced) lines.push('  not reproduced: the engine did not fail again when this scenario was run once more');
  lines.push(
    `  found after ${finding.runsToFailure} scenario(s); shrunk in ${finding.shrinkRuns} engine run(s) to ${size.cards} card(s) and ${size.actions} action(s)`,
    `  repro:  ${reproPath}`,
    `  replay: npx castcheck replay ${reproPath}`,
  );
  return lines.join('\n');
}

export function statusLabel(kind: string): string {
  return kind.toUpperCase().replace(/-/g, '_');
}

export function scenarioSize(s: Scenario): { cards: number; actions: number } {
  return { cards: s.cards.length, actions: s.actions.length };
}

/** The share of scenarios with each feature, and the coverage gate of each. */
export function statsTable(counts: readonly FeatureCount[], floor: number): string {
  const width = Math.max(...counts.map((c) => c.feature.id.length));
  const lines = [`${'feature'.padEnd(width)}  share  scenarios  gate (${(floor * 100).toFixed(0)}%)`];
  for (const c of counts) {
    const gate = !c.supported ? 'not supported' : c.belowFloor ? 'UNDER' : 'ok';
    lines.push(`${c.feature.id.padEnd(width)}  ${`${(c.share * 100).toFixed(1)}%`.padStart(6)}  ${String(c.count).padStart(9)}  ${gate.padEnd(13)}  ${c.feature.description}`);
  }
  return lines.join('\n');
}
