// Spliced effects come after the main card's text, in the order chosen (CR 702.47b, 608.2c): a draw
// and a mill of one library, a destroy and a bounce of one creature, end as that order says; where the
// engine lists a step's events, they show that order even when the state after cannot.
import { activeRequirements } from '../model/declarations.ts';
import type { Kick } from '../model/kick.ts';
import type { CardDefinition, GameEvent, ObservedState, StackSpell } from '../model/schema-types.ts';
import type { PlayerId } from '../model/scenario.ts';
import { kickOf, effectTimes } from '../oracle/kicks.ts';
import { permanentDef } from '../oracle/definitions.ts';
import { Checker, sameMembers, sameShown, show, type Property, type Run, type RunStep } from './property.ts';
import { features } from './features.ts';
import { eventText, judgeResolutions, ordinal } from './event-order.ts';
import { newObjectSinceTargeted } from '../oracle/targeted-objects.ts';

/** Effects that move cards between zones, whose order shows. */
const MOVES = new Set(['draw', 'mill', 'discard', 'destroy', 'bounce']);

/** Effects that move no card and kill nothing: life, mana, tokens, +1/+1 counters, pumps that add toughness, damage to players. */
function harmless(e: NonNullable<CardDefinition['effects']>[number], def: CardDefinition): boolean {
  switch (e.kind) {
    case 'gainLife':
    case 'addMana':
    case 'createToken':
      return true;
    case 'putCounters':
      return (e.counter ?? '+1/+1') === '+1/+1';
    case 'pump':
      return (e.toughness ?? 0) >= 0;
    case 'damage':
      return e.each === 'player' || e.each === 'opponent' || (e.target !== undefined && def.targets?.[e.target]?.kind === 'player');
    default:
      return false;
  }
}

/** Whether an effect of the parts depends on the board as the spell resolves ("If you control a Swamp"). */
const onBoardCondition = (defs: readonly CardDefinition[]) => defs.some((d) => (d.effects ?? []).some((e) => e.ifYouControl !== undefined));

interface Zones {
  library: string[];
  hand: string[];
  graveyard: string[];
}

interface Spliced {
  spell: StackSpell;
  parts: CardDefinition[];
  kick: Kick;
}

/**
 * The spliced spell a single resolve step resolves, when its effects only move cards and every
 * target it has is still there, without protection: then nothing but the order decides where they go.
 */
function resolvedSplice(run: Run, step: RunStep): Spliced | undefined {
  const a = step.action;
  if (step.step.outcome !== 'accepted' || a.do !== 'resolve' || a.untilEmpty) return undefined;
  const top = step.before.stack.at(-1);
  if (top?.kind !== 'spell' || (top.spliced ?? []).length === 0) return undefined;
  const parts = [run.def(top.card), ...top.spliced!.map((id) => run.def(id))];
  if (parts.some((d) => d === undefined)) return undefined;
  const defs = parts as CardDefinition[];
  if (defs.some((d) => (d.effects ?? []).some((e) => !MOVES.has(e.kind) && !harmless(e, d))) || !defs.some((d) => (d.effects ?? []).some((e) => MOVES.has(e.kind)))) return undefined;
  // An effect that depends on the board as it resolves ("If you control a Swamp") is resolution.player-effects' to judge.
  if (onBoardCondition(defs)) return undefined;
  for (const id of top.targets.flat()) {
    if (id === 'p1' || id === 'p2') continue;
    if (!step.before.battlefield.some((p) => p.id === id) || (permanentDef(run, id, step.index)?.protection ?? []).length > 0 || newObjectSinceTargeted(run, step, id, top.id)) return undefined;
  }
  const kick = kickOf(run, top, step.index);
  return kick ? { spell: top, parts: defs, kick } : undefined;
}

/** Libraries, hands, graveyards and permanents after the parts' effects in order, the spell's card last into its owner's graveyard. */
function expectedZones(step: RunStep, r: Spliced): { players: Map<PlayerId, Zones>; battlefield: Set<string> } | undefined {
  const players = new Map<PlayerId, Zones>();
  for (const p of step.before.players) {
    if (p.library === undefined) return undefined;
    players.set(p.id, { library: [...p.library], hand: [...p.hand], graveyard: [...p.graveyard] });
  }
  const battlefield = new Set(step.before.battlefield.map((p) => p.id));
  const you = r.spell.controller;
  const requirements = activeRequirements(r.parts, r.kick);
  const choices = step.action.do === 'resolve' ? (step.action.choices ?? []) : [];
  // A permanent leaves for its owner's graveyard or hand; a token ceases to exist.
  const leave = (id: string, to: 'graveyard' | 'hand') => {
    const p = step.before.battlefield.find((o) => o.id === id)!;
    battlefield.delete(id);
    if (!p.token) players.get(p.owner)![to].push(p.card ?? p.id);
  };
  r.parts.forEach((def, part) => {
    const effects = def.effects ?? [];
    effects.forEach((e, i) => {
      const amount = e.amount === 'X' ? (r.spell.x ?? 0) : typeof e.amount === 'number' ? e.amount : 0;
      const group = e.target === undefined ? -1 : requirements.findIndex((q) => q.part === part && (def.targets ?? []).indexOf(q.requirement) === e.target);
      // A targeted effect whose requirement exists only if kicked does nothing unkicked.
      if (e.target !== undefined && group === -1) return;
      const chosen = group === -1 ? [] : (r.spell.targets[group] ?? []);
      const who: PlayerId[] =
        e.each === 'player' ? ['p1', 'p2'] : e.each === 'opponent' ? [you === 'p1' ? 'p2' : 'p1'] : group === -1 ? [you] : chosen.filter((id): id is PlayerId => id === 'p1' || id === 'p2');
      for (let n = effectTimes(effects, i, r.kick); n > 0; n--) {
        if (e.kind === 'destroy' || e.kind === 'bounce') {
          for (const id of chosen.filter((x) => battlefield.has(x))) leave(id, e.kind === 'destroy' ? 'graveyard' : 'hand');
          continue;
        }
        for (const id of who) {
          const z = players.get(id)!;
          if (e.kind === 'draw') z.hand.push(...z.library.splice(0, amount));
          else if (e.kind === 'mill') z.graveyard.push(...z.library.splice(0, amount));
          else if (e.kind === 'discard') {
            // Choices made on resolution, else the smallest ids (the scenario's rule).
            const picked = [...choices.filter((c) => z.hand.includes(c)), ...[...z.hand].sort().filter((c) => !choices.includes(c))].slice(0, amount);
            z.hand = z.hand.filter((c) => !picked.includes(c));
            z.graveyard.push(...picked);
          }
        }
      }
    });
  });
  if (!r.spell.copy) players.get(you)!.graveyard.push(r.spell.card);
  return { players, battlefield };
}

/**
 * The names of the tokens a resolving spliced spell creates, in the order its parts create them, when
 * two parts create tokens of different names and the spell does not fizzle; else undefined.
 */
function expectedTokens(run: Run, step: RunStep): { spell: StackSpell; names: string[] } | undefined {
  const a = step.action;
  if (step.step.outcome !== 'accepted' || a.do !== 'resolve' || a.untilEmpty) return undefined;
  const top = step.before.stack.at(-1);
  if (top?.kind !== 'spell' || (top.spliced ?? []).length === 0) return undefined;
  const defs = [run.def(top.card), ...top.spliced!.map((id) => run.def(id))];
  if (defs.some((d) => d === undefined)) return undefined;
  const kick = kickOf(run, top, step.index);
  if (!kick || onBoardCondition(defs as CardDefinition[])) return undefined;
  // Only where no target can have become illegal (gone, or protected from the spell's colour): with
  // every target illegal nothing happens (CR 608.2b), and then there is no order to see.
  for (const id of top.targets.flat()) {
    if (id === 'p1' || id === 'p2') continue;
    if (!step.before.battlefield.some((p) => p.id === id) || (permanentDef(run, id, step.index)?.protection ?? []).length > 0 || newObjectSinceTargeted(run, step, id, top.id)) return undefined;
  }
  const names: string[] = [];
  const makers = new Set<string>();
  for (const def of defs as CardDefinition[]) {
    const effects = def.effects ?? [];
    effects.forEach((e, i) => {
      if (e.kind !== 'createToken' || !e.token) return;
      const amount = e.amount === 'X' ? (top.x ?? 0) : typeof e.amount === 'number' ? e.amount : 0;
      const times = effectTimes(effects, i, kick) * amount;
      for (let n = 0; n < times; n++) names.push(e.token.name);
      if (times > 0) makers.add(e.token.name);
    });
  }
  return makers.size > 1 ? { spell: top, names } : undefined;
}

/** The tokens a step's action created, in the order of their ids (the action's id, then .k1, .k2...). */
function createdTokens(step: RunStep): string[] {
  const k = (id: string) => Number(/\.k(\d+)$/.exec(id)?.[1] ?? 0);
  return step.after.battlefield
    .filter((p) => p.token && p.id.startsWith(`${step.action.id}.k`) && !step.before.battlefield.some((b) => b.id === p.id))
    .sort((x, y) => k(x.id) - k(y.id))
    .map((p) => p.name);
}

const zonesText = (z: Zones) => `hand ${show([...z.hand].sort())}, graveyard ${show(z.graveyard)}, library ${show(z.library)}`;
/** Whether two players' zones read the same (their zonesText alike), without writing them out. */
const sameZones = (a: Zones, b: Zones) => sameMembers(a.hand, b.hand) && sameShown(a.graveyard, b.graveyard) && sameShown(a.library, b.library);
const observedZones = (s: ObservedState, id: PlayerId): Zones => {
  const p = s.players.find((x) => x.id === id)!;
  return { hand: p.hand, graveyard: p.graveyard, library: p.library ?? [] };
};

export const splicedEffectsAfterHost: Property = {
  id: 'splice.effects-after-host',
  rules: ['702.47b', '608.2c'],
  statement:
    "A spliced spell does its main card's effects first, then each spliced card's in the order the splices were declared: draws, mills, discards, destroys and bounces of the same cards end as that order says, and tokens are created in that order.",
  needs: { mechanics: ['splice'], observes: ['stack.spliced', 'player.library'] },
  applies: (s) => features(s).mostSpliced > 0,
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      // Tokens of different kinds, created by different parts, show the order in their ids.
      const tokens = expectedTokens(run, step);
      if (tokens) {
        const got = createdTokens(step);
        if (show(got) !== show(tokens.names)) c.fail(step, `${tokens.spell.id}'s tokens created in the order of its parts: ${show(tokens.names)}`, show(got));
        else c.checkedOne();
        if (c.done) break;
      }
      const r = resolvedSplice(run, step);
      const want = r && expectedZones(step, r);
      if (!r || !want) continue;
      const order = `${r.spell.id}'s effects in the order ${[r.spell.card, ...(r.spell.spliced ?? [])].join(', ')}`;
      const wrong = (['p1', 'p2'] as const).find((id) => !sameZones(observedZones(step.after, id), want.players.get(id)!));
      const nontokens = step.after.battlefield.filter((p) => !p.token || step.before.battlefield.some((b) => b.id === p.id)).map((p) => p.id).sort();
      if (wrong) c.fail(step, `${order}: ${wrong}'s ${zonesText(want.players.get(wrong)!)}`, zonesText(observedZones(step.after, wrong)));
      else if (!sameShown(nontokens, [...want.battlefield].sort())) c.fail(step, `${order}: permanents ${show([...want.battlefield].sort())}`, `permanents ${show(nontokens)}`);
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const splicedEventsAfterHost: Property = {
  id: 'splice.events-after-host',
  rules: ['702.47b', '608.2c'],
  eventsOnly: true,
  statement:
    "A spliced spell does its main card's instructions first, then each spliced card's in the order the splices were declared: in its step's events, nothing a spliced card's text did comes before what the main card's text, or an earlier spliced card's, did.",
  needs: { mechanics: ['splice'], observes: ['step.events', 'stack.spliced'] },
  applies: (s) => s.actions.some((a) => a.do === 'cast' && (a.splice?.length ?? 0) > 0) && s.actions.some((a) => a.do === 'resolve'),
  check: (run) =>
    judgeResolutions(run, (c, step, r) => {
      if (r.names.length < 2) return;
      // The latest part an event showed, where only one part's text can have made it.
      let latest: { part: number; event: GameEvent } | undefined;
      let compared = false;
      for (const { event, from } of r.events) {
        const part = from[0]?.part;
        if (part === undefined || from.some((i) => i.part !== part)) continue;
        if (latest && latest.part > part) {
          const order = r.names.map((n, i) => (i === 0 ? n : `${n} (spliced ${ordinal(i)})`)).join(', then ');
          c.fail(step, `${r.spell.id}'s text in the order ${order}: ${r.names[part]}'s before ${r.names[latest.part]}'s`, `${eventText(latest.event)} (${r.names[latest.part]}) came before ${eventText(event)} (${r.names[part]})`);
          return;
        }
        if (latest && latest.part < part) compared = true;
        if (!latest || part > latest.part) latest = { part, event };
      }
      if (compared) c.checkedOne();
    }),
};
