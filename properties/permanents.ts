// Permanents and how they remember being kicked: "enters with" replacements (CR 603.6d), the kicked
// status of what resolved from a kicked spell (CR 400.7d), and everything else that is never kicked
// (CR 400.7, 707.2).
import type { ObservedPermanent } from '../model/schema-types.ts';
import { Checker, sameCounters, show, type Property, type Run } from './property.ts';
import { permanentDef } from '../oracle/definitions.ts';
import { entries, expectedCounters, type Entry } from '../oracle/entries.ts';
import { NOT_KICKED, timesKicked } from '../model/kick.ts';
import { features } from './features.ts';
import { kickedOtherwise } from './wrong-kick.ts';

/** The failure for an entry that is not on the battlefield, if it is one. */
export function absentEntry(c: Checker, e: Entry): boolean {
  if (e.absent) c.fail(e.step, `${e.id} (${e.def.name}) is on the battlefield after ${e.via === 'spell' ? 'resolving' : `the ${e.step.action.do} action`}`, 'it is not');
  return e.absent === true;
}

function countersOf(p: ObservedPermanent): Record<string, number> {
  return Object.fromEntries(Object.entries(p.counters).filter((e): e is [string, number] => (e[1] ?? 0) > 0).sort(([x], [y]) => (x < y ? -1 : 1)));
}

function sortedCounters(c: Record<string, number>): string {
  return show(Object.fromEntries(Object.entries(c).sort(([x], [y]) => (x < y ? -1 : 1))));
}

/**
 * Whether a permanent shows the counters expected (positive amounts, as expectedCounters gives them),
 * kinds with none left out: the same answer as comparing them written out, without writing them.
 */
function showsCounters(p: ObservedPermanent, want: Record<string, number>): boolean {
  return sameCounters(want, p.counters);
}

function checkCounters(run: Run, filter: (e: Entry) => boolean): ReturnType<Checker['verdict']> {
  const c = new Checker();
  for (const e of entries(run).filter(filter)) {
    if (absentEntry(c, e)) break;
    const p = e.step.after.battlefield.find((o) => o.id === e.id)!;
    const want = expectedCounters(e.def, e.kick);
    if (!showsCounters(p, want)) {
      // Exactly the counters of another kick of it: the branch names how it was kicked instead.
      const wrong = e.spell && kickedOtherwise(e.def, e.spell, e.kick, (k) => showsCounters(p, expectedCounters(e.def, k)));
      const observed = `counters ${show(countersOf(p))}${wrong ? `, ${wrong.as}` : ''}`;
      c.fail(e.step, `${e.id} (${e.def.name}, kicked ${timesKicked(e.kick)} times) enters with counters ${sortedCounters(want)}`, observed, wrong?.kind, wrong?.rule);
    } else c.checkedOne();
    if (c.done) break;
  }
  return c.verdict();
}

const hasEntersWith = (s: Run['scenario']) => features(s).entersWithCounter;

export const entersWithCounters: Property = {
  id: 'permanents.enters-with-counters',
  rules: ['603.6d', '702.33c', '702.33d', '702.33e', '702.33f'],
  statement: 'A permanent enters with the counters its "enters with" abilities give for how it was kicked: once if kicked, or once per kick.',
  applies: hasEntersWith,
  check: (run) => checkCounters(run, (e) => e.via === 'spell'),
};

export const countersIgnoreTriggerMultipliers: Property = {
  id: 'permanents.counters-ignore-trigger-multipliers',
  rules: ['603.6d', '603.2d'],
  statement: 'Effects that make abilities trigger additional times (Panharmonicon) do not change the counters a permanent enters with.',
  needs: { mechanics: ['triggerMultiplier'] },
  applies: (s) => hasEntersWith(s) && features(s).statics.has('triggerMultiplier'),
  check: (run) =>
    checkCounters(run, (e) =>
      e.step.before.battlefield.some((p) => (permanentDef(run, p.id, e.step.index)?.statics ?? []).some((s) => s.kind === 'triggerMultiplier')),
    ),
};

export const rememberedKick: Property = {
  id: 'permanents.remember-kick',
  rules: ['400.7d', '702.33d', '707.10f'],
  statement: 'A permanent that resolved from a kicked spell, or from a copy of one, was kicked exactly as that spell was.',
  needs: { observes: ['permanent.kicked'] },
  applies: (s) => features(s).castKicked,
  check(run) {
    const c = new Checker();
    for (const e of entries(run, { untilEmpty: true }).filter((x) => x.via === 'spell')) {
      if (absentEntry(c, e)) break;
      const p = e.step.after.battlefield.find((o) => o.id === e.id)!;
      const kicks = timesKicked(e.kick);
      if (p.kicked !== undefined && p.kicked !== kicks > 0) c.fail(e.step, `${e.id} is kicked: ${kicks > 0}`, `kicked: ${p.kicked}`);
      else if (p.timesKicked !== undefined && p.timesKicked !== kicks) c.fail(e.step, `${e.id} was kicked ${kicks} times`, `${p.timesKicked} times`);
      else if (p.kicked !== undefined || p.timesKicked !== undefined) c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const notKickedWithoutCasting: Property = {
  id: 'permanents.not-kicked-without-casting',
  rules: ['400.7', '702.33a'],
  statement: 'A permanent put onto the battlefield without being cast, flickered, or returned from the graveyard is a new object that was never kicked.',
  needs: { actions: ['putOntoBattlefield'] },
  applies: (s) => features(s).does.has('putOntoBattlefield') || features(s).does.has('flicker'),
  check(run) {
    const c = new Checker();
    for (const e of entries(run).filter((x) => x.via === 'put' || x.via === 'flicker')) {
      if (absentEntry(c, e)) break;
      const p = e.step.after.battlefield.find((o) => o.id === e.id)!;
      const want = expectedCounters(e.def, NOT_KICKED);
      if (p.kicked === true) c.fail(e.step, `${e.id} is not kicked`, 'kicked');
      else if (!showsCounters(p, want)) c.fail(e.step, `${e.id} enters with the unkicked counters ${sortedCounters(want)}`, `counters ${show(countersOf(p))}`);
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const cloneIsNotKicked: Property = {
  id: 'permanents.clone-not-kicked',
  rules: ['707.2', '400.7'],
  statement: 'A permanent that enters as a copy of a kicked permanent copies its printed values, not its kicked status: it is not kicked.',
  needs: { actions: ['clone'] },
  applies: (s) => features(s).does.has('clone'),
  check(run) {
    const c = new Checker();
    for (const e of entries(run).filter((x) => x.via === 'clone')) {
      if (absentEntry(c, e)) break;
      const p = e.step.after.battlefield.find((o) => o.id === e.id)!;
      const want = expectedCounters(e.def, NOT_KICKED);
      if (p.kicked === true) c.fail(e.step, `clone ${e.id} is not kicked`, 'kicked');
      else if (!showsCounters(p, want)) c.fail(e.step, `clone ${e.id} enters with the unkicked counters ${sortedCounters(want)}`, `counters ${show(countersOf(p))}`);
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

/**
 * A creature shows its power and toughness as it enters: printed, plus its +1/+1 counters and minus
 * its -1/-1 counters (CR 208.1, 122.1a; 707.2 for a clone's printed values). Nothing else changes
 * them in the card model as it enters (no static effect does; a pump needs an ability to resolve
 * first). A permanent that is not a creature has neither (CR 208.3). A field an engine declares it
 * observes and leaves out is a mismatch, not a reason to stop checking.
 */
export const powerAndToughness: Property = {
  id: 'permanents.power-toughness',
  rules: ['208.1', '208.3', '122.1a', '707.2'],
  statement:
    'A creature enters with its printed power and toughness, plus its +1/+1 counters and minus its -1/-1 counters; a permanent that is not a creature has no power or toughness.',
  needs: { observes: ['permanent.powerToughness'] },
  applies: (s) => (['resolve', 'putOntoBattlefield', 'flicker', 'clone'] as const).some((d) => features(s).does.has(d)),
  check(run) {
    const c = new Checker();
    for (const e of entries(run)) {
      if (absentEntry(c, e)) break;
      const p = e.step.after.battlefield.find((o) => o.id === e.id)!;
      const shown = `${p.power ?? 'no power'}/${p.toughness ?? 'no toughness'}`;
      if (e.def.types.includes('Creature')) {
        const grow = (p.counters['+1/+1'] ?? 0) - (p.counters['-1/-1'] ?? 0);
        const want = `${(e.def.power ?? 0) + grow}/${(e.def.toughness ?? 0) + grow}`;
        if (shown !== want) c.fail(e.step, `${e.id} (${e.def.name}, counters ${show(countersOf(p))}) is ${want}`, shown);
        else c.checkedOne();
      } else if (p.power !== undefined || p.toughness !== undefined) c.fail(e.step, `${e.id} (${e.def.name}) is not a creature: no power or toughness`, shown);
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};
