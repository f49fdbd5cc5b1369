// The console summary: one row per property, then what failed and where its repro is.
import { describeEngine } from '../adapters/engine.ts';
import type { Capabilities, EarlyStopSummary, EngineId, RunReport, Scenario } from '../model/schema-types.ts';
import { earlyStopSummary } from '../runner/early-stops.ts';
import { failingCauses, type Cause } from '../runner/causes.ts';
import { checked, type Cluster, type Finding, type SuiteResult, type Tally } from '../runner/results.ts';
import type { FeatureCount } from '../generators/stats.ts';
import type { FailureStore, StoreReplay } from '../runner/store.ts';
import { storyText, type Story } from './story.ts';
import { castcheckCommand, shellCommand } from './shell-command.ts';
import { join } from 'node:path';
import { divergences, type Divergence } from '../properties/property.ts';

export function header(engine: EngineId, runs: number, seed: number): string {
  return `castcheck: ${runs} scenarios against ${describeEngine(engine)} (seed ${seed})`;
}

/** What an engine declared it can run and observe, in one line. */
export function capabilitiesLine(c: Capabilities): string {
  const cards = [c.cards.synthetic ? 'synthetic cards' : '', c.cards.oracle?.length ? `${c.cards.oracle.length} printed card(s)` : ''].filter(Boolean).join(' and ') || 'no cards';
  const list = (xs: readonly string[]) => (xs.length > 0 ? xs.join(', ') : 'none');
  return `declares mechanics: ${list(c.mechanics)}; actions: ${list(c.actions)}; ${cards}; observes: ${list(c.observes)}`;
}

export type Status = 'PASS' | 'FAIL' | 'XFAIL' | 'CONTESTED' | 'SKIP' | 'UNTESTED' | 'UNDER-TESTED';

/** The default of --check-floor: the least number of checks a property must make in a run to PASS. */
export const CHECK_FLOOR = 30;

/** One row per property, each followed by its clusters, then what the columns and statuses mean. */
export function summaryTable(result: SuiteResult, floor = CHECK_FLOOR): string {
  const head = ['property', 'rules', 'n/a', 'nothing', 'checked', 'checks', 'failed', 'status'];
  const rows = result.tallies.map((t) => [
    t.property.id,
    t.property.rules.join(' '),
    ...(t.skipped ? ['-', '-', '-', '-', '-'] : [t.notApplicable, t.checkedNothing, checked(t), t.checks, t.failed].map(String)),
    t.skipped ? `SKIP: ${t.skipped}` : statusOf(t, floor),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((cell, i) => (i >= 2 && i <= 6 ? cell.padStart(widths[i]!) : i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ');
  const out = [line(head)];
  result.tallies.forEach((t, i) => {
    out.push(line(rows[i]!));
    for (const c of result.clusters.filter((x) => x.property === t.property)) out.push(clusterLine(c));
  });
  out.push(
    '',
    `n/a: scenarios the property does not apply to; nothing: it applied but found nothing to check; checked: scenarios it judged, making "checks" checks; failed: scenarios with a failure no expectation names.`,
    `PASS: ${floor} checks or more and no failure; UNDER-TESTED: fewer; UNTESTED: none; XFAIL: only expected failures; CONTESTED: another reading of a contested point; SKIP (counted as skipped): never run, for the reason shown. Only FAIL fails the run.`,
  );
  const f = result.engineFailures;
  const broken = f.crash + f.timeout + f['protocol-error'];
  if (broken > 0) {
    out.push('', `engine gave no usable trace for ${broken} scenario(s): CRASH ${f.crash}, TIMEOUT ${f.timeout}, PROTOCOL_ERROR ${f['protocol-error']}`);
    for (const c of result.clusters.filter((x) => x.property === undefined)) out.push(clusterLine(c));
  }
  if (result.unsupported > 0) out.push('', `the engine answered unsupported in ${result.unsupported} scenario(s): each was judged up to that step.`, ...earlyStopLines((result.earlyStops ?? []).map(earlyStopSummary)));
  out.push(...notResyncedLines(result.notResynced));
  if (result.stopped !== undefined) out.push('', `the run stopped after ${result.runs} scenario(s): ${result.stopped}`);
  return out.join('\n');
}

/**
 * The scenarios whose later steps agreement compared with the reference engine's own run, as it could
 * not go on from the engine's state: a difference there may follow from the first one.
 */
export function notResyncedLines(notResynced: Readonly<Record<string, number>> | undefined): string[] {
  const reasons = Object.entries(notResynced ?? {}).sort((a, b) => b[1] - a[1]);
  if (reasons.length === 0) return [];
  const total = reasons.reduce((n, [, k]) => n + k, 0);
  const lines = ['', `agreement compared the steps after a divergence with the reference engine's own run in ${total} scenario(s), as it could not go on from the engine's state (a later difference there may follow from the first):`];
  for (const [why, n] of reasons.slice(0, 5)) lines.push(`  ${n} scenario(s): ${why}`);
  if (reasons.length > 5) lines.push(`  and ${reasons.length - 5} other reason(s)`);
  return lines;
}

/** What agreement learnt after a divergence: what followed from it alone, or why it could not tell. */
function resyncLines(d: Divergence | undefined): string[] {
  if (d?.consequences?.length) return [`  followed from it alone, not reported (the later steps compared from the engine's own state): ${d.consequences.join(', ')}`];
  if (d?.notResynced !== undefined) return [`  the later steps were compared with the reference engine's own run: ${d.notResynced}`];
  return [];
}

/**
 * The findings of a run, one per cause, each with the properties it breaks: what an engine author
 * counts bugs by. The clusters under the properties above say under which names each was seen.
 */
export function findingsLines(causes: readonly Cause[]): string[] {
  if (causes.length === 0) return [];
  const failing = failingCauses(causes).length;
  const out = [`${failing} failing finding(s)${causes.length > failing ? ` and ${causes.length - failing} expected or contested` : ''}, one per cause, from ${causes.reduce((n, c) => n + c.clusters.length, 0)} signature(s):`];
  causes.forEach((c, i) => {
    const mark = c.expected ? 'XFAIL' : c.contested ? 'CONTESTED' : c.clusters[0]!.property === undefined ? statusLabel(c.clusters[0]!.kind) : 'FAIL';
    out.push(`  ${i + 1}. ${mark} ${c.id} (${c.count} scenario(s))${c.properties.length > 0 ? `: breaks ${c.properties.join(', ')}` : ''}`);
  });
  return out;
}

/** The failing findings of a report: by cause, or by cluster in a report written before findings were. */
export function failingFindings(report: Pick<RunReport, 'findings' | 'clusters'>): readonly unknown[] {
  return report.findings ? report.findings.filter((f) => !f.xfail && !f.contested) : report.clusters.filter((c) => !c.xfail && c.verdict !== 'contested');
}

/** The early stops by card and action, with the engine's words and what generation left out after them. */
export function earlyStopLines(stops: readonly EarlyStopSummary[]): string[] {
  return stops.map((s) => {
    const said = s.message !== undefined ? ` (engine: ${oneLine(s.message)})` : '';
    const after = s.leftOutFrom !== undefined ? `; left out from scenario ${s.leftOutFrom} on: ${s.leftOut}` : s.leftOut !== undefined ? `; still generated: ${s.leftOut}` : '';
    return `  ${String(s.count).padStart(6)} x ${s.action} ${s.card}${said}${after}`;
  });
}

function oneLine(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 120 ? `${t.slice(0, 119)}…` : t;
}

/** A cluster under its property: how many scenarios showed it, its signature, and whether it was expected. */
function clusterLine(c: Cluster): string {
  const mark = c.expectation ? `  XFAIL: ${c.expectation.note}${c.expectation.link ? ` (${c.expectation.link})` : ''}` : c.kind === 'contested' ? '  CONTESTED' : '';
  return `  ${String(c.count).padStart(6)} x ${c.signature}${mark}`;
}

export function statusOf(t: Tally, floor = CHECK_FLOOR): Status {
  if (t.skipped) return 'SKIP';
  if (t.failed > 0) return 'FAIL';
  if (t.xfailed > 0) return 'XFAIL';
  if (t.contested > 0) return 'CONTESTED';
  if (t.checks === 0) return 'UNTESTED';
  return t.checks < floor ? 'UNDER-TESTED' : 'PASS';
}

export function totals(result: SuiteResult, floor = CHECK_FLOOR): string {
  const count = (s: Status) => result.tallies.filter((t) => statusOf(t, floor) === s).length;
  return `${result.tallies.length} properties: ${count('PASS')} passed, ${count('FAIL')} failed, ${count('XFAIL')} expected to fail, ${count('CONTESTED')} contested, ${count('UNDER-TESTED')} under-tested, ${count('UNTESTED')} untested, ${count('SKIP')} skipped (never run)`;
}

/** What a cluster's repro shows (its story, when given), where it is, and how to replay it. */
export function findingText(finding: Finding, reproPath: string, count?: number, story?: Story): string {
  const v = finding.verdict;
  const size = scenarioSize(finding.scenario);
  const title = finding.property
    ? `${statusLabel(finding.kind)} ${finding.property.id} (CR ${finding.property.rules.join(', ')})`
    : `${statusLabel(finding.kind)} the engine gave no usable trace`;
  const lines = [title, `  signature: ${finding.signature}${count !== undefined ? ` (${count} scenario(s) this run)` : ''}`];
  if (story) {
    // An engine failure is said first as castcheck saw it, then told.
    if (v.status !== 'fail' && v.status !== 'contested') lines.push(`  ${v.message}`);
    lines.push(storyText(story, '  '));
    if (v.status === 'contested') lines.push(`  contested: ${v.ruling}`);
    else if (v.status !== 'fail' && v.stderr) lines.push(`  stderr: ${v.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  } else if (v.status === 'fail' || v.status === 'contested') {
    lines.push(`  after action ${v.step}:`, `    expected: ${v.expected}`, `    observed: ${v.observed}`);
    for (const d of (finding.divergences ?? []).slice(1, 6)) lines.push(`    and ${d.observed} (expected ${d.expected.replace(/^.*?: /, '')})`);
    if ((finding.divergences?.length ?? 0) > 6) lines.push(`    and ${finding.divergences!.length - 6} more difference(s) (in the repro)`);
    if (v.status === 'contested') lines.push(`  contested: ${v.ruling}`);
  } else {
    lines.push(`  ${v.message}`);
    if (v.stderr) lines.push(`  stderr: ${v.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  }
  if (v.status === 'fail' || v.status === 'contested') lines.push(...resyncLines(finding.divergences?.[0] ?? divergences(v)[0]));
  if (!finding.reproduced) {
    const history = finding.history?.scenarios.length ?? 0;
    lines.push(
      `  not reproduced: the engine did not fail again when this scenario was run once more${history > 0 ? `; it may depend on the ${history} scenario(s) its process ran before it, kept in the repro: castcheck replay runs them first` : ''}`,
    );
  }
  lines.push(
    finding.shrunk
      ? `  found after ${finding.runsToFailure} scenario(s); shrunk in ${finding.shrinkRuns} engine run(s) to ${size.cards} card(s) and ${size.actions} action(s)`
      : `  found after ${finding.runsToFailure} scenario(s); not shrunk (the run stopped, or the shrinking budget was spent): ${size.cards} card(s) and ${size.actions} action(s)`,
    `  repro:  ${reproPath}`,
    `  replay: ${castcheckCommand('replay', reproPath)}`,
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
  // A gate fails only a share under the floor beyond chance (its 99.9% upper bound is under it).
  const lines = [`${'feature'.padEnd(width)}  share  scenarios  gate (${(floor * 100).toFixed(0)}%)`];
  for (const c of counts) {
    const gate = !c.supported ? 'not supported' : c.belowFloor ? 'UNDER' : 'ok';
    lines.push(`${c.feature.id.padEnd(width)}  ${`${(c.share * 100).toFixed(1)}%`.padStart(6)}  ${String(c.count).padStart(9)}  ${gate.padEnd(13)}  ${c.feature.description}`);
  }
  return lines.join('\n');
}

/** What replaying the failure store before the run found, a line per stored finding. */
export function storeLines(store: FailureStore, stored: StoreReplay): string[] {
  if (stored.replayed.length === 0 && stored.unreadable.length === 0) return [];
  const lines = [`store: ${stored.replayed.length} finding(s) of earlier runs in ${store.dir}, replayed first`];
  const label = { 'still-fails': 'STILL FAILS', 'now-passes': 'NOW PASSES', 'not-reproduced': 'NOT REPRODUCED' } as const;
  for (const r of stored.replayed) {
    const where = r.movedTo !== undefined ? `moved to ${r.movedTo}` : r.repro;
    const why =
      r.result === 'not-reproduced'
        ? ' (it did not fail again when found: it depends on more than its scenario; kept)'
        : r.result === 'engine-failed'
          ? ' (the engine failed on its scenario: whether it is fixed is not known; kept)'
          : r.xfail
            ? ' (expected)'
            : '';
    const what = r.result === 'engine-failed' ? statusLabel(r.failure ?? 'crash') : r.result === 'still-fails' && r.verdict === 'contested' ? 'STILL CONTESTED' : label[r.result];
    lines.push(`  ${what.padEnd(14)} ${r.signature}${why}  ${where}`);
  }
  for (const u of stored.unreadable) lines.push(`  UNREADABLE     ${u}`);
  return lines;
}

/** What to do next, for someone new: after a failing run, see it again, keep it, or write it down as known; after a passing one, test harder or test your own engine. */
export function nextSteps(o: { failed: boolean; firstRepro?: string; underTested: number; reference: boolean; out: string; expectations?: string; runs: number; engineArgs?: readonly string[] }): string[] {
  // A run suggested next tests the same engine: the options that chose it are kept.
  const harder = castcheckCommand('run', '--runs', String(Math.max(20000, o.runs * 10)), '--stats', ...(o.engineArgs ?? []));
  const lines = ['next:'];
  if (o.failed) {
    if (o.firstRepro !== undefined) {
      const cases = join(o.out, 'cases');
      lines.push(`  ${castcheckCommand('replay', o.firstRepro)}          # see the first failure again (add --fault/--engine-cmd to replay it on a fixed engine)`);
      lines.push(`  ${castcheckCommand('promote', o.firstRepro, '--to', cases)}   # keep it as a fixed case: ${castcheckCommand('cases', '--dir', cases)}`);
    }
    if (o.expectations === undefined) lines.push('  a known bug you will fix later? --expectations FILE --update-expectations writes it down; it is then reported as XFAIL');
  } else {
    if (o.underTested > 0) lines.push(`  ${harder}   # ${o.underTested} propert${o.underTested === 1 ? 'y is' : 'ies are'} under-tested or untested at ${o.runs} scenarios; --stats shows the share of each feature`);
    else lines.push(`  ${harder}   # more scenarios, with the share of each feature`);
    if (o.reference) lines.push('  npx castcheck doctor --engine-cmd "python3 examples/python-engine/engine.py"   # then castcheck run --engine-cmd "...": test your own engine');
  }
  lines.push(`  open ${shellCommand([join(o.out, 'report.html')])}   # the run as a page: each failure's story, scenario and trace; summary.md, junit.xml and report.json are beside it`);
  return lines;
}

