#!/usr/bin/env python3
"""A small Magic: The Gathering rules engine behind castcheck, written on the Python kit.

It knows a handful of printed cards with kicker and multikicker, casts them (with every declaration
checked), pays for them and resolves them. The kit (kits/python/castcheck_kit) speaks the protocol,
rolls rejected actions back, names what is created and checks each trace; this file is only the game.
Put your engine behind castcheck by replacing the game with calls into it. Python 3.11+, standard
library only; the protocol is in docs/PROTOCOL.md. CASTCHECK_EXAMPLE_FAULT plants a bug (FAULT below).

    npx castcheck run --engine-cmd "python3 examples/python-engine/engine.py"
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from typing import Callable

try:
    import castcheck_kit as kit
except ImportError:  # not installed with pip: use the kit from this repository
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "kits", "python"))
    import castcheck_kit as kit

Mana, Rejected, Unsupported = kit.Mana, kit.Rejected, kit.Unsupported
FAULT = os.environ.get("CASTCHECK_EXAMPLE_FAULT")  # "multikicker-counts-once": multikicker counted once (docs/EXPORT.md)


@dataclass
class Spell:
    id: str
    card: "Card"
    controller: str
    kicker: list[str]
    multikicker: int
    x: int | None
    targets: list[list[str]]
    total_cost: Mana

    @property
    def times_kicked(self) -> int:
        # CR 702.33c-d: each kicker cost declared and each multikicker payment is one kick.
        return len(self.kicker) + self.multikicker


@dataclass
class Permanent:
    id: str
    card: "Card"
    owner: str
    tapped: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    damage: int = 0
    keywords: list[str] = field(default_factory=list)
    times_kicked: int = 0

    def toughness(self) -> int:
        return self.card.toughness + self.counters.get("+1/+1", 0) - self.counters.get("-1/-1", 0)


@dataclass
class Player:
    id: str
    life: int
    hand: list[str]
    graveyard: list[str]
    pool: dict[str, int]


@dataclass
class Game:
    cards: dict[str, "Card"]  # scenario card id -> what it is
    owners: dict[str, str]
    players: dict[str, Player]
    stack: list[Spell] = field(default_factory=list)  # bottom first
    battlefield: list[Permanent] = field(default_factory=list)

    def creature(self, object_id: str) -> Permanent | None:
        return next((p for p in self.battlefield if p.id == object_id and "Creature" in p.card.types), None)

    def deal_damage(self, object_id: str, amount: int) -> None:
        if object_id in self.players:
            self.players[object_id].life -= amount
        elif (creature := self.creature(object_id)) is not None:
            creature.damage += amount

    def check_state_based_actions(self) -> None:
        # CR 704.5f-g: a creature with toughness 0 or less, or lethal damage, goes to the graveyard.
        for p in [p for p in self.battlefield if "Creature" in p.card.types and (p.toughness() <= 0 or p.damage >= p.toughness())]:
            self.battlefield.remove(p)
            self.players[p.owner].graveyard.append(p.id)


# The cards this engine knows. A real engine has its own card database: map castcheck's Oracle names onto it.
@dataclass(frozen=True)
class Card:
    name: str
    mana_cost: str | None
    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    power: int = 0
    toughness: int = 0
    kicker: str | None = None
    multikicker: str | None = None
    # How many "any target" targets the spell takes, given how it was kicked (0: it has no target).
    any_targets: Callable[[Spell], int] = lambda spell: 0
    # What an instant does as it resolves, to its targets that are still legal.
    effect: Callable[[Game, Spell, list[str]], None] = lambda game, spell, targets: None
    # What a permanent enters with (CR 603.6d).
    enters: Callable[[Permanent, Spell], None] = lambda permanent, spell: None

    @property
    def is_permanent(self) -> bool:
        return "Instant" not in self.types and "Sorcery" not in self.types


def burst_lightning(game: Game, spell: Spell, targets: list[str]) -> None:
    for target in targets:  # 2 damage, or 4 instead if it was kicked
        game.deal_damage(target, 4 if spell.times_kicked else 2)


def comet_storm(game: Game, spell: Spell, targets: list[str]) -> None:
    for target in targets:  # X damage to each target; one more target per kick
        game.deal_damage(target, spell.x or 0)


def kavu_titan(permanent: Permanent, spell: Spell) -> None:
    if spell.times_kicked:
        permanent.counters["+1/+1"] = permanent.counters.get("+1/+1", 0) + 3
        permanent.keywords.append("trample")


def counter_per_kick(kind: str) -> Callable[[Permanent, Spell], None]:
    def enters(permanent: Permanent, spell: Spell) -> None:
        kicks = min(spell.times_kicked, 1) if FAULT == "multikicker-counts-once" else spell.times_kicked
        if kicks:
            permanent.counters[kind] = permanent.counters.get(kind, 0) + kicks
    return enters


CARDS = {
    card.name: card
    for card in [
        Card("Burst Lightning", "{R}", ("Instant",), kicker="{4}", any_targets=lambda s: 1, effect=burst_lightning),
        Card("Comet Storm", "{X}{R}{R}", ("Instant",), multikicker="{1}", any_targets=lambda s: 1 + s.times_kicked, effect=comet_storm),
        Card("Kavu Titan", "{1}{G}", ("Creature",), ("Kavu",), 2, 2, kicker="{2}{G}", enters=kavu_titan),
        Card("Gnarlid Pack", "{1}{G}", ("Creature",), ("Beast",), 2, 2, multikicker="{1}{G}", enters=counter_per_kick("+1/+1")),
        Card("Everflowing Chalice", "{0}", ("Artifact",), multikicker="{2}", enters=counter_per_kick("charge")),
        Card("Grizzly Bears", "{1}{G}", ("Creature",), ("Bear",), 2, 2),
        Card("Hill Giant", "{3}{R}", ("Creature",), ("Giant",), 3, 3),
        Card("Island", None, ("Land",), ("Island",)),
    ]
}


class ExampleEngine(kit.Engine):
    name, version = "python-example", "0.1.0"
    # Declared exactly: castcheck generates nothing else. "x" because Comet Storm has {X}.
    capabilities = {
        "mechanics": ["kicker", "multikicker", "x"],
        "actions": ["cast", "resolve"],
        "cards": {"synthetic": False, "oracle": sorted(CARDS)},
        "observes": ["stack.kicked", "stack.manaCost", "stack.kicker", "stack.multikicker", "stack.timesKicked", "stack.x",
                     "stack.totalCost", "permanent.kicked", "permanent.powerToughness", "player.mana"],
    }

    def new_game(self, scenario: dict) -> Game:
        unknown = [c["id"] for c in scenario["cards"] if c.get("oracle") not in CARDS]
        if unknown:
            raise ValueError(f"cards this engine does not know: {unknown}")
        game = Game({c["id"]: CARDS[c["oracle"]] for c in scenario["cards"]}, {}, {})
        for p in scenario["players"]:
            for card_id in p["hand"] + p["library"] + p["graveyard"] + [b["card"] for b in p["battlefield"]]:
                game.owners[card_id] = p["id"]
            game.players[p["id"]] = Player(p["id"], p["life"], list(p["hand"]), list(p["graveyard"]), dict(p["mana"]))
            game.battlefield += [Permanent(b["card"], game.cards[b["card"]], p["id"], b.get("tapped", False), dict(b.get("counters", {}))) for b in p["battlefield"]]
        return game

    def perform(self, game: Game, action: dict, ctx: kit.ActionContext) -> None:
        if action["do"] == "cast":
            cast(game, action)
        elif action["do"] == "resolve":
            if action.get("newTargets"):
                raise Unsupported("copies are not implemented")
            if not game.stack:
                raise Rejected("empty-stack", "there is nothing on the stack to resolve")
            resolve_top(game)
        else:
            raise Unsupported(f"the {action['do']!r} action is not implemented")

    def stack_size(self, game: Game) -> int:
        return len(game.stack)

    def game_over(self, game: Game) -> bool:  # CR 704.5b, 104.2a: a player at 0 life has lost, and the game ends
        return any(pl.life <= 0 for pl in game.players.values())

    def observe(self, game: Game) -> dict:
        stack = [kit.spell(s.id, s.id, s.card.name, s.controller, s.card.mana_cost, s.card.types, s.card.subtypes, kicked=s.times_kicked > 0,
                           kicker=s.kicker, multikicker=s.multikicker, times_kicked=s.times_kicked, x=s.x, targets=s.targets, total_cost=s.total_cost)
                 for s in game.stack]
        battlefield = [kit.permanent(p.id, p.card.name, p.owner, tapped=p.tapped, counters=p.counters, damage=p.damage, keywords=p.keywords,
                                     kicked=p.times_kicked > 0, times_kicked=p.times_kicked,
                                     **({"power": p.card.power + p.counters.get("+1/+1", 0) - p.counters.get("-1/-1", 0), "toughness": p.toughness()} if "Creature" in p.card.types else {}))
                       for p in game.battlefield]
        return kit.state(stack, battlefield, [kit.player(pl.id, pl.life, pl.hand, pl.graveyard, mana=pl.pool, lost=pl.life <= 0) for pl in game.players.values()])


def cast(game: Game, action: dict) -> None:
    """CR 601.2, with every choice declared by the scenario; checks happen in the order of casting."""
    if action.get("splice") or action.get("sacrifice") or action.get("withoutPayingManaCost"):
        raise Unsupported("splice, sacrifice costs and free casts are not implemented")
    card_id, caster = action["card"], game.players[action["player"]]
    card = game.cards.get(card_id)
    if card is None:
        raise Rejected("no-such-object", f"no card {card_id!r}")
    if card_id not in caster.hand:
        raise Rejected("not-in-hand", f"{card.name} is not in {caster.id}'s hand")
    if card.mana_cost is None:
        raise Rejected("not-a-spell", f"{card.name} is a land and cannot be cast")
    kicker, multikicker, x = action.get("kicker", []), action.get("multikicker", 0), action.get("x")
    for i, label in enumerate(kicker):  # CR 702.33b: each printed kicker cost at most once
        if label in kicker[:i]:
            raise Rejected("kicker-declared-twice", f"kicker cost {label} declared twice")
        if label != "A" or card.kicker is None:
            raise Rejected("kicker-not-printed", f"{card.name} has no kicker cost {label}")
    if multikicker and card.multikicker is None:
        raise Rejected("kicker-not-printed", f"{card.name} has no multikicker")
    printed = Mana.parse(card.mana_cost)
    if bool(printed.x) != (x is not None):
        raise Rejected("x-mismatch", f"X does not fit {card.name}'s mana cost")
    caster.hand.remove(card_id)  # CR 601.2a: the card moves to the stack
    total = printed.with_x(x or 0).plus(Mana.parse(card.kicker), len(kicker)).plus(Mana.parse(card.multikicker), multikicker)
    spell = Spell(card_id, card, caster.id, sorted(kicker), multikicker, x, action.get("targets", []), total)
    game.stack.append(spell)
    # CR 601.2c: one group of distinct, legal targets per target requirement.
    groups = [n] if (n := card.any_targets(spell)) else []
    if len(spell.targets) != len(groups) or any(len(g) != n for g, n in zip(spell.targets, groups)):
        raise Rejected("wrong-target-count", f"expected target groups of sizes {groups}, got {spell.targets}")
    for group in spell.targets:
        if len(set(group)) != len(group) or any(t not in game.players and game.creature(t) is None for t in group):
            raise Rejected("illegal-target", f"{group} are not distinct legal targets")
    caster.pool = kit.pay(caster.pool, total)  # CR 601.2f-h: the total cost is locked in and paid


def resolve_top(game: Game) -> None:
    spell = game.stack.pop()
    if spell.card.is_permanent:  # CR 608.3: it enters the battlefield, with what it enters with
        permanent = Permanent(spell.id, spell.card, game.owners[spell.id], times_kicked=spell.times_kicked)
        spell.card.enters(permanent, spell)
        game.battlefield.append(permanent)
    else:
        chosen = [t for group in spell.targets for t in group]
        legal = [t for t in chosen if t in game.players or game.creature(t) is not None]
        if legal or not chosen:  # CR 608.2b: a spell whose targets are all illegal does nothing
            spell.card.effect(game, spell, legal)
        game.players[game.owners[spell.id]].graveyard.append(spell.id)
    game.check_state_based_actions()


if __name__ == "__main__":
    sys.exit(kit.serve(ExampleEngine()))
