"""Tests of the example engine (pytest): python3 -m pytest examples/python-engine"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
import engine  # noqa: E402
from castcheck_kit import run_scenario  # noqa: E402  (on the path once engine is imported)

ENGINE_PY = os.path.join(os.path.dirname(__file__), "engine.py")


def scenario(cards, hand, mana, actions, battlefield=()):
    """A normalized scenario, as castcheck sends it."""
    return {
        "format": "castcheck-scenario/1",
        "cards": [{"id": i, "oracle": name} for i, name in cards.items()],
        "players": [
            {"id": "p1", "life": 20, "mana": mana, "hand": hand, "library": [], "graveyard": [], "battlefield": []},
            {"id": "p2", "life": 20, "mana": {}, "hand": [], "library": [], "graveyard": [], "battlefield": [{"card": b} for b in battlefield]},
        ],
        "actions": [{"id": f"a{i + 1}", "player": "p1", **a} for i, a in enumerate(actions)],
    }


def run(s):
    return run_scenario(engine.ExampleEngine(), s)["steps"]


def test_generic_mana_is_paid_with_colourless_first_then_wubrg():
    step = run(scenario({"pack": "Gnarlid Pack"}, ["pack"], {"G": 2, "W": 1, "C": 1, "R": 1}, [{"do": "cast", "card": "pack", "multikicker": 1}]))[0]
    assert step["outcome"] == "accepted"
    # {1}{G} + {1}{G}: the two generic are paid with C, then W; R is left.
    assert step["state"]["players"][0]["mana"] == {"R": 1}
    assert step["state"]["stack"][0]["totalCost"]["mana"] == "{2}{G}{G}"


def test_a_kicker_cost_declared_twice_is_rejected_and_changes_nothing():
    step = run(scenario({"bolt": "Burst Lightning"}, ["bolt"], {"R": 1, "C": 8}, [{"do": "cast", "card": "bolt", "kicker": ["A", "A"], "targets": [["p2"]]}]))[0]
    assert (step["outcome"], step["reason"]) == ("rejected", "kicker-declared-twice")
    assert step["state"]["players"][0]["hand"] == ["bolt"]
    assert step["state"]["players"][0]["mana"] == {"R": 1, "C": 8}


def test_comet_storm_takes_one_more_target_per_kick_and_kills_creatures():
    steps = run(scenario({"storm": "Comet Storm", "bears": "Grizzly Bears"}, ["storm"], {"R": 2, "C": 3},
                         [{"do": "cast", "card": "storm", "x": 2, "multikicker": 1, "targets": [["p2", "bears"]]}, {"do": "resolve", "id": "r"}], battlefield=["bears"]))
    assert steps[0]["state"]["stack"][0]["manaValue"] == 4
    after = steps[1]["state"]
    assert (after["players"][1]["life"], after["battlefield"], after["players"][1]["graveyard"]) == (18, [], ["bears"])


def test_a_kicked_kavu_titan_enters_with_three_counters_and_trample():
    kavu = run(scenario({"kavu": "Kavu Titan"}, ["kavu"], {"G": 2, "C": 3}, [{"do": "cast", "card": "kavu", "kicker": ["A"]}, {"do": "resolve"}]))[1]["state"]["battlefield"][0]
    assert (kavu["power"], kavu["toughness"], kavu["keywords"], kavu["timesKicked"]) == (5, 5, ["trample"], 1)


def test_resolving_until_empty_resolves_everything():
    steps = run(scenario({"b1": "Grizzly Bears", "b2": "Hill Giant"}, ["b1", "b2"], {"G": 1, "R": 1, "C": 5},
                         [{"do": "cast", "card": "b1"}, {"do": "cast", "card": "b2"}, {"do": "resolve", "untilEmpty": True}]))
    assert [p["id"] for p in steps[2]["state"]["battlefield"]] == ["b1", "b2"]


def talk(*messages):
    lines = "".join(json.dumps(m) + "\n" for m in messages)
    done = subprocess.run([sys.executable, ENGINE_PY], input=lines, capture_output=True, text=True, timeout=30)
    return done.returncode, [json.loads(line) for line in done.stdout.splitlines()], done.stderr


def test_hello_run_stop_with_no_complaint_from_the_kit():
    s = scenario({"bolt": "Burst Lightning"}, ["bolt"], {"R": 1}, [{"do": "cast", "card": "bolt", "targets": [["p2"]]}])
    status, answers, stderr = talk({"type": "hello", "protocol": 1, "castcheck": "0.1.0"}, {"type": "run", "id": 1, "scenario": s}, {"type": "stop"})
    assert status == 0 and stderr == ""
    assert [a["type"] for a in answers] == ["hello", "trace"]
    assert answers[0]["capabilities"]["mechanics"] == ["kicker", "multikicker", "x"]
    assert answers[1]["id"] == 1 and "initialState" in answers[1]["trace"]


def test_an_unknown_card_is_an_error_answer_and_the_engine_stays_up():
    s = scenario({"x": "Lightning Bolt"}, ["x"], {}, [])
    _, answers, _ = talk({"type": "hello", "protocol": 1, "castcheck": "0.1.0"}, {"type": "run", "id": 4, "scenario": s}, {"type": "run", "id": 5, "scenario": scenario({}, [], {}, [])})
    assert [(a["type"], a.get("id")) for a in answers[1:]] == [("error", 4), ("trace", 5)]
