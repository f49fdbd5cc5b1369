// Faults in triggered abilities (CR 603): which events trigger what, how many times, with trigger
// multipliers (603.2d), intervening "if" (603.4), and in which order they go on the stack (603.3b).
import type { CardDefinition, TriggeredAbility } from '../../model/schema-types.ts';
import { permanentById } from '../reference/game.ts';
import type { Rules } from '../reference/rules-table.ts';
import { NOT_KICKED } from '../reference/triggers.ts';
import { tapPermanent } from '../reference/zones.ts';
import { oracle, scenario, synthetic, type Fault } from './fault.ts';

const watcher = (name: string, ability: TriggeredAbility): CardDefinition => ({ name, manaCost: '{2}', types: ['Creature'], power: 1, toughness: 4, triggers: [ability] });
const DAMAGE_WARD: CardDefinition = { name: 'Damage Ward', manaCost: '{2}{W}', types: ['Enchantment'], statics: [{ kind: 'preventDamage' }] };
const GAIN = [{ kind: 'gainLife' as const, amount: 1 }] as TriggeredAbility['effects'];

/** Abilities that trigger once per event batch instead of once per object (CR 603.2c). */
function oncePerBatch(base: Rules, kind: 'landToGraveyard' | 'tokenCreated'): Rules['collectTriggers'] {
  return (g, event, r) => {
    if (event.kind !== kind) return base.collectTriggers(g, event, r);
    const seen = new Set(g.pending.map((t) => `${t.source}#${t.ability}`));
    const before = g.pending.length;
    base.collectTriggers(g, event, r);
    for (const t of g.pending.splice(before)) {
      const key = `${t.source}#${t.ability}`;
      if (seen.has(key)) continue;
      seen.add(key);
      g.pending.push(t);
    }
  };
}

export const TRIGGER_FAULTS: readonly Fault[] = [
  {
    id: 'trigger-targets-own-side-first',
    family: 'triggers',
    rules: ['603.3d', '601.2c'],
    summary: 'A triggered ability whose targets are not named aims at its own controller wherever the controller is a legal choice, before the opponent the scenario format puts first.',
    inspiredBy: 'Auto-targeting that walks the players in seat order from the controller: "my own Pinger shot me" reports; the scenario format fixes the choice (the opponent first) so that the outcome is one.',
    minimal: {
      shows: 'triggers.targets',
      // A pinger that enters: its "when this enters, it deals 1 damage to any target" aims at p1.
      scenario: scenario({
        cards: [synthetic('pinger', { name: 'Pinger', manaCost: '{2}', types: ['Artifact'], triggers: [{ event: 'selfEnters', targets: [{ kind: 'any' }], effects: [{ kind: 'damage', amount: 1, target: 0 }] }] })],
        p1: { hand: ['pinger'] },
        actions: [{ do: 'putOntoBattlefield', card: 'pinger' }],
      }),
    },
    apply: (base) => ({
      ...base,
      triggerTargets: (g, slots, ctx) => {
        const chosen = base.triggerTargets(g, slots, ctx);
        const active = slots.filter((s) => s.active);
        return (
          chosen?.map((group, i) =>
            group.map((id) => (id !== ctx.controller && (id === 'p1' || id === 'p2') && !group.includes(ctx.controller) && base.isLegalTarget(g, active[i]!.requirement, ctx.controller, ctx) ? ctx.controller : id)),
          ) ?? null
        );
      },
    }),
  },
  {
    id: 'entering-tapped-becomes-tapped',
    family: 'triggers',
    rules: ['603.2e'],
    summary: 'A permanent that enters tapped is tapped after it enters, so "whenever a permanent becomes tapped" abilities trigger.',
    inspiredBy: 'Wagic #728: shocklands entering tapped triggered Lifetap, because "enters tapped" was implemented as entering and then tapping.',
    minimal: {
      shows: 'triggers.becomes-tapped',
      scenario: scenario({
        cards: [oracle('lifetap', 'Lifetap'), oracle('forest', 'Forest')],
        p1: { hand: ['forest'] },
        p2: { battlefield: [{ card: 'lifetap' }] },
        actions: [{ do: 'putOntoBattlefield', card: 'forest', tapped: true }],
      }),
    },
    apply: (base) => ({
      ...base,
      enterTapped: (g, permanent, r) => {
        permanent.tapped = false;
        tapPermanent(g, permanent, r);
      },
    }),
  },
  {
    id: 'intervening-if-only-on-resolution',
    family: 'triggers',
    rules: ['603.4'],
    summary: 'An intervening "if" is checked only as the ability resolves: an unkicked Gatekeeper of Malakir still puts its ability on the stack.',
    inspiredBy: 'XMage #8265: Sheltered Valley\'s intervening "if" was ignored when it triggered and checked only on resolution.',
    minimal: {
      shows: 'triggers.intervening-if-false',
      scenario: scenario({
        cards: [oracle('gk', 'Gatekeeper of Malakir')],
        p1: { hand: ['gk'], mana: { B: 2 } },
        actions: [{ do: 'cast', card: 'gk' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({ ...base, collectTriggers: (g, event, r) => base.collectTriggers(g, event, { ...r, interveningIfHolds: () => true }) }),
  },
  {
    id: 'multiplier-counts-enters-with',
    family: 'triggers',
    rules: ['603.2d', '603.6d'],
    summary: 'Trigger multipliers (Panharmonicon) also multiply "enters with" counters, as if they were enters triggers.',
    inspiredBy: 'The Elesh Norn and Doorkeeper Thrull rulings that replacement effects such as entering with counters are unaffected, against engines that implement "enters with" as an enters trigger.',
    minimal: {
      shows: 'permanents.counters-ignore-trigger-multipliers',
      scenario: scenario({
        cards: [
          oracle('pan', 'Panharmonicon'),
          synthetic('golem', { name: 'Counter Golem', manaCost: '{2}', types: ['Artifact', 'Creature'], power: 1, toughness: 1, entersWith: [{ counter: '+1/+1', amount: 1 }] }),
        ],
        p1: { hand: ['golem'], battlefield: [{ card: 'pan' }] },
        actions: [{ do: 'putOntoBattlefield', card: 'golem' }],
      }),
    },
    apply: (base) => ({
      ...base,
      entersWithTimes: (g, permanent, e, r) =>
        base.entersWithTimes(g, permanent, e, r) * r.triggerInstances(g, permanent, { event: 'selfEnters', effects: GAIN }, { kind: 'selfEnters', permanent }),
    }),
  },
  {
    id: 'multipliers-double',
    family: 'triggers',
    rules: ['603.2d'],
    summary: 'Each trigger multiplier doubles the number of times an ability triggers: two Panharmonicons make four triggers, not three.',
    inspiredBy: 'The Panharmonicon release notes (two Panharmonicons make an ability trigger three times) against engines that apply each multiplier to the result of the others.',
    minimal: {
      shows: 'triggers.enters-count',
      scenario: scenario({
        cards: [oracle('pan1', 'Panharmonicon'), oracle('pan2', 'Panharmonicon'), oracle('gk', 'Gatekeeper of Malakir')],
        p1: { hand: ['gk'], mana: { B: 3 }, battlefield: [{ card: 'pan1' }, { card: 'pan2' }] },
        actions: [{ do: 'cast', card: 'gk', kicker: ['A'] }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({ ...base, triggerInstances: (g, source, ability, event) => 2 ** (base.triggerInstances(g, source, ability, event) - 1) }),
  },
  {
    id: 'multiplier-on-every-trigger',
    family: 'triggers',
    rules: ['603.2d'],
    summary: 'A trigger multiplier makes every ability of its controller\'s artifacts and creatures trigger again, not only those an artifact or creature entering sets off.',
    inspiredBy: 'XMage #2333: Panharmonicon was implemented on the wrong event and multiplied triggers it should not have (there, other players\' ones).',
    minimal: {
      shows: 'triggers.cast-triggers-once-per-cast',
      scenario: scenario({
        cards: [oracle('pan', 'Panharmonicon'), oracle('goblin', 'Bloodstone Goblin'), oracle('bolt', 'Burst Lightning')],
        p1: { hand: ['bolt'], mana: { R: 1, C: 4 }, battlefield: [{ card: 'pan' }, { card: 'goblin' }] },
        actions: [{ do: 'cast', card: 'bolt', kicker: ['A'], targets: [['p2']] }],
      }),
    },
    apply: (base) => ({
      ...base,
      triggerInstances: (g, source, ability, event) =>
        event.kind === 'selfEnters' ? base.triggerInstances(g, source, ability, event) : base.triggerInstances(g, source, ability, { kind: 'selfEnters', permanent: source }),
    }),
  },
  {
    id: 'land-trigger-once-per-event',
    family: 'triggers',
    rules: ['603.2c'],
    summary: 'When several lands go to the graveyard at once, a land-to-graveyard ability triggers once for the event instead of once per land.',
    inspiredBy: 'Reports of Dingus Egg or Price of Glory-style abilities triggering once for an Armageddon; engines that trigger on the batch event.',
    minimal: {
      shows: 'triggers.once-per-land',
      scenario: scenario({
        cards: [synthetic('w', watcher('Land Watcher', { event: 'landToGraveyard', whose: 'any', effects: GAIN })), oracle('m1', 'Mountain'), oracle('m2', 'Mountain')],
        p1: { battlefield: [{ card: 'w' }, { card: 'm1' }, { card: 'm2' }] },
        actions: [{ do: 'destroyAll', filter: { types: ['Land'] } }],
      }),
    },
    apply: (base) => ({ ...base, collectTriggers: oncePerBatch(base, 'landToGraveyard') }),
  },
  {
    id: 'token-trigger-once-per-effect',
    family: 'triggers',
    rules: ['603.2c', '603.2'],
    summary: 'An effect that creates several tokens triggers "whenever a token is created" once instead of once per token.',
    inspiredBy: 'Token-creation reports in engines that batch the tokens of one effect into one event (the Ajani, Nacatl Avenger ruling discussed in Forge pull request #5594 counts each token).',
    minimal: {
      shows: 'triggers.token-created',
      scenario: scenario({
        cards: [
          synthetic('w', watcher('Token Watcher', { event: 'tokenCreated', whose: 'any', effects: GAIN })),
          synthetic('golems', { name: 'Two Golems', manaCost: '{2}', types: ['Sorcery'], effects: [{ kind: 'createToken', amount: 2, token: { name: 'Golem', types: ['Artifact', 'Creature'], power: 3, toughness: 3 } }] }),
        ],
        p1: { hand: ['golems'], mana: { C: 2 }, battlefield: [{ card: 'w' }] },
        actions: [{ do: 'cast', card: 'golems' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({ ...base, collectTriggers: oncePerBatch(base, 'tokenCreated') }),
  },
  {
    id: 'prevented-damage-triggers',
    family: 'triggers',
    rules: ['603.2g'],
    summary: '"Whenever this is dealt damage" triggers even when the damage is prevented: the damage event is raised before prevention applies.',
    inspiredBy: 'XMage pull request #10652, where protection and prevention were applied in different orders on players and permanents; engines that raise the damage event before prevention.',
    minimal: {
      shows: 'triggers.prevented-damage',
      scenario: scenario({
        cards: [synthetic('w', watcher('Damage Watcher', { event: 'selfDealtDamage', effects: GAIN })), synthetic('ward', DAMAGE_WARD), oracle('bolt', 'Burst Lightning')],
        p1: { hand: ['bolt'], mana: { R: 1 } },
        p2: { battlefield: [{ card: 'w' }, { card: 'ward' }] },
        actions: [{ do: 'cast', card: 'bolt', targets: [['w']] }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      dealDamage: (g, source, targetId, amount, r) => {
        const permanent = permanentById(g, targetId);
        if (amount > 0 && permanent && r.damagePrevented(g, source, permanent)) r.collectTriggers(g, { kind: 'selfDealtDamage', permanent, amount }, r);
        else base.dealDamage(g, source, targetId, amount, r);
      },
    }),
  },
  {
    id: 'death-trigger-sees-itself',
    family: 'triggers',
    rules: ['603.2c', '603.6c'],
    summary: 'A "whenever one or more other creatures die" ability triggers when its own creature dies alone: the engine does not leave the source out.',
    inspiredBy: 'Two wordings engines implement with one event handler: "whenever this or another creature dies" (Blood Artist) and "one or more other creatures" (Morbid Opportunist); the second reads the first\'s filter.',
    minimal: {
      shows: 'triggers.creatures-die',
      scenario: scenario({
        cards: [oracle('mo', 'Morbid Opportunist')],
        p1: { battlefield: [{ card: 'mo' }] },
        actions: [{ do: 'destroy', permanent: 'mo' }],
      }),
    },
    apply: (base) => ({
      ...base,
      eventMatches: (source, ability, event) =>
        base.eventMatches(source, ability, event) ?? (event.kind === 'creaturesDie' && ability.event === 'creaturesDie' && event.died.includes(source) ? { subject: NOT_KICKED } : null),
    }),
  },
  {
    id: 'once-each-turn-ignored',
    family: 'triggers',
    rules: ['603.2h'],
    summary: '"Do this only once each turn" is not checked when the ability would trigger: it triggers again after it has resolved.',
    inspiredBy: 'Reports of "only once each turn" abilities triggering a second time in a turn: engines that check the limit as the ability resolves rather than when it would trigger.',
    minimal: {
      shows: 'triggers.once-each-turn',
      scenario: scenario({
        cards: [synthetic('w', watcher('Cast Watcher', { event: 'spellCast', whose: 'any', oncePerTurn: true, effects: GAIN })), oracle('bolt', 'Burst Lightning')],
        p1: { hand: ['bolt'], mana: { R: 2 }, battlefield: [{ card: 'w' }] },
        actions: [{ do: 'cast', card: 'bolt', targets: [['p2']] }, { do: 'resolve' }, { do: 'bounce', object: 'bolt' }, { do: 'cast', card: 'bolt', targets: [['p2']] }],
      }),
    },
    apply: (base) => ({
      ...base,
      collectTriggers: (g, event, r) => {
        const done = g.turn.doneOnce;
        g.turn.doneOnce = [];
        try {
          base.collectTriggers(g, event, r);
        } finally {
          g.turn.doneOnce = done;
        }
      },
    }),
  },
  {
    id: 'apnap-reversed',
    family: 'triggers',
    rules: ['603.3b'],
    summary: "Abilities that trigger at once go on the stack non-active player's first, so the active player's resolve first.",
    inspiredBy: 'Trigger-ordering reports where the opponent\'s abilities resolved last; CR 603.3b puts the active player\'s on the stack first.',
    minimal: {
      shows: 'triggers.apnap-order',
      scenario: scenario({
        cards: [
          synthetic('w1', watcher('Cast Watcher One', { event: 'spellCast', whose: 'any', effects: GAIN })),
          synthetic('w2', watcher('Cast Watcher Two', { event: 'spellCast', whose: 'any', effects: GAIN })),
          oracle('bolt', 'Burst Lightning'),
        ],
        p1: { hand: ['bolt'], mana: { R: 1 }, battlefield: [{ card: 'w1' }] },
        p2: { battlefield: [{ card: 'w2' }] },
        actions: [{ do: 'cast', card: 'bolt', targets: [['p2']] }],
      }),
    },
    apply: (base) => ({ ...base, apnapOrder: (g) => [...base.apnapOrder(g)].reverse() }),
  },
  {
    id: 'intervening-if-not-rechecked',
    family: 'triggers',
    rules: ['603.4', '608.2a'],
    summary: 'An intervening "if you control ..." is checked only as the ability triggers: Scholar of Stars draws although the artifact it needed has left by the time its ability resolves.',
    inspiredBy: 'Reports of intervening-if abilities resolving after their condition became false (CR 603.4\'s second check left out), a long-standing class of bugs in engines that evaluate conditions only at trigger time.',
    minimal: {
      shows: 'triggers.intervening-if-on-resolution',
      scenario: scenario({
        cards: [oracle('scholar', 'Scholar of Stars'), oracle('chalice', 'Everflowing Chalice'), oracle('lib1', 'Island')],
        p1: { hand: ['scholar'], library: ['lib1'], battlefield: [{ card: 'chalice' }] },
        actions: [{ do: 'putOntoBattlefield', card: 'scholar' }, { do: 'bounce', object: 'chalice' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({ ...base, interveningIfHoldsOnResolution: (_g, t) => base.interveningIfHolds(t.sourceDef.triggers![t.ability]!, t.subject) }),
  },
  {
    id: 'board-condition-only-on-resolution',
    family: 'triggers',
    rules: ['603.4'],
    summary:
      'An intervening "if you control ..." is checked only as the ability resolves: Scholar of Stars enters with no artifact and its ability still goes on the stack, and draws when an artifact has arrived by the time it resolves.',
    inspiredBy: 'XMage #8265 (Sheltered Valley\'s intervening "if" ignored when it triggered and checked only on resolution), here for a condition about the board, which unlike a kick can become true in between.',
    minimal: {
      shows: 'triggers.enters-count',
      scenario: scenario({
        cards: [oracle('scholar', 'Scholar of Stars'), oracle('chalice', 'Everflowing Chalice'), oracle('lib1', 'Island')],
        p1: { hand: ['scholar', 'chalice'], library: ['lib1'] },
        actions: [{ do: 'putOntoBattlefield', card: 'scholar' }, { do: 'putOntoBattlefield', card: 'chalice' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({ ...base, collectTriggers: (g, event, r) => base.collectTriggers(g, event, { ...r, controlConditionHolds: () => true }) }),
  },
  {
    id: 'intervening-if-rechecked-on-new-object',
    family: 'triggers',
    rules: ['603.4', '400.7', '702.33d'],
    summary: 'On resolution, "if it was kicked" is checked on the permanent now on the battlefield under that id: after a flicker, the new object was not kicked, and Krosan Druid\'s kicked ability does nothing.',
    inspiredBy: 'Engines that look up kicked status by card rather than by the object the event was about (XMage #7192 is the same mix-up at trigger time), so that a permanent that left and came back answers for the old one.',
    minimal: {
      shows: 'triggers.intervening-if-on-resolution',
      scenario: scenario({
        cards: [oracle('druid', 'Krosan Druid')],
        p1: { hand: ['druid'], mana: { G: 2, C: 6 } },
        actions: [{ do: 'cast', card: 'druid', kicker: ['A'] }, { do: 'resolve' }, { do: 'flicker', permanent: 'druid' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      interveningIfHoldsOnResolution: (g, t, r) => {
        const now = permanentById(g, t.source);
        const ability = t.sourceDef.triggers![t.ability]!;
        return now ? base.interveningIfHolds(ability, now) && r.controlConditionHolds(g, ability, t.controller, t.sourceSerial) : base.interveningIfHoldsOnResolution(g, t, r);
      },
    }),
  },
  {
    id: 'creatures-die-once-per-creature',
    family: 'triggers',
    rules: ['603.2c'],
    summary: 'A "whenever one or more other creatures die" ability triggers once for each creature that died at once, not once for the event: destroying two creatures at once triggers it twice.',
    inspiredBy: 'Engines that run "one or more creatures die" through the code path of "whenever a creature dies", one trigger per object, and never batch the deaths of one event.',
    minimal: {
      shows: 'triggers.creatures-die',
      scenario: scenario({
        cards: [
          synthetic('shrine', { name: 'Grieving Shrine', manaCost: '{1}{B}', types: ['Enchantment'], triggers: [{ event: 'creaturesDie', effects: GAIN }] }),
          oracle('bear1', 'Grizzly Bears'),
          oracle('bear2', 'Grizzly Bears'),
        ],
        p1: { battlefield: [{ card: 'shrine' }, { card: 'bear1' }, { card: 'bear2' }] },
        actions: [{ do: 'destroyAll', filter: { types: ['Creature'] } }],
      }),
    },
    apply: (base) => ({
      ...base,
      collectTriggers: (g, event, r) => {
        if (event.kind !== 'creaturesDie') return base.collectTriggers(g, event, r);
        for (const one of event.died) base.collectTriggers(g, { ...event, died: [one] }, r);
      },
    }),
  },
];
