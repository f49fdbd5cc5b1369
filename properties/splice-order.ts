// Spliced effects come after the main card's text, in the order chosen (CR 702.47b, 608.2c): a draw
// and a mill of one library, or a draw and a discard, end as that order says.
import { activeRequirements } from '../model/declarations.ts';
import type { Kick } from '../model/kick.ts';
import type { CardDefinition, ObservedPlayer, StackSpell } from '../model/schema-types.ts';
import type { PlayerId } from '../model/scenario.ts';
import { lastCastKick } from './declared.ts';
import { effectTimes } from './expectations.ts';
import { Checker, show, type Property, type Run, type RunStep } from './property.ts';

/** Effects that only move cards between a player's library, hand and graveyard, or change nothing of them. */
const MOVES = new Set(['draw', 'mill', 'discard']);
const HARMLESS = new Set(['gainLife', 'addMana', 'createToken']);

interface Zones {
  library: string[];
  hand: string[];
  graveyard: string[];
}

/** The spliced spell a single resolve step resolves, with its parts, when every target of it is a player. */
function resolvedSplice(run: Run, step: RunStep): { spell: StackSpell; parts: CardDefinition[]; kick: Kick } | undefined {
  const a = step.action;
  if (step.step.outcome !== 'accepted' || a.do !== 'resolve' || a.untilEmpty) return undefined;
  const top = step.before.stack.at(-1);
  if (top?.kind !== 'spell' || (top.spliced ?? []).length === 0) return undefined;
  const main = run.def(top.card);
  const parts = [main, ...top.spliced!.map((id) => run.def(id))];
  if (parts.some((d) => d === undefined)) return undefined;
  const defs = parts as CardDefinition[];
  if (defs.some((d) => (d.effects ?? []).some((e) => !MOVES.has(e.kind) && !HARMLESS.has(e.kind)))) return undefined;
  if (!defs.some((d) => (d.effects ?? []).some((e) => MOVES.has(e.kind)))) return undefined;
  if (top.targets.flat().some((id) => id !== 'p1' && id !== 'p2')) return undefined;
  const kick = top.kicker !== undefined && top.multikicker !== undefined ? { kicker: top.kicker, multikicker: top.multikicker } : lastCastKick(run, step.index, top.card);
  return kick ? { spell: top, parts: defs, kick } : undefined;
}

/** The players' libraries, hands and graveyards after the parts' effects in order, the spell's card last into its owner's graveyard. */
function expectedZones(run: Run, step: RunStep, r: NonNullable<ReturnType<typeof resolvedSplice>>): Map<PlayerId, Zones> | undefined {
  const zones = new Map<PlayerId, Zones>();
  for (const p of step.before.players) {
    if (p.library === undefined) return undefined;
    zones.set(p.id, { library: [...p.library], hand: [...p.hand], graveyard: [...p.graveyard] });
  }
  const you = r.spell.controller;
  const requirements = activeRequirements(r.parts, r.kick);
  const choices = step.action.do === 'resolve' ? (step.action.choices ?? []) : [];
  r.parts.forEach((def, part) => {
    const effects = def.effects ?? [];
    effects.forEach((e, i) => {
      const amount = e.amount === 'X' ? (r.spell.x ?? 0) : typeof e.amount === 'number' ? e.amount : 0;
      const group = e.target === undefined ? -1 : requirements.findIndex((q) => q.part === part && (def.targets ?? []).indexOf(q.requirement) === e.target);
      // A targeted effect whose requirement exists only if kicked does nothing unkicked.
      if (e.target !== undefined && group === -1) return;
      const who: PlayerId[] =
        e.each === 'player' ? ['p1', 'p2'] : e.each === 'opponent' ? [you === 'p1' ? 'p2' : 'p1'] : group === -1 ? [you] : (r.spell.targets[group] ?? []).filter((id): id is PlayerId => id === 'p1' || id === 'p2');
      for (let n = effectTimes(effects, i, r.kick); n > 0; n--) {
        for (const id of who) {
          const z = zones.get(id)!;
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
  if (!r.spell.copy) zones.get(you)!.graveyard.push(r.spell.card);
  return zones;
}

const same = (p: ObservedPlayer, z: Zones) => show([...p.hand].sort()) === show([...z.hand].sort()) && show(p.graveyard) === show(z.graveyard) && show(p.library) === show(z.library);

export const splicedEffectsAfterHost: Property = {
  id: 'splice.effects-after-host',
  rules: ['702.47b', '608.2c'],
  statement:
    "A spliced spell does its main card's effects first, then each spliced card's in the order the splices were declared: draws, mills and discards of the same cards end as that order says.",
  needs: { mechanics: ['splice'], observes: ['stack.spliced', 'player.library'] },
  applies: (s) => s.actions.some((a) => a.do === 'cast' && (a.splice?.length ?? 0) > 0),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const r = resolvedSplice(run, step);
      if (!r) continue;
      const want = expectedZones(run, step, r);
      if (!want) continue;
      const wrong = step.after.players.find((p) => !same(p, want.get(p.id)!));
      if (wrong) {
        const z = want.get(wrong.id)!;
        c.fail(
          step,
          `${r.spell.id}'s effects in order ${[r.spell.card, ...(r.spell.spliced ?? [])].join(', ')}: ${wrong.id}'s hand ${show([...z.hand].sort())}, graveyard ${show(z.graveyard)}, library ${show(z.library)}`,
          `hand ${show([...wrong.hand].sort())}, graveyard ${show(wrong.graveyard)}, library ${show(wrong.library)}`,
        );
      } else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};
