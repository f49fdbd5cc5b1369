// Reading an engine's capabilities: the coarse action names stand for their finer parts and the
// other way round, and a card definition is checked against the parts of the card model the
// engine says it can build. Generators, the plan and the doctor read capabilities through here.
import type { Action, ActionCapability, Capabilities, CardDefinition, CardFeature, ExplicitChoice, ScenarioCard } from './schema-types.ts';

/** Coarse actions and the finer ones they cover. */
const PARTS: Partial<Record<ActionCapability, readonly ActionCapability[]>> = {
  bounce: ['bounceSpell', 'bouncePermanent'],
  destroyAll: ['destroyAllLands', 'destroyAllCreatures'],
};

export const ALL_CHOICES: readonly ExplicitChoice[] = ['copyTargets', 'triggerOrder', 'triggerTargets', 'resolutionChoices'];

/**
 * The capabilities with every implied action spelled out: a coarse action adds its parts, and
 * bounceSpell with bouncePermanent make bounce (destroyAll takes any filter, so its parts never
 * make it). Properties and generators can then ask for one name.
 */
export function expandCapabilities(caps: Capabilities): Capabilities {
  const actions = new Set(caps.actions);
  for (const [coarse, parts] of Object.entries(PARTS) as [ActionCapability, readonly ActionCapability[]][]) {
    if (actions.has(coarse)) for (const p of parts) actions.add(p);
  }
  if (actions.has('bounceSpell') && actions.has('bouncePermanent')) actions.add('bounce');
  return { ...caps, actions: [...actions] };
}

/** Whether the engine can be told this choice (all of them when it declares none). */
export function takesChoice(caps: Capabilities, choice: ExplicitChoice): boolean {
  return caps.choices === undefined || caps.choices.includes(choice);
}

/** The action capability one scenario action needs: bounce and destroyAll by what they act on. */
export function actionNeeds(action: Action, isSpell: (id: string) => boolean): ActionCapability {
  if (action.do === 'bounce') return isSpell(action.object) ? 'bounceSpell' : 'bouncePermanent';
  if (action.do === 'destroyAll') {
    const f = action.filter;
    const only = (t: string) => f.types?.length === 1 && f.types[0] === t && !f.subtypes;
    if (only('Land')) return 'destroyAllLands';
    if (only('Creature')) return 'destroyAllCreatures';
  }
  return action.do;
}

export function performs(caps: Capabilities, needed: ActionCapability): boolean {
  const actions = expandCapabilities(caps).actions;
  return actions.includes(needed);
}

/** The parts of the card model a definition uses (schema/capabilities.schema.json, CardFeature). */
export function cardFeatures(def: CardDefinition): CardFeature[] {
  const out = new Set<CardFeature>();
  const effects = [...(def.effects ?? []), ...(def.triggers ?? []).flatMap((t) => t.effects)];
  for (const e of effects) out.add(`effect.${e.kind}` as CardFeature);
  for (const t of def.triggers ?? []) out.add(`trigger.${t.event}` as CardFeature);
  for (const s of def.statics ?? []) out.add(`static.${s.kind}` as CardFeature);
  if (def.entersWith?.length) out.add('entersWith');
  if (def.keywords?.length) out.add('keywords');
  return [...out];
}

/** Whether an engine builds this card from its definition. */
export function buildsFromDefinition(caps: Capabilities, def: CardDefinition): boolean {
  if (!caps.cards.synthetic) return false;
  const allowed = caps.cards.syntheticFeatures;
  return allowed === undefined || cardFeatures(def).every((f) => allowed.includes(f));
}

/** The printed names each capabilities object declares, as a set: asked for every card of every scenario sent to a restricted engine. */
const printedNames = new WeakMap<Capabilities, ReadonlySet<string>>();

/** Whether it knows the printed card of this name. */
export function knowsPrinted(caps: Capabilities, name: string): boolean {
  let names = printedNames.get(caps);
  if (names === undefined) {
    names = new Set(caps.cards.oracle ?? []);
    printedNames.set(caps, names);
  }
  return names.has(name);
}

/**
 * The name of the first of these cards (a scenario's, normalized or not) an engine with these
 * capabilities cannot take: neither a printed card it knows nor one it builds from its definition.
 * castcheck promises never to send one (docs/PROTOCOL.md, capabilities), relations' reruns included.
 */
export function cardBeyond(caps: Capabilities, cards: readonly ScenarioCard[]): string | undefined {
  for (const card of cards) {
    if (card.oracle !== undefined && knowsPrinted(caps, card.oracle)) continue;
    if (card.definition !== undefined && buildsFromDefinition(caps, card.definition)) continue;
    return card.oracle ?? card.definition?.name ?? card.id;
  }
  return undefined;
}

/** Effects whose resolution makes a player choose objects (CR 608.2d). */
export const CHOOSING_EFFECTS = ['sacrifice', 'discard'] as const;

/** Whether a card asks for a choice the engine cannot be told. */
export function needsUntoldChoice(caps: Capabilities, def: CardDefinition): boolean {
  const effects = [...(def.effects ?? []), ...(def.triggers ?? []).flatMap((t) => t.effects)];
  if (!takesChoice(caps, 'resolutionChoices') && effects.some((e) => (CHOOSING_EFFECTS as readonly string[]).includes(e.kind))) return true;
  if (!takesChoice(caps, 'triggerTargets') && (def.triggers ?? []).some((t) => (t.targets?.length ?? 0) > 0)) return true;
  if (!takesChoice(caps, 'triggerOrder') && (def.triggers?.length ?? 0) > 1) return true;
  return false;
}
