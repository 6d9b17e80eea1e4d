"""Ruthless campaign: the Cowboys' ride toward the border and the Earps' guesses.

"After each act the Cowboys secretly move one space on a map toward the border while the Earp
player guesses their location; a correct guess triggers that location's scenario." A wrong
guess gives the Cowboys $1 and they ride on; the Earps' next guess is among every place one
ride beyond the places not yet ruled out. With a tracker the Earps guess twice each ride.
Guessing wrong on the border lets the Cowboys escape.

The territory: Tombstone -> Iron Springs, Charleston, Soldier Holes -> Clanton Ranch, Hereford,
Galeyville -> Palominas Ford, Guadalupe Canyon, Skeleton Canyon (the border).
"""

from __future__ import annotations

from tabletown.games.ruthless import campaign as CP

from .test_ruthless_helpers import RULES, SPEC, play, types

OPTS = SPEC.normalize(2, {"scenario": "campaign"})
EARPS, COWBOYS = 0, 1


def on_the_trail(at="tombstone", tracker=False, dollars=(4, 4)):
    data = CP.new_campaign()
    data.update(act=2, at=at, dollars=list(dollars))
    st = RULES.setup(4, 2, OPTS, {"campaign": data})
    if tracker:
        st, _ = play(st, 0, {"type": "buy", "item": "tracker", "pick": None})
    st, _ = play(st, 0, {"type": "ready"})
    st, _ = play(st, 1, {"type": "ready"})
    return st


def rides(st):
    return [a["to"] for a in RULES.legal(st, COWBOYS)]


def guesses(st):
    return [a["at"] for a in RULES.legal(st, EARPS)]


def test_the_first_act_needs_no_trail():
    st = RULES.setup(4, 2, OPTS)
    st, _ = play(st, 0, {"type": "ready"})
    st, _ = play(st, 1, {"type": "ready"})
    assert st["act"]["node"] == "tombstone" and st["phase"] != "trail"


def test_from_the_second_act_the_cowboys_ride_first_from_where_the_last_act_was():
    st = on_the_trail(at="charleston")
    assert st["phase"] == "trail" and RULES.active(st) == [COWBOYS]
    assert rides(st) == ["clanton-ranch", "hereford"]
    st, _ = play(st, 1, {"type": "ride", "to": "hereford"})
    assert RULES.active(st) == [EARPS]
    assert guesses(st) == ["clanton-ranch", "hereford"]
    assert st["act"]["rides"] == 1


def test_a_wrong_guess_rules_out_that_place_and_the_next_guess_is_one_ride_beyond_the_rest():
    st = on_the_trail()
    st, _ = play(st, 1, {"type": "ride", "to": "soldier-holes"})
    st, ev = play(st, 0, {"type": "guess", "at": "iron-springs"})
    assert "wrong_guess" in types(ev)
    act = st["act"]
    assert act["wrong"] == 1 and act["ruled_out"] == [["iron-springs"]]
    assert act["dollars"][COWBOYS] == 5
    assert RULES.active(st) == [COWBOYS]
    assert rides(st) == ["hereford", "galeyville"]          # on from where they really are
    st, _ = play(st, 1, {"type": "ride", "to": "galeyville"})
    # Charleston or Soldier Holes are still possible: everything one ride beyond them, in map order
    assert guesses(st) == ["clanton-ranch", "hereford", "galeyville"]
    assert st["act"]["guesses"] == [] and st["act"]["rides"] == 2


def test_a_right_guess_after_a_wrong_one_finds_them():
    st = on_the_trail()
    st, _ = play(st, 1, {"type": "ride", "to": "iron-springs"})
    st, _ = play(st, 0, {"type": "guess", "at": "charleston"})
    st, _ = play(st, 1, {"type": "ride", "to": "clanton-ranch"})
    st, ev = play(st, 0, {"type": "guess", "at": "clanton-ranch"})
    assert "reveal" in types(ev) and st["act"]["node"] == "clanton-ranch"
    assert st["table"] == "ranch" and st["act"]["wrong"] == 1


def test_without_a_tracker_one_guess_a_ride():
    st = on_the_trail()
    st, _ = play(st, 1, {"type": "ride", "to": "charleston"})
    st, _ = play(st, 0, {"type": "guess", "at": "iron-springs"})
    assert RULES.active(st) == [COWBOYS]


def test_with_a_tracker_two_guesses_a_ride_and_both_wrong_pays_one_dollar():
    st = on_the_trail(tracker=True, dollars=(3, 0))
    st, _ = play(st, 1, {"type": "ride", "to": "charleston"})
    st, ev = play(st, 0, {"type": "guess", "at": "iron-springs"})
    assert "wrong_guess" not in types(ev) and RULES.active(st) == [EARPS]
    assert guesses(st) == ["charleston", "soldier-holes"]   # the place guessed is not offered again
    st, ev = play(st, 0, {"type": "guess", "at": "soldier-holes"})
    assert "wrong_guess" in types(ev) and RULES.active(st) == [COWBOYS]
    assert st["act"]["dollars"][COWBOYS] == 1 and st["act"]["ruled_out"] == [["iron-springs", "soldier-holes"]]


def test_a_tracker_with_one_place_left_needs_no_second_guess():
    st = on_the_trail(at="iron-springs", tracker=True, dollars=(3, 0))
    st, _ = play(st, 1, {"type": "ride", "to": "clanton-ranch"})
    assert guesses(st) == ["clanton-ranch"]
    st, _ = play(st, 0, {"type": "guess", "at": "clanton-ranch"})
    assert st["act"]["node"] == "clanton-ranch"


def test_a_wrong_guess_on_the_border_lets_them_escape_short_of_it_they_ride_on():
    st = on_the_trail(at="hereford")
    st, _ = play(st, 1, {"type": "ride", "to": "guadalupe-canyon"})
    assert st["act"]["possible"] == ["palominas-ford", "guadalupe-canyon"]
    st, ev = play(st, 0, {"type": "guess", "at": "palominas-ford"})
    assert st["phase"] == "over" and st["end"] == "escaped" and st["act"]["escaped"]
    assert st["act"]["node"] == "guadalupe-canyon"
    st = on_the_trail(at="charleston")
    st, _ = play(st, 1, {"type": "ride", "to": "hereford"})
    st, ev = play(st, 0, {"type": "guess", "at": "clanton-ranch"})
    assert st["phase"] == "trail" and not st["act"]["escaped"]


def test_an_escape_scores_nothing_for_the_act_and_ends_the_campaign():
    data = CP.new_campaign()
    data.update(act=4, at="galeyville", points=[6, 2])
    st = RULES.setup(4, 2, OPTS, {"campaign": data})
    st, _ = play(st, 0, {"type": "ready"})
    st, _ = play(st, 1, {"type": "ready"})
    st, _ = play(st, 1, {"type": "ride", "to": "skeleton-canyon"})
    st, _ = play(st, 0, {"type": "guess", "at": "guadalupe-canyon"})
    after = CP.after_act(data, st)
    assert after["history"][-1]["vp"] == [0, 0] and after["history"][-1]["escaped"]
    assert after["dollars"] == [4, 5]          # no income for an act not fought; the wrong guess's $1
    assert after["points"] == [6, 7] and after["winner"] == COWBOYS
    assert after["at"] == "skeleton-canyon"
