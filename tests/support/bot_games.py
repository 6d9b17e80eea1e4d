"""Tables reached by play: easy bots play a game on from its setup until a test's condition holds."""

from __future__ import annotations

from tabletown.engine.bots import choose, next_state


def easy_play_until(rules, bots, state, seed: int, stop):
    """Easy bots play `state` on until `stop` accepts a state (the finished game if none does)."""
    step = 0
    while rules.active(state) and not stop(state):
        seat = rules.active(state)[0]
        state = next_state(rules, state, seat, choose(rules, bots, "easy", state, seat, seed, step))
        step += 1
    return state
