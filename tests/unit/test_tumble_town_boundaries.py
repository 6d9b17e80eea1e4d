"""Tumble Town at every boundary a player would notice: each comparison in the rules and
the scoring tried on each side and on it, and ordered rules tried where neighbours disagree.

Town cards used (Tabletown's Easy card, north side, plots 1-8):
    h3, b1, g1, alley, h2, any, k1, h1
"""

from __future__ import annotations

import pytest

from tabletown.engine.prng import Rng, seed_state
from tabletown.games.tumble_town.content import COLORS, HORSES, PLAN_BY_NAME, PLANS, STOREHOUSE, verdict, verdict_index
from tabletown.games.tumble_town.game import RULES as R
from tabletown.games.tumble_town.missions import extra_requirement, mission_result
from tabletown.games.tumble_town.rules import CANCEL_LIMIT
from tabletown.games.tumble_town.scoring import (
    building_heights,
    outlaw_score,
    penalty,
    placements,
    player_score,
    request_met,
    sections,
    storehouse_pairs,
    street_detail,
)
from tabletown.games.tumble_town.turn import end_condition, storehouse_overflow


def A(st, seat, action):
    return R.apply(st, seat, action)[0]


def P(name):
    return PLAN_BY_NAME[name]


def main_state(seats=2, seed=1, **opts):
    st = R.setup(seed, seats, opts)
    st["start_seat"] = None
    st["phase"] = "main"
    st["turn"] = 0
    st["take"] = None
    return st


def built(name, at, dice=None):
    plan = P(name)
    return {"plan": plan["id"], "dice": dice or [["brown", 1]] * len(plan["pos"]), "at": at, "used": False, "pen": 0}


# --- heights on Main Street: a building of several heights meets each of them ---------------


def test_the_saloon_meets_a_height_1_request_and_a_height_2_request():
    # Saloon on plots 7-8 (k1, h1): its second section is both height 1 and 2, so "h1" scores
    saloon = P("Saloon")
    dice = [["brown", 1], ["brown", 1], ["gray", 1]]
    st = street_detail([built("Saloon", [0, 6, False], dice)], "easy")
    assert st["plots"][0][7] == 1
    # Saloon on plots 5-6 (h2, any): "h2" scores from the same kind of section
    st = street_detail([built("Saloon", [0, 4, False], dice)], "easy")
    assert st["plots"][0][4] == 1 and st["plots"][0][5] == 1
    # Saloon on plot 1 (h3) does not reach height 3
    st = street_detail([built("Saloon", [0, 0, False], dice)], "easy")
    assert st["plots"][0][0] == 0
    assert building_heights(saloon) == [1, 2]


@pytest.mark.parametrize("code, heights, met", [
    ("h1", [1], True), ("h1", [1, 2], True), ("h1", [2], False), ("h1", [3], False), ("h1", [1, 3], True),
    ("h2", [1, 2], True), ("h2", [1], False), ("h2", [2, 3], True), ("h2", [3], False),
    ("h3", [3], True), ("h3", [1, 3], True), ("h3", [2], False), ("h3", [1, 2], False),
])
def test_a_height_request_is_met_by_any_height_of_the_section(code, heights, met):
    assert request_met(code, {"heights": heights, "dice": set()}) == met


@pytest.mark.parametrize("code, dice, met", [
    ("b1", {(1, "brown")}, True), ("b1", {(2, "brown")}, False), ("b1", {(1, "gray")}, False),
    ("b2", {(1, "brown"), (2, "brown")}, True), ("b2", {(1, "brown")}, False),
    ("y1", {(1, "gold")}, True), ("k1", {(1, "black")}, True), ("g1", {(1, "black")}, False),
])
def test_a_colour_request_needs_that_colour_on_that_level(code, dice, met):
    assert request_met(code, {"heights": [1], "dice": dice}) == met


def test_the_bath_house_counts_1_over_two_sections_and_3_over_the_third():
    dice = [["gold", 1], ["brown", 1], ["brown", 1], ["gray", 1], ["brown", 1]]
    secs = sections(P("Bath House"), dice)
    assert [s["heights"] for s in secs] == [[1], [1], [3]]
    # mirrored, the tall section comes first: on plot 1 (h3) it scores, on plot 8 (h1) the low one does
    st = street_detail([built("Bath House", [0, 0, True], dice)], "easy")
    assert st["plots"][0][0] == 1
    st = street_detail([built("Bath House", [0, 5, False], dice)], "easy")
    assert st["plots"][0][7] == 0  # the tall section stands on plot 8 (h1): a height of 3 only


def test_placement_gain_counts_a_lower_height_of_a_mixed_section():
    dice = [["brown", 1], ["brown", 1], ["gray", 1]]
    spots = placements([], "easy", P("Saloon"), dice)
    gain = {(s["side"], s["start"], s["mirror"]): s["gain"] for s in spots}
    assert gain[(0, 6, False)] == 1  # k1 not met (no black die), h1 met by the section's height 1
    assert gain[(0, 7, False)] == 1  # half off the card: h1 still met


# --- alleys and cactus plots: both neighbours, the card's edge -----------------------------------


@pytest.mark.parametrize("left, right, points", [(True, True, 1), (True, False, 0), (False, True, 0), (False, False, 0)])
def test_an_alley_scores_only_with_buildings_on_both_sides(left, right, points):
    town = []
    if left:
        town.append(built("Barber Shop", [0, 1, False]))   # plots 2-3
    if right:
        town.append(built("Barber Shop", [0, 4, False]))   # plots 5-6
    assert street_detail(town, "easy")["plots"][0][3] == points


def test_an_alley_is_not_met_by_building_on_it():
    town = [built("Stable", [0, 2, False])]  # plots 3-5: the alley (plot 4) is built on
    assert street_detail(town, "easy")["plots"][0][3] == 0


def test_a_cactus_plot_at_the_card_edge_needs_only_its_one_neighbour():
    # Cactus town, south side: plot 3 (index 2) is a cactus; index 5 too
    rows = R.setup(1, 2, {"town": "cactus"})
    assert rows["town"] == "cactus"
    town = [built("Barber Shop", [1, 0, False]), built("Barber Shop", [1, 3, False])]  # 1-2 and 4-5
    assert street_detail(town, "cactus")["plots"][1][2] == 1


# --- penalties: value ranges and sums on each side of their bounds ------------------------------


@pytest.mark.parametrize("values, pens", [
    ([4, 5, 6], 0), ([3, 5, 6], 1), ([4, 5, 7 - 1], 0), ([4, 4, 4], 0), ([6, 6, 6], 0), ([1, 2, 3], 3),
])
def test_range_4_to_6_on_each_side(values, pens):
    plan = P("Blacksmith")  # brown, black, brown; 4-6
    assert penalty(plan, [["brown", values[0]], ["black", values[1]], ["brown", values[2]]]) == pens


@pytest.mark.parametrize("values, pens", [([2, 3, 3], 0), ([2, 3, 4], 1), ([1, 1, 6], 0), ([1, 1, 1], 0), ([3, 3, 3], 1)])
def test_sum_at_most_8_on_each_side(values, pens):
    plan = P("Candle Maker")  # brown, gray, brown; sum <= 8
    assert penalty(plan, [["brown", values[0]], ["gray", values[1]], ["brown", values[2]]]) == pens


@pytest.mark.parametrize("values, pens", [([2, 3, 4], 0), ([2, 3, 3], 1), ([2, 3, 5], 1), ([3, 3, 3], 0), ([6, 6, 6], 2)])
def test_sum_exactly_9_on_each_side(values, pens):
    plan = P("Cooperage")  # brown, brown, black; sum = 9
    assert penalty(plan, [["brown", values[0]], ["brown", values[1]], ["black", values[2]]]) == pens


@pytest.mark.parametrize("values, pens", [([6, 6, 6, 3, 3], 0), ([6, 6, 6, 3, 2], 1), ([6, 6, 6, 5, 1], 0), ([6, 6, 6, 4, 1], 1), ([5, 5, 5, 5, 4], 0)])
def test_sum_at_least_24_on_each_side(values, pens):
    plan = P("Bank")  # gold x3, black x2; sum >= 24
    colors = ["gold", "gold", "gold", "black", "black"]
    assert penalty(plan, [[c, v] for c, v in zip(colors, values)]) == pens


@pytest.mark.parametrize("values, pens", [([1, 2, 3], 0), ([4, 5, 6], 0), ([1, 2, 4], 1), ([2, 2, 3], 1), ([3, 2, 1], 0)])
def test_a_sequence_on_each_side(values, pens):
    plan = P("Post Office")  # brown, gray, brown; ABC
    assert penalty(plan, [["brown", values[0]], ["gray", values[1]], ["brown", values[2]]]) == pens


@pytest.mark.parametrize("values, pens", [([2, 2, 5, 5], 0), ([2, 5, 2, 5], 0), ([2, 2, 2, 2], 2), ([2, 2, 2, 5], 1), ([1, 2, 3, 4], 2)])
def test_two_different_pairs_on_each_side(values, pens):
    plan = P("Well House")  # brown, brown, gray, gray; AA-BB
    colors = ["brown", "brown", "gray", "gray"]
    assert penalty(plan, [[c, v] for c, v in zip(colors, values)]) == pens


# --- the Storehouse ---------------------------------------------------------------------------------


@pytest.mark.parametrize("browns, extra, over", [(2, 0, 0), (3, 0, 1), (4, 0, 2), (3, 1, 0), (4, 1, 1)])
def test_storehouse_overflow_at_its_brown_spaces(browns, extra, over):
    assert STOREHOUSE.count("brown") == 2
    player = {"dice": [["brown", 3]] * browns, "extra": extra}
    assert storehouse_overflow(player)[0] == over


@pytest.mark.parametrize("values, pairs", [([1, 1], 1), ([1, 2], 0), ([1, 1, 1], 1), ([1, 1, 1, 1], 2), ([3, 3, 4, 4, 4], 2), ([], 0)])
def test_pairs_in_the_storehouse(values, pairs):
    assert storehouse_pairs([["brown", v] for v in values]) == pairs


# --- constructions: dice counts, take-backs --------------------------------------------------------


@pytest.mark.parametrize("held, offered", [(2, False), (3, True), (4, True)])
def test_a_plan_can_be_started_with_as_many_dice_as_positions(held, offered):
    st = main_state()
    plan = P("Blacksmith")  # three positions
    st["players"][0]["hand"] = [plan["id"]]
    st["players"][0]["dice"] = [["brown", 4]] * held
    assert ({"type": "build", "plan": plan["id"]} in R.legal(st, 0)) == offered


@pytest.mark.parametrize("cancels, offered", [(CANCEL_LIMIT - 1, True), (CANCEL_LIMIT, False)])
def test_take_backs_end_at_the_limit(cancels, offered):
    st = main_state()
    plan = P("Barber Shop")
    st["players"][0]["hand"] = [plan["id"]]
    st["players"][0]["dice"] = [["brown", 3], ["gray", 4]]
    st["cancels"] = cancels
    st = A(st, 0, {"type": "build", "plan": plan["id"]})
    assert ({"type": "cancel"} in R.legal(st, 0)) == offered


@pytest.mark.parametrize("held, offered", [(2, False), (3, True)])
def test_the_gold_pan_in_a_build_keeps_a_die_for_every_empty_position(held, offered):
    st = main_state()
    plan = P("Barber Shop")  # two positions
    st["players"][0]["hand"] = [plan["id"]]
    st["players"][0]["dice"] = [["brown", 3], ["brown", 3], ["brown", 3]][:held]
    st = A(st, 0, {"type": "build", "plan": plan["id"]})
    assert ({"type": "pan"} in R.legal(st, 0)) == offered


# --- the game end: two colours at two or fewer ------------------------------------------------------


@pytest.mark.parametrize("low, ends", [((3, 3), False), ((2, 3), False), ((3, 2), False), ((2, 2), True), ((0, 1), True)])
def test_the_end_needs_two_colours_at_two_or_fewer(low, ends):
    st = main_state()
    st["supply"].update({"brown": 10, "gray": 10, "black": low[0], "gold": low[1]})
    assert end_condition(st) == ends


@pytest.mark.parametrize("empty, ends", [(1, False), (2, True), (3, True)])
def test_surplus_end_needs_two_plan_ends(empty, ends):
    st = main_state(surplus=True)
    for level in "123"[:empty]:
        st["decks"][level] = []
    assert end_condition(st) == ends


def test_the_round_is_finished_by_the_player_before_the_first():
    st = main_state(seats=3)
    st["supply"].update({"black": 2, "gold": 2})
    st["turn"] = 1
    st = A(st, 1, {"type": "end"})
    assert st["ending"] and st["turn"] == 2 and not st["over"]
    st = A(st, 2, [a for a in R.legal(st, 2) if a["type"] == "claim"][0])
    while st["phase"] == "take":
        st = A(st, 2, R.legal(st, 2)[0])
    while st["phase"] == "discard":
        st = A(st, 2, R.legal(st, 2)[0])
    st = A(st, 2, {"type": "end"})
    while st["phase"] == "discard":
        st = A(st, 2, R.legal(st, 2)[0])
    assert st["over"]  # seat 2 sits to the right of the first player (seat 0)


# --- tie-breaks: the score first, then leftover dice; neighbours disagreeing --------------------------


def test_more_points_beats_more_leftover_dice():
    st = main_state(seats=2)
    st["over"] = True
    st["shown"] = {"players": [p["horse"] for p in st["players"]], "outlaw": []}
    st["players"][0]["built"] = [built("Blacksmith", None)]  # 2 points
    st["players"][0]["dice"] = []
    st["players"][1]["built"] = [built("Barber Shop", None)]  # 1 point
    st["players"][1]["dice"] = [["brown", 1]] * 5
    st["opts"]["no_main_street"] = True
    for p in st["players"]:
        p["horse"] = [h["id"] for h in HORSES if h["icon"] == "hat"][0]  # no pickaxe, no boot
    out = R.outcome(st)
    assert out["scores"][0] > out["scores"][1] and out["winners"] == [0]


@pytest.mark.parametrize("left0, left1, winners", [(3, 2, [0]), (2, 3, [1]), (2, 2, [0, 1])])
def test_a_tie_on_points_goes_to_more_leftover_dice_then_is_shared(left0, left1, winners):
    st = main_state(seats=2)
    st["over"] = True
    st["opts"]["no_main_street"] = True
    for p, left in zip(st["players"], (left0, left1)):
        p["built"] = [built("Blacksmith", None)]
        p["dice"] = [["brown", 1], ["brown", 2], ["gray", 3], ["black", 4], ["gold", 5]][:left]
        p["horse"] = 0
    out = R.outcome(st)
    assert out["scores"][0] == out["scores"][1] and out["winners"] == winners


@pytest.mark.parametrize("gap, won", [(1, True), (0, False), (-1, False)])
def test_solo_the_player_must_have_more_points_than_the_outlaw(gap, won):
    st = R.setup(1, 1, {"mode": "outlaw", "no_main_street": True})
    st["over"] = True
    st["players"][0]["built"] = [built("Bank", None)]  # 6 points
    st["players"][0]["horse"] = [h["id"] for h in HORSES if h["icon"] == "hat"][0]
    st["players"][0]["dice"] = []
    mine = R.score_parts(st, 0)["total"]
    o = st["outlaw"]
    o["horses"] = [h["id"] for h in HORSES if h["icon"] == "hat"]  # no hats among the plans below
    o["plans"] = []
    o["penalties"] = 0
    need = mine - gap + 10  # No Main Street: the Outlaw loses 10
    assert need >= 0
    # give the Outlaw plans worth `need` points with no hat icons
    pool = sorted((p for p in PLANS if p["style"] != "hat"), key=lambda p: -p["points"])
    total = 0
    for p in pool:
        if total + p["points"] <= need:
            o["plans"].append(p["id"])
            total += p["points"]
    assert total == need
    out = R.outcome(st)
    assert out["outlaw"]["total"] == mine - gap
    assert (out["winners"] == [0]) == won and out["solo_won"] == won


# --- the No Outlaw chart's lines ------------------------------------------------------------------------


@pytest.mark.parametrize("score, line", [(44, 0), (45, 1), (54, 1), (55, 2), (64, 2), (65, 3), (90, 3), (-5, 0)])
def test_the_no_outlaw_chart_lines(score, line):
    assert verdict_index(score) == line
    assert verdict(score) == ["practically a ghost town", "slowly growing", "on the rise", "the place to be"][line] \
        or ["practically a ghost town", "slowly growing", "on the rise", "the place to be"][line] in verdict(score)


# --- missions: each requirement on its boundary -------------------------------------------------------


def player_with(names, dice=()):
    return {"built": [built(n, None) for n in names], "dice": [list(d) for d in dice], "penalties": 0}


@pytest.mark.parametrize("total, need, ok", [(39, 40, False), (40, 40, True), (41, 40, True)])
def test_a_mission_score_is_that_many_points_or_more(total, need, ok):
    res = mission_result(1, player_with([]), "hat", {"total": total, "street": 0, "gold": 0}, None)
    assert res["need"] == need and res["score_ok"] == ok


@pytest.mark.parametrize("n, names, horse, ok", [
    (1, ["General Store", "Post Office", "Bakery", "Schoolhouse"], "hat", True),      # four hats
    (1, ["General Store", "Post Office", "Bakery", "Saloon"], "hat", False),          # three
    (3, ["Hotel", "Gunsmith", "Tannery", "Grain Mill"], "hat", True),                 # four from level 2
    (3, ["Hotel", "Gunsmith", "Tannery", "Saloon"], "hat", False),
    (4, ["Bank", "Town Hall", "Opera House"], "hat", True),                           # three gold buildings
    (4, ["Bank", "Town Hall", "Saloon"], "hat", False),
    (7, ["Saloon", "Bank"], "hat", True),                                             # one level-1 building
    (7, ["Saloon", "Jail", "Bank"], "hat", False),                                    # two
    (7, ["Bank"], "hat", True),                                                       # none
    (9, ["Saloon", "Bakery", "Smokehouse"], "hat", True),                             # three gables
    (9, ["Saloon", "Bakery"], "hat", False),
    (10, ["Saloon", "Jail", "Bank"], "hat", True),                                    # all different shapes
    (10, ["Saloon", "Bakery"], "hat", False),
])
def test_mission_requirements_on_their_boundaries(n, names, horse, ok):
    parts = {"total": 99, "street": 0, "gold": 0}
    assert extra_requirement(n, player_with(names), horse, parts) == ok


@pytest.mark.parametrize("n, key, value, ok", [(5, "street", 12, False), (5, "street", 13, True), (6, "gold", 11, False),
                                              (6, "gold", 12, True)])
def test_missions_counting_points_on_their_boundaries(n, key, value, ok):
    parts = {"total": 99, "street": 0, "gold": 0, key: value}
    assert extra_requirement(n, player_with([]), "hat", parts) == ok


def test_mission_2_needs_two_buildings_of_every_level():
    two_each = ["Saloon", "Jail", "Hotel", "Gunsmith", "Bank", "Church"]
    assert extra_requirement(2, player_with(two_each), "hat", {}) is True
    assert extra_requirement(2, player_with(two_each[:-1]), "hat", {}) is False


def test_mission_8_needs_every_style_icon():
    assert extra_requirement(8, player_with(["General Store", "Blacksmith", "Saloon", "Jail"]), "hat", {}) is True
    assert extra_requirement(8, player_with(["General Store", "Blacksmith", "Saloon", "Saloon"]), "hat", {}) is False


# --- the Outlaw's dice: 5 and 6 do nothing, below 5 steals -----------------------------------------------


def rig(st, values):
    for seed in range(1, 50000):
        words = seed_state(seed)
        rng = Rng(list(words))
        if [rng.d6() for _ in range(3)] == list(values):
            st["rng"] = words
            return st
    raise AssertionError("no seed")


@pytest.mark.parametrize("roll, stolen_rows, penalty_delta", [
    ((4, 5, 5), [0], 0),      # 4 steals, 5 does not
    ((5, 6, 5), [], 0),       # all 5 or 6: the bonus (no Penalty to drop)
    ((4, 4, 4), [0, 1, 2], 1),  # all below 5: a Penalty token
    ((5, 4, 1), [1, 2], 0),
])
def test_outlaw_dice_below_five_steal_and_five_or_six_do_nothing(roll, stolen_rows, penalty_delta):
    st = R.setup(2, 1, {"mode": "outlaw"})
    st["phase"] = "main"
    st["players"][0]["dice"] = []
    rig(st, roll)
    before = [list(r) for r in st["rows"]]
    st = A(st, 0, {"type": "end"})
    o = st["outlaw"]
    stolen = [r for r in range(3) if roll[r] < 5 and before[r][roll[r] - 1] in o["plans"]]
    assert sorted(stolen) == stolen_rows
    assert o["penalties"] == penalty_delta
    if all(v >= 5 for v in roll):
        assert all(o["dice"][c] == 1 for c in COLORS)


def test_outlaw_scoring_sets_only_from_hard():
    plans = [P("General Store")["id"], P("Blacksmith")["id"], P("Saloon")["id"], P("Jail")["id"]]
    assert outlaw_score(plans, [], 0, False, False)["sets"] == 0
    assert outlaw_score(plans, [], 0, True, False)["sets"] == 6
    assert outlaw_score(plans[:3], [], 0, True, False)["sets"] == 0


@pytest.mark.parametrize("version, each", [(2, 1), (1, 2)])
def test_penalty_tokens_cost_one_point_each_and_two_in_the_first_release(version, each):
    base = player_score(player_with(["Blacksmith"]), None, "easy", True, [], version=version)
    with_pen = player_score(dict(player_with(["Blacksmith"]), penalties=3), None, "easy", True, [], version=version)
    assert base["total"] - with_pen["total"] == 3 * each and with_pen["penalties"] == -3 * each


# --- the Gold Pan's gold-for-any trade: a colour is offered while its supply has a die ---------


@pytest.mark.parametrize("left, offered", [(0, False), (1, True), (2, True)])
def test_a_gold_die_pans_for_a_colour_while_one_is_left(left, offered):
    st = main_state()
    st["players"][0]["dice"] = [["gold", 2], ["brown", 5]]
    st["supply"]["black"] = left
    st = A(st, 0, {"type": "pan"})
    st = A(st, 0, {"type": "pick", "die": 0})  # the gold die
    assert ({"type": "color", "c": "black"} in R.legal(st, 0)) == offered


def test_the_last_round_shows_in_solo_as_soon_as_the_supply_says_so():
    st = R.setup(1, 1, {"mode": "outlaw"})
    st["phase"] = "main"
    st["supply"].update({"black": 3, "gold": 3})
    assert R.view(st, 0)["derived"]["last_round"] is False
    st["supply"].update({"black": 2, "gold": 2})
    assert R.view(st, 0)["derived"]["last_round"] is True  # the check after the Outlaw's turn will end it
    multi = main_state(seats=2)
    multi["supply"].update({"black": 2, "gold": 2})
    assert R.view(multi, 0)["derived"]["last_round"] is False  # multiplayer: only once the end is triggered
    multi["ending"] = True
    assert R.view(multi, 0)["derived"]["last_round"] is True


def test_hints_are_for_the_player_constructing_and_count_the_outlaws_points():
    st = R.setup(1, 1, {"mode": "outlaw"})
    st["phase"] = "main"
    st["outlaw"]["plans"] = [P("Bank")["id"], P("Saloon")["id"]]
    v = R.view(st, 0)
    assert v["derived"]["outlaw"] == {"points": 6 + 2, "horses": 1, "score": None}
    assert v["derived"]["hints"] == {"least": {}}
    st["phase"] = "claim"
    assert R.view(st, 0)["derived"]["hints"] is None


def test_hints_mark_each_die_that_would_cost_a_token_on_each_position():
    st = main_state()
    plan = P("Blacksmith")  # brown, black, brown; 4-6
    st["players"][0]["hand"] = [plan["id"]]
    st["players"][0]["dice"] = [["brown", 5], ["brown", 1], ["black", 4]]
    assert R.view(st, 0)["derived"]["hints"]["least"] == {str(plan["id"]): 1}
    st = A(st, 0, {"type": "build", "plan": plan["id"]})
    hints = R.view(st, 0)["derived"]["hints"]
    dice = st["players"][0]["dice"]
    misses = {(dice[i][0], dice[i][1], pos) for i, pos in hints["misses"]}
    assert ("brown", 1, 0) in misses and ("brown", 5, 1) in misses and ("black", 4, 0) in misses
    assert ("brown", 5, 0) not in misses and ("black", 4, 1) not in misses
    assert hints["penalty"] == 0 and hints["full"] is False and hints["spots"] == []


@pytest.mark.parametrize("back", ["cactus2-gray", "cactus2-black"])
def test_a_sampled_world_keeps_the_back_the_table_sees_on_the_2_cactus_deck(back):
    st = R.setup(4, 3, {})
    deck = st["decks"]["2"]
    deck.sort(key=lambda p: PLANS[p]["back"] != back)
    st["backs"][1] = back
    view = R.view(st, 0)
    for seed in range(12):
        world = R.determinize(view, 0, Rng(seed_state(seed)))
        assert PLANS[world["decks"]["2"][0]]["back"] == back
        assert sorted(world["decks"]["2"]) != [] and len(world["decks"]["2"]) == len(deck)
        assert R.view(world, 0) == view
