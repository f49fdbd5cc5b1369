// The triggers part of the generators (generators/triggers.ts): watchers, trigger multipliers and the
// damage ward drawn as promised, quiet plans without them, and the order named for abilities that
// trigger at once.
import { describe, expect, it } from 'vitest';
import { catalog } from '../model/catalog.ts';
import type { Action, CardDefinition } from '../model/schema-types.ts';
import { Builder } from '../generators/builder.ts';
import { contextFor } from '../generators/context.ts';
import { planArb } from '../generators/plan-arb.ts';
import { castSetsOff, castTriggersNow, castTriggersResolved, multipliersArb, possibleWatchers, quieted, wardArb, watchersArb, withTriggerOrder } from '../generators/triggers.ts';
import { BARE_CAPABILITIES, CONTEXTS, expectValidCard, REFERENCE_CAPABILITIES, samples } from './fixtures/generator-parts.ts';

const KINDS = ['cast', 'land', 'tap', 'token', 'damage', 'death'];

describe('watchers', () => {
  it('are valid cards with triggered abilities, on either side, up to four synthetic or five printed ones', () => {
    for (const name of ['reference', 'printed-only'] as const) {
      const ctx = CONTEXTS[name];
      const drawn = samples(watchersArb(ctx));
      for (const watchers of drawn) {
        expect(watchers.length).toBeLessThanOrEqual(ctx.caps.cards.synthetic ? 4 : 5);
        for (const w of watchers) {
          expectValidCard(w.def);
          expect(w.def.triggers?.length).toBeGreaterThan(0);
          expect(KINDS).toContain(w.kind);
          expect(['p1', 'p2']).toContain(w.side);
          if (!ctx.caps.cards.synthetic) expect(ctx.byName(w.def.name)).toBe(w.def);
        }
      }
      const kinds = new Set(drawn.flat().map((w) => w.kind));
      expect(kinds.size, [...kinds].join()).toBeGreaterThanOrEqual(4);
      expect(drawn.flat().some((w) => w.fed) && drawn.flat().some((w) => !w.fed)).toBe(true);
    }
    expect(samples(watchersArb(CONTEXTS.bare)).every((w) => w.length === 0)).toBe(true);
  });

  it('are one a player where the engine takes no trigger order', () => {
    const noOrder = contextFor({ ...REFERENCE_CAPABILITIES, choices: [] });
    for (const watchers of samples(watchersArb(CONTEXTS.reference))) {
      const kept = possibleWatchers(watchers, noOrder);
      expect(new Set(kept.map((w) => w.side)).size).toBe(kept.length);
      expect(possibleWatchers(watchers, CONTEXTS.reference)).toBe(watchers);
    }
  });
});

describe('multipliers and the ward', () => {
  it('are 0 to 2 multipliers and a ward now and then, none for an engine without triggers', () => {
    const multipliers = samples(multipliersArb(CONTEXTS.reference));
    expect(new Set(multipliers)).toEqual(new Set([0, 1, 2]));
    expect(samples(wardArb(CONTEXTS.reference)).some((w) => w)).toBe(true);
    expect(samples(multipliersArb(CONTEXTS.bare)).every((m) => m === 0)).toBe(true);
    expect(samples(wardArb(contextFor(BARE_CAPABILITIES))).every((w) => !w)).toBe(true);
  });
});

describe('quiet plans', () => {
  it('have no watchers, multipliers, ward, put kicker permanent, or synthetic triggered abilities', () => {
    for (const plan of samples(planArb({ capabilities: REFERENCE_CAPABILITIES }, CONTEXTS.reference), 100)) {
      const q = quieted(plan);
      expect(q.watchers).toEqual([]);
      expect(q.multipliers).toBe(0);
      expect(q.ward).toBe(false);
      expect(q.boardFollowUps).not.toContain('put-kicker-permanent');
      expect(q.bystanders.every((d) => !d.triggers)).toBe(true);
      if (!q.spliceOracle) expect(q.splices.every((d) => !d.triggers)).toBe(true);
    }
  });
});

describe('trigger order', () => {
  it('names every triggered ability, reversed from the default, on the actions that take one', () => {
    const watcher = catalog().get('Bloodstone Goblin')!;
    const cards = [{ id: 'w1', oracle: watcher.name }, { id: 'w2', oracle: watcher.name }, { id: 'main', oracle: 'Burst Lightning' }];
    const defs = [watcher, watcher, catalog().get('Burst Lightning')!];
    const actions: Action[] = [{ do: 'cast', card: 'main' }, { do: 'tap', permanent: 'w1' }];
    const ordered = withTriggerOrder(actions, defs, cards, false) as (Action & { triggerOrder?: string[] })[];
    const abilities = watcher.triggers!.length;
    expect(ordered[0]!.triggerOrder).toHaveLength(2 * abilities);
    expect(ordered[0]!.triggerOrder![0]).toBe(`w2#${abilities - 1}`);
    expect(ordered[1]!.triggerOrder).toBeUndefined();
    const partial = withTriggerOrder([{ do: 'resolve' }], defs, cards, true) as (Action & { triggerOrder?: string[] })[];
    expect(partial[0]!.triggerOrder).toHaveLength(2 * abilities - 1);
  });
});

describe('the ledger of abilities that trigger on a cast only once each turn', () => {
  const watcher = (name: string, once: 'oncePerTurn' | 'triggersOnlyOnceEachTurn'): CardDefinition => ({
    name,
    manaCost: '{1}',
    types: ['Enchantment'],
    triggers: [{ event: 'spellCast', [once]: true, effects: [{ kind: 'gainLife', amount: 1 }] }],
  });

  it('uses up "triggers only once" as it triggers and "do this only once" as it resolves, for every part that casts after (CR 603.2h)', () => {
    const b = new Builder(true);
    b.permanent('w1', watcher('Once Done', 'oncePerTurn'), false, 'p1');
    b.permanent('w2', watcher('Once Triggered', 'triggersOnlyOnceEachTurn'), false, 'p2');
    // The main cast: both trigger, and stay on the stack.
    expect(castSetsOff(b, false, 'p1', false)).toBe(2);
    // Stifle cast above them meets the one that has not resolved yet, and resolves it.
    expect(castTriggersNow(b, false, 'p2').map((t) => t.controller)).toEqual(['p1']);
    expect(castSetsOff(b, false, 'p2', true)).toBe(1);
    expect(castTriggersNow(b, true, 'p1')).toEqual([]);
  });

  it('uses up "do this only once" where the abilities of an earlier cast resolve', () => {
    const b = new Builder(true);
    b.permanent('w1', watcher('Once Done', 'oncePerTurn'), false, 'p2');
    expect(castSetsOff(b, true, 'p1', false)).toBe(1);
    expect(castTriggersNow(b, false, 'p1')).toHaveLength(1);
    castTriggersResolved(b, true, 'p1');
    expect(castTriggersNow(b, false, 'p1')).toEqual([]);
  });
});
