// What an engine's capabilities allow the generators, worked out once per generator: which
// mechanics and actions, which printed cards (the pool), which synthetic cards it builds.
import { catalog } from '../model/catalog.ts';
import { buildsFromDefinition, expandCapabilities, needsUntoldChoice, takesChoice } from '../model/capabilities.ts';
import type { Capabilities, CardDefinition } from '../model/schema-types.ts';
import { syntheticSpellsPossible, type CardFeatures } from './synthetic-cards.ts';
import { changesCosts } from '../model/cost-changes.ts';

/** What the capabilities allow, worked out once per run. */
export interface Context {
  caps: Capabilities;
  features: CardFeatures;
  can: (mechanic: Capabilities['mechanics'][number]) => boolean;
  does: (action: Capabilities['actions'][number]) => boolean;
  /** Whether the engine builds this card from its definition (synthetic cards, by feature). */
  synth: (def: CardDefinition) => boolean;
  /** Whether synthetic spells (main, splice, kicker permanent) can be generated for it. */
  syntheticSpells: boolean;
  pool: CardDefinition[];
  byName: (name: string) => CardDefinition | undefined;
}

/** What an engine with these capabilities allows: its card pool is the printed cards it knows and can run. */
export function contextFor(caps: Capabilities): Context {
  const known = new Set(caps.cards.oracle ?? []);
  // Asked many times a scenario: sets made once.
  const mechanics = new Set(caps.mechanics);
  const can = (m: Capabilities['mechanics'][number]) => mechanics.has(m);
  // Actions by their finest name: bounce covers bounceSpell, destroyAll destroyAllLands (model/capabilities.ts).
  const actions = new Set(expandCapabilities(caps).actions);
  const does = (a: Capabilities['actions'][number]) => actions.has(a);
  const allowed = caps.cards.syntheticFeatures;
  const features: CardFeatures = {
    sacrificeCosts: can('sacrificeCost'),
    tokens: can('tokens'),
    triggers: can('triggers'),
    x: can('x'),
    ...(allowed ? { allowed: (f) => allowed.includes(f) } : {}),
    triggerTargets: takesChoice(caps, 'triggerTargets'),
    triggerOrder: takesChoice(caps, 'triggerOrder'),
  };
  const pool = [...catalog().values()].filter((d) => known.has(d.name) && supportsCard(d, caps) && !needsUntoldChoice(caps, d));
  const synth = (def: CardDefinition) => buildsFromDefinition(caps, def);
  const byName = new Map(pool.map((d) => [d.name, d]));
  return { caps, features, can, does, synth, syntheticSpells: caps.cards.synthetic && syntheticSpellsPossible(features), pool, byName: (name) => byName.get(name) };
}

function supportsCard(def: CardDefinition, caps: Capabilities): boolean {
  const m = caps.mechanics;
  if (def.kicker && !m.includes('kicker')) return false;
  if (def.kicker?.costs.length === 2 && !m.includes('kickerAB')) return false;
  if (def.multikicker && !m.includes('multikicker')) return false;
  if (def.splice && !m.includes('splice')) return false;
  if (def.manaCost?.includes('{X}') && !m.includes('x')) return false;
  const costs = [...(def.kicker?.costs ?? []), ...(def.multikicker ? [def.multikicker.cost] : []), ...(def.splice ? [def.splice.cost] : [])];
  if (costs.some((c) => c.sacrifice) && !m.includes('sacrificeCost')) return false;
  if (def.triggers?.length && !m.includes('triggers')) return false;
  if (def.statics?.some((s) => s.kind === 'triggerMultiplier') && !m.includes('triggerMultiplier')) return false;
  if (def.statics?.some(changesCosts) && !m.includes('costModifiers')) return false;
  if (def.protection?.length && !m.includes('protection')) return false;
  const effects = [...(def.effects ?? []), ...(def.triggers ?? []).flatMap((t) => t.effects)];
  if (effects.some((e) => e.kind === 'createToken') && !m.includes('tokens')) return false;
  return true;
}

/**
 * A choice of cards that depends on the engine's capabilities alone, made once per context rather
 * than at every scenario built (the card pool is fixed for a generator's life). Callers only read it.
 */
export function perContext<T>(choose: (ctx: Context) => T): (ctx: Context) => T {
  const chosen = new WeakMap<Context, { value: T }>();
  return (ctx) => {
    let c = chosen.get(ctx);
    if (!c) chosen.set(ctx, (c = { value: choose(ctx) }));
    return c.value;
  };
}

/** Basic lands and library cards are real cards: an engine that does not know them gets none. */
export function knownCard(ctx: Context, name: string): CardDefinition | undefined {
  return ctx.byName(name) ?? (ctx.caps.cards.synthetic ? catalog().get(name) : undefined);
}
