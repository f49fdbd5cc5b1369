#!/usr/bin/env python3
"""A small Magic: The Gathering rules engine that speaks the castcheck protocol.

It knows a handful of printed cards with kicker and multikicker, can cast them (with every
declaration checked), pay for them, resolve them, and report the game in castcheck's trace format.
It is the template for putting a real engine behind castcheck: keep the protocol loop and the
trace writer, and replace the small game in the middle with calls into your engine.

Run it under castcheck:

    npx castcheck run --engine-cmd "python3 examples/python-engine/engine.py"

Standard library only, Python 3.11 or later. The protocol is described in docs/PROTOCOL.md.
"""

from __future__ import annotations

import copy
import json
import re
import sys
import traceback
from dataclasses import dataclass, field
from typing import Callable

PROTOCOL = 1
ENGINE = {"name": "python-example", "version": "0.1.0"}
COLORS = ["W", "U", "B", "R", "G"]
POOL_KEYS = ["W", "U", "B", "R", "G", "C"]

# What this engine can do, declared exactly: castcheck generates nothing else, and reports the
# properties that need more as skipped.
CAPABILITIES = {
    # "x" because Comet Storm has {X}. No kicker "A and/or B", no splice, no copies.
    "mechanics": ["kicker", "multikicker", "x"],
    "actions": ["cast", "resolve"],
    # Printed cards only, by Oracle name: filled in below from CARDS.
    "cards": {"synthetic": False, "oracle": []},
    # The optional parts of the trace this engine fills in (the library is left out).
    "observes": [
        "stack.manaCost",
        "stack.kicker",
        "stack.multikicker",
        "stack.timesKicked",
        "stack.x",
        "stack.totalCost",
        "permanent.kicked",
        "permanent.powerToughness",
        "player.mana",
    ],
}


class Rejected(Exception):
    """An illegal action: the game is left as it was before it (CR 733.1)."""

    def __init__(self, reason: str, message: str):
        super().__init__(message)
        self.reason = reason


class Unsupported(Exception):
    """Something this engine does not implement: the step is reported as 'unsupported'."""


# ---------------------------------------------------------------------------------------------
# Mana: costs as printed ("{X}{2}{G}"), and pools as {"R": 1, "C": 3}.


@dataclass
class Mana:
    x: int = 0
    generic: int = 0
    symbols: dict[str, int] = field(default_factory=lambda: {k: 0 for k in POOL_KEYS})

    @staticmethod
    def parse(text: str) -> "Mana":
        mana = Mana()
        for symbol in re.findall(r"\{([^}]+)\}", text):
            if symbol == "X":
                mana.x += 1
            elif symbol.isdigit():
                mana.generic += int(symbol)
            else:
                mana.symbols[symbol] += 1
        return mana

    def plus(self, other: "Mana", times: int = 1) -> "Mana":
        return Mana(
            self.x + other.x * times,
            self.generic + other.generic * times,
            {k: self.symbols[k] + other.symbols[k] * times for k in POOL_KEYS},
        )

    def with_x(self, x: int) -> "Mana":
        """{X} becomes generic mana once its value is chosen."""
        return Mana(0, self.generic + self.x * x, dict(self.symbols))

    def mana_value(self, x: int = 0) -> int:
        # CR 202.3: the total amount of mana in the cost; on the stack X is its chosen value (202.3e).
        return self.x * x + self.generic + sum(self.symbols.values())

    def colors(self) -> list[str]:
        return [c for c in COLORS if self.symbols[c] > 0]

    def text(self) -> str:
        """castcheck's normal form: {X}s, generic, then C, W, U, B, R, G; {0} for nothing."""
        out = "{X}" * self.x
        if self.generic:
            out += "{%d}" % self.generic
        for key in ["C"] + COLORS:
            out += "{%s}" % key * self.symbols[key]
        return out or "{0}"


def pay(pool: dict[str, int], cost: Mana) -> dict[str, int]:
    """CR 601.2h: pays all of the cost or raises. Generic mana is paid with colourless mana first,
    then W, U, B, R, G (castcheck's canonical order, which makes the mana left over predictable)."""
    left = {k: pool.get(k, 0) for k in POOL_KEYS}
    for key in POOL_KEYS:
        left[key] -= cost.symbols[key]
        if left[key] < 0:
            raise Rejected("cannot-pay", "the mana available cannot pay the total cost")
    generic = cost.generic
    for key in ["C"] + COLORS:
        take = min(generic, left[key])
        left[key] -= take
        generic -= take
    if generic:
        raise Rejected("cannot-pay", "the mana available cannot pay the total cost")
    return left


# ---------------------------------------------------------------------------------------------
# The game.


@dataclass
class Spell:
    id: str
    card: "Card"
    owner: str
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

    def power(self) -> int:
        return self.card.power + self.counters.get("+1/+1", 0) - self.counters.get("-1/-1", 0)

    def toughness(self) -> int:
        return self.card.toughness + self.counters.get("+1/+1", 0) - self.counters.get("-1/-1", 0)


@dataclass
class Player:
    id: str
    life: int
    hand: list[str]
    graveyard: list[str]
    pool: dict[str, int]
    lost: bool = False


@dataclass
class Game:
    cards: dict[str, "Card"]  # scenario card id -> what it is
    owners: dict[str, str]  # scenario card id -> owner
    players: dict[str, Player]
    stack: list[Spell] = field(default_factory=list)  # bottom first
    battlefield: list[Permanent] = field(default_factory=list)

    def creature(self, object_id: str) -> Permanent | None:
        for p in self.battlefield:
            if p.id == object_id and "Creature" in p.card.types:
                return p
        return None

    def deal_damage(self, object_id: str, amount: int) -> None:
        if object_id in self.players:
            self.players[object_id].life -= amount
        elif (creature := self.creature(object_id)) is not None:
            creature.damage += amount

    def game_over(self) -> bool:
        # CR 104.2a: in a two-player game, the game ends as soon as a player loses.
        return any(pl.lost for pl in self.players.values())

    def check_state_based_actions(self) -> None:
        # All at once (CR 704.3): a player with 0 or less life loses (704.5b); a creature with
        # toughness 0 or less, or lethal damage, goes to the graveyard (704.5f-g). This engine's cards
        # never draw, so drawing from an empty library (704.5a) never comes up.
        for pl in self.players.values():
            pl.lost = pl.lost or pl.life <= 0
        dying = [p for p in self.battlefield if "Creature" in p.card.types and (p.toughness() <= 0 or p.damage >= p.toughness())]
        for p in dying:
            self.battlefield.remove(p)
            self.players[p.owner].graveyard.append(p.id)


# ---------------------------------------------------------------------------------------------
# The cards this engine knows. A real engine has its own card database: map castcheck's Oracle
# names onto it.


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
    # Kicker {4}: 2 damage to any target, or 4 instead if it was kicked.
    for target in targets:
        game.deal_damage(target, 4 if spell.times_kicked else 2)


def comet_storm(game: Game, spell: Spell, targets: list[str]) -> None:
    # X damage to each target; one more target for each time it was kicked.
    for target in targets:
        game.deal_damage(target, spell.x or 0)


def kavu_titan(permanent: Permanent, spell: Spell) -> None:
    if spell.times_kicked:
        permanent.counters["+1/+1"] = permanent.counters.get("+1/+1", 0) + 3
        permanent.keywords.append("trample")


def counter_per_kick(kind: str) -> Callable[[Permanent, Spell], None]:
    def enters(permanent: Permanent, spell: Spell) -> None:
        if spell.times_kicked:
            permanent.counters[kind] = permanent.counters.get(kind, 0) + spell.times_kicked

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
CAPABILITIES["cards"]["oracle"] = sorted(CARDS)


# ---------------------------------------------------------------------------------------------
# Actions.


def cast(game: Game, action: dict) -> None:
    """CR 601.2, with every choice declared by the scenario. Raises Rejected for an illegal cast."""
    if action.get("splice") or action.get("sacrifice") or action.get("withoutPayingManaCost"):
        raise Unsupported("splice, sacrifice costs and free casts are not implemented")
    card_id = action["card"]
    caster = game.players[action["player"]]
    card = game.cards.get(card_id)
    if card is None:
        raise Rejected("no-such-object", f"no card {card_id!r}")
    if card_id not in caster.hand:
        raise Rejected("not-in-hand", f"{card.name} is not in {caster.id}'s hand")
    if card.mana_cost is None:
        raise Rejected("not-a-spell", f"{card.name} is a land and cannot be cast")

    # CR 601.2b: kicker costs (each at most once, CR 702.33b), multikicker, X.
    kicker = action.get("kicker", [])
    multikicker = action.get("multikicker", 0)
    seen: set[str] = set()
    for label in kicker:
        if label in seen:
            raise Rejected("kicker-declared-twice", f"kicker cost {label} declared twice")
        seen.add(label)
        if label != "A" or card.kicker is None:
            raise Rejected("kicker-not-printed", f"{card.name} has no kicker cost {label}")
    if multikicker and card.multikicker is None:
        raise Rejected("kicker-not-printed", f"{card.name} has no multikicker")
    printed = Mana.parse(card.mana_cost)
    x = action.get("x")
    if printed.x and x is None:
        raise Rejected("x-mismatch", f"{card.name} has {{X}}: choose a value for it")
    if not printed.x and x is not None:
        raise Rejected("x-mismatch", f"{card.name} has no {{X}} in its mana cost")

    # CR 601.2a: the card moves to the stack.
    caster.hand.remove(card_id)
    total = printed.with_x(x or 0)
    if kicker:
        total = total.plus(Mana.parse(card.kicker))
    if multikicker:
        total = total.plus(Mana.parse(card.multikicker), multikicker)
    spell = Spell(card_id, card, game.owners[card_id], caster.id, sorted(kicker), multikicker, x, action.get("targets", []), total)
    game.stack.append(spell)

    # CR 601.2c: one group of distinct, legal targets per target requirement.
    wanted = spell.card.any_targets(spell)
    groups = [wanted] if wanted else []
    if len(spell.targets) != len(groups):
        raise Rejected("wrong-target-count", f"expected {len(groups)} target group(s), got {len(spell.targets)}")
    for i, (group, count) in enumerate(zip(spell.targets, groups)):
        if len(group) != count:
            raise Rejected("wrong-target-count", f"target group {i} needs {count} target(s), got {len(group)}")
        if len(set(group)) != len(group):
            raise Rejected("illegal-target", f"target group {i} names the same object twice")
        for target in group:
            if target not in game.players and game.creature(target) is None:
                raise Rejected("illegal-target", f"{target!r} is not a legal target")

    # CR 601.2f-h: the total cost is locked in and paid.
    caster.pool = pay(caster.pool, total)


def resolve(game: Game, action: dict) -> None:
    """CR 608: the top of the stack resolves; with untilEmpty, everything on it, one after the other."""
    if action.get("newTargets"):
        raise Unsupported("copies are not implemented")
    if action.get("untilEmpty"):
        # Nothing this engine knows triggers, so resolving until empty is resolving each in turn.
        while game.stack and not game.game_over():
            resolve_top(game)
        return
    if not game.stack:
        raise Rejected("empty-stack", "there is nothing on the stack to resolve")
    resolve_top(game)


def resolve_top(game: Game) -> None:
    spell = game.stack.pop()
    if spell.card.is_permanent:
        # CR 608.3: it enters the battlefield, with what it enters with.
        permanent = Permanent(spell.id, spell.card, spell.owner, times_kicked=spell.times_kicked)
        spell.card.enters(permanent, spell)
        game.battlefield.append(permanent)
    else:
        chosen = [t for group in spell.targets for t in group]
        legal = [t for t in chosen if t in game.players or game.creature(t) is not None]
        # CR 608.2b: a spell whose targets are all illegal does nothing.
        if legal or not chosen:
            spell.card.effect(game, spell, legal)
        game.players[spell.owner].graveyard.append(spell.id)
    game.check_state_based_actions()


ACTIONS = {"cast": cast, "resolve": resolve}


# ---------------------------------------------------------------------------------------------
# Scenarios in, traces out (schema/scenario.schema.json, schema/trace.schema.json).


def new_game(scenario: dict) -> Game:
    cards: dict[str, Card] = {}
    for c in scenario["cards"]:
        if "oracle" not in c or c["oracle"] not in CARDS:
            raise ValueError(f"card {c['id']!r} is not a card this engine knows")
        cards[c["id"]] = CARDS[c["oracle"]]
    owners: dict[str, str] = {}
    players: dict[str, Player] = {}
    battlefield: list[Permanent] = []
    for p in scenario["players"]:
        for zone in ("hand", "library", "graveyard"):
            for card_id in p.get(zone, []):
                owners[card_id] = p["id"]
        players[p["id"]] = Player(p["id"], p.get("life", 20), list(p.get("hand", [])), list(p.get("graveyard", [])), dict(p.get("mana", {})))
        for b in p.get("battlefield", []):
            owners[b["card"]] = p["id"]
            card = cards[b["card"]]
            battlefield.append(Permanent(b["card"], card, p["id"], b.get("tapped", False), dict(b.get("counters", {}))))
    return Game(cards, owners, players, [], battlefield)


def observe(game: Game) -> dict:
    """The game in the trace's normal form."""
    stack = []
    for s in game.stack:
        printed = Mana.parse(s.card.mana_cost or "")
        o = {
            "kind": "spell",
            "id": s.id,
            "card": s.id,
            "name": s.card.name,
            "controller": s.controller,
            "copy": False,
            "manaCost": printed.text(),
            "manaValue": printed.mana_value(s.x or 0),
            "colors": printed.colors(),
            "types": list(s.card.types),
            "subtypes": list(s.card.subtypes),
            "kicked": s.times_kicked > 0,
            "kicker": s.kicker,
            "multikicker": s.multikicker,
            "timesKicked": s.times_kicked,
            "targets": s.targets,
            "totalCost": {"mana": s.total_cost.text(), "sacrificed": []},
        }
        if s.x is not None:
            o["x"] = s.x
        stack.append(o)
    battlefield = []
    for p in sorted(game.battlefield, key=lambda p: p.id):
        o = {
            "id": p.id,
            "card": p.id,
            "name": p.card.name,
            "owner": p.owner,
            "controller": p.owner,
            "token": False,
            "tapped": p.tapped,
            "counters": dict(p.counters),
            "damage": p.damage,
            "keywords": list(p.keywords),
            "kicked": p.times_kicked > 0,
            "timesKicked": p.times_kicked,
        }
        if "Creature" in p.card.types:
            o["power"], o["toughness"] = p.power(), p.toughness()
        battlefield.append(o)
    players = [
        {
            "id": pl.id,
            "life": pl.life,
            "hand": sorted(pl.hand),
            "graveyard": list(pl.graveyard),
            "mana": {k: v for k, v in pl.pool.items() if v},
            **({"lost": True} if pl.lost else {}),
        }
        for pl in game.players.values()
    ]
    return {"stack": stack, "battlefield": battlefield, "players": players}


def run_scenario(scenario: dict) -> dict:
    """Runs every action; each works on a copy of the game, kept only if the action was legal."""
    game = new_game(scenario)
    steps = []
    for action in scenario["actions"]:
        step = {"action": action["id"]}
        attempt = copy.deepcopy(game)
        try:
            if game.game_over():
                raise Rejected("game-over", "a player has lost the game: no action can be taken")
            perform = ACTIONS.get(action["do"])
            if perform is None:
                raise Unsupported(f"the {action['do']!r} action is not implemented")
            perform(attempt, action)
            game = attempt
            step["outcome"] = "accepted"
        except Rejected as rejection:
            step.update(outcome="rejected", reason=rejection.reason, message=str(rejection))
        except Unsupported as unsupported:
            step.update(outcome="unsupported", message=str(unsupported))
        step["state"] = observe(game)
        steps.append(step)
    trace = {"format": "castcheck-trace/1", "engine": ENGINE, "steps": steps}
    if "id" in scenario:
        trace["scenario"] = scenario["id"]
    return trace


# ---------------------------------------------------------------------------------------------
# The protocol: JSON lines on stdin and stdout. Logs go to stderr, never to stdout.


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def handle(message: dict) -> int | None:
    """Answers one message; returns an exit status when the engine should exit."""
    kind = message.get("type")
    if kind == "hello":
        if message.get("protocol") != PROTOCOL:
            # Refuse clearly: castcheck shows this message and stops.
            send({"type": "error", "message": f"this engine speaks protocol {PROTOCOL}, not {message.get('protocol')}"})
            return 1
        send({"type": "hello", "protocol": PROTOCOL, "engine": ENGINE, "capabilities": CAPABILITIES})
    elif kind == "run":
        try:
            send({"type": "trace", "id": message["id"], "trace": run_scenario(message["scenario"])})
        except Exception as error:  # a bug in the engine: say so, and stay up for the next scenario
            traceback.print_exc(file=sys.stderr)
            send({"type": "error", "id": message["id"], "message": f"{type(error).__name__}: {error}"})
    elif kind == "stop":
        return 0
    # Any other type comes from a newer castcheck and is not for this engine.
    return None


def main() -> int:
    for line in sys.stdin:
        if line.strip() and (status := handle(json.loads(line))) is not None:
            return status
    return 0  # castcheck closed stdin


if __name__ == "__main__":
    sys.exit(main())
