"""Ruthless: what a game keeps in the player's campaign record and the headline of its end.

The campaign record holds the posse book (posses built in the editor, newest four) and the
Earps-versus-Cowboys campaign under way. A campaign act goes on from the campaign it started
from; a gunfight with built posses adds them to the book; any other game leaves the record
as it was. A new game carries the campaign under way for the next act, or the posse book for
a gunfight with saved posses, and nothing otherwise. The headline of a finished game says
why it ended; for a campaign act, which act and where, and the campaign's points (or its
winner when it is over).
"""

from __future__ import annotations

import pytest

from tabletown.games.ruthless import campaign as CP
from tabletown.games.ruthless import models as M

from .test_ruthless_helpers import RULES, SPEC, arena, play, put

CAMPAIGN = SPEC.normalize(2, {"scenario": "campaign"})


def act_over(data, vp, node="tombstone", end="time", dead=()):
    st = RULES.setup(4, 2, CAMPAIGN, {"campaign": data})
    st, _ = play(st, 0, {"type": "ready"})
    st, _ = play(st, 1, {"type": "ready"})
    for m in M.chars(st):
        if m["card"] in dead:
            m["status"] = M.DEAD
    st["act"]["node"] = node
    st["phase"] = "over"
    st["end"] = end
    st["result"] = {"vp": list(vp), "lines": [[], []], "lost": [0, 0], "standing": [0, 0], "why": end}
    return st


def test_a_gunfight_with_ready_made_posses_leaves_the_record_as_it_was():
    st = arena()
    put(st, "wyatt-earp", 0, [600, 600])
    put(st, "ike-clanton", 1, [2400, 600])
    st["phase"] = "over"
    record = {"posses": [], "campaign": {"act": 3}}
    assert RULES.campaign_update(record, ["Ann", "Bob"], st) is record
    assert RULES.campaign_update(None, ["Ann", "Bob"], st) is None


def test_an_act_writes_the_campaign_and_keeps_the_posse_book():
    data = CP.new_campaign()
    st = act_over(data, [3, 1])
    book = [{"members": []}]
    out = RULES.campaign_update({"posses": book}, ["Ann", "Bob"], st)
    assert out["posses"] is book
    assert out["campaign"]["act"] == 2 and out["campaign"]["points"] == [3, 1]


def test_a_campaign_snapshot_only_for_a_campaign_game_or_saved_posses():
    running = CP.new_campaign()
    record = {"campaign": running, "posses": [{"members": []}]}
    assert RULES.campaign_snapshot(record, CAMPAIGN) == {"campaign": running}
    assert RULES.campaign_snapshot(None, CAMPAIGN) is None
    for seat in (1, 2, 3, 4):
        opts = {"scenario": "gunfight", f"posse{seat}": "saved-2"}
        assert RULES.campaign_snapshot(record, opts) == {"posses": record["posses"]}
    assert RULES.campaign_snapshot({}, {"scenario": "gunfight", "posse1": "saved-1"}) == {"posses": []}
    assert RULES.campaign_snapshot(record, {"scenario": "gunfight", "posse1": "build"}) is None
    assert RULES.campaign_snapshot(record, {"scenario": "riding-shotgun", "posse1": "saved-1"}) is None


def test_campaign_options_are_the_options_chosen():
    opts = {"scenario": "campaign"}
    assert RULES.campaign_options({}, ["Ann", "Bob"], opts) is opts


# --- the headline ------------------------------------------------------------------------------------
def test_a_gunfight_headline_says_why_it_ended():
    st = arena()
    put(st, "wyatt-earp", 0, [600, 600])
    put(st, "ike-clanton", 1, [2400, 600])
    st["phase"], st["end"], st["result"] = "over", "skedaddle", None
    st["fled"][1] = True
    assert RULES.outcome(st)["headline"] == "A posse skedaddled."


def test_an_ending_without_words_has_no_headline():
    st = arena()
    put(st, "wyatt-earp", 0, [600, 600])
    put(st, "ike-clanton", 1, [2400, 600])
    st["phase"], st["end"], st["result"] = "over", None, None
    assert "headline" not in RULES.outcome(st)


def test_an_act_headline_names_the_act_the_place_and_the_campaign_points():
    data = CP.new_campaign()
    data.update(act=2, points=[4, 1])
    st = act_over(data, [3, 2], node="charleston")
    assert RULES.outcome(st)["headline"] == "Act 2 at Charleston. Night falls on the fight. Campaign points: 7 to 3."


def test_the_last_act_headline_names_the_campaigns_winner():
    data = CP.new_campaign()
    data.update(act=4, at="galeyville", points=[10, 2])
    st = act_over(data, [1, 0], node="skeleton-canyon")
    head = RULES.outcome(st)["headline"]
    assert head.startswith("Act 4 at Skeleton Canyon. Night falls on the fight. The campaign is over: ")
    assert head.endswith("wins it, 11 to 7.")
    assert "{seat0}" in head


@pytest.mark.parametrize("earps,cowboys,winner", [(9, 2, 0), (3, 0, 1)])
def test_the_campaigns_winner_in_the_headline_is_the_side_with_more_points(earps, cowboys, winner):
    data = CP.new_campaign()
    data.update(act=4, at="galeyville", points=[earps, cowboys])
    st = act_over(data, [0, 0], node="palominas-ford")
    assert "{seat%d} wins it" % winner in RULES.outcome(st)["headline"]


def test_an_act_outcome_ranks_by_the_acts_points():
    data = CP.new_campaign()
    st = act_over(data, [1, 4])
    out = RULES.outcome(st)
    assert out["scores"] == [1, 4] and out["winners"] == [1]


def test_the_scenarios_never_carry_the_posse_book_even_with_a_saved_posse_named():
    record = {"posses": [{"members": []}]}
    for scenario in ("dodge-city", "riding-shotgun"):
        assert RULES.campaign_snapshot(record, {"scenario": scenario, "posse2": "saved-1"}) is None
