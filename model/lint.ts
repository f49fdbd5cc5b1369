// Checks of a scenario that JSON Schema cannot express: ids are unique, every card sits in exactly
// one zone, actions refer to objects that exist, and card definitions are consistent.
import { parseMana } from './mana.ts';
import type { ValidationIssue } from './schemas.ts';
import type { CardDefinition } from './schema-types.ts';
import { PLAYER_IDS, type NormalizedScenario } from './scenario.ts';

export function lintScenario(s: NormalizedScenario): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const cardIds = new Set<string>();
  s.cards.forEach((card, i) => {
    if (PLAYER_IDS.includes(card.id as never)) issues.push({ pointer: `/cards/${i}/id`, message: `'${card.id}' names a player` });
    if (cardIds.has(card.id)) issues.push({ pointer: `/cards/${i}/id`, message: `card id '${card.id}' is used twice` });
    cardIds.add(card.id);
    for (const issue of lintCard(card.definition)) issues.push({ pointer: `/cards/${i}/definition${issue.pointer}`, message: issue.message });
  });

  if (s.players[0].id !== 'p1' || s.players[1].id !== 'p2') {
    issues.push({ pointer: '/players', message: 'players must be listed as p1 then p2' });
  }
  const placed = new Map<string, string>();
  s.players.forEach((player, pi) => {
    const zones: [string, string[]][] = [
      ['hand', player.hand],
      ['library', player.library],
      ['graveyard', player.graveyard],
      ['battlefield', player.battlefield.map((p) => p.card)],
    ];
    for (const [zone, ids] of zones) {
      ids.forEach((id, i) => {
        const pointer = zone === 'battlefield' ? `/players/${pi}/battlefield/${i}/card` : `/players/${pi}/${zone}/${i}`;
        if (!cardIds.has(id)) issues.push({ pointer, message: `no card with id '${id}' in /cards` });
        else if (placed.has(id)) issues.push({ pointer, message: `card '${id}' is already in ${placed.get(id)}` });
        placed.set(id, `${player.id}'s ${zone}`);
      });
    }
    player.battlefield.forEach((p, i) => {
      const def = s.cards.find((c) => c.id === p.card)?.definition;
      if (def && def.types.some((t) => t === 'Instant' || t === 'Sorcery')) {
        issues.push({ pointer: `/players/${pi}/battlefield/${i}/card`, message: `${def.name} is not a permanent card` });
      }
    });
  });
  s.cards.forEach((card, i) => {
    if (!placed.has(card.id)) issues.push({ pointer: `/cards/${i}`, message: `card '${card.id}' is in no zone` });
  });

  const known = new Set<string>([...PLAYER_IDS, ...cardIds]);
  s.actions.forEach((action, i) => {
    const at = `/actions/${i}`;
    if (known.has(action.id) && action.id !== undefined) {
      issues.push({ pointer: `${at}/id`, message: `id '${action.id}' is already used by a player, card or earlier action` });
    }
    const refer = (pointer: string, id: string) => {
      if (!known.has(id)) issues.push({ pointer: `${at}${pointer}`, message: `'${id}' names no player, card or earlier action` });
    };
    switch (action.do) {
      case 'cast':
        if (!cardIds.has(action.card)) issues.push({ pointer: `${at}/card`, message: `no card with id '${action.card}'` });
        (action.splice ?? []).forEach((id, j) => {
          if (!cardIds.has(id)) issues.push({ pointer: `${at}/splice/${j}`, message: `no card with id '${id}'` });
        });
        (action.sacrifice ?? []).forEach((id, j) => refer(`/sacrifice/${j}`, id));
        (action.targets ?? []).forEach((g, j) => g.forEach((id, k) => refer(`/targets/${j}/${k}`, id)));
        break;
      case 'copy':
        refer('/spell', action.spell);
        (action.newTargets ?? []).forEach((g, j) => g.forEach((id, k) => refer(`/newTargets/${j}/${k}`, id)));
        break;
      case 'counter':
        refer('/spell', action.spell);
        break;
      case 'resolve':
        (action.newTargets ?? []).forEach((g, j) => g.forEach((id, k) => refer(`/newTargets/${j}/${k}`, id)));
        break;
    }
    known.add(action.id);
  });
  return issues;
}

/** Consistency of one card definition. */
export function lintCard(def: CardDefinition): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const hasX = def.manaCost !== undefined && parseMana(def.manaCost).x > 0;
  const kickerCount = def.kicker?.costs.length ?? 0;
  const targetCount = def.targets?.length ?? 0;
  const permanent = !def.types.some((t) => t === 'Instant' || t === 'Sorcery');
  if (permanent && (def.effects?.length || def.targets?.length)) {
    issues.push({ pointer: '/effects', message: 'a permanent card has no spell effects or targets in the card model' });
  }
  if (!permanent && def.entersWith?.length) {
    issues.push({ pointer: '/entersWith', message: 'an instant or sorcery never enters the battlefield' });
  }
  const conditionNeeds = (condition: string | undefined, pointer: string) => {
    if (condition === 'kickedB' && kickerCount < 2) issues.push({ pointer, message: 'kickedB needs two kicker costs' });
    if (condition === 'kickedA' && kickerCount < 1) issues.push({ pointer, message: 'kickedA needs a kicker cost' });
    if (condition && condition !== 'always' && kickerCount === 0 && !def.multikicker) {
      issues.push({ pointer, message: `condition '${condition}' needs kicker or multikicker` });
    }
  };
  def.targets?.forEach((t, i) => {
    conditionNeeds(t.condition, `/targets/${i}/condition`);
    if (t.perKick && kickerCount === 0 && !def.multikicker) issues.push({ pointer: `/targets/${i}/perKick`, message: 'perKick needs kicker or multikicker' });
  });
  def.effects?.forEach((e, i) => {
    const at = `/effects/${i}`;
    conditionNeeds(e.condition, `${at}/condition`);
    if (e.condition === 'insteadIfKicked' && i === 0) issues.push({ pointer: `${at}/condition`, message: 'insteadIfKicked replaces the effect before it, and there is none' });
    if (e.amount === 'X' && !hasX) issues.push({ pointer: `${at}/amount`, message: "amount 'X' needs {X} in the mana cost" });
    if (e.target !== undefined && e.target >= targetCount) issues.push({ pointer: `${at}/target`, message: `there is no target requirement ${e.target}` });
    const needsTarget = e.kind === 'damage' || e.kind === 'putCounters' || e.kind === 'copySpell';
    if (needsTarget && e.target === undefined) issues.push({ pointer: at, message: `a ${e.kind} effect needs a target` });
    if (!needsTarget && e.target !== undefined) issues.push({ pointer: `${at}/target`, message: `a ${e.kind} effect takes no target` });
    if ((e.kind === 'damage' || e.kind === 'draw' || e.kind === 'gainLife' || e.kind === 'putCounters') && e.amount === undefined) {
      issues.push({ pointer: at, message: `a ${e.kind} effect needs an amount` });
    }
    if (e.kind === 'addMana' && !e.mana) issues.push({ pointer: at, message: 'an addMana effect needs mana' });
    if (e.kind === 'addMana' && e.mana && parseMana(e.mana).x + parseMana(e.mana).generic > 0) {
      issues.push({ pointer: `${at}/mana`, message: 'added mana is coloured or {C}, never generic or {X}' });
    }
    if (e.kind === 'putCounters' && !e.counter) issues.push({ pointer: at, message: 'a putCounters effect needs a counter' });
  });
  def.entersWith?.forEach((e, i) => conditionNeeds(e.condition, `/entersWith/${i}/condition`));
  if (def.types.includes('Creature') && (def.power === undefined || def.toughness === undefined)) {
    issues.push({ pointer: '', message: 'a creature needs power and toughness' });
  }
  return issues;
}
