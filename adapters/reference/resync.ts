// The reference engine's game taken to the state an engine under test showed (model/resync.ts): the
// reference's own game after the same step, each observed field set to what the engine showed. What
// no observation shows (what happened this turn, CR 603.2h; what a waiting trigger remembers of its
// source, 608.2h) stays the reference's. An object the reference did not make is made from what
// defines it (a card, a copy of a card's spell, the one effect that makes a token of that name, the
// source of a triggered ability); where nothing does, or a triggered ability would read what no state
// shows, it says so rather than guess.
import { manaOf, toPool } from '../../model/mana.ts';
import type { CardDefinition, Color, Effect, KickerLabel, ObservedPermanent, ObservedState, StackObject } from '../../model/schema-types.ts';
import { cloneSealedGame, serialsOf, type Game, type Permanent, type PlayerState, type StackItem, type StackSpell, type StackTrigger } from './game.ts';
import { definitionColors, permanentColors } from './characteristics.ts';
import { tokenDefinition } from './effects.ts';
import type { Rules } from './rules-table.ts';

/** The game `g` with the observed `state` in place of its own, or why the reference engine cannot take that state. */
export function resyncedGame(g: Game, state: ObservedState, r: Rules): Game | string {
  const next = cloneSealedGame(g);
  for (const o of state.players) {
    const p = playerFrom(next, o);
    if (typeof p === 'string') return p;
    next.players[o.id === 'p1' ? 0 : 1] = p;
  }
  const battlefield: Permanent[] = [];
  for (const o of state.battlefield) {
    const p = permanentFrom(next, g.battlefield.find((x) => x.id === o.id), o, r);
    if (typeof p === 'string') return p;
    battlefield.push(p);
  }
  // The reference's own order where it has the permanents (an order some choices read), then the rest.
  const order = (p: Permanent) => {
    const i = g.battlefield.findIndex((x) => x.id === p.id);
    return i === -1 ? g.battlefield.length : i;
  };
  next.battlefield = battlefield.sort((a, b) => order(a) - order(b));
  const stack: StackItem[] = [];
  for (const o of state.stack) {
    const item = stackItemFrom(next, g.stack.find((x) => x.id === o.id && x.kind === o.kind), o, r);
    if (typeof item === 'string') return item;
    stack.push(item);
  }
  next.stack = stack;
  return next;
}

type ObservedPlayer = ObservedState['players'][number];

function playerFrom(g: Game, o: ObservedPlayer): PlayerState | string {
  if (o.mana === undefined) return `${o.id}'s mana pool is not shown`;
  if (o.library === undefined) return `${o.id}'s library is not shown`;
  for (const [zone, ids] of [['hand', o.hand], ['library', o.library], ['graveyard', o.graveyard]] as const) {
    const unknown = ids.find((id) => !g.cards.has(id));
    if (unknown !== undefined) return `${unknown} in ${o.id}'s ${zone} is no card of the scenario`;
  }
  return { id: o.id, life: o.life, lost: o.lost ?? false, drewFromEmpty: false, hand: o.hand.slice(), library: o.library.slice(), graveyard: o.graveyard.slice(), pool: toPool(o.mana), sealed: false };
}

function permanentFrom(g: Game, old: Permanent | undefined, o: ObservedPermanent, r: Rules): Permanent | string {
  // The same object when it is the same card (or token) the reference has under that id; else a card
  // put there as itself, or a token that a copy of its spell became. A token made otherwise, that
  // the reference did not make, has no definition to read.
  const same = old !== undefined && old.card === o.card && old.token === o.token;
  const made = !same && o.token && o.card === undefined ? tokenNamed(g, o.name) : undefined;
  const def = same ? old.def : o.card !== undefined ? g.cards.get(o.card)?.def : made?.def;
  if (def === undefined) return `${o.token ? 'token' : 'permanent'} ${o.id} (${o.name}) is none the reference engine made`;
  if (def.name !== o.name) return `permanent ${o.id} is ${o.name}, which the reference engine cannot tell from its card`;
  const kick = kickOf(old, o, def.kicker?.costs.length ?? 0, r);
  const counters: Record<string, number> = {};
  for (const k in o.counters) {
    const n = o.counters[k as keyof typeof o.counters];
    if (n !== undefined && n !== 0) counters[k] = n;
  }
  const plus = (counters['+1/+1'] ?? 0) - (counters['-1/-1'] ?? 0);
  // Until-end-of-turn changes are what the power and toughness shown add to the card and its counters.
  const pump = { power: o.power !== undefined ? o.power - (def.power ?? 0) - plus : (old?.pump.power ?? 0), toughness: o.toughness !== undefined ? o.toughness - (def.toughness ?? 0) - plus : (old?.pump.toughness ?? 0) };
  return {
    id: o.id,
    serial: same ? old.serial : g.nextSerial++,
    card: o.card,
    def,
    owner: o.owner,
    controller: o.controller,
    token: o.token,
    tapped: o.tapped,
    counters,
    damage: o.damage ?? (same ? old.damage : 0),
    keywords: o.keywords ? o.keywords.slice() : same ? old.keywords.slice() : [...(def.keywords ?? [])],
    pump,
    kicker: kick.kicker,
    multikicker: kick.multikicker,
    colors: same ? old.colors : made?.colors,
    creature: def.types.includes('Creature'),
    legendary: def.supertypes?.includes('Legendary') ?? false,
    sealed: false,
  };
}

/**
 * How a permanent was kicked, from the yes or no and the count it shows: the reference's own where
 * they agree. Once it is on the battlefield, only that yes or no and count are read (CR 400.7d: its
 * enters-with counters and its abilities linked to one kicker cost were settled as it entered), so
 * where the reference's differs any declaration with that count serves.
 */
function kickOf(old: Permanent | undefined, o: ObservedPermanent, printed: number, r: Rules): { kicker: KickerLabel[]; multikicker: number } {
  if (o.kicked === undefined && o.timesKicked === undefined) return old ?? { kicker: [], multikicker: 0 };
  const times = o.timesKicked ?? (o.kicked ? 1 : 0);
  if (old !== undefined && r.timesKicked(old) === times) return { kicker: old.kicker, multikicker: old.multikicker };
  const kicker = (['A', 'B'] as const).slice(0, Math.min(times, printed));
  return { kicker, multikicker: times - kicker.length };
}

function stackItemFrom(g: Game, old: StackItem | undefined, o: StackObject, r: Rules): StackItem | string {
  if (o.kind === 'ability') {
    const was = old?.kind === 'ability' && old.source === o.source && old.ability === o.ability ? old : triggerFrom(g, o);
    if (typeof was === 'string') return was;
    const targets = o.targets ?? was.targets;
    return { ...was, controller: o.controller, targets: targets.map((t) => t.slice()), targetSerials: sameTargets(targets, was.targets) ? was.targetSerials : serialsOf(g, targets) };
  }
  const was = old?.kind === 'spell' && old.card === o.card && old.copy === o.copy ? old : undefined;
  const card = g.cards.get(o.card);
  // A copy the reference did not make copies its card (CR 707.2); a colour its copy effect gave is set below.
  const def = was ? was.def : card?.def;
  if (def === undefined || card === undefined) return `spell ${o.id} (${o.name}) on the stack is none the reference engine made`;
  if (def.name !== o.name) return `spell ${o.id} is ${o.name}, which the reference engine cannot tell from its card`;
  const spliced: StackSpell['spliced'] = [];
  for (const id of o.spliced ?? was?.spliced.map((s) => s.card) ?? []) {
    const c = g.cards.get(id);
    if (c === undefined) return `${id} spliced onto ${o.id} is no card of the scenario`;
    spliced.push({ card: id, def: c.def });
  }
  const spell: StackSpell = {
    kind: 'spell',
    id: o.id,
    card: o.card,
    def,
    // A copy of a spell is owned by the player under whose control it was made (CR 707.10).
    owner: was?.owner ?? (o.copy ? o.controller : card.owner),
    controller: o.controller,
    copy: o.copy,
    kicker: o.kicker ? o.kicker.slice() : (was?.kicker ?? []),
    multikicker: o.multikicker ?? was?.multikicker ?? 0,
    spliced,
    targets: o.targets.map((t) => t.slice()),
    targetSerials: was && sameTargets(o.targets, was.targets) ? was.targetSerials : serialsOf(g, o.targets),
    ...(o.x !== undefined ? { x: o.x } : was?.x !== undefined ? { x: was.x } : {}),
    ...(o.totalCost ? { totalCost: { mana: { ...manaOf(o.totalCost.mana) }, sacrificed: (o.totalCost.sacrificed ?? []).slice() } } : was?.totalCost ? { totalCost: was.totalCost } : {}),
  };
  // A colour a copy effect gave (Fork) is the spell's own: shown otherwise than its card's, it is set.
  if (o.colors.join() !== r.spellCharacteristics(spell).colors.join()) spell.colors = o.colors.slice();
  return spell;
}

function sameTargets(a: readonly (readonly string[])[], b: readonly (readonly string[])[]): boolean {
  return a.length === b.length && a.every((t, i) => t.length === b[i]!.length && t.every((id, j) => id === b[i]![j]));
}

/**
 * A triggered ability the reference did not trigger, made from its source as it is now (or its card,
 * once it has left: CR 608.2h). What it remembers of its event is what no state shows: the kick of a
 * spell cast, the damage dealt, the controller of what entered or died. An ability that reads one of
 * them is not made; an entering permanent's own kick is its source's.
 */
function triggerFrom(g: Game, o: Extract<StackObject, { kind: 'ability' }>): StackTrigger | string {
  const source = g.battlefield.find((p) => p.id === o.source);
  const def = source?.def ?? g.cards.get(o.source)?.def;
  const ability = def?.triggers?.[o.ability];
  if (def === undefined || ability === undefined) return `ability ${o.id} on the stack has no source the reference engine knows`;
  const text = JSON.stringify(ability);
  const reads =
    ability.event === 'spellCast' && /"(condition|if)":/.test(text) ? 'the kick of the spell cast' : ability.event === 'selfDealtDamage' && text.includes('damageDealt') ? 'the damage dealt' : text.includes('eventController') ? 'whose permanent it was' : undefined;
  if (reads !== undefined) return `ability ${o.id} on the stack, which the reference engine did not trigger, reads ${reads}, which no state shows`;
  return {
    kind: 'ability',
    id: o.id,
    source: o.source,
    sourceSerial: source?.serial ?? -1,
    sourceDef: def,
    sourceColors: source ? permanentColors(source) : definitionColors(def),
    sourceKeywords: source ? source.keywords.slice() : [...(def.keywords ?? [])],
    ability: o.ability,
    controller: o.controller,
    subject: ability.event === 'selfEnters' && source ? { kicker: source.kicker.slice(), multikicker: source.multikicker } : { kicker: [], multikicker: 0 },
    eventAmount: undefined,
    eventController: undefined,
    targets: [],
    targetSerials: [],
  };
}

/**
 * The token an effect of the scenario's cards creates under this name, when exactly one does: a token
 * the engine made and the reference did not is then that one (its colours are the effect's).
 */
function tokenNamed(g: Game, name: string): { def: CardDefinition; colors: Color[] } | undefined {
  const found = new Map<string, NonNullable<Effect['token']>>();
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) for (const y of x) walk(y);
    else if (typeof x === 'object' && x !== null) {
      const e = x as Partial<Effect>;
      if (e.kind === 'createToken' && e.token?.name === name) found.set(JSON.stringify(e.token), e.token);
      for (const k in x) walk((x as Record<string, unknown>)[k]);
    }
  };
  for (const c of g.cards.values()) walk(c.def);
  if (found.size !== 1) return undefined;
  const t = [...found.values()][0]!;
  return { def: tokenDefinition(t), colors: [...(t.colors ?? [])] };
}
