"""The kit's own tests: python3 -m pytest kits/python"""

import io
import json

import pytest

import castcheck_kit as kit


class Toy(kit.Engine):
    """A stack of numbered objects: 'cast' pushes one (rejected above 3), 'resolve' pops one and
    makes a token; the second resolution triggers an ability that goes on the stack."""

    name, version = "toy", "1.0"

    def new_game(self, scenario):
        return {"stack": [], "tokens": [], "resolved": 0}

    def perform(self, game, action, ctx):
        if action["do"] == "cast":
            game["stack"].append(action["card"])
            if len(game["stack"]) > 3:
                raise kit.Rejected("cannot-pay", "too many")
        elif action["do"] == "resolve":
            if not game["stack"]:
                raise kit.Rejected("empty-stack", "nothing to resolve")
            game["stack"].pop()
            game["resolved"] += 1
            game["tokens"].append(ctx.token_id())
            if game["resolved"] == 2:
                game["stack"].append(ctx.trigger("src", 0, "p1"))
        else:
            raise kit.Unsupported(action["do"])

    def observe(self, game):
        stack = [kit.triggered_ability(i, "src", 0, "p1") if ".t" in i else kit.spell(i, i, "Thing", "p1", "{1}", ["Instant"]) for i in game["stack"]]
        battlefield = [kit.permanent(t, "Golem Token", "p1", token=True, power=3, toughness=3) for t in game["tokens"]]
        return kit.state(stack, battlefield, [kit.player("p2", 20, [], []), kit.player("p1", 20, ["z", "a"], [], mana={"R": 0, "C": 1})])


def scenario(*actions):
    cards = [{"id": a["card"], "oracle": "Thing"} for a in actions if "card" in a]
    return {"format": "castcheck-scenario/1", "cards": cards, "players": [], "actions": [{"id": f"a{i + 1}", **a} for i, a in enumerate(actions)]}


def test_generic_mana_is_paid_colourless_first_then_wubrg_and_symbols_take_their_own():
    assert kit.pay({"G": 2, "W": 1, "C": 1, "R": 1}, kit.Mana.parse("{2}{G}{G}")) == {"R": 1}
    assert kit.pay({"U": 1, "B": 2}, kit.Mana.parse("{1}{B}")) == {"B": 1}
    with pytest.raises(kit.Rejected) as rejected:
        kit.pay({"R": 1}, kit.Mana.parse("{R}{R}"))
    assert rejected.value.reason == "cannot-pay"


def test_mana_in_normal_form():
    m = kit.Mana.parse("{X}{R}{2}{C}")
    assert (m.text(), m.mana_value(3), m.with_x(3).text(), kit.Mana.parse("").text()) == ("{X}{2}{C}{R}", 7, "{5}{C}{R}", "{0}")


def test_a_rejected_action_leaves_the_game_as_it_was():
    trace = kit.run_scenario(Toy(), scenario(*[{"do": "cast", "card": c} for c in "abcd"]))
    assert [s["outcome"] for s in trace["steps"]] == ["accepted"] * 3 + ["rejected"]
    assert trace["steps"][3]["reason"] == "cannot-pay"
    assert trace["steps"][3]["state"] == trace["steps"][2]["state"]


def test_tokens_and_triggers_are_named_by_the_conventions_and_untilEmpty_resolves_each_object():
    trace = kit.run_scenario(Toy(), scenario({"do": "cast", "card": "a"}, {"do": "cast", "card": "b"}, {"do": "resolve"}, {"do": "resolve", "untilEmpty": True}))
    assert trace["steps"][2]["state"]["battlefield"][0]["id"] == "a3.k1"
    last = trace["steps"][3]
    # Round 1 resolves a (the second resolution overall: it triggers), round 2 the trigger.
    assert last["triggered"] == [{"source": "src", "ability": 0, "controller": "p1", "id": "a4.r1.t1"}]
    assert [p["id"] for p in last["state"]["battlefield"]] == ["a3.k1", "a4.k1", "a4.k2"]
    assert last["state"]["stack"] == []
    assert kit.check_trace(scenario({"do": "cast", "card": "a"}, {"do": "cast", "card": "b"}, {"do": "resolve"}, {"do": "resolve", "untilEmpty": True}), trace) == []


class Burner(Toy):
    """The toy, resolving each object as 2 damage to p2 and its card to the graveyard: it lists its events."""

    def perform(self, game, action, ctx):
        top = game["stack"][-1] if action["do"] == "resolve" and game["stack"] else None
        super().perform(game, action, ctx)
        if action["do"] == "cast":
            ctx.event("move", object=action["card"], from_="hand", to="stack")
        if top is not None:
            ctx.event("damage", by=top, to="p2", amount=2)
            ctx.event("move", by=top, object=top, from_="stack", to="graveyard")


def test_events_are_listed_in_order_and_dropped_with_a_rejected_action():
    trace = kit.run_scenario(Burner(), scenario(*[{"do": "cast", "card": c} for c in "abcd"], {"do": "resolve"}))
    assert trace["steps"][0]["events"] == [{"kind": "move", "object": "a", "from": "hand", "to": "stack"}]
    assert "events" not in trace["steps"][3]
    assert trace["steps"][4]["events"] == [
        {"kind": "damage", "by": "c", "to": "p2", "amount": 2},
        {"kind": "move", "by": "c", "object": "c", "from": "stack", "to": "graveyard"},
    ]
    # An engine that records none sends none: the field is optional.
    assert all("events" not in s for s in kit.run_scenario(Toy(), scenario({"do": "cast", "card": "a"}, {"do": "resolve"}))["steps"])


def test_unsupported_actions_are_reported_and_nothing_changes():
    step = kit.run_scenario(Toy(), scenario({"do": "tap", "permanent": "x"}))["steps"][0]
    assert (step["outcome"], step["message"]) == ("unsupported", "tap")


def test_the_state_is_in_normal_form():
    state = kit.run_scenario(Toy(), scenario())["initialState"]
    assert [p["id"] for p in state["players"]] == ["p1", "p2"]
    assert state["players"][0]["hand"] == ["a", "z"] and state["players"][0]["mana"] == {"C": 1}
    spell = kit.spell("s", "s", "Comet Storm", "p1", "{X}{R}{R}", ["Instant"], x=2, kicked=None, total_cost=kit.Mana.parse("{2}{R}{R}"))
    assert (spell["manaValue"], spell["colors"], "kicked" in spell, spell["totalCost"]) == (4, ["R"], False, {"mana": "{2}{R}{R}", "sacrificed": []})


def test_check_trace_names_a_wrong_token_id_and_a_missing_field():
    s = scenario({"do": "cast", "card": "a"}, {"do": "resolve"})
    trace = kit.run_scenario(Toy(), s)
    trace["steps"][1]["state"]["battlefield"][0]["id"] = "golem1"
    del trace["steps"][0]["state"]["stack"][0]["manaValue"]
    problems = kit.check_trace(s, trace)
    assert any("token id 'golem1' breaks the convention for created tokens, <action>.k<n> (docs/PROTOCOL.md#ids)" in p for p in problems)
    assert any("stack[0] (a) has no 'manaValue'" in p for p in problems)


def serve(*messages):
    out, err = io.StringIO(), io.StringIO()
    status = kit.serve(Toy(), io.StringIO("".join(json.dumps(m) + "\n" for m in messages) + "\n"), out, err)
    return status, [json.loads(line) for line in out.getvalue().splitlines()], err.getvalue()


def test_the_protocol_loop_answers_hello_and_run_ignores_unknown_types_and_stops():
    status, answers, err = serve({"type": "hello", "protocol": 1, "castcheck": "0.1.0"}, {"type": "news"}, {"type": "run", "id": 7, "scenario": scenario({"do": "resolve"})}, {"type": "stop"}, {"type": "run", "id": 8})
    assert status == 0 and err == ""
    assert [a["type"] for a in answers] == ["hello", "trace"]
    assert answers[0]["engine"] == {"name": "toy", "version": "1.0"}
    assert answers[1]["id"] == 7 and answers[1]["trace"]["steps"][0]["reason"] == "empty-stack"


def test_the_protocol_loop_refuses_another_version_and_survives_an_engine_bug():
    status, answers, _ = serve({"type": "hello", "protocol": 2, "castcheck": "9.0.0"})
    assert status == 1 and answers[0]["type"] == "error" and "speaks protocol 1" in answers[0]["message"]
    status, answers, err = serve({"type": "hello", "protocol": 1, "castcheck": "0.1.0"}, {"type": "run", "id": 1, "scenario": {}}, {"type": "run", "id": 2, "scenario": scenario()})
    assert [(a["type"], a.get("id")) for a in answers[1:]] == [("error", 1), ("trace", 2)]
    assert "KeyError" in err
