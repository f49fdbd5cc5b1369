// The scenario as it is laid out: cards, zones, the board the targets are chosen from, the actions
// and the mana the casts cost. Every part of buildScenario adds to one Builder.
import type { BoardObject } from '../model/declarations.ts';
import { addInto, emptyMana } from '../model/mana.ts';
import type { Mana } from '../model/mana.ts';
import type { Action, CardDefinition, ScenarioCard, StartingPermanent, TriggeredAbility } from '../model/schema-types.ts';

/** Collects the cards, zones and actions of a scenario as the plan is laid out. */
export class Builder {
  readonly cards: ScenarioCard[] = [];
  readonly hand: string[] = [];
  /** p2's hand: the instants p2 casts on p1's turn (CR 117.1a: an instant whenever p2 has priority). */
  readonly p2Hand: string[] = [];
  readonly graveyard: string[] = [];
  readonly library: string[] = [];
  readonly battlefield: Record<'p1' | 'p2', StartingPermanent[]> = { p1: [], p2: [] };
  readonly board: BoardObject[] = [];
  readonly actions: Action[] = [];
  mana: Mana = emptyMana();
  /** p2's pool: exactly what p2's casts cost. */
  p2Mana: Mana = emptyMana();
  /**
   * The abilities that trigger on a cast only once each turn (CR 603.2h) that this turn has used up so
   * far, with the player who controls each: written by every part that casts a spell, read by every
   * part that counts the abilities a cast sets off, so that the parts may come in any order.
   */
  readonly usedOnce = new UsedOnce();

  constructor(private readonly synthetic: boolean) {}

  card(id: string, def: CardDefinition, oracle: boolean): string {
    this.cards.push(oracle || !this.synthetic ? { id, oracle: def.name } : { id, definition: def });
    return id;
  }

  permanent(id: string, def: CardDefinition, oracle: boolean, side: 'p1' | 'p2'): string {
    this.card(id, def, oracle);
    this.battlefield[side].push({ card: id });
    this.board.push({ id, def, controller: side });
    return id;
  }

  pay(mana: Mana, player: 'p1' | 'p2' = 'p1'): void {
    // In place: the builder's totals are its own.
    addInto(player === 'p1' ? this.mana : this.p2Mana, mana);
  }

  /** A card in a player's hand, for them to cast. */
  inHand(id: string, def: CardDefinition, oracle: boolean, player: 'p1' | 'p2'): string {
    (player === 'p1' ? this.hand : this.p2Hand).push(this.card(id, def, oracle));
    return id;
  }
}

/** The ledger of once-each-turn abilities used up: by the ability and the player who controls its source. */
export class UsedOnce {
  private readonly used = new Map<TriggeredAbility, Set<'p1' | 'p2'>>();

  has(ability: TriggeredAbility, controller: 'p1' | 'p2'): boolean {
    return this.used.get(ability)?.has(controller) ?? false;
  }

  add(ability: TriggeredAbility, controller: 'p1' | 'p2'): void {
    const sides = this.used.get(ability);
    if (sides) sides.add(controller);
    else this.used.set(ability, new Set([controller]));
  }
}
