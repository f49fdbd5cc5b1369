"""Mana costs as printed ("{X}{2}{G}") and pools as {"R": 1, "C": 3}, with castcheck's payment order."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

COLORS = ["W", "U", "B", "R", "G"]
POOL_KEYS = COLORS + ["C"]
# Generic mana takes colourless first, then W, U, B, R, G (docs/PROTOCOL.md, default choices).
GENERIC_PAYMENT_ORDER = ["C"] + COLORS


@dataclass
class Mana:
    x: int = 0
    generic: int = 0
    symbols: dict[str, int] = field(default_factory=lambda: {k: 0 for k in POOL_KEYS})

    @staticmethod
    def parse(text: str | None) -> "Mana":
        mana = Mana()
        for symbol in re.findall(r"\{([^}]+)\}", text or ""):
            if symbol == "X":
                mana.x += 1
            elif symbol.isdigit():
                mana.generic += int(symbol)
            else:
                mana.symbols[symbol] += 1
        return mana

    def plus(self, other: "Mana", times: int = 1) -> "Mana":
        return Mana(self.x + other.x * times, self.generic + other.generic * times, {k: self.symbols[k] + other.symbols[k] * times for k in POOL_KEYS})

    def with_x(self, x: int) -> "Mana":
        """{X} becomes generic mana once its value is chosen."""
        return Mana(0, self.generic + self.x * x, dict(self.symbols))

    def mana_value(self, x: int = 0) -> int:
        # CR 202.3: on the stack, X is its chosen value (CR 202.3e).
        return self.x * x + self.generic + sum(self.symbols.values())

    def colors(self) -> list[str]:
        return [c for c in COLORS if self.symbols[c] > 0]

    def text(self) -> str:
        """castcheck's normal form: {X}s, generic, then C, W, U, B, R, G; {0} for nothing."""
        out = "{X}" * self.x + ("{%d}" % self.generic if self.generic else "")
        for key in ["C"] + COLORS:
            out += "{%s}" % key * self.symbols[key]
        return out or "{0}"


def pay(pool: dict[str, int], cost: Mana) -> dict[str, int]:
    """CR 601.2h: pays all of the cost from the pool and returns what is left, or raises
    Rejected('cannot-pay'). Symbols take their own mana first, then generic in castcheck's order."""
    from .engine import Rejected

    left = {k: pool.get(k, 0) for k in POOL_KEYS}
    for key in POOL_KEYS:
        left[key] -= cost.symbols[key]
        if left[key] < 0:
            raise Rejected("cannot-pay", "the mana available cannot pay the total cost")
    generic = cost.generic
    for key in GENERIC_PAYMENT_ORDER:
        take = min(generic, left[key])
        left[key] -= take
        generic -= take
    if generic:
        raise Rejected("cannot-pay", "the mana available cannot pay the total cost")
    return {k: v for k, v in left.items() if v}
