"""Tumble Town solo modes (Outlaw, No Outlaw chart, Sole Surveyor) and Mission Mode."""

from __future__ import annotations

import pytest

from tabletown.engine.prng import Rng, seed_state
from tabletown.games.tumble_town.content import COLORS, HORSES, MISSIONS, PLAN_BY_NAME, PLANS, points
from tabletown.games.tumble_town.game import BOTS
from tabletown.games.tumble_town.game import RULES as R
from tabletown.games.tumble_town.missions import extra_requirement, update_progress

# ----------------------------------------------------------------------------------
# helpers


def A(st, seat, action):
    """The state after `action` (the events are checked where they matter)."""
    return R.apply(st, seat, action)[0]


def sync_backs(st):
    """After a test stacks a deck by hand: the backs showing follow the new top plans."""
    st["backs"] = [PLANS[st["decks"][str(r + 1)][0]]["back"] if st["decks"][str(r + 1)] else "plan-end" for r in range(3)]


def P(name):
    return PLAN_BY_NAME[name]


def solo(seed=1, **opts):
    st = R.setup(seed, 1, opts)
    st["players"][0]["dice"] = [["brown", 3], ["brown", 4]]
    st["phase"] = "main"
    st["take"] = None
    return st


def rig_outlaw_roll(st, values):
    """Find rng words whose next three d6 are `values` (brown, gray, gold)."""
    for seed in range(1, 20000):
        words = seed_state(seed)
        rng = Rng(list(words))
        if [rng.d6() for _ in range(3)] == list(values):
            st["rng"] = words
            return st
    raise AssertionError("no seed found")


def play_to_end(seats, level="hard", seed=3, **opts):
    st = R.setup(seed, seats, opts)
    rng = Rng([seed, 2, 3, 4])
    for _ in range(3000):
        if st["over"]:
            return st
        seat = R.active(st)[0]
        legal = R.legal(st, seat)
        st = A(st, seat, BOTS[level](R, R.view(st, seat), seat, legal, rng))
    raise AssertionError("game did not end")


# ----------------------------------------------------------------------------------
# The Outlaw


def test_solo_setup():
    st = R.setup(4, 1, {"mode": "outlaw"})
    assert [d[0] for d in st["players"][0]["dice"]] == ["brown", "brown"]
    o = st["outlaw"]
    assert o["dice"] == {c: 0 for c in COLORS} and len(o["horses"]) == 1
    assert o["horses"][0] != st["players"][0]["horse"]
    easy = R.setup(4, 1, {"difficulty": "easy"})
    assert sorted(d[0] for d in easy["players"][0]["dice"]) == ["brown", "brown", "gold", "gold"]
    xh = R.setup(4, 1, {"difficulty": "extra-hard"})
    assert len(xh["outlaw"]["horses"]) == 3 and st["players"][0]["horse"] not in xh["outlaw"]["horses"]


def test_outlaw_horse_hidden_until_the_end():
    st = R.setup(4, 1, {})
    v = R.view(st, 0)
    assert v["outlaw"]["horses"] == [None] and v["derived"]["outlaw"]["horses"] == 1


def test_outlaw_turn_takes_plans_by_row_and_column_and_dice_by_the_chart():
    st = solo()
    st = rig_outlaw_roll(st, [2, 6, 4])
    brown_plan = st["rows"][0][1]
    gold_plan = st["rows"][2][3]
    sup = dict(st["supply"])
    st = A(st, 0, {"type": "end"})
    o = st["outlaw"]
    assert o["last"]["roll"] == {"brown": 2, "gray": 6, "gold": 4}
    assert o["plans"] == [brown_plan, gold_plan]
    assert o["dice"]["brown"] == 3 and o["dice"]["gold"] == 3 and o["dice"]["gray"] == 0
    assert st["supply"]["brown"] == sup["brown"] - 3 and st["supply"]["gold"] == sup["gold"] - 3
    assert st["rows"][0][1] is not None and st["rows"][0][1] != brown_plan  # refilled
    assert o["penalties"] == 0 and st["round"] == 2 and st["phase"] == "claim"


def test_outlaw_gray_die_takes_the_colour_of_the_second_row_back():
    st = solo()
    st["decks"]["2"].sort(key=lambda p: PLANS[p]["back"] != "cactus2-black")
    sync_backs(st)
    assert PLANS[st["decks"]["2"][0]]["back"] == "cactus2-black"
    st = rig_outlaw_roll(st, [6, 1, 6])
    st = A(st, 0, {"type": "end"})
    assert st["outlaw"]["dice"]["black"] == 3 and st["outlaw"]["dice"]["gray"] == 0


def test_outlaw_all_low_takes_a_penalty_and_returns_two_of_its_most():
    st = solo()
    st["decks"]["2"].sort(key=lambda p: PLANS[p]["back"] != "cactus2-gray")
    sync_backs(st)
    st["outlaw"]["dice"]["gold"] = 2
    st = rig_outlaw_roll(st, [1, 2, 3])
    st = A(st, 0, {"type": "end"})
    o = st["outlaw"]
    assert o["penalties"] == 1
    assert o["last"]["returned"] == {"brown": 0, "gray": 0, "black": 0, "gold": 2}
    assert o["dice"] == {"brown": 3, "gray": 3, "black": 0, "gold": 3}


def test_outlaw_tie_of_two_colours_returns_one_each():
    st = solo()
    st["decks"]["2"].sort(key=lambda p: PLANS[p]["back"] != "cactus2-black")
    sync_backs(st)
    st["outlaw"]["dice"].update({"brown": 1, "black": 1})
    st = rig_outlaw_roll(st, [4, 4, 4])
    st = A(st, 0, {"type": "end"})
    assert st["outlaw"]["last"]["returned"] == {"brown": 1, "gray": 0, "black": 1, "gold": 0}
    assert st["outlaw"]["dice"] == {"brown": 3, "gray": 0, "black": 3, "gold": 3}


def test_outlaw_tie_of_three_colours_lets_the_player_choose_two():
    st = solo()
    st["decks"]["2"].sort(key=lambda p: PLANS[p]["back"] != "cactus2-gray")
    sync_backs(st)
    st = rig_outlaw_roll(st, [3, 3, 3])
    st = A(st, 0, {"type": "end"})
    assert st["phase"] == "outlaw" and R.active(st) == [0]
    assert R.legal(st, 0) == [{"type": "outlaw_return", "color": c} for c in ("brown", "gray", "gold")]
    st = A(st, 0, {"type": "outlaw_return", "color": "gold"})
    assert R.legal(st, 0) == [{"type": "outlaw_return", "color": c} for c in ("brown", "gray")]
    st = A(st, 0, {"type": "outlaw_return", "color": "brown"})
    assert st["outlaw"]["dice"] == {"brown": 2, "gray": 3, "black": 0, "gold": 2}
    assert st["phase"] == "claim" and st["outlaw"]["penalties"] == 1


def test_outlaw_all_high_takes_one_of_each_and_drops_a_penalty():
    st = solo()
    st["outlaw"]["penalties"] = 2
    st = rig_outlaw_roll(st, [5, 6, 5])
    plans_before = [list(r) for r in st["rows"]]
    st = A(st, 0, {"type": "end"})
    o = st["outlaw"]
    assert o["dice"] == {c: 1 for c in COLORS} and o["penalties"] == 1 and o["plans"] == []
    assert st["rows"] == plans_before


def test_outlaw_short_supply_takes_from_the_smallest_and_asks_on_a_tie():
    st = solo()
    st["supply"].update({"brown": 1, "gray": 4, "black": 4, "gold": 9})
    st = rig_outlaw_roll(st, [2, 6, 6])
    st = A(st, 0, {"type": "end"})
    # 1 brown, then 2 more from the smallest supply: gray and black tie at 4
    assert st["phase"] == "outlaw"
    assert R.legal(st, 0) == [{"type": "outlaw_take", "color": "gray"}, {"type": "outlaw_take", "color": "black"}]
    st = A(st, 0, {"type": "outlaw_take", "color": "black"})
    assert st["outlaw"]["dice"]["brown"] == 1 and st["outlaw"]["dice"]["black"] == 2
    assert st["supply"]["black"] == 2 and st["phase"] != "outlaw"


def test_easy_outlaw_penalties_for_two_or_three_plans():
    st = solo(difficulty="easy")
    st = rig_outlaw_roll(st, [1, 2, 6])
    st = A(st, 0, {"type": "end"})
    assert st["outlaw"]["penalties"] == 1
    st = solo(difficulty="easy")
    st = rig_outlaw_roll(st, [1, 2, 3])
    st["decks"]["2"].sort(key=lambda p: PLANS[p]["back"] != "cactus2-gray")
    sync_backs(st)
    st = A(st, 0, {"type": "end"})
    # three plans: two for Easy, one for all dice below 5
    while st["phase"] == "outlaw":
        st = A(st, 0, R.legal(st, 0)[0])
    assert st["outlaw"]["penalties"] == 3


def test_solo_game_end_is_checked_after_the_outlaw():
    st = solo()
    st["supply"].update({"gray": 2, "black": 2})
    st = rig_outlaw_roll(st, [6, 6, 6])
    st = A(st, 0, {"type": "end"})
    assert st["over"]


def test_outlaw_scoring_by_difficulty():
    st = solo()
    names = ["Saloon", "Stable", "Jail", "Blacksmith", "Bakery", "Bank"]
    st["outlaw"]["plans"] = [P(n)["id"] for n in names]
    st["outlaw"]["penalties"] = 1
    icon = HORSES[st["outlaw"]["horses"][0]]["icon"]
    matches = sum(1 for n in names if P(n)["style"] == icon)
    pts = sum(P(n)["points"] for n in names)
    assert R.outlaw_parts(st)["total"] == pts + matches - 1  # a Penalty token costs 1
    st["opts"]["difficulty"] = "hard"
    assert R.outlaw_parts(st)["sets"] == 6  # hat, horseshoe, boot, pickaxe: one set
    st["opts"]["no_main_street"] = True
    assert R.outlaw_parts(st)["total"] == pts + matches - 1 + 6 - 10
    st["v"] = 1  # the first release: 2 per token, and its points
    old = sum(points(P(n), 1) for n in names)
    assert R.outlaw_parts(st)["total"] == old + matches - 2 + 6 - 10


def test_solo_outcome_against_the_outlaw():
    st = play_to_end(1, mode="outlaw")
    out = R.outcome(st)
    assert len(out["scores"]) == 1
    assert out["solo_won"] == (out["scores"][0] > out["outlaw"]["total"])
    assert out["winners"] == ([0] if out["solo_won"] else [])  # a lost solo game has no winner
    assert ("beats the Outlaw" in out["headline"]) == out["solo_won"]
    v = R.view(st, 0)
    assert v["outlaw"]["horses"] is not None


@pytest.mark.parametrize("score, start", [(30, "You've built"), (45, "Tumble Town is slowly"), (54, "Tumble Town is slowly"),
                                          (55, "Tumble Town is definitely"), (65, "Tumble Town is indeed"), (-4, "You've built")])
def test_no_outlaw_chart(score, start):
    from tabletown.games.tumble_town.content import verdict
    assert verdict(score).startswith(start)


def test_no_outlaw_mode_reports_the_chart():
    st = play_to_end(1, mode="no-outlaw")
    out = R.outcome(st)
    assert out["solo_won"] is None and out["verdict"] in out["headline"]
    assert st["outlaw"]["plans"]  # the Outlaw still steals plans


def test_sole_surveyor_clears_a_column():
    st = R.setup(2, 1, {"mode": "sole-surveyor"})
    st["phase"] = "main"
    assert st["outlaw"] is None
    st = rig_outlaw_roll(st, [3, 1, 1])
    col = [st["rows"][r][2] for r in range(3)]
    st = A(st, 0, {"type": "end"})
    assert st["surveyor"]["last"] == {"roll": 3, "plans": col}
    assert st["boxed"] == col and all(st["rows"][r][2] not in col for r in range(3))
    st["phase"] = "main"
    st = rig_outlaw_roll(st, [6, 1, 1])
    rows = [list(r) for r in st["rows"]]
    st = A(st, 0, {"type": "end"})
    assert st["rows"] == rows and st["surveyor"]["last"]["plans"] == []


def test_sole_surveyor_end_check_comes_before_its_turn():
    st = R.setup(2, 1, {"mode": "sole-surveyor"})
    st["phase"] = "main"
    st["supply"].update({"gray": 1, "gold": 0})
    st = A(st, 0, {"type": "end"})
    assert st["over"] and st["surveyor"]["last"] is None


# ----------------------------------------------------------------------------------
# Missions


def player(names, dice=(), horse=None):
    return {"built": [{"plan": P(n)["id"], "dice": [], "at": None} for n in names], "dice": list(dice), "penalties": 0}


def parts(street=0, gold=0, total=60):
    return {"street": street, "gold": gold, "total": total}


def test_mission_extra_requirements():
    hats = ["General Store", "Post Office", "Bakery", "Schoolhouse"]
    assert extra_requirement(1, player(hats), "hat", parts())
    assert not extra_requirement(1, player(hats[:3]), "hat", parts())
    two_each = ["Saloon", "Stable", "Hotel", "Gunsmith", "Bank", "Lookout"]
    assert extra_requirement(2, player(two_each), None, parts())
    assert not extra_requirement(2, player(two_each[:5]), None, parts())
    level2 = ["Hotel", "Gunsmith", "Tannery", "Grain Mill"]
    assert extra_requirement(3, player(level2), None, parts())
    assert not extra_requirement(3, player(level2[:3]), None, parts())
    gold = ["Bank", "Cantina", "Dance Hall"]
    assert extra_requirement(4, player(gold), None, parts())
    assert not extra_requirement(4, player(gold[:2] + ["Fort"]), None, parts())
    assert extra_requirement(5, player([]), None, parts(street=13))
    assert not extra_requirement(5, player([]), None, parts(street=12))
    assert extra_requirement(6, player([]), None, parts(gold=12))
    assert not extra_requirement(6, player([]), None, parts(gold=11))
    assert extra_requirement(7, player(["Saloon", "Hotel", "Bank"]), None, parts())
    assert not extra_requirement(7, player(["Saloon", "Stable", "Bank"]), None, parts())
    icons = ["General Store", "Blacksmith", "Saloon", "Jail"]
    assert extra_requirement(8, player(icons), None, parts())
    assert not extra_requirement(8, player(icons[:3]), None, parts())
    trios = ["Stable", "Feed Store", "Cooperage"]  # all "trio"
    assert extra_requirement(9, player(trios), None, parts())
    assert not extra_requirement(9, player(trios[:2] + ["Saloon"]), None, parts())
    assert extra_requirement(10, player(["Stable", "Saloon", "Bank"]), None, parts())
    assert not extra_requirement(10, player(trios), None, parts())


def test_mission_option_and_result_in_outcome():
    st = play_to_end(1, mission=1)
    out = R.outcome(st)
    m = out["missions"][0]
    assert m["mission"] == 1 and m["need"] == MISSIONS[0]["score"]
    assert m["success"] == (out["scores"][0] >= 40 and m["extra_ok"])


def test_mission_hard_mode_needs_to_beat_the_outlaw():
    st = play_to_end(1, mission=1, mission_hard=True)
    m = R.outcome(st)["missions"][0]
    assert m["hard"] and m["outlaw_ok"] == (R.outcome(st)["scores"][0] > R.outcome(st)["outlaw"]["total"])


def test_progress_kept_across_games():
    progress: dict = {}
    names = ["Ann", "Bob"]
    # game 1: both on mission 1
    opts = R.campaign_options(progress, names, {"mission": "next"})
    assert opts["mission"] == 1 and opts["mission_seat2"] == 1
    res = [{"mission": 1, "success": True}, {"mission": 1, "success": False}]
    progress = update_progress(progress, names, res)
    assert progress["Ann"]["mission"] == 2 and progress["Bob"]["mission"] == 1
    # game 2: each plays their own mission
    opts = R.campaign_options(progress, names, {"mission": "next", "town": "hard"})
    assert opts == {"mission": 2, "mission_seat2": 1, "town": "hard"}
    st = R.setup(1, 2, opts)
    assert st["missions"] == [2, 1]
    res = [{"mission": 2, "success": False}, {"mission": 1, "success": True}]
    progress = update_progress(progress, names, res)
    assert progress["Ann"]["mission"] == 2 and progress["Bob"]["mission"] == 2
    assert progress["Ann"]["played"] == 2 and progress["Bob"]["cleared"] == [1]
    # a name not seen before starts at mission 1; other names are kept
    opts = R.campaign_options(progress, ["Cy"], {"mission": "next"})
    assert opts["mission"] == 1
    progress = update_progress(progress, ["Cy"], [{"mission": 1, "success": True}])
    assert set(progress) == {"Ann", "Bob", "Cy"}
    # the last mission cleared completes the campaign
    progress = update_progress(progress, ["Cy"], [{"mission": 10, "success": True}])
    assert progress["Cy"]["mission"] == 10 and progress["Cy"]["complete"]


def test_progress_update_from_a_finished_game_is_pure():
    st = play_to_end(2, mission=3)
    before = {"Ann": {"mission": 3, "played": 4, "cleared": [1, 2]}}
    snapshot = {"Ann": dict(before["Ann"])}
    after = R.campaign_update(before, ["Ann", "Bob"], st)
    assert before == snapshot
    results = R.outcome(st)["missions"]
    assert after["Ann"]["mission"] == (4 if results[0]["success"] else 3)
    assert after["Bob"]["mission"] == (4 if results[1]["success"] else 3)
    assert after["Ann"]["played"] == 5


def test_progress_ignores_games_without_missions():
    st = play_to_end(2)
    assert R.campaign_update({"Ann": {"mission": 4}}, ["Ann", "Bob"], st) == {"Ann": {"mission": 4}}
    assert R.campaign_options({"Ann": {"mission": 4}}, ["Ann"], {"mission": 0}) == {"mission": 0}


def test_progress_tolerates_odd_saved_data():
    opts = R.campaign_options({"Ann": "junk", "Bob": {"mission": 99}}, ["Ann", "Bob"], {"mission": "next"})
    assert opts["mission"] == 1 and opts["mission_seat2"] == 10


def test_mission_next_from_a_link_is_accepted():
    opts = R.spec.normalize(1, {"mission": "next", "mode": "outlaw", "difficulty": "hard"})
    assert opts["mission"] == "next"
    assert R.setup(1, 1, opts)["missions"] == [1]


def test_progress_through_several_real_games():
    """The platform's loop: options from progress, a game, progress from the result."""
    progress: dict = {"Zed": {"mission": 6}}
    names = ["Ann"]
    for game_no in range(3):
        before = progress.get("Ann", {}).get("mission", 1)
        opts = R.campaign_options(progress, names, {"mission": "next", "mode": "outlaw", "difficulty": "easy"})
        assert opts["mission"] == before
        st = R.setup(40 + game_no, 1, R.spec.normalize(1, opts))
        rng = Rng(seed_state(game_no))
        while not st["over"]:
            legal = R.legal(st, 0)
            st = A(st, 0, BOTS["hard"](R, R.view(st, 0), 0, legal, rng))
        result = R.outcome(st)["missions"][0]
        assert result["mission"] == before
        progress = R.campaign_update(progress, names, st)
        assert progress["Ann"]["mission"] == (before + 1 if result["success"] else before)
        assert progress["Ann"]["played"] == game_no + 1
    assert progress["Zed"] == {"mission": 6}
