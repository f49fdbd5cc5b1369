// What happens around the permanents after the resolutions: the main permanent flickered, cloned or
// destroyed and returned (CR 400.7: a new object each time), a permanent with kicker put onto the
// battlefield, lands tapped, untapped, entering tapped or destroyed; and a fed death watcher's death.
import type fc from 'fast-check';
import type { Builder } from './builder.ts';
import { isPrinted, isSpell } from './card-traits.ts';
import { knownCard, type Context } from './context.ts';
import { constantDraw, constantFromDraw } from './draws.ts';
import { BOARD_FOLLOW_UPS, type BoardFollowUp, type Plan, type Watcher } from './plan.ts';
import { CLONE, type WatcherKind } from './synthetic-cards.ts';
import { uniqueArrayDraw } from './array-draws.ts';

/** Up to three things that happen around the permanents afterwards, each at most once, among those the engine can do. Shrinks towards none. */
export function boardFollowUpsArb(ctx: Context): fc.Arbitrary<BoardFollowUp[]> {
  const boardFollowUps = BOARD_FOLLOW_UPS.filter((f) => boardFollowUpPossible(f, ctx));
  return boardFollowUps.length > 0 ? uniqueArrayDraw(constantFromDraw(...boardFollowUps), { maxLength: 3 }) : constantDraw<BoardFollowUp[]>([]);
}

function boardFollowUpPossible(f: BoardFollowUp, ctx: Context): boolean {
  switch (f) {
    case 'flicker':
      return ctx.does('flicker');
    case 'clone':
      return ctx.does('clone') && (ctx.synth(CLONE) || ctx.byName('Clone') !== undefined);
    case 'reanimate':
      return ctx.does('destroy') && ctx.does('putOntoBattlefield');
    case 'put-kicker-permanent':
    case 'enter-tapped':
      return ctx.does('putOntoBattlefield');
    case 'destroy-lands':
      return ctx.does('destroyAllLands');
    case 'tap-land':
      return ctx.does('tap');
    case 'untap-land':
      return ctx.does('untap');
  }
}

/** The board follow-up that makes happen what a watcher of each kind watches. */
const FED: Partial<Record<WatcherKind, BoardFollowUp>> = { tap: 'tap-land', land: 'destroy-lands' };

/** The board follow-ups about the main permanent: they need it on the battlefield. */
export const ABOUT_MAIN: readonly BoardFollowUp[] = ['flicker', 'clone', 'reanimate'];

/**
 * The board follow-ups that happen, in the order they happen: those planned, and those that feed
 * the fed watchers their event (a land tapped, the lands destroyed); those about the main permanent
 * only where it is there.
 */
export function boardFollowUpsOf(plan: Plan, ctx: Context, mainThere: boolean): BoardFollowUp[] {
  const out: BoardFollowUp[] = [];
  for (const f of BOARD_FOLLOW_UPS) {
    if (!mainThere && ABOUT_MAIN.includes(f)) continue;
    if (plan.boardFollowUps.includes(f) || (feeds(plan.watchers, f) && boardFollowUpPossible(f, ctx))) out.push(f);
  }
  return out;
}

/** Whether a fed watcher watches what this follow-up makes happen. */
function feeds(watchers: readonly Watcher[], f: BoardFollowUp): boolean {
  for (const w of watchers) if (w.fed && FED[w.kind] === f) return true;
  return false;
}

/** Zone changes and taps around the permanents after the resolutions; how many actions they took. */
export function boardFollowUpActions(board: readonly BoardFollowUp[], plan: Plan, b: Builder, ctx: Context, sacrifices: readonly string[], destroyed: ReadonlySet<string>): number {
  const isPermanentMain = !isSpell(plan.main);
  const forest = knownCard(ctx, 'Forest');
  let boardActions = 0;
  const standingLand = b.board.find((o) => o.def.types.includes('Land') && !sacrifices.includes(o.id));
  for (let i = 0; i < board.length; i++) {
    switch (board[i]) {
      case 'flicker':
        if (isPermanentMain) b.actions.push({ do: 'flicker', permanent: 'main' }), boardActions++;
        break;
      case 'clone':
        if (isPermanentMain) {
          const clone = ctx.synth(CLONE) ? CLONE : ctx.byName('Clone')!;
          b.hand.push(b.card('clone', clone, isPrinted(clone)));
          b.actions.push({ do: 'clone', card: 'clone', copyOf: 'main' });
          boardActions++;
        }
        break;
      case 'reanimate':
        if (isPermanentMain) {
          b.actions.push({ do: 'destroy', permanent: 'main' }, { do: 'putOntoBattlefield', card: 'main' });
          boardActions++;
        }
        break;
      case 'put-kicker-permanent':
        if (plan.kickerPermanent) {
          b.hand.push(b.card('kp', plan.kickerPermanent, isPrinted(plan.kickerPermanent)));
          b.actions.push({ do: 'putOntoBattlefield', card: 'kp' });
          boardActions++;
        }
        break;
      case 'destroy-lands':
        b.actions.push({ do: 'destroyAll', filter: { types: ['Land'] } });
        boardActions++;
        break;
      case 'tap-land':
        if (standingLand) b.actions.push({ do: 'tap', permanent: standingLand.id }), boardActions++;
        break;
      case 'untap-land':
        if (standingLand) b.actions.push({ do: 'untap', permanent: standingLand.id });
        break;
      case 'enter-tapped':
        if (forest) {
          b.hand.push(b.card('newland', forest, true));
          b.actions.push({ do: 'putOntoBattlefield', card: 'newland', tapped: true });
          boardActions++;
        }
        break;
    }
  }
  return boardActions + feedDeathWatcher(plan, b, ctx, sacrifices, destroyed);
}

/**
 * A fed death watcher sees a creature destroyed on its own: the first other creature on the board
 * by id, or the first such watcher itself where there is none (its own death triggers nothing). How
 * many actions that took.
 */
function feedDeathWatcher(plan: Plan, b: Builder, ctx: Context, sacrifices: readonly string[], destroyed: ReadonlySet<string>): number {
  const deathWatcher = plan.watchers.findIndex((w) => w.fed && w.kind === 'death');
  if (deathWatcher < 0 || !ctx.does('destroy')) return 0;
  const watcherId = `w${deathWatcher + 1}`;
  let first: string | undefined;
  for (const o of b.board) if (o.id !== watcherId && o.def.types.includes('Creature') && !destroyed.has(o.id) && !sacrifices.includes(o.id) && (first === undefined || o.id < first)) first = o.id;
  b.actions.push({ do: 'destroy', permanent: first ?? watcherId });
  return 1;
}
