// A mismatch of shape (a target group, an object, a field or a copy more or less than the rules call
// for) is a failure of the property that looks for it, never a reason to stop checking: each case
// passes on the reference engine's trace and fails once the trace is broken that way.
import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario, StackSpell, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { Run, type CheckContext, type Verdict } from '../properties/property.ts';
import { editableCopy } from './fixtures/traces.ts';

const engine = new ReferenceEngine();

function scenario(cards: Scenario['cards'], p1: Omit<Scenario['players'][0], 'id'>, actions: Scenario['actions'], p2: Omit<Scenario['players'][1], 'id'> = {}): Scenario {
  return { format: 'castcheck-scenario/1', cards, players: [{ id: 'p1', ...p1 }, { id: 'p2', ...p2 }], actions };
}

/** A kicked Jilt (a second target only if kicked) copied by an effect. */
const COPIED_JILT = scenario(
  [{ id: 'jilt', oracle: 'Jilt' }, { id: 'bears', oracle: 'Grizzly Bears' }, { id: 'giant', oracle: 'Hill Giant' }],
  { hand: ['jilt'], mana: { U: 1, R: 1, C: 2 } },
  [
    { do: 'cast', card: 'jilt', kicker: ['A'], targets: [['bears'], ['giant']] },
    { do: 'copy', id: 'copy', spell: 'jilt' },
  ],
  { battlefield: [{ card: 'bears' }, { card: 'giant' }] },
);

/** Comet Storm with X=2 copied: the copy has the original's X. */
const COPIED_COMET = scenario([{ id: 'comet', oracle: 'Comet Storm' }], { hand: ['comet'], mana: { R: 2, C: 2 } }, [
  { do: 'cast', card: 'comet', x: 2, targets: [['p2']] },
  { do: 'copy', id: 'copy', spell: 'comet' },
]);

/** Burst Lightning, kicked, copied by Twincast as it resolves. */
const TWINCAST = scenario(
  [{ id: 'bolt', oracle: 'Burst Lightning' }, { id: 'twin', oracle: 'Twincast' }],
  { hand: ['bolt', 'twin'], mana: { R: 1, U: 2, C: 4 } },
  [
    { do: 'cast', card: 'bolt', kicker: ['A'], targets: [['p2']] },
    { do: 'cast', card: 'twin', targets: [['bolt']] },
    { do: 'resolve', id: 'twincopy' },
  ],
);

/** Lava Spike with Glacial Ray spliced onto it, copied. */
const COPIED_SPLICE = scenario([{ id: 'spike', oracle: 'Lava Spike' }, { id: 'ray', oracle: 'Glacial Ray' }], { hand: ['spike', 'ray'], mana: { R: 2, C: 1 } }, [
  { do: 'cast', card: 'spike', splice: ['ray'], targets: [['p2'], ['p2']] },
  { do: 'copy', id: 'copy', spell: 'spike' },
]);

/** Kavu Titan kicked, copied, the copy resolving into a token. */
const TITAN_TOKEN = scenario([{ id: 'titan', oracle: 'Kavu Titan' }], { hand: ['titan'], mana: { G: 2, C: 3 } }, [
  { do: 'cast', card: 'titan', kicker: ['A'] },
  { do: 'copy', id: 'copy', spell: 'titan' },
  { do: 'resolve' },
]);

/** Rend-then-bounce: a destroy effect, then a spliced bounce of the same creature, which finds nothing (CR 702.47b). */
const DESTROY_THEN_BOUNCE = scenario(
  [
    { id: 'rend', definition: { name: 'Rend Arcane', manaCost: '{B}', types: ['Instant'], subtypes: ['Arcane'], targets: [{ kind: 'creature' }], effects: [{ kind: 'destroy', target: 0 }] } },
    {
      id: 'wind',
      definition: { name: 'Wind Splice', manaCost: '{U}', types: ['Instant'], subtypes: ['Arcane'], splice: { onto: 'Arcane', cost: { mana: '{1}' } }, targets: [{ kind: 'creature' }], effects: [{ kind: 'bounce', target: 0 }] },
    },
    { id: 'bears', oracle: 'Grizzly Bears' },
  ],
  { hand: ['rend', 'wind'], mana: { B: 1, C: 1 } },
  [{ do: 'cast', card: 'rend', splice: ['wind'], targets: [['bears'], ['bears']] }, { do: 'resolve' }],
  { battlefield: [{ card: 'bears' }] },
);

/** Gnarlid Pack multikicked once, resolved. */
const PACK = scenario([{ id: 'pack', oracle: 'Gnarlid Pack' }, { id: 'bears', oracle: 'Grizzly Bears' }], { hand: ['pack', 'bears'], mana: { G: 3, C: 3 } }, [
  { do: 'cast', card: 'pack', multikicker: 1 },
  { do: 'resolve' },
  { do: 'putOntoBattlefield', card: 'bears' },
]);

/** Gnarlid Pack multikicked once and resolved (a 2/2 with one +1/+1 counter), then a Forest put onto the battlefield. */
const PACK_AND_FOREST = scenario([{ id: 'pack', oracle: 'Gnarlid Pack' }, { id: 'forest', oracle: 'Forest' }], { hand: ['pack', 'forest'], mana: { G: 3, C: 3 } }, [
  { do: 'cast', card: 'pack', multikicker: 1 },
  { do: 'resolve' },
  { do: 'putOntoBattlefield', card: 'forest' },
]);

const ctx: CheckContext = {
  readings: { spliceCopy: 'ruling' },
  rerun: async (variant) => new Run(normalizeScenario(variant), engine.runSync(variant)),
  reference: async () => {
    throw new Error('no agreement here');
  },
};

async function verdict(id: string, s: Scenario, breakTrace?: (t: Trace) => void, c: CheckContext = ctx): Promise<Verdict> {
  const p = propertyById(id)!;
  const n = normalizeScenario(s);
  expect(p.applies(n), `${id} applies`).toBe(true);
  const trace = editableCopy(engine.runSync(n));
  breakTrace?.(trace);
  return p.check(new Run(n, trace), c);
}

const spellAt = (t: Trace, step: number, id: string): StackSpell => {
  const o = t.steps[step]!.state.stack.find((x) => x.id === id);
  if (o?.kind !== 'spell') throw new Error(`no spell ${id} after step ${step}`);
  return o;
};
const dropFromStack = (t: Trace, step: number, id: string) => {
  const state = t.steps[step]!.state;
  state.stack = state.stack.filter((o) => o.id !== id);
};

describe('a mismatch of shape fails the property that looks for it', () => {
  it('copies.same-choices: a copy of a kicked Jilt without its kicked-only target group', async () => {
    expect(await verdict('copies.same-choices', COPIED_JILT)).toMatchObject({ status: 'pass' });
    expect(await verdict('copies.same-choices', COPIED_JILT, (t) => void (spellAt(t, 1, 'copy').targets = [['bears']]))).toMatchObject({ status: 'fail' });
  });

  it('copies.same-choices: a copy that gained a target group, or lost a spliced card\'s group under the Everdream ruling', async () => {
    expect(await verdict('copies.same-choices', COPIED_JILT, (t) => void (spellAt(t, 1, 'copy').targets = [['bears'], ['giant'], ['giant']]))).toMatchObject({ status: 'fail' });
    expect(await verdict('copies.same-choices', COPIED_SPLICE)).toMatchObject({ status: 'pass' });
    expect(await verdict('copies.same-choices', COPIED_SPLICE, (t) => void (spellAt(t, 1, 'copy').targets = [['p2']]))).toMatchObject({ status: 'fail' });
  });

  it('copies.same-choices: under the literal reading the spliced card\'s group goes with its text, and only then', async () => {
    const literal = new ReferenceEngine({ spliceCopy: 'literal' });
    const n = normalizeScenario(COPIED_SPLICE);
    const p = propertyById('copies.same-choices')!;
    const lctx = { ...ctx, readings: { spliceCopy: 'literal' as const } };
    const t = literal.runSync(n);
    expect(spellAt(t, 1, 'copy').targets).toEqual([['p2']]);
    expect(await p.check(new Run(n, t), lctx)).toMatchObject({ status: 'pass' });
    const kept = editableCopy(t);
    spellAt(kept, 1, 'copy').targets = [['p2'], ['p2']];
    expect(await p.check(new Run(n, kept), lctx)).toMatchObject({ status: 'fail' });
  });

  it('every copies property: a copy action accepted with no copy on the stack', async () => {
    for (const id of ['copies.same-choices', 'copies.kicked-like-original', 'copies.original-unchanged', 'costs.copy-same-mana-value']) {
      expect(await verdict(id, COPIED_JILT, (t) => dropFromStack(t, 1, 'copy')), id).toMatchObject({ status: 'fail' });
    }
  });

  it('copies.kicked-like-original: Twincast resolving with a legal target and making no copy', async () => {
    expect(await verdict('copies.kicked-like-original', TWINCAST)).toMatchObject({ status: 'pass' });
    expect(await verdict('copies.kicked-like-original', TWINCAST, (t) => dropFromStack(t, 2, 'twincopy'))).toMatchObject({ status: 'fail' });
  });

  it('copies.kicked-like-original: a kicker field shown for the original and left out for its copy', async () => {
    expect(await verdict('copies.kicked-like-original', COPIED_JILT, (t) => void delete spellAt(t, 1, 'copy').kicker)).toMatchObject({ status: 'fail' });
  });

  it('costs.copy-same-mana-value and copies.same-choices: X shown for the original and left out for its copy', async () => {
    expect(await verdict('costs.copy-same-mana-value', COPIED_COMET)).toMatchObject({ status: 'pass' });
    for (const id of ['costs.copy-same-mana-value', 'copies.same-choices']) {
      expect(await verdict(id, COPIED_COMET, (t) => void delete spellAt(t, 1, 'copy').x), id).toMatchObject({ status: 'fail' });
    }
  });

  it('copies.same-characteristics: a mana cost shown for the original and left out for its copy', async () => {
    expect(await verdict('copies.same-characteristics', COPIED_JILT, (t) => void delete spellAt(t, 1, 'copy').manaCost)).toMatchObject({ status: 'fail' });
  });

  it('copies.original-unchanged: the original gone from the stack once copied', async () => {
    expect(await verdict('copies.original-unchanged', COPIED_JILT, (t) => dropFromStack(t, 1, 'jilt'))).toMatchObject({ status: 'fail' });
  });

  it('copies.keep-splice: the spliced cards shown for the original and left out for its copy', async () => {
    expect(await verdict('copies.keep-splice', COPIED_SPLICE)).toMatchObject({ status: 'pass' });
    expect(await verdict('copies.keep-splice', COPIED_SPLICE, (t) => void delete spellAt(t, 1, 'copy').spliced)).toMatchObject({ status: 'fail' });
  });

  it('copies.permanent-copy-is-kicked-token: a copy of a permanent spell that resolves into nothing', async () => {
    expect(await verdict('copies.permanent-copy-is-kicked-token', TITAN_TOKEN)).toMatchObject({ status: 'pass' });
    const gone = (t: Trace) => void (t.steps[2]!.state.battlefield = t.steps[2]!.state.battlefield.filter((p) => p.id !== 'copy'));
    expect(await verdict('copies.permanent-copy-is-kicked-token', TITAN_TOKEN, gone)).toMatchObject({ status: 'fail' });
  });

  it('costs.total-cost-paid and costs.reductions-only-generic: a pool or a total cost the engine declares it observes, left out', async () => {
    expect(await verdict('costs.total-cost-paid', COPIED_JILT, (t) => void delete t.steps[0]!.state.players[0]!.mana)).toMatchObject({ status: 'fail' });
    expect(await verdict('costs.reductions-only-generic', costChangedBolt())).toMatchObject({ status: 'pass' });
    expect(await verdict('costs.reductions-only-generic', costChangedBolt(), (t) => void delete spellAt(t, 0, 'bolt').totalCost)).toMatchObject({ status: 'fail' });
  });

  it('the cast properties: a cast accepted with no spell on the stack', async () => {
    const cases: [string, Scenario][] = [
      ['costs.total-cost-paid', COPIED_JILT],
      ['costs.reductions-only-generic', costChangedBolt()],
      ['kicker.declarations', COPIED_JILT],
      ['kicker.targets-only-if-kicked', COPIED_JILT],
      ['splice.keeps-main-characteristics', COPIED_SPLICE],
      ['costs.x-zero-on-free-cast', scenario([{ id: 'comet', oracle: 'Comet Storm' }], { hand: ['comet'] }, [{ do: 'cast', card: 'comet', x: 0, withoutPayingManaCost: true, targets: [['p2']] }])],
    ];
    for (const [id, s] of cases) {
      expect(await verdict(id, s), id).toMatchObject({ status: 'pass' });
      expect(await verdict(id, s, (t) => void (t.steps[0]!.state.stack = [])), id).toMatchObject({ status: 'fail' });
    }
  });

  it('costs.mana-value-unchanged: a spell on the stack that is no card of the scenario', async () => {
    expect(await verdict('costs.mana-value-unchanged', COPIED_COMET, (t) => void (spellAt(t, 0, 'comet').card = 'nothing'))).toMatchObject({ status: 'fail' });
  });

  it('permanents.enters-with-counters and not-kicked-without-casting: a permanent that should have entered and is not there', async () => {
    expect(await verdict('permanents.enters-with-counters', PACK)).toMatchObject({ status: 'pass' });
    const gone = (step: number, id: string) => (t: Trace) => void (t.steps[step]!.state.battlefield = t.steps[step]!.state.battlefield.filter((p) => p.id !== id));
    expect(await verdict('permanents.enters-with-counters', PACK, gone(1, 'pack'))).toMatchObject({ status: 'fail' });
    expect(await verdict('permanents.not-kicked-without-casting', PACK)).toMatchObject({ status: 'pass' });
    expect(await verdict('permanents.not-kicked-without-casting', PACK, gone(2, 'bears'))).toMatchObject({ status: 'fail' });
  });

  it('kicker.if-kicked-keywords: a kicked Kavu Titan that should have entered and is not there', async () => {
    const titan = scenario([{ id: 'titan', oracle: 'Kavu Titan' }], { hand: ['titan'], mana: { G: 2, C: 3 } }, [{ do: 'cast', card: 'titan', kicker: ['A'] }, { do: 'resolve' }]);
    expect(await verdict('kicker.if-kicked-keywords', titan)).toMatchObject({ status: 'pass' });
    const gone = (t: Trace) => void (t.steps[1]!.state.battlefield = t.steps[1]!.state.battlefield.filter((p) => p.id !== 'titan'));
    expect(await verdict('kicker.if-kicked-keywords', titan, gone)).toMatchObject({ status: 'fail' });
  });

  it('casting.kick-belongs-to-its-cast: a card cast again, accepted, and not on the stack', async () => {
    // Kicked Burst Lightning the pool cannot pay is rejected; the same card cast again unkicked is accepted.
    const again = scenario([{ id: 'bolt', oracle: 'Burst Lightning' }], { hand: ['bolt'], mana: { R: 1 } }, [
      { do: 'cast', card: 'bolt', kicker: ['A'], targets: [['p2']] },
      { do: 'cast', card: 'bolt', targets: [['p2']] },
    ]);
    expect(await verdict('casting.kick-belongs-to-its-cast', again)).toMatchObject({ status: 'pass' });
    const gone = (t: Trace) => void (t.steps[1]!.state.stack = []);
    expect(await verdict('casting.kick-belongs-to-its-cast', again, gone)).toMatchObject({ status: 'fail' });
  });

  it('resolution.player-effects: a spell resolving with a target group more than its requirements', async () => {
    const s = scenario([{ id: 'bolt', oracle: 'Burst Lightning' }], { hand: ['bolt'], mana: { R: 1 } }, [{ do: 'cast', card: 'bolt', targets: [['p2']] }, { do: 'resolve' }]);
    expect(await verdict('resolution.player-effects', s)).toMatchObject({ status: 'pass' });
    expect(await verdict('resolution.player-effects', s, (t) => void (spellAt(t, 0, 'bolt').targets = [['p2'], ['p1']]))).toMatchObject({ status: 'fail' });
  });

  it('resolution.player-effects: the spliced bounce happening before the main destroy (the creature in its owner\'s hand)', async () => {
    expect(await verdict('resolution.player-effects', DESTROY_THEN_BOUNCE)).toMatchObject({ status: 'pass' });
    const bouncedFirst = (t: Trace) => {
      const p2 = t.steps[1]!.state.players[1]!;
      p2.graveyard = p2.graveyard.filter((id) => id !== 'bears');
      p2.hand = [...p2.hand, 'bears'];
    };
    expect(await verdict('resolution.player-effects', DESTROY_THEN_BOUNCE, bouncedFirst)).toMatchObject({ status: 'fail' });
  });

  it('triggers.cast-triggers-once-per-cast and becomes-tapped: judged from the declaration and the board, whatever the stack shows', async () => {
    const watched = scenario(
      [{ id: 'bolt', oracle: 'Burst Lightning' }, { id: 'w', definition: { name: 'Kick Watcher', manaCost: '{2}', types: ['Creature'], power: 1, toughness: 1, triggers: [{ event: 'spellCast', if: 'kicked', effects: [{ kind: 'gainLife', amount: 1 }] }] } }],
      { hand: ['bolt'], mana: { R: 1, C: 4 }, battlefield: [{ card: 'w' }] },
      [{ do: 'cast', card: 'bolt', kicker: ['A'], targets: [['p2']] }],
    );
    expect(await verdict('triggers.cast-triggers-once-per-cast', watched)).toMatchObject({ status: 'pass' });
    // The spell missing from the stack: the kicked cast still triggers the watcher, and nothing did.
    expect(await verdict('triggers.cast-triggers-once-per-cast', watched, (t) => {
      t.steps[0]!.state.stack = [];
      delete t.steps[0]!.triggered;
    })).toMatchObject({ status: 'fail' });
    const tapped = scenario(
      [{ id: 'land', oracle: 'Mountain' }, { id: 'w', definition: { name: 'Tap Watcher', manaCost: '{2}', types: ['Creature'], power: 1, toughness: 1, triggers: [{ event: 'becomesTapped', effects: [{ kind: 'gainLife', amount: 1 }] }] } }],
      { battlefield: [{ card: 'land' }, { card: 'w' }] },
      [{ do: 'tap', permanent: 'land' }],
    );
    expect(await verdict('triggers.becomes-tapped', tapped)).toMatchObject({ status: 'pass' });
    expect(await verdict('triggers.becomes-tapped', tapped, (t) => void (t.steps[0]!.state.battlefield = t.steps[0]!.state.battlefield.filter((p) => p.id !== 'land')))).toMatchObject({ status: 'fail' });
  });

  it('relations.one-more-multikick: the permanent there with one more kick and missing as cast', async () => {
    const p = propertyById('relations.one-more-multikick')!;
    const n = normalizeScenario(scenario([{ id: 'pack', oracle: 'Gnarlid Pack' }], { hand: ['pack'], mana: { G: 2, C: 2 } }, [{ do: 'cast', card: 'pack', multikicker: 1 }]));
    const withoutPack = (r: Run) => {
      const t = editableCopy(r.trace);
      for (const step of t.steps) step.state.battlefield = step.state.battlefield.filter((x) => x.id !== 'pack');
      return new Run(r.scenario, t);
    };
    // The base run (the scenario resolved to the end) loses the permanent; the run kicked once more keeps it.
    const broken: CheckContext = {
      ...ctx,
      rerun: async (variant) => {
        const r = new Run(normalizeScenario(variant), engine.runSync(variant));
        const cast = variant.actions[0]!;
        return cast.do === 'cast' && cast.multikicker === 1 ? withoutPack(r) : r;
      },
    };
    expect(await p.check(new Run(n, engine.runSync(n)), ctx)).toMatchObject({ status: 'pass' });
    expect(await p.check(new Run(n, engine.runSync(n)), broken)).toMatchObject({ status: 'fail' });
  });

  it('relations.one-more-multikick: a spell bounced and cast again is kicked once more at its last cast', async () => {
    const p = propertyById('relations.one-more-multikick')!;
    const n = normalizeScenario(
      scenario([{ id: 'pack', oracle: 'Gnarlid Pack' }], { hand: ['pack'], mana: { G: 4, C: 6 } }, [
        { do: 'cast', card: 'pack', multikicker: 1 },
        { do: 'bounce', object: 'pack' },
        { do: 'cast', id: 'recast', card: 'pack', multikicker: 1 },
        { do: 'resolve' },
      ]),
    );
    // An engine that drops the last kick of a recast spell: the permanent enters with what it had kicked once.
    const broken: CheckContext = {
      ...ctx,
      rerun: async (variant) => {
        const t = editableCopy(engine.runSync(variant));
        const recast = variant.actions[2]!;
        if (recast.do === 'cast' && recast.multikicker === 2) for (const step of t.steps) for (const x of step.state.battlefield) if (x.id === 'pack') x.counters = { '+1/+1': 1 };
        return new Run(normalizeScenario(variant), t);
      },
    };
    const run = new Run(n, engine.runSync(n));
    expect(run.steps.map((s) => s.step.outcome)).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
    expect(await p.check(run, ctx)).toMatchObject({ status: 'pass', checks: 1 });
    expect(await p.check(run, broken)).toMatchObject({ status: 'fail' });
  });

  it('permanents.power-toughness: power and toughness left out for a creature, or shown for a land', async () => {
    const permanent = (t: Trace, step: number, id: string) => t.steps[step]!.state.battlefield.find((p) => p.id === id)!;
    expect(await verdict('permanents.power-toughness', PACK_AND_FOREST)).toMatchObject({ status: 'pass' });
    expect(await verdict('permanents.power-toughness', PACK_AND_FOREST, (t) => void delete permanent(t, 1, 'pack').toughness)).toMatchObject({ status: 'fail' });
    expect(await verdict('permanents.power-toughness', PACK_AND_FOREST, (t) => void (permanent(t, 1, 'pack').power = 2))).toMatchObject({ status: 'fail' });
    expect(await verdict('permanents.power-toughness', PACK_AND_FOREST, (t) => void Object.assign(permanent(t, 2, 'forest'), { power: 0, toughness: 0 }))).toMatchObject({ status: 'fail' });
  });
});

/** A kicked Burst Lightning cast with a {1} reduction on the battlefield. */
function costChangedBolt(): Scenario {
  return scenario(
    [{ id: 'bolt', oracle: 'Burst Lightning' }, { id: 'cut', definition: { name: 'Cost Cutter', manaCost: '{2}', types: ['Artifact'], statics: [{ kind: 'costReduction', amount: 1 }] } }],
    { hand: ['bolt'], mana: { R: 1, C: 3 }, battlefield: [{ card: 'cut' }] },
    [{ do: 'cast', card: 'bolt', kicker: ['A'], targets: [['p2']] }],
  );
}
