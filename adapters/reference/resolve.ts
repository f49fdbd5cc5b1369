// Resolving the top of the stack (CR 608): targets checked first (CR 608.2b), then the main spell's
// effects and the spliced cards' in their order (CR 702.47b); a permanent spell enters the
// battlefield, with its "enters with" replacements (CR 603.6d).
import { parseMana, addToPool } from '../../model/mana.ts';
import type { Effect } from '../../model/schema-types.ts';
import type { NResolveAction } from '../../model/scenario.ts';
import { player, isPlayerId, type Game, type Permanent, type StackSpell } from './game.ts';
import type { Rejection } from './kicker.ts';
import { isPermanentSpell } from './characteristics.ts';
import { spellParts } from './targets.ts';
import type { Rules } from './rules.ts';

export function resolveTop(g: Game, action: NResolveAction, r: Rules): Rejection | null {
  const spell = g.stack.pop();
  if (!spell) return { reason: 'empty-stack', message: 'there is nothing on the stack to resolve' };
  if (isPermanentSpell(spell)) {
    g.battlefield.push(r.enterBattlefield(spell, r));
  } else {
    const error = resolveInstantOrSorcery(g, spell, action, r);
    if (error) return error;
    // CR 608.2n, 707.10a: the card goes to its owner's graveyard; a copy ceases to exist.
    if (!spell.copy) player(g, spell.owner).graveyard.push(spell.card);
  }
  stateBasedActions(g);
  return null;
}

function resolveInstantOrSorcery(g: Game, spell: StackSpell, action: NResolveAction, r: Rules): Rejection | null {
  const slots = r.targetSlots(spell).filter((s) => s.active);
  // A group with no requirement behind it (targets the declaration no longer accounts for) has no legal target.
  const legal = spell.targets.map((group, i) => {
    const slot = slots[i];
    return slot ? group.filter((id) => r.isLegalTarget(g, slot.requirement.kind, id, spell.id, spell.controller)) : [];
  });
  const chosen = spell.targets.flat().length;
  // CR 608.2b, 702.47d: if every target is illegal, none of the spell happens, spliced parts included.
  if (chosen > 0 && legal.flat().length === 0) return null;

  const parts = spellParts(spell);
  for (let part = 0; part < parts.length; part++) {
    const effects = parts[part]!.effects ?? [];
    for (let i = 0; i < effects.length; i++) {
      const effect = effects[i]!;
      const times = r.effectRepetitions(effects, i, spell);
      for (let n = 0; n < times; n++) {
        const groupIndex = effect.target === undefined ? -1 : slots.findIndex((s) => s.part === part && s.index === effect.target);
        if (effect.target !== undefined && groupIndex === -1) continue;
        const error = perform(g, spell, effect, groupIndex === -1 ? [] : legal[groupIndex]!, action, r);
        if (error) return error;
      }
    }
  }
  return null;
}

/** How many times effect i of a card's list happens; an insteadIfKicked effect that applies replaces the one before it. */
export function effectRepetitions(effects: readonly Effect[], i: number, spell: StackSpell, r: Rules): number {
  const next = effects[i + 1];
  if (next?.condition === 'insteadIfKicked' && r.repetitions('insteadIfKicked', spell) > 0) return 0;
  return r.repetitions(effects[i]!.condition, spell);
}

function perform(g: Game, spell: StackSpell, effect: Effect, targets: string[], action: NResolveAction, r: Rules): Rejection | null {
  const amount = effect.amount === 'X' ? (spell.x ?? 0) : (effect.amount ?? 0);
  const you = player(g, spell.controller);
  switch (effect.kind) {
    case 'damage':
      for (const id of targets) dealDamage(g, id, amount);
      return null;
    case 'draw':
      for (let i = 0; i < amount; i++) {
        // Drawing from an empty library draws nothing; losing the game is outside the model.
        const top = you.library.shift();
        if (top !== undefined) you.hand.push(top);
      }
      return null;
    case 'gainLife':
      you.life += amount;
      return null;
    case 'addMana':
      you.pool = addToPool(you.pool, parseMana(effect.mana ?? ''));
      return null;
    case 'putCounters':
      for (const id of targets) {
        const permanent = g.battlefield.find((p) => p.id === id);
        if (permanent) addCounters(permanent, effect.counter ?? '+1/+1', amount);
      }
      return null;
    case 'copySpell': {
      const target = targets[0];
      if (target === undefined) return null;
      const request = { id: action.id, controller: spell.controller, ...(action.newTargets ? { newTargets: action.newTargets } : {}), ...(effect.copyColor ? { colors: [effect.copyColor] } : {}) };
      return r.putCopyOnStack(g, target, request, r);
    }
  }
}

function dealDamage(g: Game, id: string, amount: number): void {
  if (amount <= 0) return;
  if (isPlayerId(id)) {
    player(g, id).life -= amount;
    return;
  }
  const permanent = g.battlefield.find((p) => p.id === id);
  if (permanent) permanent.damage += amount;
}

function addCounters(permanent: Permanent, kind: string, amount: number): void {
  if (amount > 0) permanent.counters[kind] = (permanent.counters[kind] ?? 0) + amount;
}

/**
 * CR 608.3, 707.10f: the permanent spell becomes a permanent (a copy becomes a token) and enters
 * with its replacements applied. It remembers how it was kicked (CR 400.7d).
 */
export function enterBattlefield(spell: StackSpell, r: Rules): Permanent {
  const permanent: Permanent = {
    id: spell.id,
    card: spell.card,
    def: spell.def,
    owner: spell.owner,
    controller: spell.controller,
    token: spell.copy,
    tapped: false,
    counters: {},
    damage: 0,
    keywords: [...(spell.def.keywords ?? [])],
    kicker: [...spell.kicker],
    multikicker: spell.multikicker,
  };
  for (const e of spell.def.entersWith ?? []) {
    const times = r.repetitions(e.condition, spell);
    if (e.counter && e.amount) addCounters(permanent, e.counter, e.amount * times);
    if (e.keyword && times > 0 && !permanent.keywords.includes(e.keyword)) permanent.keywords.push(e.keyword);
  }
  return permanent;
}

export function toughnessOf(p: Permanent): number {
  return (p.def.toughness ?? 0) + (p.counters['+1/+1'] ?? 0) - (p.counters['-1/-1'] ?? 0);
}

export function powerOf(p: Permanent): number {
  return (p.def.power ?? 0) + (p.counters['+1/+1'] ?? 0) - (p.counters['-1/-1'] ?? 0);
}

/** CR 704.5f-g: creatures with toughness 0 or less, or lethal damage, are put into the graveyard. */
export function stateBasedActions(g: Game): void {
  const dying = g.battlefield.filter((p) => p.def.types.includes('Creature') && (toughnessOf(p) <= 0 || p.damage >= toughnessOf(p)));
  if (dying.length === 0) return;
  g.battlefield = g.battlefield.filter((p) => !dying.includes(p));
  for (const p of dying) if (!p.token) player(g, p.owner).graveyard.push(p.card);
}
