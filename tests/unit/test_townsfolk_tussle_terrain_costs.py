"""What terrain costs to enter, and what makes it cheaper, from the cards' words.

- Dense Woods: "It costs 2 MVMT to enter any Dense Woods square. Does not affect Ruffians."
- The Murky Moat slows townsfolk and Ruffians alike (2 MVMT a square).
- Marsh Waders: "Features cost you only 1 MVMT to enter."
- Norman's Gills: "Murky Moat squares cost you only 1 MVMT to enter."
- Pepin's Hop (Chump): "Terrain costs Pepin only 1 MVMT to enter."
"""

from __future__ import annotations

from tabletown.games.townsfolk_tussle.match import Match
from tests.unit.test_townsfolk_support import Table


def piece(t: str, cells, kind: str = "feature") -> dict:
    return {"t": t, "piece": "main", "cells": [list(c) for c in cells], "door": None, "type": kind, "gone": False,
            "exh": False, "ff": None}


def field(folk=("quintus", "norman", "melba"), ruffian="qing-kween", level=None) -> Table:
    """A fight with a band of Dense Woods down column 3 and a Murky Moat down column 7 (rows 3-8)."""
    t = Table(folk)
    t.fight(ruffian, level=level)
    t.f["terrain"] = [piece("dense-woods", [(3, r) for r in range(3, 9)]),
                      piece("murky-moat", [(7, r) for r in range(3, 9)])]
    t.f["pos"], t.f["face"] = [9, 0], "s"
    t.put(0, [1, 5])
    t.put(1, [5, 5])
    t.put(2, [0, 11])
    Match(t.state, []).terrain_changed()
    return t


def reach(t: Table, seat: int) -> dict:
    m = Match(t.state, [])
    m.terrain_changed()
    return m.move_targets(seat)


def test_dense_woods_and_the_moat_cost_a_townsfolk_two_mvmt_a_square():
    t = field()
    r = reach(t, 0)  # Quintus: 4 MVMT, two squares left of the woods
    assert r[(2, 5)] == 1 and r[(3, 5)] == 3 and r[(4, 5)] == 4


def test_marsh_waders_make_every_feature_cost_one():
    t = field()
    t.give(0, "marsh-waders", "leg")  # also +1 MVMT
    r = reach(t, 0)
    assert r[(3, 5)] == 2 and r[(4, 5)] == 3


def test_norman_wades_the_moat_at_one_mvmt_but_not_the_woods():
    t = field()
    t.f["turn"]["who"] = 1  # Norman's turn
    r = reach(t, 1)  # Norman: 4 MVMT, at (5, 5) between the woods and the moat
    assert r[(7, 5)] == 2 and r[(8, 5)] == 3  # the moat at 1 a square
    assert r[(3, 5)] == 3 and r[(2, 5)] == 4  # the woods still 2
    t.f["turn"]["who"] = 0
    t.put(0, [9, 5])
    assert reach(t, 0)[(7, 5)] == 3  # Quintus pays 2 for the moat


def test_the_moat_slows_the_ruffian_and_the_woods_do_not():
    t = field()
    m = Match(t.state, [])
    m.terrain_changed()
    cost = m.ruffian_cost_fn()
    assert cost is not None
    assert cost((7, 4)) == 2 and cost((3, 4)) == 1 and cost((0, 0)) == 1
    t.f["terrain"] = [piece("dense-woods", [(3, r) for r in range(3, 9)])]
    m = Match(t.state, [])
    m.terrain_changed()
    assert m.ruffian_cost_fn() is None  # nothing on the board slows it


def test_pepin_hops_over_terrain_at_one_mvmt():
    t = field(ruffian="pepin", level="chump")
    m = Match(t.state, [])
    m.terrain_changed()
    cost = m.ruffian_cost_fn()
    assert cost((7, 4)) == 1 and cost((3, 4)) == 1
    t2 = field(ruffian="pepin", level="scrapper")
    m2 = Match(t2.state, [])
    m2.terrain_changed()
    assert m2.ruffian_cost_fn()((7, 4)) == 2  # only his Chump ability hops
