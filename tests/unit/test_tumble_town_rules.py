"""Tumble Town: each rule on a small constructed state."""

from __future__ import annotations

import json

import pytest

from tabletown.engine.events import is_barrier
from tabletown.engine.rules import IllegalAction
from tabletown.games.tumble_town.content import (
    BACKS,
    COLORS,
    DICE_TOTAL,
    HORSES,
    PLAN_BY_NAME,
    PLANS,
    PLANS_PER_DECK,
    PLOTS,
    TOWNS,
)
from tabletown.games.tumble_town.game import RULES as R
from tabletown.games.tumble_town.rules import CANCEL_LIMIT
from tabletown.games.tumble_town.scoring import (
    building_heights,
    penalty,
    placements,
    player_score,
    street_points,
)


def A(st, seat, action):
    """The state after `action` (the events are checked where they matter)."""
    return R.apply(st, seat, action)[0]


def sync_backs(st):
    """After a test stacks a deck by hand: the backs showing follow the new top plans."""
    st["backs"] = [PLANS[st["decks"][str(r + 1)][0]]["back"] if st["decks"][str(r + 1)] else "plan-end" for r in range(3)]


def P(name: str) -> dict:
    return PLAN_BY_NAME[name]


def main_state(seats: int = 2, seed: int = 1, **opts) -> dict:
    """A state in the construct phase of seat 0's first turn, nothing in hand."""
    st = R.setup(seed, seats, opts)
    st.pop("start_seat", None)
    st["phase"] = "main"
    st["turn"] = 0
    st["take"] = None
    return st


def kind(st: dict, seat: int, die: list) -> int:
    return st["players"][seat]["dice"].index(die)


def construct(st: dict, seat: int, name: str, dice: list, at=None) -> dict:
    """Give `seat` exactly `dice`, then build `name` with them in position order."""
    pid = P(name)["id"]
    pl = st["players"][seat]
    pl["dice"] = [list(d) for d in dice]
    if pid not in pl["hand"]:
        pl["hand"].append(pid)
    st = A(st, seat, {"type": "build", "plan": pid})
    for pos, d in enumerate(dice):
        st = A(st, seat, {"type": "put", "die": kind(st, seat, list(d)), "pos": pos})
    if at is None:
        place = [a for a in R.legal(st, seat) if a["type"] == "place"][0]
    else:
        place = {"type": "place", "side": at[0], "start": at[1], "mirror": at[2]}
    return A(st, seat, place)


# ----------------------------------------------------------------------------------
# Setup


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_setup_tables(seats):
    st = R.setup(3, seats, {})
    per = PLANS_PER_DECK[seats]
    for r in range(3):
        assert len(st["decks"][str(r + 1)]) + 4 == per
        assert all(PLANS[p]["level"] == r + 1 for p in st["decks"][str(r + 1)] + st["rows"][r])
    returned = {4: 0, 3: 6, 2: 12, 1: 6}[seats]
    held = {c: sum(1 for p in st["players"] for d in p["dice"] if d[0] == c) for c in COLORS}
    outlaw = {"brown": 1, "gray": 1, "gold": 1, "black": 0} if seats == 1 else {c: 0 for c in COLORS}
    for c in COLORS:
        assert st["supply"][c] + held[c] + outlaw[c] == DICE_TOTAL[c] - returned
    assert len({p["horse"] for p in st["players"]}) == seats


def test_two_players_have_no_dance_halls():
    for seed in range(10):
        st = R.setup(seed, 2, {})
        ids = st["decks"]["2"] + st["rows"][1]
        assert all(PLANS[p]["name"] != "Dance Hall" for p in ids)


def test_starting_dice_chart_and_fourth_seat_choice():
    st = R.setup(5, 4, {})
    colors = [[d[0] for d in p["dice"]] for p in st["players"]]
    assert colors[0] == ["brown", "brown"] and colors[1] == ["brown", "brown"]
    assert sorted(colors[3]) == ["brown", "brown", "gold"]
    assert R.active(st) == [2] and st["phase"] == "start"
    assert R.legal(st, 2) == [{"type": "start_die", "color": "gray"}, {"type": "start_die", "color": "black"}]
    st2 = A(st, 2, {"type": "start_die", "color": "black"})
    assert sorted(d[0] for d in st2["players"][2]["dice"]) == ["black", "brown", "brown"]
    assert R.active(st2) == [0] and st2["phase"] == "claim"
    st3 = R.setup(5, 3, {})
    assert sorted(d[0] for d in st3["players"][2]["dice"]) == ["brown", "brown", "gold"]
    st2p = R.setup(5, 2, {})
    assert sorted(d[0] for d in st2p["players"][1]["dice"]) == ["brown", "brown", "gold"]


def test_surplus_returns_no_dice_and_surveyor_returns_more():
    st = R.setup(1, 2, {"surplus": True})
    assert sum(st["supply"].values()) + sum(len(p["dice"]) for p in st["players"]) == sum(DICE_TOTAL.values())
    sv = R.setup(1, 1, {"mode": "sole-surveyor"})
    held = {c: sum(1 for d in sv["players"][0]["dice"] if d[0] == c) for c in COLORS}
    for c in COLORS:
        assert sv["supply"][c] + held[c] + (1 if c == "brown" else 0) == DICE_TOTAL[c] - 16


# ----------------------------------------------------------------------------------
# Claim and take dice


def test_claim_takes_dice_of_the_back_of_the_top_plan_and_refills():
    st = R.setup(2, 2, {})
    top = st["decks"]["1"][0]
    assert PLANS[top]["back"] == "cactus1"
    claimed = st["rows"][0][1]
    st2, events = R.apply(st, 0, {"type": "claim", "row": 0, "col": 1})
    assert st2["phase"] == "take" and st2["players"][0]["hand"] == [claimed]
    assert R.legal(st2, 0) == [{"type": "take", "color": c} for c in ("brown", "gray", "black")]
    assert st2["rng"] == st["rng"] and not is_barrier(events)  # a colour is still to be chosen: not a barrier yet
    st3, events = R.apply(st2, 0, {"type": "take", "color": "gray"})
    new = [d[0] for d in st3["players"][0]["dice"]]
    assert sorted(new) == ["brown", "brown", "brown", "brown", "gray"]
    assert all(1 <= d[1] <= 6 for d in st3["players"][0]["dice"])
    assert st3["rows"][0][1] == top and st3["backs"][0] == PLANS[st3["decks"]["1"][0]]["back"]
    assert [e["what"] for e in events if e["t"] == "reveal"] == [top] and is_barrier(events)
    assert st3["phase"] == "main"
    assert st3["supply"]["brown"] == st["supply"]["brown"] - 2 and st3["supply"]["gray"] == st["supply"]["gray"] - 1


def test_claim_with_short_supply_takes_what_there_is():
    st = R.setup(2, 2, {})
    st["supply"].update({"brown": 1, "gray": 0, "black": 0})
    st2 = A(st, 0, {"type": "claim", "row": 0, "col": 0})
    # one brown die only: no choice left to make, the claim ends at once
    assert st2["phase"] == "main"
    assert sorted(d[0] for d in st2["players"][0]["dice"]) == ["brown", "brown", "brown"]
    assert st2["supply"]["brown"] == 0


def test_plan_end_dice_when_the_deck_is_empty():
    st = R.setup(2, 2, {})
    st["decks"]["3"] = []
    sync_backs(st)
    assert R.view(st, 0)["backs"][2] == "plan-end"
    st2 = A(st, 0, {"type": "claim", "row": 2, "col": 0})
    assert st2["phase"] == "take"
    assert [a["color"] for a in R.legal(st2, 0)] == list(BACKS["plan-end"]["choice"][0])
    st3 = A(st2, 0, {"type": "take", "color": "black"})
    st4 = A(st3, 0, {"type": "take", "color": "black"})
    assert st4["rows"][2][0] is None  # nothing to refill: the Plan End shows
    assert [d[0] for d in st4["players"][0]["dice"]].count("black") == 2


def test_three_cactus_back_is_a_gold_and_two_of_choice():
    st = R.setup(2, 2, {})
    assert PLANS[st["decks"]["3"][0]]["back"] == "cactus3"
    st2 = A(st, 0, {"type": "claim", "row": 2, "col": 0})
    st3 = A(st2, 0, {"type": "take", "color": "brown"})
    st4 = A(st3, 0, {"type": "take", "color": "gray"})
    assert sorted(d[0] for d in st4["players"][0]["dice"]) == ["brown", "brown", "brown", "gold", "gray"]


# ----------------------------------------------------------------------------------
# Value requirements and penalties


@pytest.mark.parametrize("name, good, bad, pens", [
    ("Blacksmith", [4, 5, 6], [4, 2, 6], 1),                 # range 4-6
    ("Well House", [2, 2, 5, 5], [2, 2, 2, 5], 1),           # AA-BB
    ("Post Office", [4, 5, 6], [1, 2, 6], 1),                # ABC
    ("Barber Shop", [3, 4], [4, 4], 1),                      # all different
    ("Stable", [1, 3, 5], [2, 4, 5], 2),                     # ODD
    ("General Store", [2, 6], [3, 6], 1),                    # EVEN
    ("Candle Maker", [2, 3, 3], [4, 3, 3], 1),               # sum <= 8
    ("Cooperage", [2, 3, 4], [6, 6, 6], 2),                  # sum = 9
    ("Bank", [6, 6, 6, 3, 3], [1, 1, 1, 1, 1], 4),           # sum >= 24
])
def test_value_requirements(name, good, bad, pens):
    plan = P(name)
    colors = [c if c in COLORS else "brown" for c in plan["colors"]]
    assert penalty(plan, [[c, v] for c, v in zip(colors, good)]) == 0
    assert penalty(plan, [[c, v] for c, v in zip(colors, bad)]) == pens


def test_a_die_missing_colour_and_value_costs_one_token():
    plan = P("Blacksmith")  # brown, black, brown; 4-6
    assert penalty(plan, [["brown", 4], ["black", 5], ["brown", 6]]) == 0
    assert penalty(plan, [["gray", 4], ["black", 5], ["brown", 6]]) == 1     # colour
    assert penalty(plan, [["brown", 1], ["black", 5], ["brown", 6]]) == 1    # value
    assert penalty(plan, [["gray", 1], ["black", 5], ["brown", 6]]) == 1     # both, same die
    assert penalty(plan, [["gray", 1], ["gold", 1], ["brown", 6]]) == 2


def test_sum_penalty_counts_dice_that_would_have_to_change():
    plan = P("Cooperage")  # sum = 9 over three dice
    assert penalty(plan, [["brown", 1], ["brown", 1], ["black", 1]]) == 2    # 1+1+x=9 needs x=7: two must change
    assert penalty(plan, [["brown", 1], ["brown", 2], ["black", 1]]) == 1    # 1+2+6
    assert penalty(plan, [["brown", 6], ["brown", 6], ["black", 6]]) == 2
    # a die already wrong in colour can take any value for free
    assert penalty(plan, [["gray", 6], ["brown", 2], ["black", 1]]) == 1


def test_construction_takes_penalties_and_is_public():
    st = main_state()
    st = construct(st, 0, "Blacksmith", [["brown", 1], ["black", 5], ["gray", 6]])
    pl = st["players"][0]
    assert pl["penalties"] == 2 and pl["built"][0]["pen"] == 2
    assert P("Blacksmith")["id"] not in pl["hand"]


def test_build_needs_enough_dice_and_cancel_returns_them():
    st = main_state()
    pid = P("Well House")["id"]
    st["players"][0]["hand"] = [pid]
    st["players"][0]["dice"] = [["brown", 2], ["brown", 2], ["gray", 5]]
    assert {"type": "build", "plan": pid} not in R.legal(st, 0)
    st["players"][0]["dice"].append(["gray", 5])
    st = A(st, 0, {"type": "build", "plan": pid})
    st = A(st, 0, {"type": "put", "die": 0, "pos": 0})
    assert len(st["players"][0]["dice"]) == 3
    assert {"type": "end"} not in R.legal(st, 0)
    st = A(st, 0, {"type": "cancel"})
    assert sorted(map(tuple, st["players"][0]["dice"])) == [("brown", 2), ("brown", 2), ("gray", 5), ("gray", 5)]
    assert st["build"] is None and st["cancels"] == 1


def test_cancel_limit_bounds_take_backs():
    st = main_state()
    pid = P("General Store")["id"]
    st["players"][0]["hand"] = [pid]
    st["players"][0]["dice"] = [["brown", 2], ["brown", 4]]
    for _ in range(CANCEL_LIMIT):
        st = A(st, 0, {"type": "build", "plan": pid})
        st = A(st, 0, {"type": "cancel"})
    st = A(st, 0, {"type": "build", "plan": pid})
    assert {"type": "cancel"} not in R.legal(st, 0)
    assert all(a["type"] == "put" for a in R.legal(st, 0))


def test_several_buildings_in_one_turn():
    st = main_state()
    st = construct(st, 0, "Blacksmith", [["brown", 4], ["black", 5], ["brown", 6]])
    st = construct(st, 0, "Barber Shop", [["brown", 3], ["gray", 5]])
    assert len(st["players"][0]["built"]) == 2 and st["players"][0]["penalties"] == 0


# ----------------------------------------------------------------------------------
# Powers


def use(st, seat, b, *steps):
    st = A(st, seat, {"type": "power", "b": b})
    for s in steps:
        st = A(st, seat, s)
    return st


def with_building(name: str, dice: list, seats: int = 2) -> dict:
    st = main_state(seats)
    plan = P(name)
    st["players"][0]["built"] = [{"plan": plan["id"], "dice": [["brown", 1]] * len(plan["pos"]), "at": None,
                                  "used": False, "pen": 0}]
    st["players"][0]["dice"] = [list(d) for d in dice]
    return st


def test_power_flip():
    st = with_building("Blacksmith", [["gray", 2]])
    st = use(st, 0, 0, {"type": "pick", "die": 0})
    assert st["players"][0]["dice"] == [["gray", 5]]
    assert st["players"][0]["built"][0]["used"]
    assert {"type": "power", "b": 0} not in R.legal(st, 0)


def test_power_plusminus_two_dice():
    st = with_building("Post Office", [["gray", 2], ["gray", 5]])
    st = use(st, 0, 0, {"type": "adj", "die": 0, "d": 1})
    assert {"type": "done"} in R.legal(st, 0)
    assert {"type": "adj", "die": 0, "d": -1} not in R.legal(st, 0)  # another die
    st = A(st, 0, {"type": "adj", "die": 1, "d": -1})
    assert sorted(map(tuple, st["players"][0]["dice"])) == [("gray", 3), ("gray", 4)]
    assert st["sub"] is None and st["players"][0]["built"][0]["used"]


def test_power_plusminus_only_one_half():
    st = with_building("Post Office", [["gray", 2]])
    st = use(st, 0, 0, {"type": "adj", "die": 0, "d": -1}, {"type": "done"})
    assert st["players"][0]["dice"] == [["gray", 1]]


def test_power_adjust_one_and_two_stay_on_the_die():
    st = with_building("Saloon", [["gray", 6]])
    assert {"type": "adj", "die": 0, "d": 1} not in R.legal(A(st, 0, {"type": "power", "b": 0}), 0)
    st1 = use(st, 0, 0, {"type": "adj", "die": 0, "d": -1})
    assert st1["players"][0]["dice"] == [["gray", 5]]
    st = with_building("Bath House", [["gray", 1]])
    st2 = use(st, 0, 0, {"type": "adj", "die": 0, "d": 2})
    assert st2["players"][0]["dice"] == [["gray", 3]]


def test_power_black_split():
    st = with_building("Jail", [["black", 4]])
    before = dict(st["supply"])
    st = use(st, 0, 0, {"type": "pick", "die": 0})
    assert sorted(d[0] for d in st["players"][0]["dice"]) == ["brown", "gray"]
    assert st["supply"]["black"] == before["black"] + 1
    assert st["supply"]["brown"] == before["brown"] - 1 and st["supply"]["gray"] == before["gray"] - 1


def test_power_black_split_needs_a_black_die():
    st = with_building("Jail", [["gray", 4]])
    assert {"type": "power", "b": 0} not in R.legal(st, 0)


def test_power_reroll_any_number_once():
    st = with_building("Stable", [["gray", 1], ["brown", 1], ["gold", 6]])
    st = use(st, 0, 0, {"type": "pick", "die": 0}, {"type": "pick", "die": 1})
    assert {"type": "roll"} in R.legal(st, 0)
    st2 = A(st, 0, {"type": "roll"})
    assert st2["rng"] != st["rng"]
    assert ["gold", 6] in st2["players"][0]["dice"]
    assert st2["players"][0]["built"][0]["used"]


def test_power_swap_of_the_printing_house():
    st = with_building("Printing House", [["brown", 3], ["gold", 2]])
    st = A(st, 0, {"type": "power", "b": 0})
    assert [a for a in R.legal(st, 0) if a["type"] == "pick"] == [{"type": "pick", "die": 0}]  # not the gold
    st = A(st, 0, {"type": "pick", "die": 0})
    assert {a["c"] for a in R.legal(st, 0) if a["type"] == "color"} == {"brown", "gray", "black"}
    st = A(st, 0, {"type": "color", "c": "black"})
    assert sorted(d[0] for d in st["players"][0]["dice"]) == ["black", "gold"]


def test_powers_reset_at_the_end_of_the_turn_and_work_as_soon_as_built():
    st = main_state()
    st = construct(st, 0, "Saloon", [["brown", 2], ["brown", 3], ["gray", 4]])
    st["players"][0]["dice"] = [["gray", 3]]
    assert {"type": "power", "b": 0} in R.legal(st, 0)
    st = use(st, 0, 0, {"type": "adj", "die": 0, "d": 1})
    assert {"type": "power", "b": 0} not in R.legal(st, 0)
    st = A(st, 0, {"type": "end"})
    assert not st["players"][0]["built"][0]["used"]


def test_power_back_does_not_use_it():
    st = with_building("Saloon", [["gray", 3]])
    st = use(st, 0, 0, {"type": "back"})
    assert not st["players"][0]["built"][0]["used"] and st["sub"] is None


def test_one_time_gain_die_of_choice():
    st = main_state()
    st = construct(st, 0, "General Store", [["brown", 2], ["brown", 4]])
    assert st["sub"] == {"k": "gain"}
    assert R.legal(st, 0) == [{"type": "color", "c": c} for c in ("brown", "gray", "black")]
    st = A(st, 0, {"type": "color", "c": "gray"})
    assert [d[0] for d in st["players"][0]["dice"]] == ["gray"]


def test_one_time_warehouse_gives_dice_and_spaces():
    st = main_state()
    st = construct(st, 0, "Freight Depot", [["brown", 1], ["gray", 1], ["black", 1], ["brown", 1]])
    pl = st["players"][0]
    assert sorted(d[0] for d in pl["dice"]) == ["black", "brown", "gray"]
    assert pl["extra"] == 3


def test_one_time_dice_tokens():
    st = main_state()
    st = construct(st, 0, "Chapel", [["brown", 1], ["gray", 1], ["black", 1]])
    assert st["players"][0]["tokens"] == 3
    st["players"][0]["dice"] = [["gold", 1]]
    st = A(st, 0, {"type": "token"})
    st = A(st, 0, {"type": "pick", "die": 0})
    assert {"type": "value", "v": 1} not in R.legal(st, 0)
    st = A(st, 0, {"type": "value", "v": 6})
    assert st["players"][0]["dice"] == [["gold", 6]] and st["players"][0]["tokens"] == 2


def _score_with(built_names, dice=(), horse=None, neighbor=()):
    player = {"built": [{"plan": P(n)["id"], "dice": [["brown", 1]] * len(P(n)["pos"]), "at": None} for n in built_names],
              "dice": [list(d) for d in dice], "penalties": 0}
    return player_score(player, horse, "easy", True, [P(n)["id"] for n in neighbor])


def test_end_game_pairs_in_storehouse():
    s = _score_with(["Silver Mine"], dice=[["brown", 2], ["gray", 2], ["gold", 5], ["black", 5], ["brown", 5]])
    assert s["gold"] == 3 * 2


def test_end_game_features():
    s = _score_with(["Bank", "Post Office", "Hotel", "Stable"])  # windmills: Post Office, Hotel
    assert s["gold"] == 2 * 2
    s = _score_with(["Cantina", "Stable", "General Store"])  # agaves: Cantina, Stable, General Store
    assert s["gold"] == 2 * 3


def test_end_game_height_two_counts_mixed_heights():
    # Saloon is height 1 and 2; Stable is height 1 only; Doctor's Office is a tower of 3
    s = _score_with(["Opera House", "Saloon", "Stable", "Doctor's Office"])
    # the Opera House itself is heights 1, 2, 3
    assert s["gold"] == 2


def test_end_game_icon_sets_count_the_horse():
    names = ["Town Hall", "Blacksmith", "Saloon", "Jail"]  # hat, pickaxe, horseshoe, boot
    assert _score_with(names, horse="hat")["gold"] == 6
    assert _score_with(names[:3] + ["Stable"], horse="boot")["gold"] == 6   # the Horse fills the boot
    assert _score_with(names[:3] + ["Stable"], horse="hat")["gold"] == 0


def test_end_game_neighbors_horseshoes():
    s = _score_with(["Dance Hall"], neighbor=["Saloon", "Stable", "Jail"])
    assert s["gold"] == 2


def test_neighbors_are_left_and_right():
    st = R.setup(1, 4, {})
    for i, name in enumerate(["Saloon", "Stable", "Livery", "Jail"]):
        st["players"][i]["built"] = [{"plan": P(name)["id"], "dice": [], "at": None, "used": False, "pen": 0}]
    assert sorted(R.neighbor_plans(st, 0)) == sorted([P("Stable")["id"], P("Jail")["id"]])


def test_horse_points():
    s = _score_with(["Saloon", "Stable", "Jail"], horse="horseshoe")
    assert s["horse"] == 2


# ----------------------------------------------------------------------------------
# Gold Pan


def test_gold_pan_pair_of_a_colour():
    st = main_state()
    st["players"][0]["dice"] = [["brown", 1], ["brown", 5], ["gray", 3]]
    before = dict(st["supply"])
    st = A(st, 0, {"type": "pan"})
    st = A(st, 0, {"type": "pick", "die": 0})
    assert {"type": "pick", "die": 1} in R.legal(st, 0) and {"type": "pick", "die": 2} not in R.legal(st, 0)
    st = A(st, 0, {"type": "pick", "die": 1})
    assert {a["c"] for a in R.legal(st, 0) if a["type"] == "color"} == set(COLORS)
    st = A(st, 0, {"type": "color", "c": "gold"})
    assert sorted(d[0] for d in st["players"][0]["dice"]) == ["gold", "gray"]
    assert st["supply"]["brown"] == before["brown"] + 2 and st["supply"]["gold"] == before["gold"] - 1


def test_gold_pan_pair_of_a_number_and_gold_for_any_other():
    st = main_state()
    st["players"][0]["dice"] = [["brown", 4], ["gray", 4], ["gold", 2]]
    st = A(st, 0, {"type": "pan"})
    st = A(st, 0, {"type": "pick", "die": 0})
    st = A(st, 0, {"type": "pick", "die": 1})
    st = A(st, 0, {"type": "color", "c": "black"})
    assert sorted(d[0] for d in st["players"][0]["dice"]) == ["black", "gold"]
    gold = kind(st, 0, [d for d in st["players"][0]["dice"] if d[0] == "gold"][0])
    st = A(st, 0, {"type": "pan"})
    st = A(st, 0, {"type": "pick", "die": gold})
    assert {a["c"] for a in R.legal(st, 0) if a["type"] == "color"} == {"brown", "gray", "black"}
    st = A(st, 0, {"type": "color", "c": "brown"})
    assert sorted(d[0] for d in st["players"][0]["dice"]) == ["black", "brown"]


def test_gold_pan_needs_a_trade():
    st = main_state()
    st["players"][0]["dice"] = [["brown", 1], ["gray", 2]]
    assert {"type": "pan"} not in R.legal(st, 0)


# ----------------------------------------------------------------------------------
# Storehouse


def test_storehouse_overflow_asks_for_discards_of_excess_colours():
    st = main_state()
    st["players"][0]["dice"] = [["brown", 1], ["brown", 2], ["brown", 3], ["gray", 4], ["gold", 5]]
    st = A(st, 0, {"type": "end"})
    assert st["phase"] == "discard" and R.active(st) == [0]
    assert R.legal(st, 0) == [{"type": "discard", "die": i} for i in range(3)]
    st = A(st, 0, {"type": "discard", "die": 0})
    assert st["turn"] == 1 and st["phase"] == "claim"


def test_extra_storehouse_spaces_hold_any_colour():
    st = main_state()
    st["players"][0]["extra"] = 3
    st["players"][0]["dice"] = [["brown", i] for i in range(1, 6)]
    st = A(st, 0, {"type": "end"})
    assert st["turn"] == 1


# ----------------------------------------------------------------------------------
# Placement on Main Street


def test_placement_sides_mirrors_and_overhangs():
    plan = P("Bath House")
    dice = [["gold", 3], ["brown", 3], ["brown", 3], ["gray", 3], ["gray", 3]]
    spots = placements([], "easy", plan, dice)
    keys = {(s["side"], s["start"], s["mirror"]) for s in spots}
    assert (0, 0, True) in keys and (1, 5, False) in keys
    assert (0, -2, False) in keys and (0, PLOTS - 1, True) in keys      # sections off the card
    assert (0, -3, False) not in keys and (0, PLOTS, False) not in keys  # at least one on the card
    assert len(keys) == 2 * 2 * (PLOTS + 2)


def test_symmetric_buildings_offer_no_mirror_twice():
    plan = P("Stable")
    spots = placements([], "easy", plan, [["brown", 1]] * 3)
    assert not any(s["mirror"] for s in spots)


def test_no_overlap_and_cactus_plots():
    built = [{"plan": P("Stable")["id"], "dice": [["brown", 1]] * 3, "at": [0, 2, False]}]
    spots = placements(built, "easy", P("General Store"), [["brown", 2]] * 2)
    assert not any(s["side"] == 0 and s["start"] in (1, 2, 3, 4) for s in spots)
    assert any(s["side"] == 0 and s["start"] == 5 for s in spots)
    cactus_cols = {c for c, code in enumerate(TOWNS["cactus"]["rows"][0]) if code == "cactus"}
    spots = placements([], "cactus", P("General Store"), [["brown", 2]] * 2)
    for s in spots:
        if s["side"] == 0:
            assert not cactus_cols & {s["start"], s["start"] + 1}


def test_placement_gains_match_the_street_score():
    import itertools
    built = [{"plan": P("Saloon")["id"], "dice": [["brown", 2], ["brown", 2], ["gray", 2]], "at": [0, 5, False]},
             {"plan": P("Doctor's Office")["id"], "dice": [["gray", 4], ["black", 4], ["gray", 4]], "at": [1, 2, False]}]
    for town, name in itertools.product(("easy", "hard", "cactus", "dueling"), ("Bath House", "Blacksmith", "Well House")):
        plan = P(name)
        dice = [[c if c in COLORS else "gold", 3] for c in plan["colors"]]
        base = street_points(built, town)
        for s in placements(built, town, plan, dice):
            trial = built + [{"plan": plan["id"], "dice": dice, "at": [s["side"], s["start"], s["mirror"]]}]
            assert street_points(trial, town) - base == s["gain"], (town, name, s)


def test_building_beside_the_town_when_nothing_fits():
    st = main_state()
    full = []
    for side in range(2):
        for start in range(0, PLOTS, 2):
            full.append({"plan": P("General Store")["id"], "dice": [["brown", 2], ["brown", 2]],
                         "at": [side, start, False], "used": False, "pen": 0})
    full.append({"plan": P("General Store")["id"], "dice": [["brown", 2]] * 2, "at": [0, -1 - 1, False], "used": False, "pen": 0})
    full.append({"plan": P("General Store")["id"], "dice": [["brown", 2]] * 2, "at": [0, PLOTS, False], "used": False, "pen": 0})
    full.append({"plan": P("General Store")["id"], "dice": [["brown", 2]] * 2, "at": [1, -2, False], "used": False, "pen": 0})
    full.append({"plan": P("General Store")["id"], "dice": [["brown", 2]] * 2, "at": [1, PLOTS, False], "used": False, "pen": 0})
    st["players"][0]["built"] = full
    st["players"][0]["hand"] = [P("Barber Shop")["id"]]
    st["players"][0]["dice"] = [["brown", 1], ["gray", 2]]
    st = A(st, 0, {"type": "build", "plan": P("Barber Shop")["id"]})
    st = A(st, 0, {"type": "put", "die": 0, "pos": 0})
    st = A(st, 0, {"type": "put", "die": 0, "pos": 1})
    assert [a for a in R.legal(st, 0) if a["type"] == "place"] == [{"type": "place"}]
    st = A(st, 0, {"type": "place"})
    assert st["players"][0]["built"][-1]["at"] is None


def test_no_main_street_variant_builds_without_placing_and_scores_no_street():
    st = main_state(no_main_street=True)
    st = construct(st, 0, "Blacksmith", [["brown", 4], ["black", 5], ["brown", 6]])
    assert st["players"][0]["built"][0]["at"] is None
    assert R.score_parts(st, 0)["street"] == 0


def test_alley_needs_buildings_beside_it():
    # easy north row: plot 4 (index 3) is an alley
    one = [{"plan": P("General Store")["id"], "dice": [["brown", 2]] * 2, "at": [0, 1, False]}]
    both = one + [{"plan": P("General Store")["id"], "dice": [["brown", 2]] * 2, "at": [0, 4, False]}]
    from tabletown.games.tumble_town.scoring import street_detail
    assert street_detail(one, "easy")["plots"][0][3] == 0
    assert street_detail(both, "easy")["plots"][0][3] == 1


def test_dueling_streets_face_offs():
    from tabletown.games.tumble_town.scoring import street_detail
    built = [{"plan": P("General Store")["id"], "dice": [["brown", 2]] * 2, "at": [0, 0, False]},
             {"plan": P("General Store")["id"], "dice": [["brown", 2]] * 2, "at": [1, 1, False]}]
    assert street_detail(built, "dueling")["faceoff"][:3] == [0, 1, 0]


def test_heights_of_shapes():
    assert building_heights(P("Saloon")) == [1, 2]
    assert building_heights(P("Bath House")) == [1, 3]
    assert building_heights(P("Doctor's Office")) == [3]
    assert building_heights(P("Stable")) == [1]


# ----------------------------------------------------------------------------------
# Game end


def test_end_trigger_finishes_the_round():
    st = main_state(3)
    st["supply"].update({"gray": 2, "black": 1})
    st = A(st, 0, {"type": "end"})
    assert st["ending"] and not st["over"] and st["turn"] == 1
    st["phase"] = "main"
    st = A(st, 1, {"type": "end"})
    assert not st["over"] and st["turn"] == 2
    st["phase"] = "main"
    st = A(st, 2, {"type": "end"})
    assert st["over"] and R.active(st) == [] and R.outcome(st) is not None


def test_one_low_colour_does_not_end_the_game():
    st = main_state(2)
    st["supply"].update({"gray": 2})
    st = A(st, 0, {"type": "end"})
    assert not st["ending"]


def test_surplus_end_is_two_plan_ends():
    st = main_state(2, surplus=True)
    st["supply"].update({"gray": 0, "black": 0})
    st = A(st, 0, {"type": "end"})
    assert not st["ending"]
    st["phase"] = "main"
    st["decks"]["1"] = []
    st["decks"]["3"] = []
    st = A(st, 1, {"type": "end"})
    assert st["over"]


def test_game_ends_when_nothing_is_left_to_claim():
    st = main_state(2)
    st["rows"] = [[None] * 4 for _ in range(3)]
    st["decks"] = [[], [], []]
    st = A(st, 0, {"type": "end"})
    assert st["ending"] and st["phase"] == "main"  # no plan to claim: straight to construction
    st = A(st, 1, {"type": "end"})
    assert st["over"]


def test_ties_most_leftover_dice_then_shared():
    st = main_state(3)
    for p in st["players"]:
        p["built"] = []
        p["dice"] = []
    st["players"][0]["dice"] = [["brown", 1]]
    st["players"][1]["dice"] = [["brown", 1], ["gray", 2]]
    st["over"] = True
    out = R.outcome(st)
    assert out["winners"] == [1] and out["places"] == [2, 1, 3]
    assert any("leftover dice" in t for t in out["tiebreaks"])
    st["players"][0]["dice"].append(["gold", 3])
    out = R.outcome(st)
    assert out["winners"] == [0, 1] and "share" in out["headline"]


def test_penalty_value_in_score():
    st = main_state(2)
    st["players"][0]["penalties"] = 3
    assert R.score_parts(st, 0)["penalties"] == -3
    st["v"] = 1  # the first release took 2 points per token
    assert R.score_parts(st, 0)["penalties"] == -6


# ----------------------------------------------------------------------------------
# Contract details


def test_illegal_actions_and_purity():
    st = main_state()
    snapshot = json.dumps(st, sort_keys=True)
    for bad in ({"type": "claim", "row": 0, "col": 0}, {"type": "put", "die": 0, "pos": 0}, {"type": "end", "x": 1}, {}, "end"):
        with pytest.raises(IllegalAction):
            A(st, 0, bad)
    with pytest.raises(IllegalAction):
        A(st, 1, {"type": "end"})
    A(st, 0, {"type": "end"})
    assert json.dumps(st, sort_keys=True) == snapshot


def test_horses_have_four_icons():
    assert sorted(h["icon"] for h in HORSES) == ["boot", "hat", "horseshoe", "pickaxe"]


def test_gold_pan_during_a_construction_keeps_enough_dice():
    st = main_state()
    pid = P("Barber Shop")["id"]  # two dice
    st["players"][0]["hand"] = [pid]
    st["players"][0]["dice"] = [["brown", 1], ["brown", 5], ["gray", 3]]
    st = A(st, 0, {"type": "build", "plan": pid})
    assert {"type": "pan"} in R.legal(st, 0)  # three dice for two positions
    st = A(st, 0, {"type": "put", "die": 2, "pos": 1})
    assert {"type": "pan"} in R.legal(st, 0)  # two dice for one position
    st = A(st, 0, {"type": "pan"})
    st = A(st, 0, {"type": "pick", "die": 0})
    st = A(st, 0, {"type": "pick", "die": 1})
    st = A(st, 0, {"type": "color", "c": "brown"})
    assert len(st["players"][0]["dice"]) == 1 and {"type": "pan"} not in R.legal(st, 0)
    assert [a["type"] for a in R.legal(st, 0)].count("put") == 1


def test_gold_pan_stays_open_after_the_take_backs_run_out():
    st = main_state()
    st["cancels"] = CANCEL_LIMIT
    st["players"][0]["dice"] = [["gold", 2]]
    assert {"type": "pan"} in R.legal(st, 0)
    st = A(st, 0, {"type": "pan"})
    assert {"type": "back"} not in R.legal(st, 0)
    lone = main_state()
    lone["players"][0]["dice"] = [["gold", 2]]
    lone["supply"].update({"brown": 0, "gray": 0, "black": 0})
    assert {"type": "pan"} not in R.legal(lone, 0)  # nothing to trade the gold die for
