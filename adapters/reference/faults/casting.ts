// Faults in casting as a whole (CR 601.2, 733.1): an illegal cast must be reversed entirely.
import { oracle, scenario, type Fault } from './fault.ts';

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
];
