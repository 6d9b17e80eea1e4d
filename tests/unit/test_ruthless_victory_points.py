"""Ruthless: victory points at the end of a scenario, and who places ahead on a tie.

Every scenario: +3 to a posse that holds the field (every other posse fled or was beaten).
A showdown (a free gunfight or a campaign act): +2 for each enemy killed, +1 for each of your
characters still standing and steady at the end. Dodge City Draw: +2 for each enemy posse
member killed, d6 for wounding Al Updegraff, d10 for killing Bat Masterson, -2 for each
citizen you kill, -1 for each citizen in your posse. Riding Shotgun: the coach's side 5 if the
coach got away, 2 more if the strongbox got through with it, 1 per passenger alive, 2 per road
agent killed; the road agents 6 if they hold or carried off the strongbox, 4 if the coach did
not get away (and they did not flee), 2 per coach-side character killed.
Ties: fewer men lost, then more standing; in Dodge City Draw (rules version 10) a tie on points
and men lost is a draw.
"""

from __future__ import annotations

from tabletown.games.ruthless import models as M
from tabletown.games.ruthless.scoring import final_result, holds_field, lost, steady

from .test_ruthless_helpers import RULES, SPEC, arena, put


def lines(result, seat):
    return {why: points for why, points, _ in result["lines"][seat]}


def killed(st, victim, by_seat):
    victim["status"] = M.DEAD
    st["kills"].append({"victim": victim["id"], "by": by_seat})


def over(st, end="turns"):
    st["phase"] = "over"
    st["end"] = end
    st["result"] = None
    return st


# --- a showdown ---------------------------------------------------------------------------------
def test_showdown_two_for_each_enemy_killed_one_for_each_man_standing_and_steady():
    st = arena()
    put(st, "wyatt-earp", 0, [600, 600])
    put(st, "morgan-earp", 0, [600, 900], lily=True)        # not steady
    put(st, "virgil-earp", 0, [600, 1200], status=M.DOWN)   # not standing
    ike = put(st, "ike-clanton", 1, [2400, 600])
    billy = put(st, "billy-clanton", 1, [2400, 900])
    put(st, "frank-mclaury", 1, [2400, 1200])
    killed(st, ike, 0)
    killed(st, billy, 0)
    result = final_result(st)
    assert lines(result, 0) == {"kills": 4, "standing": 1}
    assert lines(result, 1) == {"standing": 1}
    assert result["vp"] == [5, 1]
    assert result["lost"] == [0, 2] and result["standing"] == [1, 1]


def test_a_friend_killed_by_his_own_side_scores_nothing():
    st = arena()
    put(st, "wyatt-earp", 0, [600, 600])
    morgan = put(st, "morgan-earp", 0, [600, 900])
    put(st, "ike-clanton", 1, [2400, 600])
    killed(st, morgan, 0)
    assert "kills" not in lines(final_result(st), 0)


def test_a_posse_that_fled_scores_no_men_standing():
    st = arena()
    put(st, "wyatt-earp", 0, [600, 600])
    put(st, "ike-clanton", 1, [2400, 600])
    st["fled"][1] = True
    result = final_result(st)
    assert "standing" not in lines(result, 1)
    assert lines(result, 0) == {"standing": 1, "field": 3}


def test_holding_the_field_needs_every_other_posse_gone():
    st = arena(seats=3)
    for s in range(3):
        put(st, "wyatt-earp", s, [600 + 900 * s, 600])
    st["fled"][1] = True
    assert not holds_field(st, 0) and not holds_field(st, 2)   # posse 2 still stands against posse 0
    st["out"][2] = True                                          # beaten: nobody left standing
    assert holds_field(st, 0)
    assert not holds_field(st, 1) and not holds_field(st, 2)
    assert lines(final_result(st), 0)["field"] == 3


def test_nobody_holds_the_field_while_two_posses_stand():
    st = arena()
    put(st, "wyatt-earp", 0, [600, 600])
    put(st, "ike-clanton", 1, [2400, 600])
    assert not holds_field(st, 0) and not holds_field(st, 1)
    st["out"][0] = True
    st["fled"][1] = True
    assert not holds_field(st, 0) and not holds_field(st, 1)


def test_men_lost_counts_the_dead_only_and_standing_only_the_steady():
    st = arena()
    a = put(st, "wyatt-earp", 0, [600, 600])
    put(st, "morgan-earp", 0, [600, 900], status=M.DOWN)
    put(st, "virgil-earp", 0, [600, 1200], lily=True)
    put(st, "doc-holliday", 0, [600, 1500])
    put(st, "ike-clanton", 1, [2400, 600])
    killed(st, a, 1)
    assert lost(st, 0) == 1 and lost(st, 1) == 0
    assert steady(st, 0) == 1 and steady(st, 1) == 1


# --- the outcome and its tie-breakers -----------------------------------------------------------
def test_equal_points_fewer_men_lost_places_ahead_even_with_fewer_standing():
    st = arena()
    put(st, "wyatt-earp", 0, [600, 600])                       # Earps: 2 for Frank + 1 standing
    put(st, "morgan-earp", 0, [600, 900], lily=True)
    put(st, "ike-clanton", 1, [2400, 600])                      # Cowboys: 3 standing
    put(st, "billy-clanton", 1, [2400, 900])
    put(st, "tom-mclaury", 1, [2400, 1200])
    frank = put(st, "frank-mclaury", 1, [2400, 1500])
    killed(st, frank, 0)
    out = RULES.outcome(over(st))
    assert out["scores"] == [3, 3]
    assert out["places"] == [1, 2] and out["winners"] == [0]
    assert "fewer men lost" in out["tiebreaks"][0]


def test_equal_points_and_losses_more_standing_places_ahead():
    st = arena()
    put(st, "wyatt-earp", 0, [600, 600])                       # Earps: 2 for Frank + 1 standing
    put(st, "morgan-earp", 0, [600, 900], lily=True)
    virgil = put(st, "virgil-earp", 0, [600, 1200])
    killed(st, virgil, None)                                    # lost, to nobody's shot
    put(st, "ike-clanton", 1, [2400, 600])                      # Cowboys: 3 standing
    put(st, "billy-clanton", 1, [2400, 900])
    put(st, "tom-mclaury", 1, [2400, 1200])
    frank = put(st, "frank-mclaury", 1, [2400, 1500])
    killed(st, frank, 0)
    out = RULES.outcome(over(st))
    assert out["scores"] == [3, 3]
    assert out["places"] == [2, 1] and out["winners"] == [1]
    assert "more men standing" in out["tiebreaks"][0]


def test_tied_on_every_count_share_the_place():
    st = arena(seats=3)
    put(st, "wyatt-earp", 0, [600, 600])
    put(st, "ike-clanton", 1, [2400, 600])
    put(st, "frank-mclaury", 2, [1800, 2400])
    put(st, "tom-mclaury", 2, [2100, 2400], lily=True)
    out = RULES.outcome(over(st))
    assert out["scores"] == [1, 1, 1] and out["places"] == [1, 1, 1]


def test_outcome_rows_show_points_losses_and_how():
    st = arena()
    put(st, "wyatt-earp", 0, [600, 600])
    ike = put(st, "ike-clanton", 1, [2400, 600])
    killed(st, ike, 0)
    st["out"][1] = True
    out = RULES.outcome(over(st, "beaten"))
    rows = out["details"]
    assert rows[0]["Victory points"] == 6 and rows[0]["Men lost"] == 0 and rows[0]["Standing"] == 1
    assert rows[1]["Victory points"] == 0 and rows[1]["Men lost"] == 1 and rows[1]["How"] == "—"
    assert rows[0]["How"].count(";") == 2 and "+2" in rows[0]["How"] and "+3" in rows[0]["How"]
    assert out["winners"] == [0]


def test_no_outcome_before_the_game_is_over():
    st = arena()
    put(st, "wyatt-earp", 0, [600, 600])
    put(st, "ike-clanton", 1, [2400, 600])
    st["phase"] = "act"
    assert RULES.outcome(st) is None


# --- Dodge City Draw ----------------------------------------------------------------------------
def dodge():
    st = RULES.setup(3, 2, SPEC.normalize(2, {"scenario": "dodge-city"}))
    return st


def by_card(st, card_id):
    return next(m for m in M.chars(st) if m["card"] == card_id)


def citizen(st, card_id, side):
    m = put(st, card_id, side, [1000 + 200 * len(st["models"]), 1500])
    m["citizen"] = True
    return m


def test_dodge_city_two_per_enemy_posse_member_killed():
    st = dodge()
    killed(st, by_card(st, "al-updegraff"), 0)
    killed(st, by_card(st, "hank-briggs"), 0)
    killed(st, by_card(st, "neal-brown"), 1)
    result = final_result(st)
    assert lines(result, 0) == {"kills": 4}
    assert lines(result, 1) == {"kills": 2}


def test_dodge_city_killing_a_citizen_costs_two_whichever_posse_he_joined():
    st = dodge()
    tilly = citizen(st, "tilly-burke", 1)     # joined Peacock's posse
    otto = citizen(st, "otto-kessler", 0)     # joined the Mastersons
    killed(st, tilly, 0)
    killed(st, otto, 0)
    result = final_result(st)
    assert lines(result, 0)["citizens-killed"] == -4
    assert "kills" not in lines(result, 0)   # a citizen is no enemy posse member
    assert lines(result, 0)["citizens"] == -1  # Otto was recruited by the Mastersons: dead, he still counts
    assert lines(result, 1)["citizens"] == -1


def test_dodge_city_minus_one_for_each_citizen_in_your_posse():
    st = dodge()
    citizen(st, "jim-masterson", 0)
    citizen(st, "wash-tyler", 0)
    citizen(st, "doc-ambrose", 1)
    result = final_result(st)
    assert lines(result, 0) == {"citizens": -2}
    assert lines(result, 1) == {"citizens": -1}


def test_dodge_city_a_waiting_citizen_is_in_nobodys_posse():
    st = dodge()
    m = citizen(st, "wash-tyler", 0)
    m["status"] = M.WAITING
    assert "citizens" not in lines(final_result(st), 0)


def test_dodge_city_the_dice_for_updegraff_and_bat_score_for_the_seat_that_rolled_them():
    st = dodge()
    st["flags"]["vp_dice"] = [[1, "bat", 7], [0, "updegraff", 4], [1, "updegraff", 2]]
    result = final_result(st)
    assert lines(result, 0) == {"updegraff": 4}
    assert lines(result, 1) == {"bat": 7, "updegraff": 2}
    assert result["vp"] == [4, 9]


def test_dodge_city_holding_the_field_is_three():
    st = dodge()
    st["fled"][1] = True
    assert lines(final_result(st), 0) == {"field": 3}
    assert lines(final_result(st), 1) == {}


def test_dodge_city_a_fight_in_which_nobody_fell_is_a_draw():
    # Rules version 10: a tie on points and on men lost is a draw in Dodge City Draw (before,
    # the Peacocks' four men standing always beat Bat's three when nobody fired).
    out = RULES.outcome(over(dodge(), "time"))
    assert out["scores"] == [0, 0] and out["winners"] == [0, 1] and out["places"] == [1, 1]
    assert "share the place" in out["tiebreaks"][0]
    assert any("a tie on both is a draw" in note for note in out["notes"])
    assert any("share the win" in note for note in out["notes"])


def test_dodge_city_a_tie_on_points_still_goes_to_the_posse_that_lost_fewer_men():
    st = dodge()
    killed(st, by_card(st, "neal-brown"), 1)        # Peacocks +2, Mastersons lose a man
    killed(st, by_card(st, "hank-briggs"), 0)       # Mastersons +2, Peacocks lose a man
    killed(st, by_card(st, "walt-skene"), None)     # the Peacocks lose another, to nobody's shot
    out = RULES.outcome(over(st, "time"))
    assert out["scores"] == [2, 2] and out["winners"] == [0]
    assert "fewer men lost" in out["tiebreaks"][0]


def test_dodge_city_begun_under_version_9_keeps_the_win_for_more_men_standing():
    st = RULES.setup(3, 2, SPEC.normalize(2, {"scenario": "dodge-city"}), version=9)
    out = RULES.outcome(over(st, "time"))
    assert out["scores"] == [0, 0] and out["winners"] == [1]  # four Peacocks standing to three
    assert "more men standing" in out["tiebreaks"][0]


# --- Riding Shotgun -----------------------------------------------------------------------------
def coach_game():
    return RULES.setup(5, 2, SPEC.normalize(2, {"scenario": "riding-shotgun"}))


def coach_people(st):
    return [m for m in M.side_chars(st, 0)]


def test_riding_shotgun_the_coach_away_with_the_strongbox_and_passengers_alive():
    st = coach_game()
    st["coach"]["gone"] = True
    result = final_result(st)
    passengers = sum(1 for m in coach_people(st) if m.get("passenger"))
    assert passengers == 2
    assert lines(result, 0) == {"coach-away": 5, "strongbox-safe": 2, "passengers": 2}
    assert lines(result, 1) == {}


def test_riding_shotgun_the_coach_away_without_the_strongbox():
    st = coach_game()
    st["coach"]["gone"] = True
    bandit = M.side_chars(st, 1)[0]
    st["strongbox"] = {"on": "model", "model": bandit["id"], "pos": None}
    result = final_result(st)
    assert lines(result, 0) == {"coach-away": 5, "passengers": 2}
    assert lines(result, 1) == {"strongbox-taken": 6}


def test_riding_shotgun_a_strongbox_still_on_a_stopped_coach_scores_nothing_for_it():
    st = coach_game()
    result = final_result(st)
    assert lines(result, 0) == {"passengers": 2}
    assert lines(result, 1) == {"coach-stopped": 4}


def test_riding_shotgun_a_dead_passenger_scores_nothing():
    st = coach_game()
    p = next(m for m in coach_people(st) if m.get("passenger"))
    killed(st, p, 1)
    result = final_result(st)
    assert lines(result, 0) == {"passengers": 1}
    assert lines(result, 1) == {"kills": 2, "coach-stopped": 4}


def test_riding_shotgun_two_for_each_road_agent_killed():
    st = coach_game()
    for m in M.side_chars(st, 1)[:2]:
        killed(st, m, 0)
    assert lines(final_result(st), 0)["kills"] == 4


def test_riding_shotgun_the_strongbox_carried_off_or_held_by_a_road_agent():
    st = coach_game()
    st["strongbox"] = {"on": "away", "model": None, "pos": None}
    assert lines(final_result(st), 1)["strongbox-taken"] == 6
    st["strongbox"] = {"on": "ground", "model": None, "pos": [1000, 1000]}
    assert "strongbox-taken" not in lines(final_result(st), 1)
    guard = next(m for m in coach_people(st) if not m.get("passenger"))
    st["strongbox"] = {"on": "model", "model": guard["id"], "pos": None}  # taken back by the guard
    assert "strongbox-taken" not in lines(final_result(st), 1)


def test_riding_shotgun_road_agents_who_fled_do_not_score_for_stopping_the_coach():
    st = coach_game()
    st["fled"][1] = True
    result = final_result(st)
    assert lines(result, 1) == {}
    assert lines(result, 0) == {"passengers": 2, "field": 3}


def test_riding_shotgun_a_coach_abandoned_leaves_strongbox_and_passengers_to_the_road_agents():
    st = coach_game()
    st["fled"][0] = True
    result = final_result(st)
    assert lines(result, 0) == {}
    assert lines(result, 1) == {"strongbox-taken": 6, "coach-stopped": 4, "field": 3}
    st["strongbox"] = {"on": "ground", "model": None, "pos": [1000, 1000]}
    assert lines(final_result(st), 1)["strongbox-taken"] == 6


def test_riding_shotgun_people_who_flee_after_the_coach_got_away_keep_their_points():
    st = coach_game()
    st["coach"]["gone"] = True
    st["fled"][0] = True
    result = final_result(st)
    assert lines(result, 0) == {"coach-away": 5, "strongbox-safe": 2, "passengers": 2}
    assert lines(result, 1) == {"field": 3}


def test_each_line_of_the_result_counts_what_it_scores():
    st = arena()
    put(st, "wyatt-earp", 0, [600, 600])
    put(st, "morgan-earp", 0, [600, 900])
    ike = put(st, "ike-clanton", 1, [2400, 600])
    billy = put(st, "billy-clanton", 1, [2400, 900])
    killed(st, ike, 0)
    killed(st, billy, 0)
    st["out"][1] = True
    result = final_result(st)
    assert result["lines"][0] == [["kills", 4, 2], ["standing", 2, 2], ["field", 3, 1]]
    assert result["lines"][1] == []
    assert result["why"] == st["end"]


def test_showdown_kills_count_for_every_posse_whichever_seat_it_sits_in():
    st = arena(seats=3)
    wyatt = put(st, "wyatt-earp", 0, [600, 600])
    put(st, "ike-clanton", 1, [2400, 600])
    frank = put(st, "frank-mclaury", 2, [1800, 2400])
    killed(st, wyatt, 1)
    killed(st, frank, 1)
    assert lines(final_result(st), 1)["kills"] == 4


def test_dodge_city_one_citizen_killed_costs_two():
    st = dodge()
    tilly = citizen(st, "tilly-burke", 1)
    killed(st, tilly, 0)
    assert lines(final_result(st), 0)["citizens-killed"] == -2


def test_riding_shotgun_a_game_loaded_from_its_saved_record_scores_the_same():
    import json
    st = coach_game()
    st["strongbox"] = {"on": "away", "model": None, "pos": None}
    st["coach"]["gone"] = True
    before = final_result(st)
    loaded = json.loads(json.dumps(st))
    assert final_result(loaded) == before
    assert lines(final_result(loaded), 1)["strongbox-taken"] == 6
