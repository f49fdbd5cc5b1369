// Faults in the game as a whole: state-based actions that end the game (CR 704.5a-b) or keep one
// legend of a name (704.5j).
import { player } from '../reference/game.ts';
import { oracle, scenario, type Fault } from './fault.ts';

export const GAME_FAULTS: readonly Fault[] = [
  {
    id: 'empty-library-draw-harmless',
    family: 'game',
    rules: ['704.5a', '121.3'],
    summary: 'Drawing from an empty library draws nothing and costs nothing: the player does not lose, and the game goes on.',
    inspiredBy: 'Engines that guard the draw against an empty library (to avoid a crash) and forget the state-based action that makes the player lose; a real engine following the rules disagreed with castcheck here before castcheck modelled it.',
    minimal: {
      shows: 'game.loss-ends-the-game',
      scenario: scenario({
        cards: [oracle('mists', 'Reach Through Mists')],
        p1: { hand: ['mists'], mana: { U: 1 } },
        actions: [{ do: 'cast', card: 'mists' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      stateBasedActions: (g, r, choices) => {
        for (const p of g.players) if (p.drewFromEmpty) player(g, p.id).drewFromEmpty = false;
        base.stateBasedActions(g, r, choices);
      },
    }),
  },
  {
    id: 'legend-rule-skips-tokens',
    family: 'game',
    rules: ['704.5j', '707.10f'],
    summary: 'The legend rule counts only nontoken permanents: a token copy of Josu Vess, Lich Knight stays beside the original.',
    inspiredBy: 'Engines whose legend rule walks the cards a player controls rather than the permanents, missing token copies of legendary permanents (a copied Josu Vess, Lich Knight).',
    minimal: {
      shows: 'game.legend-rule',
      scenario: scenario({
        cards: [oracle('jv', 'Josu Vess, Lich Knight')],
        p1: { hand: ['jv'], mana: { B: 2, C: 2 } },
        actions: [{ do: 'cast', card: 'jv' }, { do: 'copy', id: 'copy', spell: 'jv' }, { do: 'resolve' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      legendRuleLosers: (g, choices) => base.legendRuleLosers({ ...g, battlefield: g.battlefield.filter((p) => !p.token) }, choices),
    }),
  },
];
