"""A Townsfolk Tussle game kept as JSON (in the browser's storage, or in a shared link) and loaded
again plays on exactly as it would have: the same townsfolk to act, the same moves offered, the same
view, and every move leads to the same game and the same story.
"""

from __future__ import annotations

import json

import pytest

from tabletown.engine.bots import choose
from tabletown.games.townsfolk_tussle import SPEC, game
from tabletown.games.townsfolk_tussle.rules import RULES


def loaded(value):
    """What a save holds once read back: JSON text parsed again."""
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("seats,options,seed,steps", [(3, {}, 5, 140), (2, {"trading": True}, 8, 90)])
def test_a_saved_game_plays_on_exactly_as_before(seats, options, seed, steps):
    state = RULES.setup(seed, seats, SPEC.normalize(seats, options))
    stages = set()
    for step in range(steps):
        again = loaded(state)
        active = RULES.active(state)
        assert RULES.active(again) == active
        if not active:
            break
        seat = active[0]
        stages.add(state["stage"]["kind"] if not state.get("pending") else "question")
        legal = RULES.legal(state, seat)
        assert RULES.legal(again, seat) == legal, (step, state["stage"])
        assert RULES.params(again, seat) == RULES.params(state, seat)
        assert loaded(RULES.view(again, seat)) == loaded(RULES.view(state, seat))
        action = choose(RULES, game.BOTS, "easy", state, seat, seed, step)
        new, events = RULES.apply(state, seat, action)
        new_again, events_again = RULES.apply(again, seat, loaded(action))
        assert loaded(new_again) == loaded(new), (step, action)
        assert loaded(events_again) == loaded(events)
        state = new
    assert {"pick", "reset", "shop", "position", "turn"} <= stages
