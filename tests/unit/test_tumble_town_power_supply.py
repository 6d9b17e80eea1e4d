"""Tumble Town: building powers that take dice from a supply running low.

"Gain a gray, black, or brown die of choice." "Gain a brown, gray, and black die and three
extra Storehouse spaces." The Printing House: "the ability to return a brown, gray, or black
die to the supply and then take a brown, gray, or black die": the die goes back first, so
its own colour can be taken again even from an empty supply.
"""

from __future__ import annotations

from tabletown.games.tumble_town.content import PLAN_BY_NAME
from tabletown.games.tumble_town.game import RULES as R


def A(st, seat, action):
    return R.apply(st, seat, action)[0]


def main_state(seats=2, seed=1):
    st = R.setup(seed, seats, {})
    st.pop("start_seat", None)
    st["phase"] = "main"
    st["turn"] = 0
    st["take"] = None
    return st


def construct(st, name, dice):
    """Give seat 0 exactly `dice` and build `name` with them in position order, placed anywhere."""
    pid = PLAN_BY_NAME[name]["id"]
    pl = st["players"][0]
    pl["dice"] = [list(d) for d in dice]
    pl["hand"].append(pid)
    st = A(st, 0, {"type": "build", "plan": pid})
    for pos, d in enumerate(dice):
        st = A(st, 0, {"type": "put", "die": st["players"][0]["dice"].index(list(d)), "pos": pos})
    place = [a for a in R.legal(st, 0) if a["type"] == "place"][0]
    return A(st, 0, place)


def colours(st):
    return [a["c"] for a in R.legal(st, 0) if a["type"] == "color"]


# --- one time when constructed: a die of choice ---------------------------------------------------


def test_a_die_of_choice_is_asked_among_the_colours_left():
    st = main_state()
    st["supply"].update({"brown": 0, "gray": 4, "black": 1})
    st = construct(st, "General Store", [["brown", 2], ["brown", 4]])
    assert st["sub"] == {"k": "gain"} and colours(st) == ["gray", "black"]


def test_a_die_of_choice_with_one_colour_left_is_that_colour_without_asking():
    st = main_state()
    st["supply"].update({"brown": 0, "gray": 0, "black": 2})
    st = construct(st, "General Store", [["brown", 2], ["brown", 4]])
    assert st["sub"] is None
    assert [d[0] for d in st["players"][0]["dice"]] == ["black"] and st["supply"]["black"] == 1


def test_a_die_of_choice_with_no_plain_die_left_gives_nothing():
    st = main_state()
    st["supply"].update({"brown": 0, "gray": 0, "black": 0})
    st = construct(st, "General Store", [["brown", 2], ["brown", 4]])
    assert st["sub"] is None and st["players"][0]["dice"] == []


def test_the_warehouse_gives_the_colours_left_and_the_three_spaces_anyway():
    st = main_state()
    st["supply"].update({"brown": 0, "gray": 1, "black": 0})
    st = construct(st, "Freight Depot", [["brown", 1], ["gray", 1], ["black", 1], ["brown", 1]])
    pl = st["players"][0]
    assert [d[0] for d in pl["dice"]] == ["gray"] and pl["extra"] == 3
    assert st["supply"]["gray"] == 0


# --- the Printing House: return first, then take ---------------------------------------------------


def printing_house(dice, supply):
    st = main_state()
    pid = PLAN_BY_NAME["Printing House"]["id"]
    st["players"][0]["built"] = [{"plan": pid, "dice": [], "at": None, "used": False, "pen": 0}]
    st["players"][0]["dice"] = [list(d) for d in dice]
    st["supply"].update(supply)
    return A(st, 0, {"type": "power", "b": 0})


def test_the_printing_house_may_take_back_the_colour_it_returns_from_an_empty_supply():
    st = printing_house([["gray", 3]], {"brown": 0, "gray": 0, "black": 2})
    st = A(st, 0, {"type": "pick", "die": 0})
    assert colours(st) == ["gray", "black"]  # gray only because the returned die is back in the supply
    st = A(st, 0, {"type": "color", "c": "gray"})
    assert [d[0] for d in st["players"][0]["dice"]] == ["gray"] and st["supply"]["gray"] == 0


def test_the_printing_house_offers_no_other_empty_colour():
    st = printing_house([["brown", 3]], {"brown": 0, "gray": 0, "black": 0})
    st = A(st, 0, {"type": "pick", "die": 0})
    assert colours(st) == ["brown"]


def test_the_printing_house_swaps_one_colour_for_another():
    st = printing_house([["black", 6], ["gold", 1]], {"brown": 3, "gray": 3, "black": 3})
    st = A(st, 0, {"type": "pick", "die": 0})
    assert colours(st) == ["brown", "gray", "black"]
    st = A(st, 0, {"type": "color", "c": "brown"})
    assert sorted(d[0] for d in st["players"][0]["dice"]) == ["brown", "gold"]
    assert st["supply"]["black"] == 4 and st["supply"]["brown"] == 2
    assert st["players"][0]["built"][0]["used"]
