// Checks of a scenario that JSON Schema cannot express: ids are unique, every card sits in exactly
// one zone, actions refer to objects that exist, and card definitions are consistent.
import { parseMana } from './mana.ts';
import type { ValidationIssue } from './schemas.ts';
import type { CardDefinition, Effect, TargetRequirement } from './schema-types.ts';
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
    const legends = new Set<string>();
    player.battlefield.forEach((p, i) => {
      const def = s.cards.find((c) => c.id === p.card)?.definition;
      if (def && def.types.some((t) => t === 'Instant' || t === 'Sorcery')) {
        issues.push({ pointer: `/players/${pi}/battlefield/${i}/card`, message: `${def.name} is not a permanent card` });
      }
      // CR 704.5j: a player never has two legendary permanents of one name.
      if (def && (def.supertypes ?? []).includes('Legendary')) {
        if (legends.has(def.name)) issues.push({ pointer: `/players/${pi}/battlefield/${i}/card`, message: `${player.id} already has ${def.name}, a legendary permanent of that name (CR 704.5j)` });
        legends.add(def.name);
      }
    });
  });
  s.cards.forEach((card, i) => {
    if (!placed.has(card.id)) issues.push({ pointer: `/cards/${i}`, message: `card '${card.id}' is in no zone` });
  });

  const known = new Set<string>([...PLAYER_IDS, ...cardIds]);
  const actionIds = new Set<string>();
  // A triggered ability an earlier action put on the stack, by the ids model/conventions.ts gives it
  // (a1.t1, a4.r2.t1): a target for "target activated or triggered ability" (Stifle).
  const namesTrigger = (id: string) => {
    const m = /^(.+?)(\.r[1-9][0-9]*)?\.t[1-9][0-9]*$/.exec(id);
    return m !== null && actionIds.has(m[1]!);
  };
  s.actions.forEach((action, i) => {
    const at = `/actions/${i}`;
    if (known.has(action.id) && action.id !== undefined) {
      issues.push({ pointer: `${at}/id`, message: `id '${action.id}' is already used by a player, card or earlier action` });
    }
    const refer = (pointer: string, id: string) => {
      if (!known.has(id) && !namesTrigger(id)) issues.push({ pointer: `${at}${pointer}`, message: `'${id}' names no player, card, earlier action or ability an earlier action put on the stack` });
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
    actionIds.add(action.id);
  });
  return issues;
}

/** Consistency of one card definition. */
export function lintCard(def: CardDefinition): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const hasX = def.manaCost !== undefined && parseMana(def.manaCost).x > 0;
  const kickerCount = def.kicker?.costs.length ?? 0;
  const kickable = kickerCount > 0 || def.multikicker !== undefined;
  const permanent = !def.types.some((t) => t === 'Instant' || t === 'Sorcery');
  if (permanent && (def.effects?.length || def.targets?.length)) {
    issues.push({ pointer: '/effects', message: 'a permanent card has no spell effects or targets in the card model' });
  }
  if (!permanent && (def.entersWith?.length || def.triggers?.length || def.statics?.length)) {
    issues.push({ pointer: '', message: 'an instant or sorcery never enters the battlefield, so it has no enters-with, triggered or static abilities' });
  }
  // Kicker conditions of a card's own text need its kicker; a triggered ability about another
  // spell (spellCast) looks at that spell's kicker instead.
  const conditionNeeds = (condition: string | undefined, pointer: string, ownKicker: boolean) => {
    if (!ownKicker || condition === undefined || condition === 'always') return;
    if (condition === 'kickedB' && kickerCount < 2) issues.push({ pointer, message: 'kickedB needs two kicker costs' });
    else if (condition === 'kickedA' && kickerCount < 1) issues.push({ pointer, message: 'kickedA needs a kicker cost' });
    else if (!kickable) issues.push({ pointer, message: `condition '${condition}' needs kicker or multikicker` });
  };
  const lintTargets = (targets: TargetRequirement[] | undefined, at: string, ownKicker: boolean) =>
    targets?.forEach((t, i) => {
      conditionNeeds(t.condition, `${at}/${i}/condition`, ownKicker);
      if (t.perKick && ownKicker && !kickable) issues.push({ pointer: `${at}/${i}/perKick`, message: 'perKick needs kicker or multikicker' });
      // Jilt's "another target creature" differs from a target named earlier in the same text.
      if (t.another && i === 0) issues.push({ pointer: `${at}/${i}/another`, message: "'another' needs an earlier target requirement to differ from" });
      if (t.filter?.other && at === '/targets') issues.push({ pointer: `${at}/${i}/filter/other`, message: "'other' is about the permanent an ability belongs to: a spell has none" });
    });
  const lintEffects = (effects: Effect[] | undefined, targetCount: number, at: string, ownKicker: boolean, onPermanent: boolean, event?: string) =>
    effects?.forEach((e, i) => {
      const ep = `${at}/${i}`;
      conditionNeeds(e.condition, `${ep}/condition`, ownKicker);
      if (e.condition === 'insteadIfKicked' && i === 0) issues.push({ pointer: `${ep}/condition`, message: 'insteadIfKicked replaces the effect before it, and there is none' });
      if (e.amount === 'X' && !hasX) issues.push({ pointer: `${ep}/amount`, message: "amount 'X' needs {X} in the mana cost" });
      if (e.target !== undefined && e.target >= targetCount) issues.push({ pointer: `${ep}/target`, message: `there is no target requirement ${e.target}` });
      if (e.self && !onPermanent) issues.push({ pointer: `${ep}/self`, message: 'only an ability of a permanent can affect itself' });
      if (e.self && e.target !== undefined) issues.push({ pointer: ep, message: 'an effect has either a target or self, not both' });
      const targetable = ['damage', 'putCounters', 'copySpell', 'counterSpell', 'counterAbility', 'destroy', 'bounce', 'pump', 'sacrifice', 'discard', 'mill', 'flicker'];
      const selfable = ['putCounters', 'pump', 'destroy', 'bounce'];
      const eachable = ['damage', 'discard', 'mill'];
      if (e.each !== undefined && !eachable.includes(e.kind)) issues.push({ pointer: `${ep}/each`, message: `a ${e.kind} effect does not apply to each player` });
      if (e.each !== undefined && e.target !== undefined) issues.push({ pointer: ep, message: 'an effect has either a target or each, not both' });
      if (e.each === 'eventController' && event !== 'landToGraveyard' && event !== 'tokenCreated') {
        issues.push({ pointer: `${ep}/each`, message: "'eventController' needs a triggered ability whose event is about a permanent (landToGraveyard, tokenCreated)" });
      }
      if (e.amount === 'damageDealt' && event !== 'selfDealtDamage') issues.push({ pointer: `${ep}/amount`, message: "amount 'damageDealt' needs a selfDealtDamage triggered ability" });
      if (e.counteredTo && e.kind !== 'counterSpell') issues.push({ pointer: `${ep}/counteredTo`, message: 'counteredTo belongs to a counterSpell effect' });
      const needsTarget = targetable.includes(e.kind) && !(e.self && selfable.includes(e.kind)) && !(e.each && eachable.includes(e.kind));
      if (needsTarget && e.target === undefined) issues.push({ pointer: ep, message: `a ${e.kind} effect needs a target${selfable.includes(e.kind) ? ' or self' : ''}` });
      if (!targetable.includes(e.kind) && e.target !== undefined) issues.push({ pointer: `${ep}/target`, message: `a ${e.kind} effect takes no target` });
      const counted = ['damage', 'draw', 'gainLife', 'putCounters', 'createToken', 'sacrifice', 'discard', 'mill'];
      if (counted.includes(e.kind) && e.amount === undefined) issues.push({ pointer: ep, message: `a ${e.kind} effect needs an amount` });
      if (e.kind === 'addMana' && !e.mana) issues.push({ pointer: ep, message: 'an addMana effect needs mana' });
      if (e.kind === 'addMana' && e.mana && parseMana(e.mana).x + parseMana(e.mana).generic > 0) {
        issues.push({ pointer: `${ep}/mana`, message: 'added mana is coloured or {C}, never generic or {X}' });
      }
      if (e.kind === 'putCounters' && !e.counter) issues.push({ pointer: ep, message: 'a putCounters effect needs a counter' });
      if (e.kind === 'createToken' && !e.token) issues.push({ pointer: ep, message: 'a createToken effect needs a token' });
      if (e.kind === 'pump' && e.power === undefined && e.toughness === undefined && e.keyword === undefined) {
        issues.push({ pointer: ep, message: 'a pump effect needs power, toughness or a keyword' });
      }
      if (e.unpreventable && e.kind !== 'damage') issues.push({ pointer: `${ep}/unpreventable`, message: 'only damage can be unpreventable' });
      if (e.ifTargetKicked && e.kind !== 'counterSpell') issues.push({ pointer: `${ep}/ifTargetKicked`, message: 'ifTargetKicked belongs to a counterSpell effect' });
      if (e.ifYouControl?.other && !onPermanent) issues.push({ pointer: `${ep}/ifYouControl/other`, message: "'other' is about the permanent an ability belongs to: a spell has none" });
      if (e.copyColor && e.kind !== 'copySpell') issues.push({ pointer: `${ep}/copyColor`, message: 'copyColor belongs to a copySpell effect' });
      const t = e.token;
      if (e.kind === 'createToken' && t?.types.includes('Creature') && (t.power === undefined || t.toughness === undefined)) {
        issues.push({ pointer: `${ep}/token`, message: 'a creature token needs power and toughness' });
      }
    });
  lintTargets(def.targets, '/targets', true);
  lintEffects(def.effects, def.targets?.length ?? 0, '/effects', true, false);
  def.entersWith?.forEach((e, i) => conditionNeeds(e.condition, `/entersWith/${i}/condition`, true));
  def.triggers?.forEach((tr, i) => {
    const at = `/triggers/${i}`;
    const ownKicker = tr.event === 'selfEnters';
    if (tr.if !== undefined && tr.if !== 'notKicked' && ownKicker && !kickable) issues.push({ pointer: `${at}/if`, message: `'if ${tr.if}' needs kicker or multikicker` });
    if (tr.if === 'kickedB' && ownKicker && kickerCount < 2) issues.push({ pointer: `${at}/if`, message: 'kickedB needs two kicker costs' });
    if (tr.if !== undefined && !['selfEnters', 'spellCast'].includes(tr.event)) issues.push({ pointer: `${at}/if`, message: `a ${tr.event} event is about nothing that can be kicked` });
    if (tr.oncePerTurn && tr.triggersOnlyOnceEachTurn) issues.push({ pointer: at, message: "an ability is either 'do this only once each turn' or 'triggers only once each turn'" });
    lintTargets(tr.targets, `${at}/targets`, ownKicker);
    lintEffects(tr.effects, tr.targets?.length ?? 0, `${at}/effects`, ownKicker, true, tr.event);
  });
  if (def.cantBeCountered && (def.types.includes('Land') || def.manaCost === undefined)) {
    issues.push({ pointer: '/cantBeCountered', message: 'only a card that can be cast as a spell can be uncounterable' });
  }
  if (def.types.includes('Creature') && (def.power === undefined || def.toughness === undefined)) {
    issues.push({ pointer: '', message: 'a creature needs power and toughness' });
  }
  return issues;
}
