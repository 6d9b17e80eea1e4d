"""Tumble Town, solo: the Outlaw's turn die by die, from the rulebook's Solo Gameplay.

"For each die value less than 5, remove a Building Plan from the corresponding row and
column … The die color corresponds to the row and the die value corresponds to the
column." "If all three dice values are less than 5, give the Outlaw a Penalty token and
return two dice of the color the Outlaw has the most of." "For each die with value 5 or 6,
do nothing unless all dice have rolled a value of 5 or 6. In this case, remove one die of
each color from the supply … If the Outlaw Player has any Penalty tokens, return one."

Every comparison is tried on each side of its boundary (4 and 5) and on it.
"""

from __future__ import annotations

import pytest

from tabletown.engine.prng import Rng, seed_state
from tabletown.games.tumble_town.content import COLORS, PLANS
from tabletown.games.tumble_town.game import RULES as R

NONE = {c: 0 for c in COLORS}


def solo(**opts):
    st = R.setup(1, 1, opts)
    st["players"][0]["dice"] = [["brown", 3], ["brown", 4]]
    st["phase"] = "main"
    st["take"] = None
    return st


def second_row_back(st, back):
    """Stack the 2-cactus deck so that its top card shows `back` (gray or black die)."""
    st["decks"]["2"].sort(key=lambda p: PLANS[p]["back"] != back)
    st["backs"][1] = PLANS[st["decks"]["2"][0]]["back"]
    assert st["backs"][1] == back


def rig(st, values):
    """The Outlaw's next roll is `values` (brown, gray, gold)."""
    for seed in range(1, 40000):
        words = seed_state(seed)
        rng = Rng(list(words))
        if [rng.d6() for _ in range(3)] == list(values):
            st["rng"] = words
            return st
    raise AssertionError("no seed found")


def outlaw_turn(st, values):
    st = rig(st, values)
    return R.apply(st, 0, {"type": "end"})[0]


# --- the columns: 1 is the leftmost, 4 the rightmost, 5 and 6 do nothing -----------------


@pytest.mark.parametrize("value", [1, 2, 3, 4])
def test_a_brown_die_below_5_steals_the_plan_of_its_column_in_the_1_cactus_row(value):
    st = solo()
    target = st["rows"][0][value - 1]
    others = [st["rows"][r][c] for r in range(3) for c in range(4) if (r, c) != (0, value - 1)]
    st = outlaw_turn(st, [value, 6, 6])
    assert st["outlaw"]["plans"] == [target]
    assert [st["rows"][r][c] for r in range(3) for c in range(4) if (r, c) != (0, value - 1)] == others


@pytest.mark.parametrize("value", [1, 4])
def test_a_gold_die_below_5_steals_from_the_3_cactus_row(value):
    st = solo()
    target = st["rows"][2][value - 1]
    st = outlaw_turn(st, [6, 5, value])
    assert st["outlaw"]["plans"] == [target]
    assert st["outlaw"]["dice"] == dict(NONE, gold=3)


@pytest.mark.parametrize("value", [1, 4])
def test_a_gray_die_below_5_steals_from_the_2_cactus_row(value):
    st = solo()
    second_row_back(st, "cactus2-gray")
    target = st["rows"][1][value - 1]
    st = outlaw_turn(st, [5, value, 6])
    assert st["outlaw"]["plans"] == [target]
    assert st["outlaw"]["dice"] == dict(NONE, gray=3)


def test_a_die_of_5_or_6_steals_nothing_and_takes_no_dice():
    st = solo()
    rows = [list(r) for r in st["rows"]]
    supply = dict(st["supply"])
    st = outlaw_turn(st, [5, 6, 4])  # only the gold die is below 5
    assert st["outlaw"]["plans"] == [rows[2][3]]
    assert st["outlaw"]["dice"] == dict(NONE, gold=3)
    assert st["supply"] == dict(supply, gold=supply["gold"] - 3)
    assert st["rows"][0] == rows[0] and st["rows"][1] == rows[1]


def test_the_plans_are_taken_for_every_die_below_5_in_row_order():
    st = solo()
    second_row_back(st, "cactus2-black")
    want = [st["rows"][0][0], st["rows"][1][1], st["rows"][2][3]]
    st = outlaw_turn(st, [1, 2, 4])
    assert st["outlaw"]["plans"] == want
    assert st["outlaw"]["last"]["plans"] == want


def test_a_stolen_plan_is_replaced_from_its_deck_and_the_back_follows_the_new_top_card():
    st = solo()
    top = st["decks"]["1"][0]
    st = outlaw_turn(st, [2, 6, 6])
    assert st["rows"][0][1] == top
    assert st["backs"][0] == (PLANS[st["decks"]["1"][0]]["back"] if st["decks"]["1"] else "plan-end")


def test_an_empty_place_gives_no_plan_but_the_dice_are_still_taken():
    """The place is empty once its deck has run out: nothing to steal, the chart still gives dice."""
    st = solo()
    st["decks"]["1"] = []
    st["rows"][0][2] = None
    st = outlaw_turn(st, [3, 6, 6])
    assert st["outlaw"]["plans"] == []
    assert st["rows"][0][2] is None
    assert st["outlaw"]["dice"] == dict(NONE, brown=3)


def test_a_deck_that_runs_out_leaves_the_place_empty_and_shows_its_plan_end():
    st = solo()
    st["decks"]["3"] = []
    st["backs"][2] = "plan-end"
    target = st["rows"][2][0]
    st = outlaw_turn(st, [6, 6, 1])
    assert st["outlaw"]["plans"] == [target] and st["rows"][2][0] is None
    assert st["backs"][2] == "plan-end"


def test_the_gray_die_takes_gray_under_a_plan_end_of_the_second_row():
    """The Plan End card counts as gray for the Outlaw."""
    st = solo()
    st["decks"]["2"] = []
    st["backs"][1] = "plan-end"
    st = outlaw_turn(st, [6, 3, 6])
    assert st["outlaw"]["dice"] == dict(NONE, gray=3)


# --- all below 5: a Penalty token and two dice back ------------------------------------------


def test_all_three_dice_of_4_are_all_below_5():
    st = solo()
    second_row_back(st, "cactus2-gray")
    st["outlaw"]["dice"]["black"] = 5
    st = outlaw_turn(st, [4, 4, 4])
    o = st["outlaw"]
    assert o["penalties"] == 1
    assert o["last"]["returned"] == dict(NONE, black=2)


@pytest.mark.parametrize("values", [[4, 4, 5], [5, 4, 4], [4, 6, 1], [1, 1, 6]])
def test_one_die_of_5_or_6_means_no_penalty_and_no_dice_returned(values):
    st = solo()
    second_row_back(st, "cactus2-gray")
    st["outlaw"]["dice"]["black"] = 5
    st = outlaw_turn(st, values)
    o = st["outlaw"]
    assert o["penalties"] == 0
    assert o["last"]["returned"] == NONE
    assert o["dice"]["black"] == 5


def test_the_colour_the_outlaw_has_most_of_gives_back_two():
    st = solo()
    second_row_back(st, "cactus2-gray")
    st["outlaw"]["dice"].update({"brown": 2, "gold": 1})
    st = outlaw_turn(st, [1, 2, 3])
    # after taking 3 brown, 3 gray and 3 gold: brown 5 is the most
    o = st["outlaw"]
    assert o["last"]["returned"] == dict(NONE, brown=2)
    assert o["dice"] == {"brown": 3, "gray": 3, "black": 0, "gold": 4}


def test_a_tie_of_all_four_colours_lets_the_player_choose_two():
    st = solo()
    second_row_back(st, "cactus2-gray")
    st["outlaw"]["dice"].update({"black": 3})
    st = outlaw_turn(st, [2, 2, 2])
    assert st["phase"] == "outlaw"
    assert R.legal(st, 0) == [{"type": "outlaw_return", "color": c} for c in COLORS]
    st = R.apply(st, 0, {"type": "outlaw_return", "color": "black"})[0]
    assert R.legal(st, 0) == [{"type": "outlaw_return", "color": c} for c in ("brown", "gray", "gold")]
    st = R.apply(st, 0, {"type": "outlaw_return", "color": "gray"})[0]
    assert st["outlaw"]["dice"] == {"brown": 3, "gray": 2, "black": 2, "gold": 3}
    assert st["phase"] == "claim"


# --- all 5 or 6: one die of each colour and a Penalty token back ----------------------------


def test_all_high_with_no_penalty_token_leaves_it_at_none():
    st = solo()
    st = outlaw_turn(st, [5, 5, 5])
    o = st["outlaw"]
    assert o["penalties"] == 0 and o["last"]["penalty"] == 0
    assert o["dice"] == {c: 1 for c in COLORS} and o["last"]["bonus"]


def test_all_high_returns_only_one_penalty_token():
    st = solo()
    st["outlaw"]["penalties"] = 1
    st = outlaw_turn(st, [6, 6, 5])
    assert st["outlaw"]["penalties"] == 0


@pytest.mark.parametrize("values", [[4, 5, 6], [6, 6, 4], [5, 4, 5]])
def test_one_die_below_5_means_no_die_of_each_colour(values):
    st = solo()
    st["outlaw"]["penalties"] = 2
    st = outlaw_turn(st, values)
    o = st["outlaw"]
    assert not o["last"]["bonus"] and o["penalties"] == 2
    assert sum(o["dice"].values()) == 3  # the three dice of the one die below 5


def test_all_high_with_an_empty_supply_gives_what_is_left():
    st = solo()
    st["supply"].update({"gray": 0})
    st = outlaw_turn(st, [6, 5, 6])
    assert st["outlaw"]["dice"] == {"brown": 1, "gray": 0, "black": 1, "gold": 1}


# --- not enough dice: the rest from the supply with the fewest dice -----------------------------


def test_a_short_supply_gives_what_it_has_then_the_smallest_other_supply():
    st = solo()
    st["supply"].update({"brown": 1, "gray": 6, "black": 3, "gold": 9})
    st = outlaw_turn(st, [2, 6, 6])
    assert st["outlaw"]["dice"] == {"brown": 1, "gray": 0, "black": 2, "gold": 0}
    assert st["supply"] == {"brown": 0, "gray": 6, "black": 1, "gold": 9}


def test_the_smallest_supply_is_used_up_before_the_next_smallest():
    st = solo()
    st["supply"].update({"brown": 0, "gray": 1, "black": 4, "gold": 2})
    st = outlaw_turn(st, [2, 6, 6])
    # none brown; then gray (1), then gold (2, now the fewest) for the last one
    assert st["outlaw"]["dice"] == {"brown": 0, "gray": 1, "black": 0, "gold": 2}
    assert st["phase"] != "outlaw"  # nothing left to ask (the supplies this low end the game)


def test_an_empty_supply_is_not_the_one_with_the_fewest_dice():
    st = solo()
    st["supply"].update({"brown": 0, "gray": 0, "black": 7, "gold": 5})
    st = outlaw_turn(st, [3, 6, 6])
    assert st["outlaw"]["dice"] == {"brown": 0, "gray": 0, "black": 0, "gold": 3}


def test_a_choice_between_supplies_is_the_players_and_the_take_goes_on_after_it():
    st = solo()
    st["supply"].update({"brown": 0, "gray": 1, "black": 1, "gold": 9})
    st = outlaw_turn(st, [1, 6, 6])
    assert R.legal(st, 0) == [{"type": "outlaw_take", "color": "gray"}, {"type": "outlaw_take", "color": "black"}]
    st = R.apply(st, 0, {"type": "outlaw_take", "color": "gray"})[0]
    # then black (1) is the fewest, then gold
    assert st["outlaw"]["dice"] == {"brown": 0, "gray": 1, "black": 1, "gold": 1}
    assert st["phase"] != "outlaw"  # nothing left to ask (the supplies this low end the game)


def test_no_dice_anywhere_takes_nothing_and_the_turn_still_ends():
    st = solo()
    st["supply"] = {c: 0 for c in COLORS}
    st = outlaw_turn(st, [1, 6, 6])
    assert st["outlaw"]["dice"] == NONE and st["over"]


# --- Easy: Penalty tokens for two or three plans in one turn ----------------------------------


def test_easy_one_plan_in_a_turn_costs_the_outlaw_nothing():
    st = solo(difficulty="easy")
    st = outlaw_turn(st, [1, 6, 6])
    assert st["outlaw"]["penalties"] == 0


def test_easy_two_plans_cost_one_token():
    st = solo(difficulty="easy")
    st = outlaw_turn(st, [6, 1, 2])
    assert st["outlaw"]["penalties"] == 1


def test_easy_counts_plans_gained_not_dice_below_5():
    """Two dice below 5, one of them at an empty place: one plan gained, no token."""
    st = solo(difficulty="easy")
    st["decks"]["1"] = []
    st["rows"][0][0] = None
    st = outlaw_turn(st, [1, 6, 2])
    assert len(st["outlaw"]["plans"]) == 1 and st["outlaw"]["penalties"] == 0


@pytest.mark.parametrize("difficulty", ["medium", "hard", "extra-hard"])
def test_other_levels_give_no_token_for_plans(difficulty):
    st = solo(difficulty=difficulty)
    st = outlaw_turn(st, [6, 1, 2])
    assert len(st["outlaw"]["plans"]) == 2 and st["outlaw"]["penalties"] == 0


# --- the Sole Surveyor: a column for 1 to 4, nothing for 5 or 6 ---------------------------------


def surveyor():
    st = R.setup(2, 1, {"mode": "sole-surveyor"})
    st["players"][0]["dice"] = [["brown", 3]]
    st["phase"] = "main"
    return st


@pytest.mark.parametrize("value", [1, 4])
def test_the_surveyor_clears_the_column_of_its_die(value):
    st = surveyor()
    col = [st["rows"][r][value - 1] for r in range(3)]
    st = rig(st, [value, 6, 6])
    st = R.apply(st, 0, {"type": "end"})[0]
    assert st["surveyor"]["last"] == {"roll": value, "plans": col}
    assert st["boxed"] == col


def test_the_surveyor_rolling_5_clears_nothing():
    st = surveyor()
    rows = [list(r) for r in st["rows"]]
    st = rig(st, [5, 1, 1])
    st = R.apply(st, 0, {"type": "end"})[0]
    assert st["rows"] == rows and st["boxed"] == [] and st["surveyor"]["last"] == {"roll": 5, "plans": []}


def test_all_low_with_nothing_in_the_supply_takes_a_token_and_returns_nothing():
    """The Outlaw has no dice at all: nothing to give back, nothing to ask the player."""
    st = solo()
    st["supply"] = {c: 0 for c in COLORS}
    st = outlaw_turn(st, [1, 2, 3])
    o = st["outlaw"]
    assert st["phase"] != "outlaw" and o["ask"] is None
    assert o["penalties"] == 1 and o["dice"] == NONE and o["last"]["returned"] == NONE


def test_all_low_returns_only_the_one_die_the_outlaw_has():
    st = solo()
    st["supply"] = {"brown": 1, "gray": 0, "black": 0, "gold": 0}
    st = outlaw_turn(st, [1, 2, 3])
    o = st["outlaw"]
    assert o["last"]["took"] == dict(NONE, brown=1)
    assert o["last"]["returned"] == dict(NONE, brown=1)
    assert o["dice"] == NONE and st["supply"]["brown"] == 1


def test_the_outlaws_turn_reports_the_one_token_it_dropped():
    st = solo()
    st["outlaw"]["penalties"] = 3
    st, events = R.apply(rig(st, [6, 5, 6]), 0, {"type": "end"})
    o = st["outlaw"]
    assert o["penalties"] == 2 and o["last"]["penalty"] == -1
    assert "drops a Penalty token" in R.phrase(events)


def test_the_outlaws_turn_reports_the_tokens_it_gained():
    st = solo(difficulty="easy")
    second_row_back(st, "cactus2-gray")
    st["outlaw"]["dice"]["black"] = 9  # the colour it has most of: no choice to make
    st, events = R.apply(rig(st, [1, 2, 3]), 0, {"type": "end"})
    o = st["outlaw"]
    # one for three dice below 5, two for three plans on Easy
    assert o["penalties"] == 3 and o["last"]["penalty"] == 3
    assert "gains 3 Penalty tokens" in R.phrase(events)
