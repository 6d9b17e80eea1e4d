"""Unlocks and what a seat may know, from the rulebook's Final Fight pages and the game's setup.

- "Each townsfolk has an alternative set of starting gear which can be unlocked by completing special
  objectives during the Final Fight … a townsfolk can choose to start with their unlocked alternative
  gear instead of their normal starting gear" — only once it is unlocked.
- A finished game adds its ending (and, for a special objective, its unlocks) to the campaign; an
  unfinished one changes nothing.
- Cards a seat has not seen stay unknown to it: the Feats still to draw are the ones nobody has drawn,
  accomplished or discarded.
- Junk Dealer: "You sell gear to the Peddler for 2 more Coins (never more than its cost)."
"""

from __future__ import annotations

import pytest

from tabletown.games.townsfolk_tussle import SPEC, unlock_option
from tabletown.games.townsfolk_tussle import content as C
from tabletown.games.townsfolk_tussle.rules import RULES
from tests.unit.test_townsfolk_support import Table


def picks(unlocked: list[str]) -> list[dict]:
    state = RULES.setup(3, 3, SPEC.normalize(3, {}), {"unlocked": unlocked})
    return RULES.legal(state, 0)


@pytest.mark.parametrize("tid", sorted(C.ALTERNATIVE))
def test_alternative_starting_gear_only_once_its_ruffian_is_beaten_with_the_special_objective(tid):
    alt = {"type": "pick", "folk": tid, "alt": True}
    plain = {"type": "pick", "folk": tid, "alt": False}
    ruffian = C.GEAR[C.ALTERNATIVE[tid][0]]["unlocked_by"]
    assert plain in picks([]) and alt not in picks([])
    others = [r for r in C.RUFFIAN_IDS if r != ruffian]
    assert alt not in picks(others)
    assert alt in picks([ruffian]) and plain in picks([ruffian])


def finished(won: bool, special: bool) -> dict:
    kind = "special" if special else ("win" if won else "loss")
    return {"result": {"won": won, "ending": C.ending_for("umbrello", kind)["id"], "ruffian": "umbrello",
                       "unlocks": list(C.UNLOCKS["umbrello"]) if special else []}, "unlocked": []}


def test_a_finished_game_adds_its_ending_and_a_special_objective_its_unlock():
    before = {"unlocked": ["dozy"], "endings": ["e01"]}
    after = RULES.campaign_update(before, [], finished(True, True))
    assert after["unlocked"] == ["dozy", "umbrello"]
    assert after["endings"] == sorted({"e01", C.ending_for("umbrello", "special")["id"]})
    plain = RULES.campaign_update(before, [], finished(True, False))
    assert plain["unlocked"] == ["dozy"]
    assert before == {"unlocked": ["dozy"], "endings": ["e01"]}  # the old campaign is left as it was


def test_an_unfinished_game_changes_nothing_in_the_campaign():
    t = Table(("henlo", "melba", "quintus"))
    campaign = {"unlocked": ["dozy"], "endings": []}
    assert RULES.campaign_update(campaign, [], t.state) is campaign


def test_the_feats_a_seat_has_not_seen_are_those_nobody_has_drawn_or_shown():
    t = Table(("henlo", "melba", "quintus"))
    t.folk(1)["done"] = [t.folk(1)["feats"].pop()]
    t.state["feats_gone"] = [t.state["feat_deck"][0]]
    view = RULES.view(t.state, 0)
    unseen = set(RULES.unseen(view, "feats"))
    mine = set(t.folk(0)["feats"])
    shown = set(t.folk(1)["done"]) | set(t.state["feats_gone"])
    assert not unseen & (mine | shown)
    others_hands = set(t.folk(1)["feats"]) | set(t.folk(2)["feats"])
    assert others_hands <= unseen  # hidden from seat 0: they could be anything not seen
    assert unseen == set(C.FEAT_CARDS) - mine - shown


def test_junk_dealer_never_sells_for_more_than_the_cost():
    t = Table(("yancy", "melba", "quintus"))
    m = t.match()
    assert m.sale_value(0, "prospectors-pick") == 7 + 2  # 15 Coins: half is 7, and 2 more
    assert m.sale_value(1, "prospectors-pick") == 7
    assert m.sale_value(0, "town-deed") == 0  # worth nothing: sells for nothing, even to a junk dealer
    cheap = min((g for g in C.PEDDLER_CARDS if C.gear_of(g)["cost"] <= 3), key=lambda g: C.gear_of(g)["cost"])
    cost = C.gear_of(cheap)["cost"]
    assert m.sale_value(0, cheap) == min(cost, cost // 2 + 2)


# A campaign comes from this browser's storage or from a link someone sent: a damaged one (its
# unlocks not a list, unknown names, numbers) must not stop a new game or the campaign's update.
DAMAGED_UNLOCKS = [5, None, "umbrello", {"umbrello": True}, ["no-such-ruffian", 7, None]]


@pytest.mark.parametrize("unlocked", DAMAGED_UNLOCKS)
def test_a_damaged_campaign_earns_nothing_and_the_game_still_starts(unlocked):
    campaign = {"unlocked": unlocked, "endings": 5}
    options = RULES.campaign_options(campaign, ["Ann", "", ""], SPEC.normalize(3, {}))
    assert not any(v for k, v in options.items() if k.startswith("unlocked_"))
    state = RULES.setup(3, 3, options, campaign)
    assert state["unlocked"] == []
    state["result"] = {"won": False, "ending": C.ending_for("dozy", "loss")["id"], "ruffian": "dozy", "unlocks": []}
    assert RULES.campaign_update(campaign, [], state) == {
        "unlocked": [], "endings": [C.ending_for("dozy", "loss")["id"]]}


def test_known_unlocks_in_a_partly_damaged_campaign_still_count():
    campaign = {"unlocked": ["umbrello", "no-such-ruffian", 3], "endings": ["ending-02", 3]}
    assert RULES.setup(3, 3, SPEC.normalize(3, {}), campaign)["unlocked"] == ["umbrello"]
    options = RULES.campaign_options(campaign, ["Ann", "", ""], {})
    assert [k for k, v in options.items() if v] == [unlock_option("umbrello")]
    state = RULES.setup(3, 3, options, campaign)
    state["result"] = {"won": False, "ending": "ending-05", "ruffian": "dozy", "unlocks": []}
    assert RULES.campaign_update(campaign, [], state) == {"unlocked": ["umbrello"], "endings": ["ending-02", "ending-05"]}


def test_a_campaign_that_is_not_a_mapping_earns_nothing():
    for campaign in (None, [], "umbrello", 5):
        assert RULES.setup(3, 3, SPEC.normalize(3, {}), campaign)["unlocked"] == []
        assert RULES.campaign_options(campaign, ["Ann", "", ""], {}) == {}
