// The kill matrix of castcheck mutants: a row per fault, the faults each property kills, the
// figures against the benchmark targets; and the same as one JSON document.
import type { Fault } from '../adapters/reference/faults.ts';
import type { Property } from '../properties/property.ts';
import { AGREEMENT, figures, killsByProperty, nearMinimal, TARGETS, type FaultResult, type Figures } from '../runner/mutants.ts';

export interface MutantsSettings {
  seed: number;
  runs: number;
  sweep: number;
  maxShrinkRuns: number;
}

const COLUMNS = ['fault', 'rules', 'result', 'runs', 'shrink', 'shrunk', 'minimal', 'killed by (first failing scenario)'] as const;
const NUMERIC = new Set([3, 4]);

/** The kill matrix's rows, in columns as wide as the faults it is about need. */
export class Matrix {
  private readonly widths: number[];

  constructor(faults: readonly Fault[]) {
    const widest = (xs: string[], min: number) => Math.max(min, ...xs.map((x) => x.length));
    this.widths = [widest(faults.map((f) => f.id), 5), widest(faults.map((f) => f.rules.join(' ')), 5), 8, 5, 6, 7, 7];
  }

  private line(cells: readonly string[]): string {
    return cells.map((c, i) => (i >= this.widths.length ? c : NUMERIC.has(i) ? c.padStart(this.widths[i]!) : c.padEnd(this.widths[i]!))).join('  ');
  }

  header(faults: number, s: MutantsSettings): string {
    return [
      `castcheck mutants: ${faults} named faults of the reference engine, at most ${s.runs} scenarios each, sweep ${s.sweep} (seed ${s.seed})`,
      '',
      this.line(COLUMNS),
    ].join('\n');
  }

  row(r: FaultResult): string {
    return this.line([
      r.fault.id,
      r.fault.rules.join(' '),
      r.killed ? 'KILLED' : 'SURVIVED',
      r.runsToFailure !== undefined ? String(r.runsToFailure) : '-',
      r.killed ? String(r.shrinkRuns) : '-',
      r.shrunk ? `${size(r.shrunk)}${nearMinimal(r) ? '' : '!'}` : '-',
      size(r.minimal),
      killedByText(r),
    ]);
  }
}

const size = (x: { cards: number; actions: number }) => `${x.cards}c ${x.actions}a`;

/** The specific properties that killed the fault on its first failing scenario, agreement noted apart. */
function killedByText(r: FaultResult): string {
  if (!r.killed) return `survived ${r.scenariosJudged} scenarios`;
  const specific = r.killedBy.filter((id) => id !== AGREEMENT);
  const agreement = r.killedBy.includes(AGREEMENT) ? ' (+ agreement)' : '';
  if (specific.length > 0) return `${specific.join(', ')}${agreement}`;
  const later = r.caughtBy.find((c) => c.id !== AGREEMENT);
  return later ? `agreement only; then ${later.id} at run ${later.run}` : 'agreement only';
}

export function matrixLegend(): string {
  return [
    'runs: engine runs (scenarios) until the first failure; shrink: engine runs spent shrinking it;',
    'shrunk / minimal: cards and actions of the shrunk repro and of the hand-written one (! over the target).',
  ].join('\n');
}

/** `complete` when every named fault ran: only then does a property that caught none need a note. */
export function propertyTable(results: readonly FaultResult[], properties: readonly Property[], notes: Readonly<Record<string, string>>, complete = true): string {
  const rows = killsByProperty(results, properties);
  const width = Math.max(...properties.map((p) => p.id.length));
  const out = ['properties and the faults they caught (on any scenario of the fault\'s run):', ''];
  for (const row of rows.filter((r) => r.faults.length > 0)) {
    const which = row.faults.length === results.length && results.length > 1 ? 'every one' : row.faults.join(', ');
    out.push(`${row.property.id.padEnd(width)}  ${String(row.faults.length).padStart(2)}  ${which}`);
  }
  const none = rows.filter((r) => r.faults.length === 0);
  if (!complete) out.push('', `(${results.length} of the faults ran: properties that caught none of them are not listed)`);
  else if (none.length > 0) {
    out.push('', 'properties that caught no fault, and why they earn their place:');
    for (const row of none) out.push(`${row.property.id.padEnd(width)}  ${notes[row.property.id] ?? 'NO NOTE: add one to adapters/reference/faults/property-notes.ts, or a fault it kills'}`);
  }
  return out.join('\n');
}

const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

export function figuresText(f: Figures, s: MutantsSettings): string {
  return [
    `figures (seed ${s.seed}; at most ${s.runs} scenarios per fault; shrinking at most ${s.maxShrinkRuns} engine runs):`,
    `  faults killed                 ${f.killed} of ${f.faults}`,
    `  engine runs to first failure  median ${f.runsToFailure.median}, max ${f.runsToFailure.max}   targets: median <= ${TARGETS.medianRunsToFailure} ${met(f.targets.medianRunsToFailure)}; every fault within ${TARGETS.maxRunsToFailure} ${met(f.targets.everyFaultWithinBudget)}`,
    `  engine runs shrinking         median ${f.shrinkRuns.median}, max ${f.shrinkRuns.max}, total ${f.shrinkRuns.total}`,
    `  shrunk vs hand-written repro  ${f.killed - f.oversized.length} of ${f.killed} within +${TARGETS.extraCards} card and +${TARGETS.extraActions} action   target ${met(f.targets.shrunkNearMinimal)}${f.oversized.length > 0 ? ` (over: ${f.oversized.join(', ')})` : ''}`,
  ].join('\n');
}

export function mutantsJson(results: readonly FaultResult[], properties: readonly Property[], notes: Readonly<Record<string, string>>, s: MutantsSettings): object {
  const f = figures(results);
  return {
    format: 'castcheck-mutants/1',
    ...s,
    faults: results.map((r) => ({
      id: r.fault.id,
      family: r.fault.family,
      rules: r.fault.rules,
      summary: r.fault.summary,
      killed: r.killed,
      killedBy: r.killedBy,
      caughtBy: r.caughtBy,
      runsToFailure: r.runsToFailure ?? null,
      scenariosJudged: r.scenariosJudged,
      shrinkRuns: r.shrinkRuns,
      shrunk: r.shrunk ? { cards: r.shrunk.cards, actions: r.shrunk.actions, shows: r.shrunk.shows, reproduced: r.shrunk.reproduced, scenario: r.shrunk.scenario } : null,
      minimal: r.minimal,
      nearMinimal: nearMinimal(r),
    })),
    properties: killsByProperty(results, properties).map((row) => ({
      id: row.property.id,
      kills: row.faults,
      killsFirst: row.first,
      ...(row.faults.length === 0 ? { note: notes[row.property.id] ?? null } : {}),
    })),
    figures: { faults: f.faults, killed: f.killed, runsToFailure: f.runsToFailure, shrinkRuns: f.shrinkRuns, oversized: f.oversized },
    targets: { ...TARGETS, met: f.targets },
  };
}
