// A card cast more than once (CR 702.33d, 733.1, 400.7): each cast is judged by its own declaration,
// and a rejected cast leaves nothing behind, mana included.
import { kickTimes, timesKicked } from '../model/kick.ts';
import { POOL_KEYS, toPool, type Pool } from '../model/mana.ts';
import type { NCastAction } from '../model/scenario.ts';
import { declaredKick } from '../oracle/kicks.ts';
import { entries } from '../oracle/entries.ts';
import { absentEntry } from './permanents.ts';
import { castSpellOrFail, Checker, sameShown, show, spellOnStack, STACK_KICK, type Property } from './property.ts';
import { features } from './features.ts';

/** Cards cast twice or more in a scenario. */
function castAgain(s: { actions: { do: string; card?: string }[] }): Set<string> {
  const seen = new Set<string>();
  const again = new Set<string>();
  for (const a of s.actions) {
    if (a.do !== 'cast' || a.card === undefined) continue;
    if (seen.has(a.card)) again.add(a.card);
    seen.add(a.card);
  }
  return again;
}

export const kickBelongsToItsCast: Property = {
  id: 'casting.kick-belongs-to-its-cast',
  rules: ['702.33d', '733.1', '400.7'],
  statement:
    'A kicked status and a kick count belong to one cast: a card cast again, after a rejected cast or after it left the stack, is kicked exactly as its new declaration says, and so is the permanent it becomes.',
  needs: { anyObserves: [...STACK_KICK, 'permanent.kicked'] },
  applies: (s) => features(s).castAgain,
  check(run) {
    const c = new Checker();
    const again = castAgain(run.scenario);
    const earlier = new Set<string>();
    // Casts of a card that was cast before, accepted, by the step they were made in.
    const recasts = new Map<number, NCastAction>();
    for (const step of run.casts()) {
      const a = step.action;
      if (earlier.has(a.card) && step.step.outcome === 'accepted') recasts.set(step.index, a);
      earlier.add(a.card);
    }
    for (const [index, a] of recasts) {
      const step = run.steps[index]!;
      const want = declaredKick(a);
      const times = timesKicked(want);
      const o = castSpellOrFail(c, step, a.card);
      if (!o) break;
      // Each field is judged where the engine reports it (stack.kicked and the others are optional observations).
      if (o.kicked !== undefined && o.kicked !== times > 0) c.fail(step, `${a.card}, cast again, is kicked: ${times > 0} (declared ${show(want.kicker)}, multikicker ${want.multikicker})`, `kicked: ${o.kicked}`);
      else if (o.timesKicked !== undefined && o.timesKicked !== times) c.fail(step, `${a.card}, cast again, was kicked ${times} times`, `${o.timesKicked} times`);
      else if (o.multikicker !== undefined && o.multikicker !== want.multikicker) c.fail(step, `${a.card}, cast again, has multikicker ${want.multikicker}`, `multikicker ${o.multikicker}`);
      else if (o.kicker !== undefined && !sameShown([...o.kicker].sort(), [...want.kicker].sort())) c.fail(step, `${a.card}, cast again, has kicker costs ${show(want.kicker)}`, `kicker costs ${show(o.kicker)}`);
      else if ([o.kicked, o.timesKicked, o.multikicker, o.kicker].some((v) => v !== undefined)) c.checkedOne();
      if (c.done) return c.verdict();
    }
    // The permanent a cast-again card becomes: kicked, counters and keywords by the new declaration.
    for (const e of entries(run).filter((x) => x.spell && !x.spell.copy && again.has(x.spell.card))) {
      if (absentEntry(c, e)) break;
      const p = e.step.after.battlefield.find((o) => o.id === e.id)!;
      const times = timesKicked(e.kick);
      const counters: Record<string, number> = {};
      for (const w of e.def.entersWith ?? []) {
        const n = (w.amount ?? 0) * kickTimes(w.condition, e.kick);
        if (w.counter && n > 0) counters[w.counter] = (counters[w.counter] ?? 0) + n;
      }
      const got = Object.fromEntries(Object.entries(p.counters).filter(([, n]) => (n ?? 0) > 0));
      if (p.kicked !== undefined && p.kicked !== times > 0) c.fail(e.step, `${e.id} resolved from a cast kicked ${times} times: kicked ${times > 0}`, `kicked ${p.kicked}`);
      else if (p.timesKicked !== undefined && p.timesKicked !== times) c.fail(e.step, `${e.id} resolved from a cast kicked ${times} times`, `timesKicked ${p.timesKicked}`);
      else if (show(Object.entries(counters).sort()) !== show(Object.entries(got).sort())) c.fail(e.step, `${e.id} enters with ${show(counters)} for its own cast`, `counters ${show(got)}`);
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

/** Whether two pools hold the same mana of each kind they hold any of (as their positive entries written out). */
function samePositive(a: Pool, b: Pool): boolean {
  return POOL_KEYS.every((k) => (a[k] > 0 ? a[k] : 0) === (b[k] > 0 ? b[k] : 0));
}

export const rejectedCastRefunds: Property = {
  id: 'casting.rejected-cast-refunds',
  rules: ['733.1', '601.2h'],
  statement:
    'A rejected cast gives back everything it took: the mana in its caster’s pool, the card and the spliced cards in hand, the permanents named to sacrifice, and nothing of it stays on the stack.',
  needs: { observes: ['player.mana'] },
  applies: (s) => features(s).does.has('cast'),
  check(run) {
    const c = new Checker();
    for (const step of run.casts()) {
      if (step.step.outcome !== 'rejected') continue;
      const a = step.action;
      const before = step.before.players.find((p) => p.id === a.player)!;
      const after = step.after.players.find((p) => p.id === a.player)!;
      const pool = (m: typeof before.mana) => show(Object.entries(toPool(m ?? {})).filter(([, n]) => n > 0).sort());
      const inHand = (ids: string[], hand: string[]) => ids.filter((id) => hand.includes(id));
      const cards = [a.card, ...(a.splice ?? [])];
      const sacrificed = (a.sacrifice ?? []).filter((id) => step.before.battlefield.some((p) => p.id === id));
      const stackBefore = step.before.stack.map((o) => o.id);
      if (before.mana !== undefined && after.mana !== undefined && !samePositive(toPool(before.mana), toPool(after.mana))) {
        c.fail(step, `${a.player}'s mana pool as before the rejected cast: ${pool(before.mana)}`, pool(after.mana));
      } else if (!sameShown(inHand(cards, before.hand), inHand(cards, after.hand))) {
        c.fail(step, `${show(inHand(cards, before.hand))} still in ${a.player}'s hand`, `hand ${show(after.hand)}`);
      } else if (sacrificed.some((id) => !step.after.battlefield.some((p) => p.id === id))) {
        c.fail(step, `${show(sacrificed)} still on the battlefield`, `battlefield ${show(step.after.battlefield.map((p) => p.id))}`);
      } else if (!sameShown(step.after.stack.map((o) => o.id), stackBefore)) c.fail(step, `the stack as before: ${show(stackBefore)}`, show(step.after.stack.map((o) => o.id)));
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};
