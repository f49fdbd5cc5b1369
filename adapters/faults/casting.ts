// Faults in casting as a whole (CR 601.2, 733.1): an illegal cast must be reversed entirely.
import { oracle, scenario, type Fault } from './fault.ts';
import type { KickInfo } from '../reference/kicker.ts';
import { player, type Game } from '../reference/game.ts';

export const CASTING_FAULTS: readonly Fault[] = [
  {
    id: 'rejected-cast-leaves-spell',
    family: 'casting',
    rules: ['733.1', '601.2a'],
    summary: "Undoing an illegal cast restores the caster's hand and mana but not the stack: the spell stays on the stack, its card back in hand too.",
    inspiredBy: 'XMage #8495 (Nightscape Battlemage keeping kicker choices from a cancelled cast, fixed in pull request #8503 by clearing what the cancelled cast left) and reports of cards stuck on the stack after a cancelled cast.',
    minimal: {
      shows: 'casting.rejection-changes-nothing',
      scenario: scenario({
        cards: [oracle('bolt', 'Burst Lightning')],
        p1: { hand: ['bolt'] },
        actions: [{ do: 'cast', card: 'bolt', targets: [['p2']] }],
      }),
    },
    apply: (base) => ({ ...base, rollback: (before, attempted) => ({ ...base.rollback(before, attempted), stack: attempted.stack }) }),
  },
  {
    id: 'rejected-cast-keeps-kick',
    family: 'casting',
    rules: ['702.33d', '733.1'],
    summary: 'A kicked cast that is rejected leaves the card marked kicked: the next cast of it, declared without kicker, is kicked anyway.',
    inspiredBy:
      'Reports of a cancelled kicked cast leaving the kicker flag on the card (XMage #8495 and its fix #8503 for Nightscape Battlemage): engines that store the kick on the card object, outside the state they roll back.',
    minimal: {
      shows: 'casting.kick-belongs-to-its-cast',
      scenario: scenario({
        cards: [oracle('bolt', 'Burst Lightning')],
        p1: { hand: ['bolt'], mana: { R: 1 } },
        actions: [
          { do: 'cast', card: 'bolt', kicker: ['A'], targets: [['p2']] },
          { do: 'cast', card: 'bolt', targets: [['p2']] },
        ],
      }),
    },
    apply: (base) => {
      // The card's mark of the kick it was cast with, kept outside the game state the engine rolls
      // back (per game: the scenario's card table is shared by every state of one run).
      const marks = new WeakMap<object, Map<string, KickInfo>>();
      return {
        ...base,
        castSpell: (g, action, r) => {
          const marked = marks.get(g.cards) ?? new Map<string, KickInfo>();
          marks.set(g.cards, marked);
          const declared = { kicker: [...(action.kicker ?? [])], multikicker: action.multikicker ?? 0 };
          const stale = marked.get(action.card);
          if (declared.kicker.length + declared.multikicker > 0) marked.set(action.card, declared);
          const rejected = base.castSpell(g, action, r);
          if (rejected) return rejected;
          marked.delete(action.card);
          // The cast reads the card's mark, left set by the rejected one.
          const spell = g.stack.find((o) => o.kind === 'spell' && o.id === action.card);
          if (stale && spell?.kind === 'spell' && declared.kicker.length + declared.multikicker === 0) Object.assign(spell, { kicker: [...stale.kicker], multikicker: stale.multikicker });
          return null;
        },
      };
    },
  },
  {
    id: 'rejected-cast-keeps-mana',
    family: 'casting',
    rules: ['733.1', '601.2h'],
    summary: 'A cast rejected for want of mana keeps the mana it had taken before running short: the pool is not given back.',
    inspiredBy: 'Reports of mana lost on a cancelled cast (mana spent on a rejected cast not refunded), in engines whose undo restores zones but not the mana pool.',
    minimal: {
      shows: 'casting.rejected-cast-refunds',
      scenario: scenario({
        cards: [oracle('bolt', 'Burst Lightning')],
        p1: { hand: ['bolt'], mana: { R: 1, C: 1 } },
        actions: [{ do: 'cast', card: 'bolt', kicker: ['A'], targets: [['p2']] }],
      }),
    },
    apply: (base) => ({
      ...base,
      rollback: (before, attempted) => {
        const undone = base.rollback(before, attempted);
        return { ...undone, players: undone.players.map((p, i) => ({ ...p, pool: { ...attempted.players[i]!.pool } })) as typeof undone.players };
      },
    }),
  },
  {
    id: 'sacrifice-failure-keeps-mana',
    family: 'casting',
    rules: ['733.1', '601.2h'],
    summary:
      'A cast that pays its mana first and then finds the named sacrifice does not fit (Rushing River kicked, a creature named for "Sacrifice a land") is rejected, but the mana already paid is not given back.',
    inspiredBy:
      'Reports of mana lost when a cast with an additional cost is cancelled at the sacrifice step, in engines that pay mana before choosing what to sacrifice and whose undo restores the zones but not the pool.',
    minimal: {
      shows: 'casting.rejected-cast-refunds',
      scenario: scenario({
        cards: [oracle('rr', 'Rushing River'), oracle('bears', 'Grizzly Bears'), oracle('giant', 'Hill Giant')],
        p1: { hand: ['rr'], battlefield: [{ card: 'bears' }], mana: { U: 1, C: 2 } },
        p2: { battlefield: [{ card: 'giant' }] },
        actions: [{ do: 'cast', card: 'rr', kicker: ['A'], sacrifice: ['bears'], targets: [['giant'], ['bears']] }],
      }),
    },
    apply: (base) => {
      // The attempts whose sacrifice failed after their mana was taken: their undo keeps the pool as it was left.
      const paid = new WeakSet<Game>();
      return {
        ...base,
        checkPayment: (g, caster, cost, chosen, r) => {
          const out = base.checkPayment(g, caster, cost, chosen, r);
          if (Array.isArray(out) || out.reason !== 'sacrifice-mismatch') return out;
          const pool = r.payMana(player(g, caster).pool, cost.mana);
          if (pool) {
            player(g, caster).pool = pool;
            paid.add(g);
          }
          return out;
        },
        rollback: (before, attempted) => {
          const undone = base.rollback(before, attempted);
          return paid.has(attempted) ? { ...undone, players: undone.players.map((p, i) => ({ ...p, pool: { ...attempted.players[i]!.pool } })) as typeof undone.players } : undone;
        },
      };
    },
  },
  {
    id: 'spell-may-target-itself',
    family: 'casting',
    rules: ['115.5', '601.2c'],
    summary: 'A spell on the stack is offered as a target for itself: Counterspell cast at itself is accepted.',
    inspiredBy:
      'Reports of a counterspell that countered itself (its card then put into the graveyard twice), in engines that list every spell on the stack as a candidate once the spell being cast is on it (CR 601.2a).',
    minimal: {
      shows: 'resolution.never-targets-itself',
      scenario: scenario({
        cards: [oracle('cs', 'Counterspell')],
        p1: { hand: ['cs'], mana: { U: 2 } },
        actions: [{ do: 'cast', card: 'cs', targets: [['cs']] }],
      }),
    },
    apply: (base) => ({ ...base, targetDeclarationError: (g, slots, targets, ctx, unchanged) => base.targetDeclarationError(g, slots, targets, { ...ctx, self: '' }, unchanged) }),
  },
];

