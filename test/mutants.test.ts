// The mutation run as CI runs it: castcheck mutants against every named fault, at a smaller budget
// than the default (the default seed, so its kills are the default run's while every fault's first
// failure and sweep fit in the budget). Kills are by rule properties only; agreement with the
// reference engine is reported apart.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../adapters/faults/index.ts';
import { FAULT_NOTES } from '../adapters/faults/property-notes.ts';
import { PROPERTIES } from '../properties/index.ts';
import { survivorsText } from '../reports/mutants.ts';
import { AGREEMENT, figures, type FaultResult } from '../runner/mutants.ts';

function castcheck(...args: string[]) {
  const r = spawnSync(process.execPath, ['bin/castcheck.mjs', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

interface FaultRow {
  id: string;
  killed: boolean;
  killedBy: string[];
  runsToFailure: number | null;
  agreementRun: number | null;
  shrinkRuns: number;
  shrunk: { cards: number; actions: number; shows: string } | null;
  minimal: { cards: number; actions: number; shows: string };
  nearMinimal: boolean;
}

describe('castcheck mutants', () => {
  it('kills every named fault by a rule property within a smaller budget, on target, and every property kills one or says why not', () => {
    const r = castcheck('mutants', '--runs', '1000', '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as {
      seed: number;
      faults: FaultRow[];
      properties: { id: string; kills: string[]; caught?: string[]; note?: string | null }[];
      targets: { met: Record<string, boolean> };
    };
    expect(doc.seed).toBe(1);
    expect(doc.faults.map((f) => f.id)).toEqual(FAULTS.map((f) => f.id));
    // A fault with a note may survive (the note says why no rule property kills it); every other is killed.
    const judged = doc.faults.filter((f) => FAULT_NOTES[f.id] === undefined);
    expect(judged.filter((f) => !f.killed).map((f) => f.id)).toEqual([]);
    for (const f of judged) {
      expect(f.killedBy.length, f.id).toBeGreaterThan(0);
      expect(f.killedBy, f.id).not.toContain(AGREEMENT);
      expect(f.runsToFailure, f.id).toBeLessThanOrEqual(1000);
      expect(f.shrunk, f.id).not.toBeNull();
      expect(f.shrunk?.shows, f.id).not.toBe(AGREEMENT);
      expect(f.minimal.shows, f.id).not.toBe(AGREEMENT);
    }
    expect(doc.properties.map((p) => p.id)).toEqual(PROPERTIES.map((p) => p.id));
    const agreement = doc.properties.find((p) => p.id === AGREEMENT)!;
    expect(agreement.kills).toEqual([]);
    expect(agreement.caught?.length).toBeGreaterThan(0);
    expect(doc.properties.filter((p) => p.id !== AGREEMENT && p.kills.length === 0 && !p.note).map((p) => p.id)).toEqual([]);
    expect(judged.filter((f) => !f.nearMinimal).map((f) => `${f.id}: ${f.shrunk?.cards}c ${f.shrunk?.actions}a vs ${f.minimal.cards}c ${f.minimal.actions}a`)).toEqual([]);
    expect(doc.targets.met).toMatchObject({ medianRunsToFailure: true, everyFaultWithinBudget: doc.faults.every((f) => f.killed) });
    // Half a minute alone; more on a busy machine.
  }, 300_000);

  it('exits 1 when a fault survives its budget, and says so in the matrix', () => {
    const r = castcheck('mutants', '--only', 'copy-loses-kicked,apnap-reversed', '--runs', '12', '--sweep', '0');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^copy-loses-kicked\s+707\.2 707\.10\s+KILLED\s+\d+\s+\d+\s+\d+\s+1c 2a\s+1c 2a\s+.*copies\.kicked-like-original/m);
    expect(r.out).toMatch(/^apnap-reversed\s+603\.3b\s+SURVIVED\s+-\s+(\d+|-)\s+-\s+-\s+3c 1a\s+survived 12 scenarios$/m);
    expect(r.out).toMatch(/faults killed by rule properties\s+1 of 2/);
    expect(r.out).toMatch(/^apnap-reversed\s+NO NOTE/m);
  });

  it('rejects bad usage with exit code 2', () => {
    expect(castcheck('mutants', '--only', 'no-such-fault').code).toBe(2);
    expect(castcheck('mutants', '--runs', '0').code).toBe(2);
  });

  it('counts a fault only agreement caught as a survivor, and prints its note when it has one', () => {
    const fault = FAULTS[0]!;
    const caughtByAgreementOnly: FaultResult = {
      fault,
      killed: false,
      killedBy: [],
      caughtBy: [{ id: AGREEMENT, run: 3 }],
      agreementRun: 3,
      scenariosJudged: 40,
      shrinkRuns: 0,
      minimal: { cards: 1, actions: 1, shows: fault.minimal.shows },
    };
    const f = figures([caughtByAgreementOnly]);
    expect(f.killed).toBe(0);
    expect(f.agreement).toEqual({ caught: 1, median: 3, max: 3 });
    expect(survivorsText([caughtByAgreementOnly], {})).toMatch(new RegExp(`${fault.id}\\s+NO NOTE`));
    expect(survivorsText([caughtByAgreementOnly], { [fault.id]: 'no observable difference' })).toMatch(/no observable difference/);
  });
});
