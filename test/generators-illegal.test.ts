// The illegal declarations part of the generators (generators/illegal.ts, recast.ts,
// stray-actions.ts): illegal kinds by the share asked for, each made by the change it names, a legal
// recast after the rejection, and stray actions that name what is not there.
import { describe, expect, it } from 'vitest';
import { catalog } from '../model/catalog.ts';
import type { Action } from '../model/schema-types.ts';
import { Builder } from '../generators/builder.ts';
import { applyIllegal, illegalArb, selfTargetArb } from '../generators/illegal.ts';
import { planArb } from '../generators/plan-arb.ts';
import { ILLEGAL_KINDS, STRAY_ACTIONS } from '../generators/plan.ts';
import { recastArb } from '../generators/recast.ts';
import { strayAction, strayArb } from '../generators/stray-actions.ts';
import { CONTEXTS, PRINTED_CAPABILITIES, samples } from './fixtures/generator-parts.ts';

describe('illegal kinds', () => {
  it('come at about the share asked for, every kind among them, none at share 0', () => {
    const half = samples(illegalArb(0.5), 400);
    const share = half.filter((k) => k !== null).length / half.length;
    expect(share).toBeGreaterThan(0.35);
    expect(share).toBeLessThan(0.65);
    expect(new Set(half.filter((k) => k !== null))).toEqual(new Set(ILLEGAL_KINDS));
    expect(samples(illegalArb(0)).every((k) => k === null)).toBe(true);
    expect(samples(selfTargetArb(0)).every((t) => !t)).toBe(true);
    expect(samples(strayArb(0)).every((s) => s === null)).toBe(true);
    expect(samples(recastArb(0, CONTEXTS.reference)).every((r) => r === null)).toBe(true);
    expect(samples(strayArb(0.2), 300).some((s) => s !== null && STRAY_ACTIONS.includes(s))).toBe(true);
    expect(samples(recastArb(0.2, CONTEXTS.reference)).some((r) => r !== null && typeof r.kicked === 'boolean')).toBe(true);
  });

  it('are made by the change they name to the legal cast', () => {
    const ctx = CONTEXTS['printed-only'];
    const [plan] = samples(planArb({ capabilities: PRINTED_CAPABILITIES }, ctx), 1);
    const main = catalog().get('Burst Lightning')!;
    const made = (illegal: (typeof ILLEGAL_KINDS)[number]) => {
      const b = new Builder(false);
      b.hand.push(b.card('main', main, true));
      b.permanent('b1', catalog().get('Grizzly Bears')!, true, 'p2');
      const cast: Extract<Action, { do: 'cast' }> = { do: 'cast', card: 'main', kicker: ['A'], targets: [['b1']] };
      const mana = { R: 1, C: 4 };
      const kind = applyIllegal({ ...plan!, main, splices: [], illegal }, cast, b, mana, [main], 0, false);
      return { kind, cast, mana, b };
    };
    expect(made('kicker-twice').cast.kicker).toEqual(['A', 'A']);
    expect(made('not-in-hand').b.hand).toEqual([]);
    expect(made('wrong-target-count').cast.targets).toEqual([]);
    const unpaid = made('cannot-pay');
    expect(unpaid.kind).toBe('cannot-pay');
    expect((unpaid.mana.R ?? 0) + (unpaid.mana.C ?? 0)).toBe(4);
    // A kind the scenario cannot have gives way to one it can: a splice declared twice without a splice.
    expect(made('splice-twice').kind).not.toBe('splice-twice');
  });
});

describe('stray actions', () => {
  it('name what is not there: a spell card on the battlefield, a land on the stack or in hand', () => {
    const b = new Builder(false);
    b.permanent('land1', catalog().get('Mountain')!, true, 'p1');
    const lightning = catalog().get('Burst Lightning')!;
    const ctx = CONTEXTS.reference;
    expect(strayAction('destroy-spell-card', b, lightning, ctx)).toEqual({ do: 'destroy', permanent: 'main' });
    expect(strayAction('counter-land', b, lightning, ctx)).toEqual({ do: 'counter', spell: 'land1' });
    expect(strayAction('clone-land-in-play', b, lightning, ctx)).toEqual({ do: 'clone', card: 'land1', copyOf: 'land1' });
    expect(strayAction('put-spell-card', b, catalog().get('Kavu Titan')!, ctx)).toBeUndefined();
  });
});
