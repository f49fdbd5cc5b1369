"""Checks a trace the way castcheck will, before it is sent: one step per action, reason codes,
required fields, and the id conventions (docs/PROTOCOL.md). castcheck itself validates every trace
against schema/trace.schema.json; these checks say the same in the terms of the shim."""

from __future__ import annotations

import re

# schema/trace.schema.json, RejectionReason (castcheck's tests check that these lists match it).
REASONS = [
    "no-such-object", "not-in-hand", "not-a-spell", "empty-stack", "kicker-declared-twice", "kicker-not-printed",
    "splice-card-twice", "splice-card-unavailable", "splice-quality-mismatch", "splice-no-legal-target",
    "target-for-unkicked-part", "wrong-target-count", "illegal-target", "x-mismatch", "sacrifice-mismatch", "cannot-pay",
    "not-a-permanent", "not-in-zone", "illegal-object", "illegal-declaration", "illegal-targets", "illegal-payment", "game-over",
]

# The required fields of each object of the observed state.
REQUIRED = {
    "spell": ["kind", "id", "card", "name", "controller", "copy", "manaValue", "colors", "types", "subtypes", "targets"],
    "ability": ["kind", "id", "source", "ability", "controller"],
    "permanent": ["id", "name", "owner", "controller", "token", "tapped", "counters"],
    "player": ["id", "life", "hand", "graveyard"],
}

SECTION = "docs/PROTOCOL.md"


def _state_problems(where: str, st: dict, known: set[str], actions: list[str]) -> list[str]:
    out = []
    for key in ("stack", "battlefield", "players"):
        if key not in st:
            out.append(f"{where}: missing '{key}' ({SECTION}#required-and-optional-fields)")
    alt = "|".join(re.escape(a) for a in actions) or "(?!)"
    token = re.compile(rf"^({alt})\.k[1-9][0-9]*$")
    trigger = re.compile(rf"^({alt})(\.r[1-9][0-9]*)?\.t[1-9][0-9]*$")
    for i, o in enumerate(st.get("stack", [])):
        kind = o.get("kind")
        for f in REQUIRED.get(kind, ["kind"]):
            if o.get(f) is None:
                out.append(f"{where}: stack[{i}] ({o.get('id')}) has no '{f}' ({SECTION}#required-and-optional-fields)")
        if kind == "spell" and not (o.get("id") in known or o.get("id") in actions):
            out.append(f"{where}: stack[{i}] id {o.get('id')!r} is neither a card nor the action that made a copy ({SECTION}#ids)")
        if kind == "ability" and not trigger.match(str(o.get("id"))):
            out.append(f"{where}: stack[{i}] id {o.get('id')!r} breaks the convention for triggered abilities, <action>.t<k> ({SECTION}#ids)")
    for i, p in enumerate(st.get("battlefield", [])):
        for f in REQUIRED["permanent"]:
            if p.get(f) is None:
                out.append(f"{where}: battlefield[{i}] ({p.get('id')}) has no '{f}' ({SECTION}#required-and-optional-fields)")
        pid = str(p.get("id"))
        if p.get("token") and not (token.match(pid) or pid in actions):
            out.append(f"{where}: battlefield[{i}] token id {pid!r} breaks the convention for created tokens, <action>.k<n> ({SECTION}#ids)")
        elif not p.get("token") and pid not in known:
            out.append(f"{where}: battlefield[{i}] id {pid!r} is not a card of the scenario ({SECTION}#ids)")
    if [p.get("id") for p in st.get("players", [])] != ["p1", "p2"]:
        out.append(f"{where}: players must be p1 then p2 ({SECTION}#the-observed-state)")
    for p in st.get("players", []):
        for f in REQUIRED["player"]:
            if p.get(f) is None:
                out.append(f"{where}: player {p.get('id')} has no '{f}' ({SECTION}#required-and-optional-fields)")
    return out


def check_trace(scenario: dict, trace: dict) -> list[str]:
    """Problems castcheck would find with the trace's shape and conventions, for people; [] if none."""
    out = []
    actions = [a["id"] for a in scenario["actions"]]
    known = {c["id"] for c in scenario["cards"]}
    steps = trace.get("steps", [])
    if len(steps) != len(actions):
        out.append(f"the trace has {len(steps)} step(s) for {len(actions)} action(s) ({SECTION}#traces)")
    if "initialState" in trace:
        out += _state_problems("initialState", trace["initialState"], known, actions)
    for step, action_id in zip(steps, actions):
        where = f"step {action_id}"
        if step.get("action") != action_id:
            out.append(f"{where}: the step names action {step.get('action')!r} ({SECTION}#traces)")
        if step.get("outcome") not in ("accepted", "rejected", "unsupported"):
            out.append(f"{where}: outcome {step.get('outcome')!r} is not accepted, rejected or unsupported ({SECTION}#traces)")
        if step.get("outcome") == "rejected" and step.get("reason") not in REASONS:
            out.append(f"{where}: rejected with reason {step.get('reason')!r}, not a reason code ({SECTION}#rejections)")
        out += _state_problems(where, step.get("state", {}), known, actions)
    return out
