"""Every Ruffian's action deck, resolved many times without error, at every level.

Fights are played with random legal choices (answers included) from random starting positions
until each card of the Ruffian's deck has been played at least twice. Whatever content exists is
played: a card added to a deck is covered without changing this test.
"""

from __future__ import annotations

import pytest

from tabletown.engine.prng import Rng, seed_state
from tabletown.games.townsfolk_tussle import content as C
from tabletown.games.townsfolk_tussle.rules import RULES
from tests.unit.test_townsfolk_support import Table

LEVELS = ("chump", "scrapper", "brute", "outlaw", "final-fight")



def play_fight(ruffian: str, level: str, seed: int, played: dict[str, int], steps: int = 400) -> None:
    rng = Rng(seed_state(seed))
    t = Table(("henlo", "melba", "quintus", "norman")[: 3 + seed % 2], seed=seed)
    t.to_fight(ruffian, level=level, final=level == "final-fight")
    for _ in range(steps):
        if t.state["fight"] is None or t.state["result"] is not None:
            return
        seat = RULES.active(t.state)[0]
        legal = RULES.legal(t.state, seat)
        # Prefer doing things over ending turns, so the fight moves along.
        if len(legal) > 1 and rng.below(3):
            legal = [a for a in legal if a.get("type") != "end"] or legal
        t.act(seat, legal[rng.below(len(legal))])
        for e in t.events:
            if e["t"] == "reveal" and e.get("zone") == "action-deck" and "card" in e:
                played[e["card"]] = played.get(e["card"], 0) + 1


@pytest.mark.parametrize("ruffian", C.RUFFIAN_IDS)
def test_every_card_of_the_deck_resolves(ruffian):
    played: dict[str, int] = {}
    seed = 1
    while seed < 60 and any(played.get(c, 0) < 2 for c in C.DECKS[ruffian]):
        play_fight(ruffian, LEVELS[seed % len(LEVELS)], seed, played)
        seed += 1
    missing = [c for c in C.DECKS[ruffian] if played.get(c, 0) < 2]
    assert not missing, f"{ruffian}: never played twice: {missing}"
