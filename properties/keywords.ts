// Keywords a permanent enters with only if kicked (CR 702.33d, 603.6d): Kavu Titan has trample when
// kicked and never otherwise.
import { kickTimes, timesKicked } from '../model/kick.ts';
import { entries } from '../oracle/entries.ts';
import { absentEntry } from './permanents.ts';
import { Checker, show, type Property } from './property.ts';
import { features } from './features.ts';

export const ifKickedKeywords: Property = {
  id: 'kicker.if-kicked-keywords',
  rules: ['702.33d', '702.33e', '603.6d'],
  statement:
    'A permanent enters with the keywords its "enters with" abilities give only when their kicker condition holds for how its spell was kicked: an "if kicked" trample is absent when it was not kicked, or was put onto the battlefield.',
  applies: (s) => features(s).entersWithKeyword,
  check(run) {
    const c = new Checker();
    for (const e of entries(run)) {
      const conditional = (e.def.entersWith ?? []).filter((w) => w.keyword !== undefined);
      if (conditional.length === 0) continue;
      if (absentEntry(c, e)) break;
      const p = e.step.after.battlefield.find((o) => o.id === e.id)!;
      if (p.keywords === undefined) continue;
      const printed = e.def.keywords ?? [];
      const given = conditional.filter((w) => kickTimes(w.condition, e.kick) > 0).map((w) => w.keyword!);
      const absent = conditional.map((w) => w.keyword!).filter((k) => !given.includes(k) && !printed.includes(k));
      const missing = given.find((k) => !p.keywords!.includes(k));
      const extra = absent.find((k) => p.keywords!.includes(k));
      const how = `${e.id} (${e.def.name}, kicked ${timesKicked(e.kick)} times${e.kick.kicker.length > 0 ? ` with ${e.kick.kicker.join(' and ')}` : ''})`;
      if (missing) c.fail(e.step, `${how} has ${missing}`, `keywords ${show(p.keywords)}`);
      else if (extra) c.fail(e.step, `${how} has no ${extra}`, `keywords ${show(p.keywords)}`);
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};
