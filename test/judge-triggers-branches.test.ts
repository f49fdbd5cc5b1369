// Breakers for branches of properties/triggers.ts that the whole-scenario tests leave open: which
// permanents count as lands put into a graveyard (CR 603.2c) and as creatures that died (CR 700.4,
// 603.10), which abilities of the permanents there each property counts, and the kicker conditions that
// pick the entries judged (CR 603.4, 702.33f); what the engine reports triggered changed by hand.
import { describe, expect, it } from 'vitest';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import type { CardDefinition, Scenario, Trace, TriggeredAbility } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { Run } from '../properties/property.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, step, verdictOf } from './fixtures/trace-edits.ts';

const fired = (id: string, source: string, ability = 0, controller: 'p1' | 'p2' = 'p1') => ({ id, source, ability, controller });
const gain = [{ kind: 'gainLife' as const, amount: 1 }] as TriggeredAbility['effects'];
const watcher = (name: string, ...triggers: Omit<TriggeredAbility, 'effects'>[]): CardDefinition => ({ name, manaCost: '{2}', types: ['Creature'], power: 1, toughness: 4, triggers: triggers.map((t) => ({ effects: gain, ...t }) as TriggeredAbility) });
const landWatcherLand: CardDefinition = { name: 'Watching Ground', types: ['Land'], triggers: [{ event: 'landToGraveyard', whose: 'any', effects: gain }] };

/** The reference engine's trace of `s`, changed by `edit`. */
function traced(s: NormalizedScenario, edit: (t: Trace) => void = () => {}): Trace {
  const t = editableCopy(engine.runSync(s));
  edit(t);
  return t;
}

describe('triggers.once-per-land: the lands that went to a graveyard', () => {
  const p = propertyById('triggers.once-per-land')!;

  it('destroying every land, the watching land among them, is judged though nothing stays on the battlefield', async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [{ id: 'ground', definition: landWatcherLand }, { id: 'm1', oracle: 'Mountain' }],
      players: [{ id: 'p1', battlefield: [{ card: 'ground' }, { card: 'm1' }] }, { id: 'p2' }],
      actions: [{ do: 'destroyAll', filter: { types: ['Land'] } }],
    });
    expect(step(traced(s), 0).state.battlefield).toEqual([]);
    expect(await verdictOf(p, s, traced(s))).toEqual({ status: 'pass', checks: 1 });
    expect(await verdictOf(p, s, traced(s, (t) => (step(t, 0).triggered = [])))).toEqual({ status: 'fail', step: 'a1', expected: '2 land(s) to the graveyard trigger ground#0×2', observed: 'nothing', checks: 1 });
  });

  const withBears: Scenario = {
    format: 'castcheck-scenario/1',
    cards: [{ id: 'lw', definition: watcher('Land Watcher', { event: 'landToGraveyard', whose: 'any' }) }, { id: 'm1', oracle: 'Mountain' }, { id: 'bears', oracle: 'Grizzly Bears' }, { id: 'ox', oracle: 'Hill Giant' }],
    players: [{ id: 'p1', battlefield: [{ card: 'lw' }, { card: 'm1' }, { card: 'ox' }] }, { id: 'p2', battlefield: [{ card: 'bears' }] }],
    actions: [{ do: 'destroy', permanent: 'm1' }, { do: 'destroy', permanent: 'bears' }],
  };

  it('a land destroyed while several permanents stay is judged; a creature destroyed is no land', async () => {
    const s = normalizeScenario(withBears);
    expect(await verdictOf(p, s, traced(s))).toEqual({ status: 'pass', checks: 1 });
    expect(await verdictOf(p, s, traced(s, (t) => (step(t, 0).triggered = [])))).toEqual({ status: 'fail', step: 'a1', expected: '1 land(s) to the graveyard trigger lw#0×1', observed: 'nothing', checks: 1 });
  });

  it('a land shown both in a graveyard and still on the battlefield did not go to the graveyard', async () => {
    const s = normalizeScenario(withBears);
    const t = traced(s, (t) => {
      step(t, 0).state.battlefield.push({ ...step(t, 0).state.battlefield[0]!, id: 'm1', name: 'Mountain' });
      step(t, 0).triggered = [];
    });
    expect(step(t, 0).state.players[0]!.graveyard).toEqual(['m1']);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'n/a' });
  });
});

describe('triggers.creatures-die: what died, and which abilities count', () => {
  const p = propertyById('triggers.creatures-die')!;
  const deaths = (more: Partial<Scenario> = {}, watchers: CardDefinition[] = [watcher('Death Watcher', { event: 'creaturesDie' })]): NormalizedScenario =>
    normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [...watchers.map((definition, i) => ({ id: `dw${i || ''}`, definition })), { id: 'bears', oracle: 'Grizzly Bears' }, { id: 'm1', oracle: 'Mountain' }, { id: 'dead', oracle: 'Hill Giant' }],
      players: [{ id: 'p1', graveyard: ['dead'], battlefield: [...watchers.map((_, i) => ({ card: `dw${i || ''}` })), { card: 'm1' }] }, { id: 'p2', battlefield: [{ card: 'bears' }] }],
      actions: [{ do: 'destroy', permanent: 'bears' }],
      ...more,
    });

  it("a permanent's ability of another event, and a watcher whose 'if you control' is not met, are not counted", async () => {
    const tapWatcher = watcher('Tap Watcher', { event: 'becomesTapped', whose: 'any' });
    const s = deaths({}, [watcher('Death Watcher', { event: 'creaturesDie' }), tapWatcher, watcher('Picky Watcher', { event: 'creaturesDie', ifYouControl: { name: 'Nothing Here' } })]);
    const t = traced(s);
    expect(step(t, 0).triggered?.map((x) => x.source)).toEqual(['dw']);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
  });

  it('a land destroyed is no creature dying: a trigger for it fails, and none is looked for', async () => {
    const s = deaths({ actions: [{ do: 'destroy', permanent: 'm1' }] });
    expect(await verdictOf(p, s, traced(s))).toEqual({ status: 'n/a' });
    expect(await verdictOf(p, s, traced(s, (t) => (step(t, 0).triggered = [fired('x', 'dw')])))).toEqual({ status: 'fail', step: 'a1', expected: 'dw#0 triggers 0 time(s): no other creature died', observed: '1 time(s)', checks: 1 });
  });

  it('a creature bounced is no death, however many creature cards were in a graveyard already', async () => {
    const s = deaths({ actions: [{ do: 'bounce', object: 'bears' }] });
    expect(await verdictOf(p, s, traced(s))).toEqual({ status: 'n/a' });
    expect(await verdictOf(p, s, traced(s, (t) => (step(t, 0).triggered = [fired('x', 'dw')])))).toEqual({ status: 'fail', step: 'a1', expected: 'dw#0 triggers 0 time(s): no other creature died', observed: '1 time(s)', checks: 1 });
  });

  it('a creature token flickered ceases to exist but does not die: no trigger is looked for (CR 111.7, 700.4)', async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'dw', definition: watcher('Death Watcher', { event: 'creaturesDie' }) },
        { id: 'maker', definition: { name: 'Spirit Maker', manaCost: '{1}', types: ['Sorcery'], effects: [{ kind: 'createToken', amount: 1, token: { name: 'Spirit', types: ['Creature'], power: 1, toughness: 1 } }] } },
      ],
      players: [{ id: 'p1', hand: ['maker'], mana: { C: 1 }, battlefield: [{ card: 'dw' }] }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'maker' }, { do: 'resolve' }, { do: 'flicker', permanent: 'a2.k1' }],
    });
    const t = traced(s);
    expect(step(t, 2).state.battlefield.map((o) => o.id)).toEqual(['dw']);
    expect(step(t, 2).triggered ?? []).toEqual([]);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'n/a' });
  });

  /** A copy of Grizzly Bears resolves as a token (CR 707.10), then dies: destroyed (step 4) or by a sorcery (step 5, resolving in 6). */
  const copyToken = (actions: Scenario['actions']): NormalizedScenario =>
    normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'dw', definition: watcher('Death Watcher', { event: 'creaturesDie' }) },
        { id: 'bears', oracle: 'Grizzly Bears' },
        { id: 'doom', definition: { name: 'Doom', manaCost: '{1}', types: ['Sorcery'], targets: [{ kind: 'creature' }], effects: [{ kind: 'destroy', target: 0 }] } },
      ],
      players: [{ id: 'p1', hand: ['bears', 'doom'], mana: { G: 2, C: 1 }, battlefield: [{ card: 'dw' }] }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'bears' }, { do: 'copy', id: 'copy', spell: 'bears' }, { do: 'resolve' }, { do: 'resolve' }, ...actions],
    });

  it('a token copy of a creature card dies as it leaves: destroyed, it is the one the failure names; the creatures that stay are not', async () => {
    const s = copyToken([{ do: 'destroy', permanent: 'copy' }]);
    const t = traced(s);
    expect(step(t, 3).state.battlefield.map((o) => [o.id, o.token])).toEqual([['bears', false], ['copy', true], ['dw', false]]);
    expect(step(t, 4).triggered?.map((x) => x.source)).toEqual(['dw']);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    expect(await verdictOf(p, s, traced(s, (t) => (step(t, 4).triggered = [])))).toEqual({ status: 'fail', step: 'a5', expected: 'dw#0 triggers 1 time(s): ["copy"] left the battlefield', observed: '0 time(s)', checks: 1 });
  });

  it('a token copy gone during a resolution may have been bounced as well as killed (it ceases to exist either way): no trigger is no failure', async () => {
    const s = copyToken([{ do: 'cast', card: 'doom', targets: [['copy']] }, { do: 'resolve' }]);
    const t = traced(s);
    expect(step(t, 5).triggered?.map((x) => x.source)).toEqual(['dw']);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    expect(await verdictOf(p, s, traced(s, (t) => (step(t, 5).triggered = [])))).toEqual({ status: 'n/a' });
  });

  it('with the powers of permanents shown, a token shown with none was no creature', async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'dw', definition: watcher('Death Watcher', { event: 'creaturesDie' }) },
        { id: 'maker', definition: { name: 'Clue Maker', manaCost: '{1}', types: ['Sorcery'], effects: [{ kind: 'createToken', amount: 1, token: { name: 'Clue', types: ['Artifact'] } }] } },
      ],
      players: [{ id: 'p1', hand: ['maker'], mana: { C: 1 }, battlefield: [{ card: 'dw' }] }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'maker' }, { do: 'resolve' }, { do: 'destroyAll', filter: { types: ['Artifact'] } }],
    });
    const t = traced(s, (t) => (step(t, 2).triggered = [fired('x', 'dw')]));
    expect(step(t, 1).state.battlefield.map((o) => [o.id, o.power])).toEqual([['a2.k1', undefined], ['dw', 1]]);
    const shown = { capabilities: { observes: ['permanent.powerToughness'] } };
    const verdict = await p.check(new Run(s, t), shown as never);
    expect(verdict).toEqual({ status: 'fail', step: 'a3', expected: 'dw#0 triggers 0 time(s): no other creature died', observed: '1 time(s)', checks: 1 });
  });
});

describe('the enters-trigger properties: what is counted and which entries are judged', () => {
  const kicked = (trigger: Partial<TriggeredAbility>, kicker: ('A' | 'B')[] = []): NormalizedScenario =>
    normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        {
          id: 'gk',
          definition: {
            name: 'Kicked Thing',
            manaCost: '{1}',
            types: ['Artifact'],
            kicker: { costs: [{ mana: '{1}' }, { mana: '{2}' }] },
            triggers: [{ event: 'selfEnters', effects: gain, ...trigger } as TriggeredAbility, { event: 'creaturesDie', effects: gain }],
          },
        },
      ],
      players: [{ id: 'p1', hand: ['gk'], mana: { C: 4 } }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'gk', kicker }, { do: 'resolve' }],
    });

  it("triggers.enters-count: another ability of the entering permanent reported with its entry is not its enters ability; an unknown ability neither", async () => {
    const p = propertyById('triggers.enters-count')!;
    const s = kicked({});
    const t = traced(s);
    expect(step(t, 1).triggered?.map((x) => `${x.source}#${x.ability}`)).toEqual(['gk#0']);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    const more = traced(s, (t) => step(t, 1).triggered!.push(fired('x', 'gk', 1), fired('y', 'gk', 7)));
    expect(await verdictOf(p, s, more)).toEqual({ status: 'pass', checks: 1 });
  });

  it('triggers.linked-kicker-abilities judges a permanent whose only linked ability is to its A cost, or to its B cost', async () => {
    const p = propertyById('triggers.linked-kicker-abilities')!;
    for (const [cost, kicker] of [['kickedA', ['A']], ['kickedB', ['B']]] as const) {
      const s = kicked({ if: cost }, [...kicker]);
      expect(await verdictOf(p, s, traced(s)), cost).toEqual({ status: 'pass', checks: 1 });
      expect(await verdictOf(p, s, traced(s, (t) => (step(t, 1).triggered = []))), cost).toEqual({
        status: 'fail',
        step: 'a2',
        expected: `gk entering (kicked 1 times, ${kicker[0]} kicker costs) triggers gk#0×1`,
        observed: 'nothing',
        checks: 1,
      });
    }
  });

  it("triggers.intervening-if-false judges only a permanent with an enters ability whose 'if' is false", async () => {
    const p = propertyById('triggers.intervening-if-false')!;
    // Kicked with A: the ability "if it was kicked with B" is false, and no trigger is right.
    const s = kicked({ if: 'kickedB' }, ['A']);
    expect(await verdictOf(p, s, traced(s))).toEqual({ status: 'pass', checks: 1 });
    // An "if" that holds: no entry of this property's, whatever triggered.
    const holds = kicked({ if: 'kickedA' }, ['A']);
    expect(await verdictOf(p, holds, traced(holds, (t) => (step(t, 1).triggered = [])))).toEqual({ status: 'n/a' });
    // A permanent whose only false "if" is on an ability of another event is no entry of this property's.
    const other = normalizeScenario({
      ...s,
      cards: [...s.cards, { id: 'gk2', definition: { name: 'Other If', manaCost: '{1}', types: ['Artifact'], kicker: { costs: [{ mana: '{1}' }] }, triggers: [{ event: 'selfEnters', effects: gain }, { event: 'creaturesDie', if: 'kicked', effects: gain }] } }],
      players: [{ id: 'p1', hand: ['gk', 'gk2'], mana: { C: 5 } }, { id: 'p2' }],
      actions: [...s.actions, { do: 'cast', card: 'gk2' }, { do: 'resolve' }],
    });
    const t = traced(other);
    expect(step(t, 3).triggered?.map((x) => `${x.source}#${x.ability}`)).toEqual(['gk2#0']);
    expect(await verdictOf(p, other, t)).toEqual({ status: 'pass', checks: 1 });
  });
});

describe('triggers.becomes-tapped and triggers.once-each-turn', () => {
  it("a filter naming two subtypes fits a permanent with either (CR 603.2e)", async () => {
    const p = propertyById('triggers.becomes-tapped')!;
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [{ id: 'tw', definition: watcher('Basic Watcher', { event: 'becomesTapped', whose: 'any', filter: { subtypes: ['Swamp', 'Mountain'] } }) }, { id: 'm1', oracle: 'Mountain' }],
      players: [{ id: 'p1', battlefield: [{ card: 'tw' }, { card: 'm1' }] }, { id: 'p2' }],
      actions: [{ do: 'tap', permanent: 'm1' }],
    });
    expect(await verdictOf(p, s, traced(s))).toEqual({ status: 'pass', checks: 1 });
    expect(await verdictOf(p, s, traced(s, (t) => (step(t, 0).triggered = [])))).toEqual({ status: 'fail', step: 'a1', expected: 'tapping m1 triggers tw#0×1', observed: 'nothing', checks: 1 });
  });

  it('tapping a permanent already tapped triggers nothing, and the failure says it was tapped already (CR 603.2e)', async () => {
    const p = propertyById('triggers.becomes-tapped')!;
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [{ id: 'tw', definition: watcher('Basic Watcher', { event: 'becomesTapped', whose: 'any' }) }, { id: 'm1', oracle: 'Mountain' }],
      players: [{ id: 'p1', battlefield: [{ card: 'tw' }, { card: 'm1', tapped: true }] }, { id: 'p2' }],
      actions: [{ do: 'tap', permanent: 'm1' }],
    });
    const t = traced(s);
    expect(step(t, 0).outcome).toBe('accepted');
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    expect(await verdictOf(p, s, traced(s, (t) => (step(t, 0).triggered = [fired('x', 'tw')])))).toEqual({ status: 'fail', step: 'a1', expected: 'tapping m1, already tapped, triggers nothing', observed: 'tw#0×1', checks: 1 });
  });

  it('triggers.once-each-turn stops at the first step that fails', async () => {
    const p = propertyById('triggers.once-each-turn')!;
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [{ id: 'tw', definition: watcher('Once Watcher', { event: 'becomesTapped', whose: 'any', triggersOnlyOnceEachTurn: true }) }, { id: 'm1', oracle: 'Mountain' }, { id: 'm2', oracle: 'Mountain' }, { id: 'm3', oracle: 'Mountain' }],
      players: [{ id: 'p1', battlefield: [{ card: 'tw' }, { card: 'm1' }, { card: 'm2' }, { card: 'm3' }] }, { id: 'p2' }],
      actions: [{ do: 'tap', permanent: 'm1' }, { do: 'tap', permanent: 'm2' }, { do: 'tap', permanent: 'm3' }],
    });
    const t = traced(s);
    expect(t.steps.map((x) => x.triggered?.length ?? 0)).toEqual([1, 0, 0]);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    const twice = traced(s, (t) => {
      step(t, 1).triggered = [fired('x', 'tw')];
      step(t, 2).triggered = [fired('y', 'tw')];
    });
    expect(await verdictOf(p, s, twice)).toEqual({ status: 'fail', step: 'a2', expected: 'tw#0 triggers no more this turn: it has triggered', observed: 'it triggered', checks: 2 });
  });
});
