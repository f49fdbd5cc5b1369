"""The observed state in the trace's normal form (schema/trace.schema.json). Optional fields left as
None are left out of the trace: castcheck then skips only what needs them (docs/PROTOCOL.md)."""

from __future__ import annotations

from .mana import Mana


def _present(d: dict) -> dict:
    return {k: v for k, v in d.items() if v is not None}


def spell(id: str, card: str, name: str, controller: str, mana_cost: str | None, types, subtypes=(), *, copy: bool = False,
          kicked: bool | None = None, kicker=None, multikicker: int | None = None, times_kicked: int | None = None,
          x: int | None = None, targets=(), spliced=None, total_cost: Mana | None = None, sacrificed=None, colors=None) -> dict:
    """A spell on the stack; mana value and colours come from its mana cost (X counts as chosen, CR 202.3e)."""
    printed = Mana.parse(mana_cost)
    return _present({
        "kind": "spell", "id": id, "card": card, "name": name, "controller": controller, "copy": copy,
        "manaCost": printed.text() if mana_cost is not None else None, "manaValue": printed.mana_value(x or 0),
        "colors": list(colors) if colors is not None else printed.colors(), "types": list(types), "subtypes": list(subtypes),
        "kicked": kicked, "kicker": sorted(kicker) if kicker is not None else None, "multikicker": multikicker,
        "timesKicked": times_kicked, "spliced": list(spliced) if spliced is not None else None,
        "targets": [list(g) for g in targets], "x": x,
        "totalCost": {"mana": total_cost.text(), "sacrificed": list(sacrificed or [])} if total_cost is not None and not copy else None,
    })


def triggered_ability(id: str, source: str, ability: int, controller: str, targets=None) -> dict:
    return _present({"kind": "ability", "id": id, "source": source, "ability": ability, "controller": controller,
                     "targets": [list(g) for g in targets] if targets is not None else None})


def permanent(id: str, name: str, owner: str, *, controller: str | None = None, card: str | None = None, token: bool = False,
              tapped: bool = False, counters: dict | None = None, power: int | None = None, toughness: int | None = None,
              damage: int | None = None, keywords=None, kicked: bool | None = None, times_kicked: int | None = None) -> dict:
    return _present({
        "id": id, "card": card if card is not None or token else id, "name": name, "owner": owner, "controller": controller or owner,
        "token": token, "tapped": tapped, "counters": {k: v for k, v in (counters or {}).items() if v}, "power": power,
        "toughness": toughness, "damage": damage, "keywords": list(keywords) if keywords is not None else None,
        "kicked": kicked, "timesKicked": times_kicked,
    })


def player(id: str, life: int, hand, graveyard, *, library=None, mana: dict | None = None, lost: bool = False) -> dict:
    """A player; the hand is a set (sorted here), the library top card first, the pool without zeros;
    `lost` only once the player has lost the game."""
    return _present({"id": id, "life": life, "hand": sorted(hand), "graveyard": list(graveyard),
                     "library": list(library) if library is not None else None,
                     "mana": {k: v for k, v in mana.items() if v} if mana is not None else None,
                     "lost": True if lost else None})


def state(stack, battlefield, players) -> dict:
    """Stack bottom first; permanents by id; p1 then p2."""
    return {"stack": list(stack), "battlefield": sorted(battlefield, key=lambda p: p["id"]), "players": sorted(players, key=lambda p: p["id"])}
