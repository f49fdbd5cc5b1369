// The kill matrix of castcheck mutants: a row per fault, the faults each property kills, the
// figures against the benchmark targets; and the same as one JSON document. Kills are by rule
// properties only; agreement with the reference engine has a column of its own.
import type { Fault } from '../adapters/faults/index.ts';
import type { Property } from '../properties/property.ts';
import { AGREEMENT, figures, killsByProperty, nearMinimal, TARGETS, type FaultResult, type Figures } from '../runner/mutants.ts';

export interface MutantsSettings {
  seed: number;
  runs: number;
  sweep: number;
  maxShrinkRuns: number;
}

const COLUMNS = ['fault', 'rules', 'result', 'runs', 'agreement', 'shrink', 'shrunk', 'minimal', 'killed by (rule properties failing on the first scenario one fails on)'] as const;
const NUMERIC = new Set([3, 4, 5]);

/** The kill matrix's rows, in columns as wide as the faults it is about need. */
export class Matrix {
  private readonly widths: number[];

  constructor(faults: readonly Fault[]) {
    const widest = (xs: string[], min: number) => Math.max(min, ...xs.map((x) => x.length));
    this.widths = [widest(faults.map((f) => f.id), 5), widest(faults.map((f) => f.rules.join(' ')), 5), 8, 5, 9, 6, 7, 7];
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

  row(r: FaultResult, note?: string): string {
    return this.line([
      r.fault.id,
      r.fault.rules.join(' '),
      r.killed ? 'KILLED' : 'SURVIVED',
      r.runsToFailure !== undefined ? String(r.runsToFailure) : '-',
      r.agreementRun !== undefined ? String(r.agreementRun) : '-',
      r.killed ? String(r.shrinkRuns) : '-',
      r.shrunk ? `${size(r.shrunk)}${nearMinimal(r) ? '' : '!'}` : '-',
      size(r.minimal),
      killedByText(r, note),
    ]);
  }
}

const size = (x: { cards: number; actions: number }) => `${x.cards}c ${x.actions}a`;

/** The rule properties that killed the fault on the first scenario one of them failed on; for a survivor, why. */
function killedByText(r: FaultResult, note?: string): string {
  if (r.killed) return r.killedBy.join(', ');
  return `survived ${r.scenariosJudged} scenarios${note ? `: ${note}` : ''}`;
}

export function matrixLegend(): string {
  return [
    'runs: engine runs (scenarios) until a rule property first failed; agreement: the run agreement with the reference',
    'engine first failed on (apart: it compares the faulty engine with itself without the fault, so it kills nothing);',
    'shrink: engine runs spent shrinking; shrunk / minimal: cards and actions of the shrunk repro and of the',
    'hand-written one (! over the target).',
  ].join('\n');
}

/** `complete` when every named fault ran: only then does a property that caught none need a note. */
export function propertyTable(results: readonly FaultResult[], properties: readonly Property[], notes: Readonly<Record<string, string>>, complete = true): string {
  const rows = killsByProperty(results, properties);
  const width = Math.max(...properties.map((p) => p.id.length));
  const out = ['rule properties and the faults they caught (on any scenario of the fault\'s run):', ''];
  const which = (faults: string[]) => (faults.length === results.length && results.length > 1 ? 'every one' : faults.join(', '));
  for (const row of rows.filter((r) => r.faults.length > 0 && r.property.id !== AGREEMENT)) {
    out.push(`${row.property.id.padEnd(width)}  ${String(row.faults.length).padStart(2)}  ${which(row.faults)}`);
  }
  const agreement = rows.find((r) => r.property.id === AGREEMENT);
  if (agreement) {
    out.push('', 'apart, not a rule property (the reference engine without the fault; it kills nothing):');
    out.push(`${AGREEMENT.padEnd(width)}  ${String(agreement.faults.length).padStart(2)}  ${which(agreement.faults) || 'none'}`);
  }
  const none = rows.filter((r) => r.faults.length === 0 && r.property.id !== AGREEMENT);
  if (!complete) out.push('', `(${results.length} of the faults ran: properties that caught none of them are not listed)`);
  else if (none.length > 0) {
    out.push('', 'properties that caught no fault, and why they earn their place:');
    for (const row of none) out.push(`${row.property.id.padEnd(width)}  ${notes[row.property.id] ?? 'NO NOTE: add one to adapters/faults/property-notes.ts, or a fault it kills'}`);
  }
  return out.join('\n');
}

const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** Faults no rule property killed, with their notes (adapters/faults/property-notes.ts) where they have one. */
export function survivorsText(results: readonly FaultResult[], notes: Readonly<Record<string, string>>): string {
  const survivors = results.filter((r) => !r.killed);
  if (survivors.length === 0) return '';
  const width = Math.max(...survivors.map((r) => r.fault.id.length));
  return [
    'faults no rule property killed, and why:',
    '',
    ...survivors.map((r) => `${r.fault.id.padEnd(width)}  ${notes[r.fault.id] ?? 'NO NOTE: make a rule property catch it, or say why none can in adapters/faults/property-notes.ts'}`),
  ].join('\n');
}

export function figuresText(f: Figures, s: MutantsSettings): string {
  return [
    `figures (seed ${s.seed}; at most ${s.runs} scenarios per fault; shrinking at most ${s.maxShrinkRuns} engine runs):`,
    `  faults killed by rule properties  ${f.killed} of ${f.faults}`,
    `  engine runs to first failure      median ${f.runsToFailure.median}, max ${f.runsToFailure.max}   targets: median <= ${TARGETS.medianRunsToFailure} ${met(f.targets.medianRunsToFailure)}; every fault within ${TARGETS.maxRunsToFailure} ${met(f.targets.everyFaultWithinBudget)}`,
    `  agreement (apart)                 failed on ${f.agreement.caught} of ${f.faults}, first at median run ${f.agreement.median}, max ${f.agreement.max}`,
    `  engine runs shrinking             median ${f.shrinkRuns.median}, max ${f.shrinkRuns.max}, total ${f.shrinkRuns.total}`,
    `  shrunk vs hand-written repro      ${f.killed - f.oversized.length} of ${f.killed} within +${TARGETS.extraCards} card and +${TARGETS.extraActions} action   target ${met(f.targets.shrunkNearMinimal)}${f.oversized.length > 0 ? ` (over: ${f.oversized.join(', ')})` : ''}`,
  ].join('\n');
}

export function mutantsJson(
  results: readonly FaultResult[],
  properties: readonly Property[],
  notes: Readonly<Record<string, string>>,
  s: MutantsSettings,
  faultNotes: Readonly<Record<string, string>> = {},
): object {
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
      agreementRun: r.agreementRun ?? null,
      ...(r.killed ? {} : { note: faultNotes[r.fault.id] ?? null }),
      scenariosJudged: r.scenariosJudged,
      shrinkRuns: r.shrinkRuns,
      shrunk: r.shrunk ? { cards: r.shrunk.cards, actions: r.shrunk.actions, shows: r.shrunk.shows, reproduced: r.shrunk.reproduced, scenario: r.shrunk.scenario } : null,
      minimal: r.minimal,
      nearMinimal: nearMinimal(r),
    })),
    properties: killsByProperty(results, properties).map((row) => ({
      id: row.property.id,
      // Agreement with the reference engine catches faults but kills none (docs/PROVING.md, "Named faults and the kill matrix").
      ...(row.property.id === AGREEMENT ? { kills: [], killsFirst: [], caught: row.faults } : { kills: row.faults, killsFirst: row.first }),
      ...(row.faults.length === 0 && row.property.id !== AGREEMENT ? { note: notes[row.property.id] ?? null } : {}),
    })),
    figures: { faults: f.faults, killed: f.killed, runsToFailure: f.runsToFailure, agreement: f.agreement, shrinkRuns: f.shrinkRuns, oversized: f.oversized },
    targets: { ...TARGETS, met: f.targets },
  };
}
