"""Every worked example and table of the Tumble Town rulebook, as a test."""

from __future__ import annotations

import pytest

from tabletown.engine.prng import Rng, seed_state
from tabletown.games.tumble_town.content import (
    BACKS,
    COLORS,
    DICE_RETURNED,
    DICE_TOTAL,
    MISSIONS,
    PLAN_BY_NAME,
    PLANS,
    PLANS_PER_DECK,
    STARTING_DICE,
    verdict,
)
from tabletown.games.tumble_town.game import RULES as R
from tabletown.games.tumble_town.missions import update_progress
from tabletown.games.tumble_town.scoring import (
    building_heights,
    penalty,
    placements,
    player_score,
    sections,
    street_detail,
)


def A(st, seat, action):
    """The state after `action` (the events are checked where they matter)."""
    return R.apply(st, seat, action)[0]


def sync_backs(st):
    """After a test stacks a deck by hand: the backs showing follow the new top plans."""
    st["backs"] = [PLANS[st["decks"][str(r + 1)][0]]["back"] if st["decks"][str(r + 1)] else "plan-end" for r in range(3)]


def P(name):
    return PLAN_BY_NAME[name]


def main_state(seats=2, seed=1, **opts):
    st = R.setup(seed, seats, opts)
    st.pop("start_seat", None)
    st["phase"] = "main"
    st["turn"] = 0
    st["take"] = None
    return st


def rig(st, values):
    for seed in range(1, 20000):
        rng = Rng(seed_state(seed))
        if [rng.d6() for _ in range(len(values))] == list(values):
            st["rng"] = seed_state(seed)
            return st
    raise AssertionError("no seed found")


# --- Components ---------------------------------------------------------------------


def test_components():
    assert DICE_TOTAL == {"brown": 28, "gray": 24, "black": 24, "gold": 24}
    assert len(PLANS) == 52


# --- Starting the Competition (Game Setup) ----------------------------------------------


@pytest.mark.parametrize("players, plans, returned", [(4, 13, 0), (3, 11, 6), (2, 9, 12), (1, 11, 6)])
def test_setup_chart(players, plans, returned):
    assert PLANS_PER_DECK[players] == plans and DICE_RETURNED[players] == returned
    st = R.setup(7, players, {})
    assert [len(st["decks"][str(r + 1)]) + 4 for r in range(3)] == [plans] * 3
    # 1-cactus at the bottom row of the column, 3-cactus on top: rows are kept by level
    assert [PLANS[st["rows"][r][0]]["level"] for r in range(3)] == [1, 2, 3]


def test_two_players_remove_the_dance_halls():
    st = R.setup(8, 2, {})
    assert "Dance Hall" not in [PLANS[p]["name"] for p in st["decks"]["2"] + st["rows"][1]]


# --- Preparing the Candidates (starting dice chart) --------------------------------------


def test_starting_dice_chart():
    assert STARTING_DICE[4] == [["brown", "brown"], ["brown", "brown"], ["brown", "brown", "gray|black"],
                                ["brown", "brown", "gold"]]
    assert STARTING_DICE[3] == [["brown", "brown"], ["brown", "brown"], ["brown", "brown", "gold"]]
    assert STARTING_DICE[2] == [["brown", "brown"], ["brown", "brown", "gold"]]
    assert STARTING_DICE[1] == [["brown", "brown"]]
    st = R.setup(2, 4, {})
    assert all(1 <= d[1] <= 6 for p in st["players"] for d in p["dice"])  # rolled into the Storehouse


# --- Test Your Mettle (Turn Phases) ------------------------------------------------------


def test_turn_phases_claim_take_roll_replace():
    st = R.setup(3, 2, {})
    top = st["decks"]["2"][0]
    back = BACKS[PLANS[top]["back"]]
    st = A(st, 0, {"type": "claim", "row": 1, "col": 2})
    st = A(st, 0, {"type": "take", "color": "brown"})
    colors = sorted(d[0] for d in st["players"][0]["dice"])
    assert colors == sorted(["brown", "brown"] + back["fixed"] + ["brown"])
    assert st["rows"][1][2] == top


def test_not_enough_dice_takes_as_many_as_possible():
    st = R.setup(3, 2, {})
    st["supply"]["gold"] = 0
    st = A(st, 0, {"type": "claim", "row": 2, "col": 0})
    st = A(st, 0, {"type": "take", "color": "gray"})
    st = A(st, 0, {"type": "take", "color": "gray"})
    assert sorted(d[0] for d in st["players"][0]["dice"]) == ["brown", "brown", "gray", "gray"]


def test_a_player_may_choose_not_to_construct():
    st = main_state()
    st["players"][0]["hand"] = [P("Saloon")["id"]]
    st["players"][0]["dice"] = [["brown", 2], ["brown", 3], ["gray", 4]]
    st = A(st, 0, {"type": "end"})
    assert st["players"][0]["hand"] == [P("Saloon")["id"]] and st["turn"] == 1


def test_leftover_dice_go_to_the_storehouse_or_back_to_the_supply():
    st = main_state()
    st["players"][0]["dice"] = [["gold", 1], ["gold", 2], ["gold", 3]]
    gold = st["supply"]["gold"]
    st = A(st, 0, {"type": "end"})
    assert st["phase"] == "discard"
    st = A(st, 0, {"type": "discard", "die": 0})
    st = A(st, 0, {"type": "discard", "die": 0})
    assert st["players"][0]["dice"] == [["gold", 3]] and st["supply"]["gold"] == gold + 2


# --- Gold Pan ----------------------------------------------------------------------------


def test_gold_pan_two_of_a_number_for_a_rolled_die_of_choice():
    st = main_state()
    st["players"][0]["dice"] = [["brown", 6], ["black", 6]]
    for a in ({"type": "pan"}, {"type": "pick", "die": 0}, {"type": "pick", "die": 1}, {"type": "color", "c": "gold"}):
        before = st
        st = A(st, 0, a)
    assert [d[0] for d in st["players"][0]["dice"]] == ["gold"] and st["rng"] != before["rng"]


def test_gold_pan_a_gold_die_for_another_colour():
    st = main_state()
    st["players"][0]["dice"] = [["gold", 6]]
    for a in ({"type": "pan"}, {"type": "pick", "die": 0}, {"type": "color", "c": "gray"}):
        st = A(st, 0, a)
    assert [d[0] for d in st["players"][0]["dice"]] == ["gray"]


# --- Don't Be Forgettin' Now ----------------------------------------------------------------


def test_dice_from_the_supply_are_rolled():
    st = R.setup(3, 2, {})
    st = A(st, 0, {"type": "claim", "row": 0, "col": 0})
    st, events = R.apply(st, 0, {"type": "take", "color": "black"})
    assert all(1 <= d[1] <= 6 for d in st["players"][0]["dice"])
    rolls = [e for e in events if e["t"] == "roll"]
    assert [e["color"] for e in rolls] == ["brown", "brown", "black"] and all(1 <= e["value"] <= 6 for e in rolls)
    told = [e for e in events if e["t"] == "rolls"]
    assert told[0]["dice"] == [[e["color"], e["value"]] for e in rolls]


def test_dice_in_a_building_cannot_be_changed():
    st = main_state()
    plan = P("Saloon")
    st["players"][0]["built"] = [{"plan": plan["id"], "dice": [["brown", 1], ["brown", 1], ["gray", 1]], "at": None,
                                  "used": False, "pen": 0}]
    st["players"][0]["dice"] = [["gold", 4]]
    st = A(st, 0, {"type": "power", "b": 0})
    dice_targets = {a.get("die") for a in R.legal(st, 0) if "die" in a}
    assert dice_targets == {0}  # only the die in hand, never one in a building


def test_unbuilt_plans_cost_nothing():
    st = main_state()
    st["players"][0]["hand"] = [P("Bank")["id"], P("Fort")["id"]]
    assert R.score_parts(st, 0)["total"] == 0


# --- Tallying the Vote --------------------------------------------------------------------


def test_game_end_two_supplies_at_two_or_less_finish_the_round():
    st = main_state(4)
    st["supply"].update({"brown": 2, "gold": 0})
    for seat in range(4):
        assert not st["over"]
        st["phase"] = "main"
        st = A(st, seat, {"type": "end"})
    assert st["over"]


def test_five_parts_of_the_score():
    st = main_state(2)
    pl = st["players"][0]
    pl["horse"] = 1  # Sarsaparilla: pickaxe
    pl["built"] = [
        {"plan": P("Bank")["id"], "dice": [["gold", 6]] * 3 + [["black", 6]] * 2, "at": [1, 0, False], "used": False, "pen": 0},
        {"plan": P("Post Office")["id"], "dice": [["brown", 1], ["gray", 2], ["brown", 3]], "at": [0, 4, False],
         "used": False, "pen": 0},
        {"plan": P("Blacksmith")["id"], "dice": [["brown", 4], ["black", 5], ["brown", 6]], "at": None, "used": False, "pen": 0},
    ]
    pl["penalties"] = 1
    s = R.score_parts(st, 0)
    assert s["buildings"] == 6 + 3 + 2
    assert s["gold"] == 2 * 1  # one windmill (Post Office)
    assert s["horse"] == 2  # Bank and Blacksmith have the pickaxe
    assert s["street"] == street_detail(pl["built"], "easy")["total"] > 0
    assert s["penalties"] == -1  # Tabletown's score pad: 1 point per token (rules version 2)
    assert s["total"] == s["buildings"] + s["gold"] + s["horse"] + s["street"] + s["penalties"]


def test_tie_most_leftover_dice_wins_then_shared():
    st = main_state(2)
    st["over"] = True
    st["players"][0]["dice"] = [["brown", 1], ["brown", 2]]
    st["players"][1]["dice"] = [["brown", 1]]
    out = R.outcome(st)
    assert out["scores"][0] == out["scores"][1] and out["winners"] == [0]
    st["players"][1]["dice"].append(["gray", 4])
    assert R.outcome(st)["winners"] == [0, 1]


# --- Building Value Requirements -------------------------------------------------------------


def _only_values(name, values):
    plan = P(name)
    colors = [c if c in COLORS else "brown" for c in plan["colors"]]
    return penalty(plan, [[c, v] for c, v in zip(colors, values)])


def test_requirement_3_5():
    assert _only_values("Smokehouse", [3, 4, 5]) == 0 and _only_values("Smokehouse", [2, 4, 6]) == 2


def test_requirement_aa_bb_two_twos_and_two_fives():
    assert _only_values("Well House", [2, 2, 5, 5]) == 0
    assert _only_values("Well House", [2, 5, 2, 5]) == 0
    assert _only_values("Well House", [2, 2, 2, 2]) == 2


def test_requirement_abc():
    assert _only_values("Post Office", [1, 2, 3]) == 0 and _only_values("Post Office", [6, 4, 5]) == 0
    assert _only_values("Post Office", [1, 2, 4]) == 1


def test_requirement_all_different():
    assert _only_values("Church", [1, 2, 3, 4]) == 0 and _only_values("Church", [1, 1, 1, 4]) == 2


def test_requirement_odd_and_even():
    assert _only_values("Stable", [1, 3, 5]) == 0 and _only_values("Stable", [1, 3, 6]) == 1
    assert _only_values("Schoolhouse", [2, 4, 6, 2]) == 0 and _only_values("Schoolhouse", [1, 4, 6, 2]) == 1


def test_requirement_sum_at_most_8_and_exactly_9():
    assert _only_values("Candle Maker", [2, 3, 3]) == 0 and _only_values("Candle Maker", [2, 3, 4]) == 1
    assert _only_values("Cooperage", [2, 3, 4]) == 0 and _only_values("Cooperage", [1, 1, 1]) == 2


# --- Plan Examples -----------------------------------------------------------------------------


def test_the_bank():
    bank = P("Bank")
    assert sorted(bank["colors"]) == ["black", "black", "gold", "gold", "gold"]
    assert bank["req"] == {"k": "sum_ge", "n": 24} and bank["points"] == 6 and bank["style"] == "pickaxe"
    assert bank["power"] == {"k": "feature", "f": "windmill", "pts": 2} and bank["level"] == 3
    good = [["gold", 6], ["gold", 5], ["gold", 5], ["black", 4], ["black", 4]]
    assert penalty(bank, good) == 0
    assert penalty(bank, [["gold", 6], ["gold", 5], ["gold", 5], ["black", 4], ["black", 3]]) == 1


def test_the_printing_house():
    ph = P("Printing House")
    assert sorted(ph["colors"]) == ["black", "brown", "gray", "plain", "plain"]
    assert ph["req"] == {"k": "odd"} and ph["points"] == 4 and ph["style"] == "hat"
    assert ph["power"]["k"] == "swap" and ph["ptype"] == "once"
    ok = [["brown", 1], ["gray", 3], ["black", 5], ["brown", 3], ["black", 1]]
    assert penalty(ph, ok) == 0
    assert penalty(ph, ok[:4] + [["gold", 1]]) == 1  # the two others must not be gold


# --- Poorly Constructed Buildings ------------------------------------------------------------------


def test_each_die_missing_colour_or_value_takes_a_token():
    plan = P("Stable")  # three brown, ODD
    assert penalty(plan, [["brown", 1], ["gray", 3], ["brown", 2]]) == 2


def test_a_sum_takes_a_token_per_die_that_would_change():
    plan = P("Candle Maker")  # sum <= 8
    assert penalty(plan, [["brown", 6], ["gray", 6], ["brown", 6]]) == 2  # 6+1+1 is still 8: two must change


# --- Plan Back Examples -------------------------------------------------------------------------


def test_plan_backs():
    assert BACKS["cactus3"]["fixed"] == ["gold"] and len(BACKS["cactus3"]["choice"]) == 2
    assert BACKS["cactus1"]["fixed"] == ["brown", "brown"] and BACKS["cactus1"]["choice"] == [["brown", "gray", "black"]]


# --- Main Street Placement Rules and the Bath House example ------------------------------------


def _bath_dice():
    return [["gold", 3], ["brown", 3], ["brown", 3], ["gray", 3], ["gray", 3]]


def test_bath_house_shape():
    bath = P("Bath House")
    assert bath["width"] == 3
    level1 = sorted(c for (lv, _), c in zip(bath["pos"], bath["colors"]) if lv == 1)
    assert level1 == ["brown", "brown", "gold"]


def test_bath_house_needs_three_open_plots_or_the_end_of_main_street():
    bath = P("Bath House")
    built = [{"plan": P("General Store")["id"], "dice": [["brown", 2]] * 2, "at": [0, 3, False]}]
    spots = {(s["side"], s["start"]) for s in placements(built, "easy", bath, _bath_dice())}
    assert (0, 0) in spots and (0, 1) not in spots and (0, 5) in spots
    assert (0, -2) in spots and (0, -1) in spots  # at the end, with sections off the card


def test_bath_house_in_the_yellow_section_scores_two_when_mirrored():
    # the Easy town's north side begins: height 3, brown die on level 1, gray die on level 1, alley
    spots = {(s["side"], s["start"], s["mirror"]): s["gain"] for s in placements([], "easy", P("Bath House"), _bath_dice())}
    assert spots[(0, 0, True)] == 2   # height 3 over plot 1, brown on level 1 over plot 2
    assert spots[(0, 0, False)] == 1  # as printed, only the brown die matches


def test_sections_off_the_card_do_not_score():
    spots = {(s["side"], s["start"], s["mirror"]): s["gain"] for s in placements([], "easy", P("Bath House"), _bath_dice())}
    assert spots[(0, -2, False)] == 1  # only its tower stands on plot 1 (height 3)
    assert spots[(0, -2, True)] == 0   # the gold die on plot 1 matches nothing


def test_alley_point_when_the_next_space_over_is_built():
    bath = {"plan": P("Bath House")["id"], "dice": _bath_dice(), "at": [0, 0, True]}
    store = {"plan": P("General Store")["id"], "dice": [["brown", 2]] * 2, "at": [0, 4, False]}
    assert street_detail([bath], "easy")["plots"][0][3] == 0
    assert street_detail([bath, store], "easy")["plots"][0][3] == 1


# --- Building Heights ------------------------------------------------------------------------------


def test_saloon_is_height_one_and_two_over_both_dice():
    secs = sections(P("Saloon"), [["brown", 1]] * 3)
    assert [s["heights"] for s in secs] == [[1, 2], [1, 2]]
    assert building_heights(P("Saloon")) == [1, 2]


def test_bath_house_sections_are_one_or_three():
    secs = sections(P("Bath House"), _bath_dice())
    assert [s["heights"] for s in secs] == [[1], [1], [3]]
    assert building_heights(P("Bath House")) == [1, 3]


def test_height_two_scoring_counts_a_building_with_several_heights():
    player = {"built": [{"plan": P("Opera House")["id"], "dice": [], "at": None},
                        {"plan": P("Saloon")["id"], "dice": [], "at": None}], "dice": [], "penalties": 0}
    assert player_score(player, None, "easy", True, [])["gold"] == 2


# --- Variants -------------------------------------------------------------------------------------------


def test_no_main_street_with_the_outlaw_subtracts_ten():
    st = main_state(1, no_main_street=True)
    assert R.outlaw_parts(st)["street"] == -10


def test_surplus_keeps_every_die():
    st = R.setup(1, 3, {"surplus": True})
    assert sum(st["supply"].values()) + sum(len(p["dice"]) for p in st["players"]) == 100


# --- Solo Play Rules ---------------------------------------------------------------------------------------


def test_solo_outlaw_turn_procedure():
    st = main_state(1)
    st["players"][0]["dice"] = []
    st["decks"]["2"].sort(key=lambda p: PLANS[p]["back"] != "cactus2-gray")
    sync_backs(st)
    st = rig(st, [4, 5, 1])  # brown 4, gray 5, gold 1
    b, g = st["rows"][0][3], st["rows"][2][0]
    st = A(st, 0, {"type": "end"})
    o = st["outlaw"]
    assert o["plans"] == [b, g]                       # step 2: row by colour, column by value
    assert o["dice"] == {"brown": 3, "gray": 0, "black": 0, "gold": 3}
    assert o["penalties"] == 0                         # step 3 needs all three below 5
    assert st["round"] == 2 and st["phase"] == "claim"


def test_solo_outlaw_all_fives_and_sixes():
    st = main_state(1)
    st["players"][0]["dice"] = []
    st["outlaw"]["penalties"] = 1
    st = rig(st, [6, 5, 6])
    st = A(st, 0, {"type": "end"})
    assert st["outlaw"]["dice"] == {c: 1 for c in COLORS} and st["outlaw"]["penalties"] == 0


def test_solo_outlaw_all_below_five():
    st = main_state(1)
    st["players"][0]["dice"] = []
    st["decks"]["2"].sort(key=lambda p: PLANS[p]["back"] != "cactus2-black")
    sync_backs(st)
    st["outlaw"]["dice"]["brown"] = 1
    st = rig(st, [1, 1, 1])
    st = A(st, 0, {"type": "end"})
    o = st["outlaw"]
    assert o["penalties"] == 1 and o["last"]["returned"]["brown"] == 2 and o["dice"]["brown"] == 2


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard", "extra-hard"])
def test_solo_difficulty_levels(difficulty):
    st = R.setup(2, 1, {"difficulty": difficulty})
    dice = sorted(d[0] for d in st["players"][0]["dice"])
    assert dice == (["brown", "brown", "gold", "gold"] if difficulty == "easy" else ["brown", "brown"])
    assert len(st["outlaw"]["horses"]) == (3 if difficulty == "extra-hard" else 1)
    st["outlaw"]["plans"] = [P(n)["id"] for n in ("Saloon", "Jail", "Bakery", "Blacksmith")]
    assert R.outlaw_parts(st)["sets"] == (6 if difficulty in ("hard", "extra-hard") else 0)


def test_solo_outlaw_scoring_and_who_wins():
    st = main_state(1)
    st["outlaw"]["plans"] = [P("Bank")["id"]]
    st["outlaw"]["horses"] = [1]  # pickaxe
    st["outlaw"]["penalties"] = 1
    assert R.outlaw_parts(st)["total"] == 6 + 1 - 1
    st["over"] = True
    st["players"][0]["horse"] = 0  # hat
    st["players"][0]["built"] = [{"plan": P("Saloon")["id"], "dice": [["brown", 1]] * 3, "at": None, "used": False, "pen": 0}]
    out = R.outcome(st)
    assert out["scores"][0] == 2 and not out["solo_won"]  # 2 does not beat 6: the Outlaw wins


def test_no_outlaw_chart():
    assert verdict(44).startswith("You've built up Tumble Town")
    assert verdict(45).startswith("Tumble Town is slowly growing")
    assert verdict(55).startswith("Tumble Town is definitely on the rise")
    assert verdict(65).startswith("Tumble Town is indeed the place to be")


def test_sole_surveyor():
    st = R.setup(3, 1, {"mode": "sole-surveyor"})
    assert st["supply"]["gray"] == 24 - 16 and st["supply"]["brown"] == 28 - 16 - 2 - 1
    st["phase"] = "main"
    st["players"][0]["dice"] = []
    st = rig(st, [2])
    col = [st["rows"][r][1] for r in range(3)]
    st = A(st, 0, {"type": "end"})
    assert st["boxed"] == col and st["surveyor"]["last"]["roll"] == 2


# --- Mission Mode ---------------------------------------------------------------------------------------


def test_mission_list():
    assert [(m["n"], m["score"]) for m in MISSIONS] == [(i, 38 + 2 * i) for i in range(1, 11)]
    assert "style icon on your horse" in MISSIONS[0]["text"]
    assert "all unique shapes" in MISSIONS[9]["text"]


def test_mission_progress_after_each_game():
    progress = update_progress({}, ["Ann", "Bob"], [{"mission": 1, "success": True}, {"mission": 1, "success": False}])
    assert progress["Ann"]["mission"] == 2 and progress["Bob"]["mission"] == 1


def test_solo_missions_and_hard_mode():
    st = R.setup(4, 1, {"mission": 1, "mission_hard": True})
    assert st["outlaw"] is not None  # the Outlaw still steals plans
    st["over"] = True
    pl = st["players"][0]
    from tabletown.games.tumble_town.content import HORSES
    icon = HORSES[pl["horse"]]["icon"]
    same = [p for p in PLANS if p["style"] == icon][:4]
    pl["built"] = [{"plan": p["id"], "dice": [], "at": None, "used": False, "pen": 0} for p in same]
    st["outlaw"]["plans"] = []
    m = R.outcome(st)["missions"][0]
    assert m["extra_ok"] and m["outlaw_ok"] == (R.outcome(st)["scores"][0] > R.outlaw_parts(st)["total"])
    assert m["success"] == (m["score_ok"] and m["outlaw_ok"])
