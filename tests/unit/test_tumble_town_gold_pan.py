"""Tumble Town: the Gold Pan against the supply, and a turn with no plan left to claim.

"Players may use the gold pan as often as they would like to return two dice of the same
color or number to the dice supply to get a die the color of their choice, which is then
rolled before being added to their Storehouse. Players may also return a gold die to the
supply to get one of any of the other three colors of dice."

The two dice go back to the supply before the new die is taken, so a colour whose supply
is empty can still be chosen when one of the two returned dice has it.
"""

from __future__ import annotations

from tabletown.games.tumble_town.content import COLORS
from tabletown.games.tumble_town.game import RULES as R


def A(st, seat, action):
    return R.apply(st, seat, action)[0]


def main_state(seats=2, seed=1, **opts):
    st = R.setup(seed, seats, opts)
    st.pop("start_seat", None)
    st["phase"] = "main"
    st["turn"] = 0
    st["take"] = None
    return st


def colours_offered(st):
    return [a["c"] for a in R.legal(st, 0) if a["type"] == "color"]


def pan_pair(st, i, j):
    st = A(st, 0, {"type": "pan"})
    st = A(st, 0, {"type": "pick", "die": i})
    return A(st, 0, {"type": "pick", "die": j})


def test_a_pair_may_be_traded_for_a_colour_whose_supply_is_empty_only_if_the_pair_returns_one():
    st = main_state()
    st["players"][0]["dice"] = [["brown", 2], ["gray", 2], ["black", 6]]
    st["supply"].update({"brown": 0, "gray": 0, "black": 0, "gold": 0})
    st = pan_pair(st, 0, 1)
    assert colours_offered(st) == ["brown", "gray"]  # the two returned dice; black and gold are out


def test_a_pair_of_one_colour_returns_two_of_that_colour():
    st = main_state()
    st["players"][0]["dice"] = [["gold", 1], ["gold", 4]]
    st["supply"].update({c: 0 for c in COLORS})
    st = pan_pair(st, 0, 1)
    assert colours_offered(st) == ["gold"]
    st = A(st, 0, {"type": "color", "c": "gold"})
    assert st["supply"]["gold"] == 1 and [d[0] for d in st["players"][0]["dice"]] == ["gold"]


def test_every_colour_with_a_die_in_the_supply_may_be_chosen_for_a_pair():
    st = main_state()
    st["players"][0]["dice"] = [["brown", 3], ["brown", 5]]
    st["supply"].update({"brown": 0, "gray": 1, "black": 0, "gold": 1})
    st = pan_pair(st, 0, 1)
    assert colours_offered(st) == ["brown", "gray", "gold"]


def test_a_gold_die_trades_only_for_a_plain_colour_the_supply_still_has():
    st = main_state()
    st["players"][0]["dice"] = [["gold", 3], ["brown", 5]]
    st["supply"].update({"brown": 0, "gray": 1, "black": 0})
    gold_before = st["supply"]["gold"]
    st = A(st, 0, {"type": "pan"})
    st = A(st, 0, {"type": "pick", "die": st["players"][0]["dice"].index(["gold", 3])})
    assert colours_offered(st) == ["gray"]
    st = A(st, 0, {"type": "color", "c": "gray"})
    assert sorted(d[0] for d in st["players"][0]["dice"]) == ["brown", "gray"]
    assert st["supply"]["gold"] == gold_before + 1 and st["supply"]["gray"] == 0


def test_a_lone_gold_die_with_no_plain_die_left_may_still_pair_with_another_gold_die():
    st = main_state()
    st["players"][0]["dice"] = [["gold", 3], ["gold", 5]]
    st["supply"].update({"brown": 0, "gray": 0, "black": 0})
    assert {"type": "pan"} in R.legal(st, 0)
    st = A(st, 0, {"type": "pan"})
    st = A(st, 0, {"type": "pick", "die": 0})
    assert R.legal(st, 0)[0] == {"type": "pick", "die": 1}
    assert colours_offered(st) == []


def test_a_die_pairs_with_a_die_of_its_number_or_its_colour_and_no_other():
    st = main_state()
    st["players"][0]["dice"] = [["brown", 2], ["gray", 2], ["gray", 5], ["black", 6]]
    st = A(st, 0, {"type": "pan"})
    firsts = [a["die"] for a in R.legal(st, 0) if a["type"] == "pick"]
    assert firsts == [0, 1, 2]  # the black 6 shares neither colour nor number with anything
    st = A(st, 0, {"type": "pick", "die": 1})  # gray 2: brown 2 by number, gray 5 by colour
    assert [a["die"] for a in R.legal(st, 0) if a["type"] == "pick"] == [0, 2]


def test_the_pan_trade_rolls_the_new_die_and_puts_the_two_back():
    st = main_state()
    st["players"][0]["dice"] = [["black", 4], ["gray", 4]]
    before = dict(st["supply"])
    st, events = R.apply(pan_pair(st, 0, 1), 0, {"type": "color", "c": "brown"})
    assert st["supply"] == dict(before, black=before["black"] + 1, gray=before["gray"] + 1, brown=before["brown"] - 1)
    dice = st["players"][0]["dice"]
    assert len(dice) == 1 and dice[0][0] == "brown" and 1 <= dice[0][1] <= 6
    assert any(e["t"] == "roll" for e in events)


def test_with_every_row_empty_a_turn_starts_in_the_construct_phase():
    st = main_state(seats=2)
    st["rows"] = [[None] * 4 for _ in range(3)]
    st["players"][0]["dice"] = [["brown", 1]]
    st = A(st, 0, {"type": "end"})
    assert st["turn"] == 1 and st["phase"] == "main"
    assert not [a for a in R.legal(st, 1) if a["type"] == "claim"]


def test_with_one_plan_left_the_next_turn_begins_with_a_claim():
    st = main_state(seats=2)
    st["rows"] = [[None] * 4 for _ in range(3)]
    st["rows"][2][3] = st["decks"]["3"].pop()
    st["players"][0]["dice"] = [["brown", 1]]
    st = A(st, 0, {"type": "end"})
    assert st["turn"] == 1 and st["phase"] == "claim"
    assert R.legal(st, 1) == [{"type": "claim", "row": 2, "col": 3}]
