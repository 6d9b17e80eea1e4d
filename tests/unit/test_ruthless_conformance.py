"""Ruthless against the rules contract: seeded random playouts of every scenario, with the
kit's secret-scrambling and determinize checks, replay and rendering."""

import pytest

from tabletown.games.ruthless import game
from tests.conformance import check_playouts

CASES = [
    (2, {"scenario": "dodge-city"}),
    (2, {"scenario": "dodge-city", "small": True}),
    (2, {"scenario": "riding-shotgun"}),
    (2, {"scenario": "gunfight", "table": "wash"}),
    (3, {"scenario": "gunfight", "table": "ranch", "posse3": "bandits"}),
    (4, {"scenario": "gunfight", "table": "canyon", "small": True}),
    (2, {"scenario": "gunfight", "posse1": "build", "posse2": "coach"}),
    (2, {"scenario": "campaign"}),
]


@pytest.mark.parametrize("seats,options", CASES, ids=[f"{s}-{'-'.join(str(v) for v in o.values())}" for s, o in CASES])
def test_random_playouts_keep_every_promise(seats, options):
    outcomes = check_playouts(game, seats, options, games=2, max_steps=6000)
    assert all(o["kind"] == "ranked" for o in outcomes)
