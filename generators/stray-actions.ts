// A last action that names what is not there, which the engine must refuse and change nothing
// (actions.taken-when-possible).
import type fc from 'fast-check';
import type { Action, CardDefinition } from '../model/schema-types.ts';
import type { Builder } from './builder.ts';
import { isSpell } from './card-traits.ts';
import type { Context } from './context.ts';
import { constantDraw, constantFromDraw } from './draws.ts';
import { STRAY_ACTIONS, type StrayAction } from './plan.ts';
import { rare } from './weighted-draws.ts';

/** A stray action one scenario in twenty where illegal declarations are asked for. Shrinks to none. */
export function strayArb(illegalShare: number): fc.Arbitrary<StrayAction | null> {
  return illegalShare > 0 ? rare(constantFromDraw(...STRAY_ACTIONS), null, 19) : constantDraw(null);
}

/** The stray action of a plan, where the scenario has what it names and the engine performs it. */
export function strayAction(kind: StrayAction, b: Builder, main: CardDefinition, ctx: Context): Action | undefined {
  const land = b.board.some((o) => o.id === 'land1') ? 'land1' : undefined;
  const spellCard = isSpell(main);
  switch (kind) {
    case 'destroy-spell-card':
      return spellCard && ctx.does('destroy') ? { do: 'destroy', permanent: 'main' } : undefined;
    case 'put-spell-card':
      return spellCard && ctx.does('putOntoBattlefield') ? { do: 'putOntoBattlefield', card: 'main' } : undefined;
    case 'counter-land':
      return land && ctx.does('counter') ? { do: 'counter', spell: land } : undefined;
    case 'put-land-in-play':
      return land && ctx.does('putOntoBattlefield') ? { do: 'putOntoBattlefield', card: land } : undefined;
    case 'clone-land-in-play':
      return land && ctx.does('clone') ? { do: 'clone', card: land, copyOf: land } : undefined;
  }
}
