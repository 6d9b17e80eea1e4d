"""The balance page's measurement of one Townsfolk gift: the Townsfolk is put into the Mob asked
for, and the deal is otherwise untouched (every Townsfolk still in exactly one place)."""

from __future__ import annotations

import pytest

from tabletown.games.torches_and_pitchforks import content as C
from tabletown.games.torches_and_pitchforks.balance import _deal_into
from tabletown.games.torches_and_pitchforks.game import RULES as R


def _where(state, cid):
    for p, mob in enumerate(state["mobs"]):
        for i, t in enumerate(mob):
            if t["c"] == cid:
                return ("mob", p, i)
    return ("spare", state["spare"].index(cid))


def _all_folk(state):
    return sorted([t["c"] for mob in state["mobs"] for t in mob] + state["spare"])


@pytest.mark.parametrize("seed", range(6))
def test_the_measured_townsfolk_is_swapped_into_the_chosen_mob(seed):
    s = R.setup(seed, 2, {})
    lowry = C.ids_named("Lucky Lowry")[0]
    before = _where(s, lowry)
    displaced = s["mobs"][1][3]["c"]
    _deal_into(s, lowry, 1, 3)
    assert s["mobs"][1][3]["c"] == lowry
    assert _all_folk(s) == sorted(C.TOWNSFOLK_DECK)
    if before != ("mob", 1, 3):
        assert _where(s, displaced) == before  # the card that was there took its place

