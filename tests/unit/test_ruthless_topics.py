"""Ruthless' "why?": the prompt of each step names its paragraph of the rules page, and the
campaign's trail (rarely met in random games) gets the right one for each side."""

from __future__ import annotations

from tabletown.engine.content import load_data
from tabletown.games.ruthless import campaign as CP

from .test_ruthless_campaign import act, ready_both, tombstone_over
from .test_ruthless_helpers import RULES, SPEC, play

INDEX = load_data("tabletown.games.ruthless", "rule_index")


def test_on_the_trail_the_cowboys_are_asked_to_ride_and_the_earps_to_guess():
    st = ready_both(act(CP.after_act(None, tombstone_over())))
    assert st["phase"] == "trail"
    assert RULES.topic(st, 1) == "prompt:ride" and INDEX["prompt:ride"] == "camp-acts"
    assert RULES.topic(st, 0) == "prompt:waiting"
    st, _ = play(st, 1, {"type": "ride", "to": RULES.legal(st, 1)[0]["to"]})
    assert RULES.topic(st, 0) == "prompt:guess" and INDEX["prompt:guess"] == "camp-guess"
    assert RULES.topic(st, 1) == "prompt:waiting"


def test_a_turn_asks_for_initiative_then_for_a_character_then_for_his_actions():
    st = RULES.setup(3, 2, SPEC.normalize(2, {}))
    seat = RULES.active(st)[0]
    assert st["phase"] == "initiative" and RULES.topic(st, seat) == "prompt:initiative"
    while st["phase"] == "initiative":
        seat = RULES.active(st)[0]
        st, _ = play(st, seat, RULES.legal(st, seat)[0])
    seat = RULES.active(st)[0]
    assert st["phase"] == "act" and st["selected"] is None
    assert RULES.topic(st, seat) == "prompt:pick-character" and INDEX["prompt:pick-character"] == "turn-activation"
    pick = next(a for a in RULES.legal(st, seat) if a["type"] == "select")
    st, _ = play(st, seat, pick)
    assert RULES.topic(st, seat) == "prompt:actions" and INDEX["prompt:actions"] == "actions-two"
    assert RULES.topic(st, 1 - seat) == "prompt:waiting"
