"""Dodge City Draw's starting places. From rules version 5 Al Updegraff (whose first wound
scores d6 to the Mastersons) starts in the hotel's doorway at the east end of Front Street and
Walt Skene in the Long Branch's, across the street from Bat Masterson; a game begun under an
older version keeps the places it began with."""

from tabletown.games.ruthless import content as C
from tabletown.games.ruthless import models as M

from .test_ruthless_helpers import RULES, SPEC


def places(version=None):
    opts = SPEC.normalize(2, {"scenario": "dodge-city"})
    st = RULES.setup(7, 2, opts) if version is None else RULES.setup(7, 2, opts, version=version)
    return {m["card"]: tuple(m["pos"]) for m in M.chars(st)}


def doorway_of(building):
    """The doorway on Front Street below a building of the Dodge City table."""
    pieces = C.TABLES.by_id["dodge-city"]["pieces"]
    x0, _, x1, y1 = next(p["rect"] for p in pieces if p.get("label") == building)
    return next(p["rect"] for p in pieces if p["kind"] == "doorway" and x0 <= p["rect"][0] and p["rect"][2] <= x1
                and p["rect"][1] == y1)


def stands_in(pos, rect):
    return rect[0] <= pos[0] <= rect[2] and rect[1] <= pos[1] <= rect[3]


def test_a_new_game_puts_updegraff_in_the_hotels_doorway_and_skene_in_the_long_branchs():
    new = places()
    assert stands_in(new["al-updegraff"], doorway_of("hotel"))
    assert stands_in(new["walt-skene"], doorway_of("long-branch"))


def test_a_game_begun_under_version_4_keeps_updegraff_across_the_street_from_bat():
    old = places(4)
    assert stands_in(old["al-updegraff"], doorway_of("long-branch"))
    assert stands_in(old["walt-skene"], doorway_of("hotel"))


def test_everyone_else_starts_where_they_always_did():
    new, old = places(), places(4)
    for card in ("bat-masterson", "charlie-ronan", "neal-brown", "al-peacock", "hank-briggs"):
        assert new[card] == old[card], card
