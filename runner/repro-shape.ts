// What a minimal repro does, for joining clusters whose repros do the same (runner/causes.ts) and for
// giving what agreement alone saw to a rule cause (runner/agreement-only.ts).
import { cardFeatures } from '../model/capabilities.ts';
import { definitionsOf, normalizeScenario } from '../model/scenario.ts';
import type { Scenario } from '../model/schema-types.ts';
import type { Cluster } from './results.ts';

/** A cluster's repro when it is minimal: shrunk, and failing again when run once more. */
export function minimalRepro(c: Cluster): Scenario | undefined {
  return c.finding?.shrunk && c.finding.reproduced ? c.finding.scenario : undefined;
}

/**
 * What a minimal repro does, without the particulars a shrink may leave either way (which card, which
 * targets, how much mana): each action's kind, and for a cast, whether it casts a spell or a
 * permanent, the mechanics it uses (kicked, spliced, X, without paying) and what the card does (the
 * parts of the card model it uses). Two repros that do the same are taken for one bug met by two
 * properties.
 */
export function skeleton(s: Scenario, cards = true): string {
  const n = normalizeScenario(s);
  const defs = definitionsOf(n);
  return n.actions
    .map((a) => {
      if (a.do !== 'cast') return a.do;
      const def = defs.get(a.card);
      const spell = def?.types.some((t) => t === 'Instant' || t === 'Sorcery') ? 'spell' : 'permanent';
      // Kicked with kicker costs, or multikicked some number of times (CR 702.33c, 702.33d): a copy
      // that loses its kick and one that keeps it once do the same but for that.
      // Whatever the cards, a kick is a kick: which kind of kick is a matter of the card.
      const kicks = cards ? [(a.kicker?.length ?? 0) > 0 ? 'kicked' : '', (a.multikicker ?? 0) > 0 ? 'multikicked' : ''] : [(a.kicker?.length ?? 0) > 0 || (a.multikicker ?? 0) > 0 ? 'kicked' : ''];
      const used = [...kicks, (a.splice?.length ?? 0) > 0 ? 'spliced' : '', (a.x ?? 0) > 0 ? 'x' : '', a.withoutPayingManaCost ? 'free' : ''].filter((m) => m !== '');
      // What the card does, by the parts of the card model it uses (effect.damage, trigger.selfEnters...).
      if (!cards) return `cast ${[spell, ...used].join('+')}`;
      const does = def ? cardFeatures(def).sort().join(' ') : '';
      return `cast ${[spell, ...used].join('+')} (${does})`;
    })
    .join(', ');
}
