// Resolving instants and sorceries (CR 608.2): targets checked first (608.2b: all illegal, nothing
// happens, 702.47d: spliced parts included; some illegal, the rest happens), then each part's
// effects in order (608.2c, 702.47b) with their kicker conditions; the spell is the source of the
// damage, spliced text included (702.47c), so protection from its colour applies (702.16).
import { formatPool, parseMana, poolsEqual, toPool, type Pool } from '../model/mana.ts';
import { addPools, poolMinus } from './payment.ts';
import type { StackSpell } from '../model/schema-types.ts';
import type { PlayerId } from '../model/scenario.ts';
import { Checker, show, type Property, type Run, type RunStep } from './property.ts';
import { activeRequirements, effectTimes, permanentDef, targetAllowed } from './expectations.ts';
import { timesKicked, type Kick } from '../model/kick.ts';
import { kickOf } from './permanents.ts';
import { abilityOf } from './copies.ts';
import { doneOnce } from './triggers.ts';

// Effects whose outcome the judge works out below; a spell with any other (copying or countering a
// spell) is judged by the properties about those.
const MODELLED = new Set(['damage', 'gainLife', 'draw', 'addMana', 'createToken', 'mill', 'discard', 'destroy', 'bounce', 'sacrifice', 'putCounters', 'pump']);

/**
 * What a player's zones should hold after a resolution: hand and graveyard as sorted lists, library
 * top first; undefined where it depends on a library the engine does not show.
 */
export interface Zones {
  hand: string[] | undefined;
  graveyard: string[] | undefined;
  library: string[] | undefined;
}

/** What a resolving spell should do, worked out from the rules alone. */
export interface Expected {
  spell: StackSpell;
  kick: Kick;
  fizzled: boolean;
  life: Record<PlayerId, number>;
  mana: Pool;
  /** Each player's hand, graveyard and library after the effects, before state-based actions. */
  zones: Record<PlayerId, Zones>;
  /** Permanents the effects take off the battlefield (destroyed, returned to hand, sacrificed). */
  removed: Set<string>;
  /** Permanents whose toughness or damage an effect other than damage changes: their death is not judged here. */
  touched: Set<string>;
  /** Damage each creature is dealt, after prevention. */
  creatureDamage: Map<string, number>;
  /** Damage events each creature is dealt (each can trigger once), after prevention. */
  damageEvents: Map<string, number>;
  tokens: number;
  /** Tokens each permanent saw created: those made while it was on the battlefield. */
  tokensSeen: Map<string, number>;
}

/** The spell a single resolve step resolves, if it is an instant or sorcery. */
function resolvedSpell(step: RunStep): StackSpell | undefined {
  if (step.step.outcome !== 'accepted' || step.action.do !== 'resolve' || step.action.untilEmpty) return undefined;
  const top = step.before.stack.at(-1);
  if (top?.kind !== 'spell' || !top.types.some((t) => t === 'Instant' || t === 'Sorcery')) return undefined;
  return top;
}

/** The ids the scenario names for choices made on resolution, then the others by smallest id (README, "Scenarios and traces"). */
function chosen(step: RunStep, eligible: readonly string[], count: number): string[] {
  const named = step.action.do === 'resolve' ? (step.action.choices ?? []) : [];
  const order = [...named.filter((id) => eligible.includes(id)), ...[...eligible].sort()];
  return [...new Set(order)].slice(0, count);
}

/** Where the spell a resolving step resolves came from: its spliced cards, and X as chosen. */
function castOf(run: Run, spell: StackSpell, upTo: number): { splice: string[]; x: number } | undefined {
  const cast = run.steps
    .slice(0, upTo)
    .filter((s) => s.action.do === 'cast' && s.action.card === spell.card && s.step.outcome === 'accepted')
    .at(-1)?.action;
  return cast?.do === 'cast' ? { splice: cast.splice ?? [], x: cast.x ?? 0 } : undefined;
}

/**
 * What a resolving instant or sorcery does (CR 608.2): its targets are checked first (608.2b: all
 * illegal, nothing happens, 702.47d); then the main card's effects and each spliced card's, in
 * order (608.2c, 702.47b), each as often as its kicker condition says; then the spell goes to its
 * owner's graveyard, or a copy ceases to exist (608.2n, 707.10a). Cards move as the effects say:
 * drawn and milled from the top of the library, discarded and sacrificed as chosen on resolution,
 * destroyed to the owner's graveyard, returned to the owner's hand; a token that leaves the
 * battlefield goes nowhere (CR 111.7).
 */
export function expectedResolution(run: Run, step: RunStep): Expected | undefined {
  const e = resolution(run, step);
  return e && 'mismatch' in e ? undefined : e;
}

/** A spell whose target groups do not match its target requirements: a failure of resolution.player-effects. */
type Mismatch = { mismatch: { expected: string; observed: string } };

function resolution(run: Run, step: RunStep): Expected | Mismatch | undefined {
  const spell = resolvedSpell(step);
  if (!spell) return undefined;
  const main = run.def(spell.card);
  const kick = kickOf(run, spell, step.index);
  const cast = castOf(run, spell, step.index);
  // The spliced cards: as the engine shows them (a copy under either reading keeps what it shows), else as cast.
  const splicedIds = spell.spliced ?? (spell.copy ? undefined : cast?.splice);
  if (!main || !kick || splicedIds === undefined) return undefined;
  const parts = [main, ...splicedIds.map((id) => run.def(id)!)];
  if (parts.some((d) => (d.effects ?? []).some((e) => !MODELLED.has(e.kind)))) return undefined;
  const x = spell.x ?? cast?.x ?? 0;
  const requirements = activeRequirements(parts, { kicker: [...kick.kicker], multikicker: kick.multikicker });
  if (requirements.length !== spell.targets.length) {
    return { mismatch: { expected: `${spell.id} resolves with ${requirements.length} target group(s), one per target requirement (CR 601.2c)`, observed: `${spell.targets.length}: ${show(spell.targets)}` } };
  }
  const legal = spell.targets.map((group, i) =>
    group.filter((id) => targetAllowed(run, step.before, step.index, requirements[i]!.requirement, id, spell.id, spell.controller, spell.colors)),
  );
  const zonesOf = (id: PlayerId): Zones => {
    const p = player(step, 'before', id);
    return { hand: [...p.hand], graveyard: [...p.graveyard], library: p.library ? [...p.library] : undefined };
  };
  const out: Expected = {
    spell,
    kick,
    fizzled: spell.targets.flat().length > 0 && legal.flat().length === 0,
    life: { p1: 0, p2: 0 },
    mana: toPool({}),
    zones: { p1: zonesOf('p1'), p2: zonesOf('p2') },
    removed: new Set(),
    touched: new Set(),
    creatureDamage: new Map(),
    damageEvents: new Map(),
    tokens: 0,
    tokensSeen: new Map(),
  };
  const finish = () => {
    if (!spell.copy) out.zones[spell.controller].graveyard?.push(spell.card);
    for (const z of Object.values(out.zones)) {
      z.hand?.sort();
      z.graveyard?.sort();
    }
    return out;
  };
  if (out.fizzled) return finish();
  const onBattlefield = (id: string) => (out.removed.has(id) ? undefined : step.before.battlefield.find((o) => o.id === id));
  const leave = (id: string, to: 'graveyard' | 'hand') => {
    const p = onBattlefield(id);
    if (!p) return;
    out.removed.add(id);
    if (!p.token) out.zones[p.owner][to]?.push(p.card ?? p.id);
  };
  const isCreature = (id: string) => {
    const p = step.before.battlefield.find((o) => o.id === id);
    return (permanentDef(run, id, step.index)?.types.includes('Creature') ?? p?.power !== undefined) || false;
  };
  parts.forEach((def, part) => {
    const effects = def.effects ?? [];
    effects.forEach((e, i) => {
      const n = effectTimes(effects, i, kick);
      const amount = e.amount === 'X' ? x : (e.amount ?? 0);
      const group = e.target === undefined ? -1 : requirements.findIndex((r) => r.part === part && (def.targets ?? []).indexOf(r.requirement) === e.target);
      if (e.target !== undefined && group === -1) return;
      const targets = group === -1 ? [] : legal[group]!;
      const players = targets.filter((id): id is PlayerId => id === 'p1' || id === 'p2');
      for (let k = 0; k < n; k++) {
        if (e.kind === 'gainLife') out.life[spell.controller] += amount;
        else if (e.kind === 'addMana') out.mana = addPools(out.mana, toPool(parseMana(e.mana ?? '')));
        else if (e.kind === 'createToken') {
          out.tokens += amount;
          for (const p of step.before.battlefield) if (onBattlefield(p.id)) out.tokensSeen.set(p.id, (out.tokensSeen.get(p.id) ?? 0) + amount);
        }
        else if (e.kind === 'draw' || e.kind === 'mill') {
          const who = e.kind === 'draw' ? [spell.controller] : players;
          for (const id of who) {
            const z = out.zones[id];
            const into = e.kind === 'draw' ? 'hand' : 'graveyard';
            // Without the library in view, what is drawn or milled is unknown.
            if (z.library) z[into]?.push(...z.library.splice(0, amount));
            else if (amount > 0) z[into] = undefined;
          }
        } else if (e.kind === 'discard') {
          for (const id of players) {
            const z = out.zones[id];
            const hand = z.hand;
            if (!hand) {
              z.graveyard = undefined;
              continue;
            }
            for (const card of chosen(step, hand, amount)) {
              hand.splice(hand.indexOf(card), 1);
              z.graveyard?.push(card);
            }
          }
        } else if (e.kind === 'destroy' || e.kind === 'bounce') {
          for (const id of targets) leave(id, e.kind === 'destroy' ? 'graveyard' : 'hand');
        } else if (e.kind === 'sacrifice') {
          for (const who of players) {
            const theirs = step.before.battlefield.filter((p) => p.controller === who && onBattlefield(p.id) && isCreature(p.id)).map((p) => p.id);
            for (const id of chosen(step, theirs, amount)) leave(id, 'graveyard');
          }
        } else if (e.kind === 'putCounters' || e.kind === 'pump') {
          for (const id of targets) out.touched.add(id);
        } else if (e.kind === 'damage' && amount > 0) {
          for (const id of targets) {
            if (id === 'p1' || id === 'p2') {
              out.life[id] -= amount;
              continue;
            }
            const p = onBattlefield(id);
            if (!p) continue;
            const pdef = permanentDef(run, id, step.index);
            // A damage ward protects while it is on the battlefield; damage that can't be prevented (kicked Urza's Rage) gets through it and protection alike.
            const warded = step.before.battlefield.some(
              (w) => onBattlefield(w.id) && w.controller === p.controller && (permanentDef(run, w.id, step.index)?.statics ?? []).some((s) => s.kind === 'preventDamage'),
            );
            const prevented = !e.unpreventable && ((pdef?.protection ?? []).some((c) => spell.colors.includes(c)) || warded);
            if (prevented) continue;
            out.creatureDamage.set(id, (out.creatureDamage.get(id) ?? 0) + amount);
            out.damageEvents.set(id, (out.damageEvents.get(id) ?? 0) + 1);
          }
        }
      }
    });
  });
  return finish();
}

/** Whether a permanent that left the battlefield in a step could have died to state-based actions (CR 704.5f-g). */
function mayHaveDied(run: Run, step: RunStep, e: Expected, id: string): boolean {
  const p = step.before.battlefield.find((o) => o.id === id)!;
  const creature = permanentDef(run, id, step.index)?.types.includes('Creature') ?? p.power !== undefined;
  if (!creature) return false;
  if (p.toughness === undefined || e.touched.has(id)) return true;
  return p.toughness <= 0 || (p.damage ?? 0) + (e.creatureDamage.get(id) ?? 0) >= p.toughness;
}

/**
 * What in the players' zones and on the battlefield differs from what the effects say: the
 * permanents they take away are gone and no other is, but for creatures that died to state-based
 * actions (their cards then go to their owners' graveyards); hands, libraries and graveyards hold
 * what the effects put there.
 */
function zoneProblem(run: Run, step: RunStep, e: Expected): { expected: string; observed: string } | undefined {
  const stays = [...e.removed].find((id) => step.after.battlefield.some((p) => p.id === id));
  if (stays) return { expected: `${stays} leaves the battlefield`, observed: 'it is still there' };
  const gone = step.before.battlefield.filter((p) => !e.removed.has(p.id) && !step.after.battlefield.some((o) => o.id === p.id));
  const unexplained = gone.find((p) => !mayHaveDied(run, step, e, p.id));
  if (unexplained) return { expected: `${unexplained.id} stays on the battlefield`, observed: 'it left' };
  for (const id of ['p1', 'p2'] as const) {
    const want = e.zones[id];
    const got = player(step, 'after', id);
    const died = gone.filter((p) => p.owner === id && !p.token).map((p) => p.card ?? p.id);
    const checks: [string, string[] | undefined, string[] | undefined][] = [
      ['hand', want.hand, [...got.hand].sort()],
      ['library', want.library, got.library],
      ['graveyard', want.graveyard && [...want.graveyard, ...died].sort(), [...got.graveyard].sort()],
    ];
    const bad = checks.find(([, w, g]) => w !== undefined && g !== undefined && show(w) !== show(g));
    if (bad) return { expected: `${id}'s ${bad[0]} ${show(bad[1])}`, observed: show(bad[2]) };
  }
  return undefined;
}

const player = (step: RunStep, side: 'before' | 'after', id: PlayerId) => step[side].players.find((p) => p.id === id)!;

export const playerEffects: Property = {
  id: 'resolution.player-effects',
  rules: ['608.2b', '608.2c', '702.33d', '702.33e', '702.47b', '702.47d', '707.10'],
  statement:
    'A resolving spell changes life, mana pools, hands, libraries and graveyards, and takes permanents off the battlefield, exactly as its effects and then its spliced cards’ effects say, in that order, for how it was kicked, X and its targets still legal.',
  applies: (s) => s.actions.some((a) => a.do === 'resolve'),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const e = resolution(run, step);
      if (!e) continue;
      if ('mismatch' in e) {
        c.fail(step, e.mismatch.expected, e.mismatch.observed);
        break;
      }
      const you = e.spell.controller;
      const lifeGot = { p1: player(step, 'after', 'p1').life - player(step, 'before', 'p1').life, p2: player(step, 'after', 'p2').life - player(step, 'before', 'p2').life };
      const poolBefore = player(step, 'before', you).mana;
      const poolAfter = player(step, 'after', you).mana;
      const what = `${e.spell.id} (${e.spell.name}, kicked ${timesKicked(e.kick)} times${e.fizzled ? ', every target illegal' : ''})`;
      if (lifeGot.p1 !== e.life.p1 || lifeGot.p2 !== e.life.p2) c.fail(step, `${what} changes life by ${show(e.life)}`, `life changed by ${show(lifeGot)}`);
      else if (poolBefore && poolAfter && !poolsEqual(poolMinus(toPool(poolAfter), toPool(poolBefore)), e.mana)) {
        c.fail(step, `${what} adds ${formatPool(e.mana)}`, `${you}'s pool went from ${formatPool(toPool(poolBefore))} to ${formatPool(toPool(poolAfter))}`);
      } else {
        const wrong = zoneProblem(run, step, e);
        if (wrong) c.fail(step, `${what}: ${wrong.expected}`, wrong.observed);
        else c.checkedOne();
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const allTargetsIllegal: Property = {
  id: 'resolution.all-targets-illegal',
  rules: ['608.2b', '702.47d'],
  statement: 'A spell whose targets are all illegal as it resolves does nothing at all, its spliced and untargeted parts included.',
  needs: { actions: ['destroy'] },
  applies: (s) => s.actions.some((a) => a.do === 'destroy') && s.actions.some((a) => a.do === 'resolve'),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const e = expectedResolution(run, step);
      if (!e?.fizzled) continue;
      const changed = step.after.players.find((p) => {
        const b = player(step, 'before', p.id);
        return p.life !== b.life || p.hand.length !== b.hand.length || (p.mana && b.mana && !poolsEqual(toPool(p.mana), toPool(b.mana)));
      });
      const damaged = step.after.battlefield.find((p) => (p.damage ?? 0) !== (step.before.battlefield.find((b) => b.id === p.id)?.damage ?? 0));
      if (changed) c.fail(step, `${e.spell.id}, every target illegal, changes nothing`, `${changed.id} changed: ${show(changed)}`);
      else if (damaged) c.fail(step, `${e.spell.id}, every target illegal, deals no damage`, `${damaged.id} has ${damaged.damage} damage`);
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const damageToCreatures: Property = {
  id: 'resolution.damage-to-creatures',
  rules: ['702.47c', '702.16b', '608.2b', '120.3', '704.5g'],
  statement:
    'A spell deals its damage, spliced text’s included, to each creature target still legal, as a source of the spell’s own colours: protection from them prevents it.',
  applies: (s) => s.cards.some((c) => (c.definition.effects ?? []).some((e) => e.kind === 'damage')),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const e = expectedResolution(run, step);
      if (!e || e.fizzled) continue;
      for (const [id, amount] of e.creatureDamage) {
        const before = step.before.battlefield.find((p) => p.id === id)!;
        const after = step.after.battlefield.find((p) => p.id === id);
        const total = (before.damage ?? 0) + amount;
        // Toughness is judged only where no other effect of the spell changes it or takes the creature away.
        const toughness = e.touched.has(id) || e.removed.has(id) ? undefined : before.toughness;
        if (after && after.damage !== undefined && after.damage !== total) c.fail(step, `${id} has ${total} damage after ${e.spell.id}`, `${after.damage} damage`);
        else if (after && toughness !== undefined && total >= toughness) c.fail(step, `${id} dies to state-based actions: ${total} damage, toughness ${toughness} (CR 704.5g)`, 'it is still on the battlefield');
        else if (!after && toughness !== undefined && total < toughness) c.fail(step, `${id} survives ${amount} damage (toughness ${toughness})`, 'it left the battlefield');
        else c.checkedOne();
      }
      for (const p of step.after.battlefield) {
        const before = step.before.battlefield.find((b) => b.id === p.id);
        if (before && !e.creatureDamage.has(p.id) && (p.damage ?? 0) !== (before.damage ?? 0)) {
          c.fail(step, `${p.id} is dealt no damage by ${e.spell.id} (prevented, or not a target)`, `${p.damage} damage`);
        }
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const preventedDamageTriggersNothing: Property = {
  id: 'triggers.prevented-damage',
  rules: ['603.2g', '603.2'],
  statement: 'A "whenever this is dealt damage" ability triggers once per damage event dealt, and not at all for damage that was prevented.',
  needs: { mechanics: ['triggers'], observes: ['step.triggered'] },
  applies: (s) => s.cards.some((c) => (c.definition.triggers ?? []).some((t) => t.event === 'selfDealtDamage')),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const e = expectedResolution(run, step);
      if (!e || e.fizzled) continue;
      const done = doneOnce(run, step.index);
      for (const p of step.before.battlefield) {
        const abilities = (permanentDef(run, p.id, step.index)?.triggers ?? []).map((t, i) => ({ t, i })).filter(({ t }) => t.event === 'selfDealtDamage');
        for (const { t, i } of abilities) {
          const want = t.oncePerTurn && done.has(`${p.id}#${i}`) ? 0 : (e.damageEvents.get(p.id) ?? 0);
          const got = (step.step.triggered ?? []).filter((x) => x.source === p.id && x.ability === i).length;
          if (want !== got) c.fail(step, `${p.id}#${i} triggers ${want} time(s) from ${e.spell.id}'s damage`, `${got} time(s)`);
          else c.checkedOne();
        }
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const tokenCreatedTriggers: Property = {
  id: 'triggers.token-created',
  rules: ['603.2', '111.1'],
  statement: 'Creating tokens triggers "whenever a token is created" abilities once per token.',
  needs: { mechanics: ['triggers', 'tokens'], observes: ['step.triggered'] },
  applies: (s) => s.cards.some((c) => (c.definition.triggers ?? []).some((t) => t.event === 'tokenCreated')),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const e = expectedResolution(run, step);
      if (!e || e.fizzled || e.tokens === 0) continue;
      const done = doneOnce(run, step.index);
      for (const p of step.before.battlefield) {
        (permanentDef(run, p.id, step.index)?.triggers ?? []).forEach((t, i) => {
          if (t.event !== 'tokenCreated') return;
          const whose = t.whose ?? 'any';
          const fits = whose === 'any' || (whose === 'yours') === (p.controller === e.spell.controller);
          const want = !fits || (t.oncePerTurn && done.has(`${p.id}#${i}`)) ? 0 : (e.tokensSeen.get(p.id) ?? 0);
          const got = (step.step.triggered ?? []).filter((x) => x.source === p.id && x.ability === i && abilityOf(run, step.index, x.source, x.ability)?.event === 'tokenCreated').length;
          if (want !== got) c.fail(step, `${p.id}#${i} triggers once per token: ${want}`, `${got}`);
          else c.checkedOne();
        });
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};
