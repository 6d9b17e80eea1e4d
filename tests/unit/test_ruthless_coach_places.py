"""Riding Shotgun's road agents. From rules version 6 Curly Deane and Dutch Henry waited 3″
further west, beside the rocks north and south of the road rather than behind them, so that
the stretch of road straight across from them is in sight; from version 11 Dutch Henry waits
behind his rocks again, where versions 1 to 5 had him (Curly Deane stays beside his). The other
three wait where they always did, and a game begun under an older version keeps the places it
began with."""

from tabletown.games.ruthless import content as C
from tabletown.games.ruthless import ground as G
from tabletown.games.ruthless import models as M

from .test_ruthless_helpers import RULES, SPEC


def places(version=None):
    opts = SPEC.normalize(2, {"scenario": "riding-shotgun"})
    st = RULES.setup(3, 2, opts) if version is None else RULES.setup(3, 2, opts, version=version)
    return {m["card"]: tuple(m["pos"]) for m in M.side_chars(st, 1)}


def road_across_from(pos):
    """The middle of the road at the same distance from the west edge as `pos`."""
    path = next(p["path"] for p in C.TABLES.by_id["wagon-road"]["pieces"] if p["kind"] == "road")
    for (x0, y0), (x1, y1) in zip(path, path[1:]):
        if x0 <= pos[0] <= x1:
            return pos[0], round(y0 + (y1 - y0) * (pos[0] - x0) / (x1 - x0))
    raise AssertionError(pos)


def sees_the_road_across(pos):
    seen, _ = G.sight(G.ground("wagon-road"), pos, road_across_from(pos), 50)
    return seen


def test_curly_deane_sees_the_road_across_from_him_and_dutch_henry_waits_behind_his_rocks():
    now = places()
    assert sees_the_road_across(now["curly-deane"])
    assert not sees_the_road_across(now["dutch-henry"])


def test_under_versions_6_to_10_both_waited_3_inches_west_of_their_version_5_places():
    for version in (6, 10):
        moved, old = places(version), places(5)
        for card in ("curly-deane", "dutch-henry"):
            assert sees_the_road_across(moved[card]), (version, card)
            assert not sees_the_road_across(old[card]), card
            assert (old[card][0] - moved[card][0], old[card][1] - moved[card][1]) == (300, 0), (version, card)


def test_dutch_henry_is_back_in_his_version_5_place_and_curly_deane_stays_moved():
    now, version_10, version_5 = places(), places(10), places(5)
    assert now["dutch-henry"] == version_5["dutch-henry"]
    assert now["curly-deane"] == version_10["curly-deane"] != version_5["curly-deane"]


def test_the_other_road_agents_and_the_coach_start_where_they_always_did():
    new, old = places(), places(5)
    for card in ("black-jack-kettle", "little-hawk", "pike-moran"):
        assert new[card] == old[card], card
    opts = SPEC.normalize(2, {"scenario": "riding-shotgun"})
    coach_now = RULES.setup(3, 2, opts)["coach"]
    coach_then = RULES.setup(3, 2, opts, version=5)["coach"]
    assert coach_now == coach_then
