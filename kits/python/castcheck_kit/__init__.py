"""The engine side of the castcheck protocol (docs/PROTOCOL.md), standard library only.

Write an Engine (new_game, perform, observe) and call serve(engine): the kit speaks the protocol,
rolls rejected actions back, resolves untilEmpty one object at a time, names tokens and triggered
abilities by castcheck's conventions, builds the state in normal form and checks every trace.
"""

from .engine import ActionContext, Engine, Rejected, Unsupported, run_scenario
from .mana import Mana, pay
from .protocol import PROTOCOL, serve
from .state import permanent, player, spell, state, triggered_ability
from .check import REASONS, check_trace

__all__ = [
    "ActionContext", "Engine", "Rejected", "Unsupported", "run_scenario", "Mana", "pay", "PROTOCOL", "serve",
    "permanent", "player", "spell", "state", "triggered_ability", "REASONS", "check_trace",
]
