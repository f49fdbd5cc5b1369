"""Unit tests of the example engine (standard library only): python3 -m unittest discover examples/python-engine"""

import json
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(__file__))
import engine  # noqa: E402

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
        "actions": [{"id": f"a{i + 1}", **a} for i, a in enumerate(actions)],
    }


class CastingTest(unittest.TestCase):
    def test_generic_mana_is_paid_with_colourless_first_then_wubrg(self):
        s = scenario({"pack": "Gnarlid Pack"}, ["pack"], {"G": 2, "W": 1, "C": 1, "R": 1}, [{"do": "cast", "card": "pack", "player": "p1", "multikicker": 1}])
        step = engine.run_scenario(s)["steps"][0]
        self.assertEqual(step["outcome"], "accepted")
        # {1}{G} + {1}{G}: the two generic are paid with C, then W; R is left.
        self.assertEqual(step["state"]["players"][0]["mana"], {"R": 1})
        self.assertEqual(step["state"]["stack"][0]["totalCost"]["mana"], "{2}{G}{G}")

    def test_a_kicker_cost_declared_twice_is_rejected_and_changes_nothing(self):
        s = scenario({"bolt": "Burst Lightning"}, ["bolt"], {"R": 1, "C": 8}, [{"do": "cast", "card": "bolt", "player": "p1", "kicker": ["A", "A"], "targets": [["p2"]]}])
        step = engine.run_scenario(s)["steps"][0]
        self.assertEqual((step["outcome"], step["reason"]), ("rejected", "kicker-declared-twice"))
        self.assertEqual(step["state"]["players"][0]["hand"], ["bolt"])
        self.assertEqual(step["state"]["players"][0]["mana"], {"R": 1, "C": 8})

    def test_comet_storm_takes_one_more_target_per_kick_and_kills_creatures(self):
        s = scenario(
            {"storm": "Comet Storm", "bears": "Grizzly Bears"},
            ["storm"],
            {"R": 2, "C": 3},
            [{"do": "cast", "card": "storm", "player": "p1", "x": 2, "multikicker": 1, "targets": [["p2", "bears"]]}, {"do": "resolve", "id": "r"}],
            battlefield=["bears"],
        )
        steps = engine.run_scenario(s)["steps"]
        self.assertEqual(steps[0]["state"]["stack"][0]["manaValue"], 4)
        after = steps[1]["state"]
        self.assertEqual(after["players"][1]["life"], 18)
        self.assertEqual(after["battlefield"], [])
        self.assertEqual(after["players"][1]["graveyard"], ["bears"])

    def test_a_kicked_kavu_titan_enters_with_three_counters_and_trample(self):
        s = scenario({"kavu": "Kavu Titan"}, ["kavu"], {"G": 2, "C": 3}, [{"do": "cast", "card": "kavu", "player": "p1", "kicker": ["A"]}, {"do": "resolve"}])
        kavu = engine.run_scenario(s)["steps"][1]["state"]["battlefield"][0]
        self.assertEqual((kavu["power"], kavu["toughness"], kavu["keywords"], kavu["timesKicked"]), (5, 5, ["trample"], 1))


class ProtocolTest(unittest.TestCase):
    def talk(self, *messages):
        lines = "".join(json.dumps(m) + "\n" for m in messages)
        done = subprocess.run([sys.executable, ENGINE_PY], input=lines, capture_output=True, text=True, timeout=30)
        return done.returncode, [json.loads(line) for line in done.stdout.splitlines()]

    def test_hello_run_stop(self):
        s = scenario({"bolt": "Burst Lightning"}, ["bolt"], {"R": 1}, [{"do": "cast", "card": "bolt", "player": "p1", "targets": [["p2"]]}])
        status, answers = self.talk({"type": "hello", "protocol": 1, "castcheck": "0.1.0"}, {"type": "run", "id": 1, "scenario": s}, {"type": "stop"})
        self.assertEqual(status, 0)
        self.assertEqual([a["type"] for a in answers], ["hello", "trace"])
        self.assertEqual(answers[0]["capabilities"]["mechanics"], ["kicker", "multikicker", "x"])
        self.assertEqual(answers[1]["id"], 1)

    def test_refuses_another_protocol_version(self):
        status, answers = self.talk({"type": "hello", "protocol": 2, "castcheck": "9.0.0"})
        self.assertEqual(status, 1)
        self.assertEqual(answers[0]["type"], "error")
        self.assertIn("speaks protocol 1", answers[0]["message"])

    def test_an_unknown_card_is_an_error_answer_and_the_engine_stays_up(self):
        s = scenario({"x": "Lightning Bolt"}, ["x"], {}, [])
        status, answers = self.talk({"type": "hello", "protocol": 1, "castcheck": "0.1.0"}, {"type": "run", "id": 4, "scenario": s}, {"type": "run", "id": 5, "scenario": scenario({}, [], {}, [])})
        self.assertEqual([(a["type"], a.get("id")) for a in answers[1:]], [("error", 4), ("trace", 5)])


if __name__ == "__main__":
    unittest.main()
