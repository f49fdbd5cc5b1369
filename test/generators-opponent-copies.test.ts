// Copies p2 makes of p1's spell with new targets (generators/copies.ts): p2 controls the copy and
// chooses them (CR 707.10, 707.10c), so "target opponent" names p1; the reference engine accepts them.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { candidatesFor, type BoardObject } from '../model/declarations.ts';
import { catalog } from '../model/catalog.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { PRINTED_CAPABILITIES, REFERENCE_CAPABILITIES } from './fixtures/generator-parts.ts';
import type { Action } from '../model/schema-types.ts';

describe("p2's copies with new targets", () => {
  it('are chosen for p2 as the chooser: its opponent is p1, and "you control" means p2', () => {
    const bears: BoardObject = { id: 'bears', def: catalog().get('Grizzly Bears')!, controller: 'p1' };
    expect(candidatesFor({ kind: 'opponent' }, [bears], [], 'p2')).toEqual(['p1']);
    expect(candidatesFor({ kind: 'opponent' }, [bears], [])).toEqual(['p2']);
    expect(candidatesFor({ kind: 'creature', filter: { controller: 'you' } }, [bears], [], 'p2')).toEqual([]);
    expect(candidatesFor({ kind: 'any' }, [bears], [], 'p2')).toEqual(['p1', 'p2', 'bears']);
  });

  for (const [name, capabilities] of [['reference', REFERENCE_CAPABILITIES], ['printed-only', PRINTED_CAPABILITIES]] as const) {
    it(`are made and accepted where the main cast was legal (${name})`, () => {
      const engine = new ReferenceEngine();
      let made = 0;
      for (const s of fc.sample(scenarioArb({ capabilities, illegalShare: 0 }), { seed: 4, numRuns: 1000 })) {
        const byP2 = s.actions.flatMap((a, i): [Action, number][] => {
          if (!('newTargets' in a) || !a.newTargets) return [];
          if (a.do === 'copy') return a.player === 'p2' ? [[a, i]] : [];
          const copier = s.actions.slice(0, i).reverse().find((x) => x.do === 'cast' && x.card.startsWith('cp'));
          return copier?.do === 'cast' && copier.player === 'p2' ? [[a, i]] : [];
        });
        if (byP2.length === 0) continue;
        const trace = engine.runSync(s);
        for (const [, i] of byP2) {
          // The main spell may have left the stack (countered) or the game ended before: then there is nothing to copy.
          if (trace.steps[i]!.outcome === 'rejected' && ['not-a-spell', 'empty-stack', 'game-over', 'no-such-object'].includes(trace.steps[i]!.reason ?? '')) continue;
          expect(trace.steps[i]!.outcome, JSON.stringify(s.actions[i])).toBe('accepted');
          made++;
        }
      }
      expect(made).toBeGreaterThan(20);
    });
  }
});
