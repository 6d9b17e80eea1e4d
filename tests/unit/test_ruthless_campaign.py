"""The campaign (the Earps against the Cowboys) and the posse editor."""

from __future__ import annotations

import json

import pytest

from tabletown.engine.rules import BadSetup
from tabletown.engine.session import Session, new_record
from tabletown.games.ruthless import campaign as CP
from tabletown.games.ruthless import content as C
from tabletown.games.ruthless import editor as E
from tabletown.games.ruthless import game
from tabletown.games.ruthless import models as M

from .test_ruthless_helpers import RULES, SPEC, illegal, play, types

OPTS = SPEC.normalize(2, {"scenario": "campaign"})


def act(data=None, seed=4):
    return RULES.setup(seed, 2, OPTS, {"campaign": data} if data is not None else None)


def ready_both(st):
    st, _ = play(st, 0, {"type": "ready"})
    st, _ = play(st, 1, {"type": "ready"})
    return st


def finish(st):
    """Play the act out with the simple bots (the tests look at what the campaign keeps)."""
    from tabletown.engine.bots import choose
    step = 0
    while RULES.active(st) and step < 4000:
        seat = RULES.active(st)[0]
        st, _ = RULES.apply(st, seat, choose(RULES, game.BOTS, "easy", st, seat, 3, step))
        step += 1
    assert st["phase"] == "over"
    return st


def test_the_first_act_is_fought_at_tombstone_after_the_shopping():
    st = act()
    assert st["phase"] == "shop" and RULES.active(st) == [0]
    st = ready_both(st)
    assert st["act"]["node"] == "tombstone" and st["table"] == "town"
    assert sorted(m["card"] for m in M.side_chars(st, 0)) == sorted(C.CAMPAIGN["sides"][0]["roster"])
    assert sorted(m["card"] for m in M.side_chars(st, 1)) == sorted(C.CAMPAIGN["sides"][1]["roster"])


_TOMBSTONE: dict = {}


def tombstone_over():
    """The first act, played out once for the whole file (a copy each time)."""
    if "st" not in _TOMBSTONE:
        _TOMBSTONE["st"] = finish(ready_both(act()))
    return json.loads(json.dumps(_TOMBSTONE["st"]))


def after_tombstone():
    return CP.after_act(None, tombstone_over())


def test_after_an_act_the_cowboys_ride_one_space_toward_the_border_in_secret():
    data = after_tombstone()
    st = ready_both(act(data))
    assert st["phase"] == "trail" and RULES.active(st) == [1]
    rides = RULES.legal(st, 1)
    assert {r["to"] for r in rides} == set(C.node("tombstone")["next"])
    assert all(C.node(r["to"])["layer"] == C.node("tombstone")["layer"] - 1 for r in rides)
    st, ev = play(st, 1, {"type": "ride", "to": "charleston"})
    assert RULES.view(st, 0)["trail"][1] == "?"  # the Earp player cannot see where they went
    assert RULES.view(st, 1)["trail"][1] == "charleston"
    assert "charleston" not in RULES.phrase(ev)
    guesses = {g["at"] for g in RULES.legal(st, 0)}
    assert guesses == set(C.node("tombstone")["next"])


def test_a_right_guess_starts_that_places_scenario():
    st = ready_both(act(after_tombstone()))
    st, _ = play(st, 1, {"type": "ride", "to": "soldier-holes"})
    st, ev = play(st, 0, {"type": "guess", "at": "soldier-holes"})
    assert "reveal" in types(ev) and st["act"]["node"] == "soldier-holes"
    assert st["table"] == C.node("soldier-holes")["table"] and st["phase"] == "initiative"


def test_a_wrong_guess_pays_the_cowboys_and_they_ride_on():
    data = after_tombstone()
    st = ready_both(act(data))
    dollars = st["act"]["dollars"][1]
    st, _ = play(st, 1, {"type": "ride", "to": "charleston"})
    st, ev = play(st, 0, {"type": "guess", "at": "iron-springs"})
    assert "reveal" not in types(ev)
    assert st["act"]["dollars"][1] == dollars + 1
    assert RULES.active(st) == [1]
    assert {r["to"] for r in RULES.legal(st, 1)} == set(C.node("charleston")["next"])
    st, _ = play(st, 1, {"type": "ride", "to": "hereford"})
    # they may now be anywhere one ride beyond the places not ruled out
    expect = set(C.node("charleston")["next"]) | set(C.node("soldier-holes")["next"])
    assert {g["at"] for g in RULES.legal(st, 0)} == expect


def test_a_wrong_guess_on_the_border_lets_the_cowboys_escape_and_ends_the_campaign():
    data = after_tombstone()
    data["at"] = "clanton-ranch"
    st = ready_both(act(data))
    st, _ = play(st, 1, {"type": "ride", "to": "palominas-ford"})
    assert RULES.legal(st, 0) == [{"type": "guess", "at": "palominas-ford"}]  # the only way on
    data["at"] = "hereford"
    st = ready_both(act(data))
    st, _ = play(st, 1, {"type": "ride", "to": "guadalupe-canyon"})
    st, ev = play(st, 0, {"type": "guess", "at": "palominas-ford"})
    assert st["phase"] == "over" and st["end"] == "escaped"
    after = CP.after_act(data, st)
    assert after["over"] and after["why"] == "escaped" and after["winner"] == 1


def test_the_tracker_lets_the_earps_guess_two_places():
    data = after_tombstone()
    data["dollars"] = [9, 0]
    st = act(data)
    st, _ = play(st, 0, {"type": "buy", "item": "tracker", "pick": None})
    st = ready_both(st)
    st, _ = play(st, 1, {"type": "ride", "to": "charleston"})
    st, _ = play(st, 0, {"type": "guess", "at": "iron-springs"})
    assert RULES.active(st) == [0]  # a second guess
    st, ev = play(st, 0, {"type": "guess", "at": "charleston"})
    assert st["act"]["node"] == "charleston"


def test_silver_dollars_buy_extra_characters_for_good():
    data = after_tombstone()
    data["dollars"] = [8, 8]
    st = act(data)
    hires = [a for a in RULES.legal(st, 0) if a["type"] == "buy" and a["item"] == "hire"]
    assert {a["pick"] for a in hires} == set(C.CAMPAIGN["sides"][0]["hires"]) - {e["card"] for e in data["rosters"][0]}
    st, _ = play(st, 0, {"type": "buy", "item": "hire", "pick": hires[0]["pick"]})
    assert st["act"]["dollars"][0] == 4
    assert hires[0]["pick"] in {e["card"] for e in st["act"]["rosters"][0]}
    st, _ = play(st, 0, {"type": "buy", "item": "hire", "pick": hires[1]["pick"]})
    assert not [a for a in RULES.legal(st, 0) if a["type"] == "buy" and a["item"] == "hire"]  # $0 left


def test_you_cannot_buy_what_you_cannot_afford():
    data = after_tombstone()
    data["dollars"] = [3, 0]
    st = act(data)
    items = {a["item"] for a in RULES.legal(st, 0) if a["type"] == "buy"}
    assert "hire" not in items and "tracker" in items  # $4 and $3
    assert illegal(st, 0, {"type": "buy", "item": "hire", "pick": "warren-earp"})


def test_killed_characters_are_gone_for_good_and_wounded_survivors_keep_one_wound():
    st = tombstone_over()
    data = CP.after_act(None, st)
    for m in M.chars(st):
        entry = next(e for e in data["rosters"][m["side"]] if e["card"] == m["card"])
        if m["status"] == M.DEAD:
            assert entry["dead"]
        else:
            hit = sum(m["wounds"].values()) > 0
            assert sum(entry["wounds"].values()) == (1 if hit else 0)
    alive_next = ready_both(act(data)) if not data["over"] else None
    if alive_next is not None and alive_next["phase"] == "trail":
        alive_next, _ = play(alive_next, 1, {"type": "ride", "to": RULES.legal(alive_next, 1)[0]["to"]})
        alive_next, _ = play(alive_next, 0, {"type": "guess", "at": alive_next["trail"][1]})
        cards = {m["card"] for m in M.chars(alive_next)}
        assert not cards & {e["card"] for r in data["rosters"] for e in r if e["dead"]}
        for m in M.chars(alive_next):
            entry = next(e for e in data["rosters"][m["side"]] if e["card"] == m["card"])
            assert m["wounds"] == entry["wounds"]  # the permanent wound is crossed off from the start


@pytest.mark.parametrize("start,end,boxes,expect", [
    ({"leg": 0, "arm": 0, "chest": 0, "severe": 0}, {"leg": 1, "arm": 0, "chest": 1, "severe": 0},
     {"leg": 3, "arm": 3, "chest": 2, "severe": 2}, {"leg": 0, "arm": 0, "chest": 1, "severe": 0}),
    ({"leg": 0, "arm": 0, "chest": 1, "severe": 0}, {"leg": 0, "arm": 0, "chest": 1, "severe": 1},
     {"leg": 3, "arm": 3, "chest": 2, "severe": 2}, {"leg": 0, "arm": 0, "chest": 1, "severe": 1}),
    ({"leg": 0, "arm": 0, "chest": 1, "severe": 1}, {"leg": 0, "arm": 0, "chest": 1, "severe": 1},
     {"leg": 3, "arm": 3, "chest": 2, "severe": 2}, {"leg": 0, "arm": 0, "chest": 1, "severe": 1}),
    ({"leg": 0, "arm": 0, "chest": 1, "severe": 0}, {"leg": 0, "arm": 0, "chest": 1, "severe": 1},
     {"leg": 3, "arm": 3, "chest": 2, "severe": 1}, {"leg": 0, "arm": 1, "chest": 1, "severe": 0}),
])
def test_a_permanent_wound_goes_where_he_was_worst_hit_never_on_a_last_box(start, end, boxes, expect):
    assert CP.permanent_wound(start, end, boxes) == expect


def test_the_campaign_ends_when_a_side_is_wiped_out():
    st = tombstone_over()
    for m in M.side_chars(st, 1):
        m["status"] = M.DEAD
    data = CP.after_act(None, st)
    assert data["over"] and data["why"] == "wiped-out" and data["winner"] == 0


def test_the_campaign_lives_in_the_record_and_survives_a_replay():
    rec = new_record(game, [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "bot", "level": "easy"}],
                     OPTS, 9, campaign={"campaign": after_tombstone()})
    session = Session(game, rec)
    session.apply(0, {"type": "ready"})
    session.apply(1, {"type": "ready"})
    session.apply(1, {"type": "ride", "to": "iron-springs"})
    again = Session(game, json.loads(json.dumps(session.record)))
    assert again.state == session.state


def test_campaign_update_keeps_the_posse_book_and_the_campaign_in_one_record():
    st = tombstone_over()
    book = {"posses": [{"members": []}], "campaign": None}
    data = RULES.campaign_update(book, ["Ann", "Bob"], st)
    assert data["posses"] == book["posses"] and data["campaign"]["act"] == 2


def test_a_finished_campaign_makes_way_for_a_new_one():
    data = after_tombstone()
    data["over"] = True
    st = act(data)
    assert st["act"]["number"] == 1


def test_a_damaged_campaign_is_refused_with_a_readable_message():
    with pytest.raises(BadSetup, match="damaged"):
        act({"v": 1, "act": "two"})
    bad = after_tombstone()
    bad["history"][0]["killed"] = ["<script>"]
    with pytest.raises(BadSetup, match="damaged"):
        act(bad)


# =============================================================================================
# The posse editor
# =============================================================================================
def editor_game():
    return RULES.setup(3, 2, SPEC.normalize(2, {"scenario": "gunfight", "posse1": "build", "posse2": "cowboys"}))


def test_the_editor_starts_with_a_blank_card():
    st = editor_game()
    assert st["phase"] == "build" and RULES.legal(st, 0) == [{"type": "add"}]
    st, _ = play(st, 0, {"type": "add"})
    cid = st["build"]["editing"]
    card = st["custom"][cid]
    assert card["toughness"] == 5 and card["weapons"] == ["revolver"] and card["traits"] == []


def test_toughness_three_to_eight_one_or_two_weapons_one_or_two_traits():
    st = editor_game()
    st, _ = play(st, 0, {"type": "add"})
    cid = st["build"]["editing"]
    values = sorted(a["value"] for a in RULES.legal(st, 0) if a["type"] == "toughness")
    assert values == [3, 4, 6, 7, 8]
    assert {"type": "weapon", "card": cid, "weapon": "revolver"} not in RULES.legal(st, 0)  # keep one weapon
    st, _ = play(st, 0, {"type": "weapon", "card": cid, "weapon": "shotgun"})
    assert not [a for a in RULES.legal(st, 0) if a["type"] == "weapon" and a["weapon"] == "bow"]  # two at most
    st, _ = play(st, 0, {"type": "trait", "card": cid, "trait": "lucky"})
    st, _ = play(st, 0, {"type": "trait", "card": cid, "trait": "drunk"})
    traits = [a["trait"] for a in RULES.legal(st, 0) if a["type"] == "trait"]
    assert sorted(traits) == ["drunk", "lucky"]  # only taking one off


def test_a_posse_is_two_to_six_characters_each_with_a_trait():
    st = editor_game()
    for _ in range(2):
        st, _ = play(st, 0, {"type": "add"})
        assert {"type": "ready"} not in RULES.legal(st, 0)
        st, _ = play(st, 0, {"type": "trait", "card": st["build"]["editing"], "trait": "gunfighter"})
    assert {"type": "ready"} in RULES.legal(st, 0)
    for _ in range(4):
        st, _ = play(st, 0, {"type": "add"})
    assert {"type": "add"} not in RULES.legal(st, 0)


def build_and_play():
    st = editor_game()
    for t in ("gunfighter", "lucky"):
        st, _ = play(st, 0, {"type": "add"})
        st, _ = play(st, 0, {"type": "trait", "card": st["build"]["editing"], "trait": t})
    st, _ = play(st, 0, {"type": "rename", "card": st["build"]["editing"]})
    st, _ = play(st, 0, {"type": "ready"})
    assert st["phase"] == "initiative"
    return st


def test_built_posses_deploy_and_are_saved_to_the_posse_book():
    st = build_and_play()
    assert len(M.side_chars(st, 0)) == 2
    st = finish(st)
    book = RULES.campaign_update({}, ["Ann", "Bob"], st)
    assert len(book["posses"]) == 1 and len(book["posses"][0]["members"]) == 2
    assert all(E.check_card(c) for c in book["posses"][0]["members"])
    # the next gunfight can pick it as "saved posse 1"
    again = RULES.setup(5, 2, SPEC.normalize(2, {"scenario": "gunfight", "posse1": "saved-1", "posse2": "earps"}), book)
    mine = M.side_chars(again, 0)
    assert [M.card(again, m)["traits"] for m in mine] == [["gunfighter"], ["lucky"]]


def test_a_missing_or_damaged_saved_posse_is_refused():
    with pytest.raises(BadSetup, match="no saved posse number 2"):
        RULES.setup(5, 2, SPEC.normalize(2, {"scenario": "gunfight", "posse1": "saved-2"}), {"posses": []})
    bad = {"posses": [{"members": [{"name": 0, "toughness": 12, "weapons": ["revolver"], "traits": ["lucky"],
                                    "boxes": dict(C.BLANK_BOXES), "mounted": False, "role": "posse"}] * 2}]}
    with pytest.raises(BadSetup, match="damaged"):
        RULES.setup(5, 2, SPEC.normalize(2, {"scenario": "gunfight", "posse1": "saved-1"}), bad)


def test_the_posse_book_keeps_the_latest_four():
    posse = {"members": [E.blank_card("x", 0) | {"traits": ["lucky"]}] * 2}
    for member in posse["members"]:
        member.pop("id", None)
    book = None
    for k in range(6):
        p = json.loads(json.dumps(posse))
        p["members"][0]["name"] = k
        book = E.add_to_book(book, [p])
    assert [p["members"][0]["name"] for p in book] == [2, 3, 4, 5]


def test_two_to_four_posses_for_a_free_gunfight_and_two_for_the_scenarios():
    with pytest.raises(BadSetup):
        RULES.setup(1, 3, SPEC.normalize(3, {"scenario": "dodge-city"}))
    st = RULES.setup(1, 4, SPEC.normalize(4, {"scenario": "gunfight"}))
    assert len({m["side"] for m in M.chars(st)}) == 4


def test_the_next_act_starts_from_the_snapshot_a_new_game_record_carries():
    names = ["Ann", "Bob"]
    stored = RULES.campaign_update({"posses": []}, names, tombstone_over())
    snap = RULES.campaign_snapshot(stored, OPTS)
    assert snap == {"campaign": stored["campaign"]}
    rec = new_record(game, [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}], OPTS, 5, campaign=snap)
    session = Session(game, json.loads(json.dumps(rec)))
    assert session.state["act"]["number"] == 2
    assert "tombstone" in [h["at"] for h in session.state["act"]["before"]["history"]]


def test_what_a_new_game_carries_from_the_campaign_record():
    stored = {"posses": [{"members": []}], "campaign": {"over": True}}
    assert RULES.campaign_snapshot(stored, OPTS) is None  # a finished campaign: a new one begins
    assert RULES.campaign_snapshot({}, OPTS) is None
    saved = SPEC.normalize(2, {"scenario": "gunfight", "posse1": "earps", "posse2": "saved-1"})
    assert RULES.campaign_snapshot(stored, saved) == {"posses": stored["posses"]}
    ready_made = SPEC.normalize(2, {"scenario": "gunfight", "posse1": "earps", "posse2": "cowboys"})
    assert RULES.campaign_snapshot(stored, ready_made) is None
    assert RULES.campaign_snapshot(stored, SPEC.normalize(2, {"scenario": "dodge-city"})) is None


def test_an_act_goes_on_from_the_campaign_it_started_from_not_from_a_later_record():
    # a first act played while the record already holds a later campaign (a game started
    # before the record moved on): its end is that first act's, not a mix of the two
    later = RULES.campaign_update({}, ["Ann", "Bob"], tombstone_over())
    data = RULES.campaign_update(later, ["Ann", "Bob"], tombstone_over())
    assert data["campaign"]["act"] == 2 and len(data["campaign"]["history"]) == 1
    assert data["campaign"] == later["campaign"]
