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

const SIMPLE = new Set(['damage', 'gainLife', 'draw', 'addMana', 'createToken']);

/** What a resolving spell made of simple effects should do, worked out from the rules alone. */
export interface Expected {
  spell: StackSpell;
  kick: Kick;
  fizzled: boolean;
  life: Record<PlayerId, number>;
  draws: number;
  mana: Pool;
  /** Damage each creature is dealt, after prevention. */
  creatureDamage: Map<string, number>;
  /** Damage events each creature is dealt (each can trigger once), after prevention. */
  damageEvents: Map<string, number>;
  tokens: number;
}

/** The spell a single resolve step resolves, if it is an instant or sorcery. */
function resolvedSpell(step: RunStep): StackSpell | undefined {
  if (step.step.outcome !== 'accepted' || step.action.do !== 'resolve' || step.action.untilEmpty) return undefined;
  const top = step.before.stack.at(-1);
  if (top?.kind !== 'spell' || !top.types.some((t) => t === 'Instant' || t === 'Sorcery')) return undefined;
  return top;
}

export function expectedResolution(run: Run, step: RunStep): Expected | undefined {
  const spell = resolvedSpell(step);
  if (!spell) return undefined;
  const main = run.def(spell.card);
  const kick = kickOf(run, spell);
  const splicedIds = spell.spliced ?? (spell.copy ? undefined : (run.scenario.actions.filter((a) => a.do === 'cast' && a.card === spell.card).at(-1) as { splice?: string[] } | undefined)?.splice ?? []);
  if (!main || !kick || splicedIds === undefined) return undefined;
  const parts = [main, ...splicedIds.map((id) => run.def(id)!)];
  if (parts.some((d) => (d.effects ?? []).some((e) => !SIMPLE.has(e.kind)))) return undefined;
  const x = spell.x ?? (run.scenario.actions.filter((a) => a.do === 'cast' && a.card === spell.card).at(-1) as { x?: number } | undefined)?.x ?? 0;
  const requirements = activeRequirements(parts, { kicker: [...kick.kicker], multikicker: kick.multikicker });
  if (requirements.length !== spell.targets.length) return undefined;
  const legal = spell.targets.map((group, i) =>
    group.filter((id) => targetAllowed(run, step.before, step.index, requirements[i]!.requirement, id, spell.id, spell.controller, spell.colors)),
  );
  const out: Expected = {
    spell,
    kick,
    fizzled: spell.targets.flat().length > 0 && legal.flat().length === 0,
    life: { p1: 0, p2: 0 },
    draws: 0,
    mana: toPool({}),
    creatureDamage: new Map(),
    damageEvents: new Map(),
    tokens: 0,
  };
  if (out.fizzled) return out;
  const wards = new Set(
    step.before.battlefield.filter((p) => (permanentDef(run, p.id, step.index)?.statics ?? []).some((s) => s.kind === 'preventDamage')).map((p) => p.controller),
  );
  parts.forEach((def, part) => {
    const effects = def.effects ?? [];
    effects.forEach((e, i) => {
      const n = effectTimes(effects, i, kick);
      const amount = e.amount === 'X' ? x : (e.amount ?? 0);
      const group = e.target === undefined ? -1 : requirements.findIndex((r, j) => r.part === part && (def.targets ?? []).indexOf(r.requirement) === e.target && j >= 0);
      if (e.target !== undefined && group === -1) return;
      for (let k = 0; k < n; k++) {
        if (e.kind === 'gainLife') out.life[spell.controller] += amount;
        else if (e.kind === 'draw') out.draws += amount;
        else if (e.kind === 'addMana') out.mana = addPools(out.mana, toPool(parseMana(e.mana ?? '')));
        else if (e.kind === 'createToken') out.tokens += amount;
        else if (e.kind === 'damage' && amount > 0) {
          for (const id of legal[group]!) {
            if (id === 'p1' || id === 'p2') out.life[id] -= amount;
            else {
              const p = step.before.battlefield.find((o) => o.id === id)!;
              const pdef = permanentDef(run, id, step.index);
              // Damage that can't be prevented (kicked Urza's Rage) gets through protection and wards alike.
              const prevented = !e.unpreventable && ((pdef?.protection ?? []).some((c) => spell.colors.includes(c)) || wards.has(p.controller));
              if (prevented) continue;
              out.creatureDamage.set(id, (out.creatureDamage.get(id) ?? 0) + amount);
              out.damageEvents.set(id, (out.damageEvents.get(id) ?? 0) + 1);
            }
          }
        }
      }
    });
  });
  return out;
}

const player = (step: RunStep, side: 'before' | 'after', id: PlayerId) => step[side].players.find((p) => p.id === id)!;

export const playerEffects: Property = {
  id: 'resolution.player-effects',
  rules: ['608.2b', '608.2c', '702.33d', '702.33e', '702.47b', '702.47d', '707.10'],
  statement:
    'A resolving spell changes life, hands and mana pools exactly as its effects and its spliced cards’ effects say for how it was kicked, X and its targets still legal.',
  applies: (s) => s.actions.some((a) => a.do === 'resolve'),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const e = expectedResolution(run, step);
      if (!e) continue;
      const you = e.spell.controller;
      const lifeGot = { p1: player(step, 'after', 'p1').life - player(step, 'before', 'p1').life, p2: player(step, 'after', 'p2').life - player(step, 'before', 'p2').life };
      const libraryBefore = player(step, 'before', you).library;
      const draws = libraryBefore === undefined ? undefined : Math.min(e.draws, libraryBefore.length);
      const handGot = player(step, 'after', you).hand.length - player(step, 'before', you).hand.length;
      const poolBefore = player(step, 'before', you).mana;
      const poolAfter = player(step, 'after', you).mana;
      const what = `${e.spell.id} (${e.spell.name}, kicked ${timesKicked(e.kick)} times${e.fizzled ? ', every target illegal' : ''})`;
      if (lifeGot.p1 !== e.life.p1 || lifeGot.p2 !== e.life.p2) c.fail(step, `${what} changes life by ${show(e.life)}`, `life changed by ${show(lifeGot)}`);
      else if (draws !== undefined && handGot !== draws) c.fail(step, `${what} makes ${you} draw ${draws}`, `${you}'s hand changed by ${handGot}`);
      else if (poolBefore && poolAfter && !poolsEqual(poolMinus(toPool(poolAfter), toPool(poolBefore)), e.mana)) {
        c.fail(step, `${what} adds ${formatPool(e.mana)}`, `${you}'s pool went from ${formatPool(toPool(poolBefore))} to ${formatPool(toPool(poolAfter))}`);
      } else c.checkedOne();
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
  rules: ['702.47c', '702.16b', '608.2b', '120.3'],
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
        if (after && after.damage !== undefined && after.damage !== total) c.fail(step, `${id} has ${total} damage after ${e.spell.id}`, `${after.damage} damage`);
        else if (!after && before.toughness !== undefined && total < before.toughness) c.fail(step, `${id} survives ${amount} damage (toughness ${before.toughness})`, 'it left the battlefield');
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
          const want = !fits || (t.oncePerTurn && done.has(`${p.id}#${i}`)) ? 0 : e.tokens;
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
