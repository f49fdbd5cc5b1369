"""Running a scenario on an engine: one step per action, rejected actions rolled back (CR 733.1),
untilEmpty resolved one object at a time, tokens and triggered abilities named by castcheck's
conventions (docs/PROTOCOL.md, "Ids")."""

from __future__ import annotations

import copy
from typing import Any

MAX_RESOLUTIONS = 200


class Rejected(Exception):
    """An illegal action, with a reason code of schema/trace.schema.json (or its family's code)."""

    def __init__(self, reason: str, message: str):
        super().__init__(message)
        self.reason = reason


class Unsupported(Exception):
    """Something the engine does not implement: the step says so, and castcheck does not count it."""


class ActionContext:
    """One action as the engine performs it: its id, and the names of what it creates."""

    def __init__(self, action: dict):
        self.action = action
        self.id: str = action["id"]
        self.round: int | None = None
        self.triggered: list[dict] = []
        self.events: list[dict] = []
        self._tokens = 0
        self._triggers = 0

    def token_id(self) -> str:
        """The next token created during this action: <action>.k<n>, n counted over the whole action."""
        self._tokens += 1
        return f"{self.id}.k{self._tokens}"

    def trigger(self, source: str, ability: int, controller: str, on_stack: bool = True) -> str | None:
        """Records an ability that triggered, in the order put on the stack (p1's first, CR 603.3b),
        and returns its id on the stack: <action>.t<k>, or <action>.r<round>.t<k> in untilEmpty.
        One removed for lack of a legal target (on_stack False) gets no id (CR 603.3d)."""
        event = {"source": source, "ability": ability, "controller": controller}
        if on_stack:
            self._triggers += 1
            prefix = self.id if self.round is None else f"{self.id}.r{self.round}"
            event["id"] = f"{prefix}.t{self._triggers}"
        self.triggered.append(event)
        return event.get("id")

    def event(self, kind: str, by: str | None = None, **fields) -> None:
        """Records what happened during this action, in order (docs/PROTOCOL.md#events): kind "damage"
        (to, amount), "lifeGain" (player, amount), "counters" (object, counter, amount) or "move"
        (object, from_, to; from_ left out for a token created). by: the id on the stack of the spell
        or ability whose resolution did it. An engine that records events declares "step.events";
        one that does not is judged as before, and the properties that read them are skipped."""
        event = {"kind": kind, **({"by": by} if by is not None else {})}
        for key, value in fields.items():
            if value is not None:
                event["from" if key == "from_" else key] = value
        self.events.append(event)

    def next_round(self) -> None:
        self.round = (self.round or 0) + 1
        self._triggers = 0


class Engine:
    """What a shim writes. castcheck's scenario comes in normal form (docs/PROTOCOL.md, "Scenarios")."""

    name = "engine"
    version = "0.0.0"
    capabilities: dict = {"mechanics": [], "actions": ["cast", "resolve"], "cards": {"synthetic": False, "oracle": []}, "observes": []}
    # Send the engine's own view of the state after setup: a rejected first action is judged against it.
    send_initial_state = True

    def new_game(self, scenario: dict) -> Any:
        raise NotImplementedError

    def perform(self, game: Any, action: dict, ctx: ActionContext) -> None:
        """Performs one action on the game (a copy, kept only if this returns), or raises Rejected
        or Unsupported. A resolve with untilEmpty arrives as single resolves, one per object."""
        raise NotImplementedError

    def observe(self, game: Any) -> dict:
        """The state in the trace's normal form (castcheck_kit.state helps)."""
        raise NotImplementedError

    def stack_size(self, game: Any) -> int:
        return len(self.observe(game)["stack"])

    def copy_game(self, game: Any) -> Any:
        return copy.deepcopy(game)

    def game_over(self, game: Any) -> bool:
        """Whether a player has lost (CR 104.2a, 704.5a-b): the kit then rejects every later action
        as game-over and stops resolving. An engine whose players never lose keeps this."""
        return False


def _resolve_until_empty(engine: Engine, game: Any, action: dict, ctx: ActionContext) -> None:
    single = {k: v for k, v in action.items() if k != "untilEmpty"}
    while engine.stack_size(game) > 0 and not engine.game_over(game):
        if (ctx.round or 0) >= MAX_RESOLUTIONS:
            raise Rejected("empty-stack", f"the stack did not empty after {MAX_RESOLUTIONS} resolutions")
        ctx.next_round()
        engine.perform(game, single, ctx)


def run_scenario(engine: Engine, scenario: dict) -> dict:
    """The trace of a scenario: every action works on a copy of the game, kept only if accepted."""
    game = engine.new_game(scenario)
    trace: dict = {"format": "castcheck-trace/1", "engine": {"name": engine.name, "version": engine.version}}
    if "id" in scenario:
        trace["scenario"] = scenario["id"]
    if engine.send_initial_state:
        trace["initialState"] = engine.observe(game)
    steps = []
    for action in scenario["actions"]:
        step: dict = {"action": action["id"]}
        attempt = engine.copy_game(game)
        ctx = ActionContext(action)
        try:
            if engine.game_over(game):
                raise Rejected("game-over", "a player has lost the game: no action can be taken")
            if action["do"] == "resolve" and action.get("untilEmpty"):
                _resolve_until_empty(engine, attempt, action, ctx)
            else:
                engine.perform(attempt, action, ctx)
            game = attempt
            step["outcome"] = "accepted"
            if ctx.triggered:
                step["triggered"] = ctx.triggered
            if ctx.events:
                step["events"] = ctx.events
        except Rejected as rejection:
            step.update(outcome="rejected", reason=rejection.reason, message=str(rejection))
        except Unsupported as unsupported:
            step.update(outcome="unsupported", message=str(unsupported))
        step["state"] = engine.observe(game)
        steps.append(step)
    trace["steps"] = steps
    return trace
