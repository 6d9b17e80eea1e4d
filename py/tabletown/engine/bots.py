"""Bots that work for any game.

A bot is a function `bot(rules, view, seat, legal, rng) -> action`: it sees only its
seat's view and the legal actions (which the player would see too), never the state.
`rng` is a private stream, so a bot never disturbs the game's own PRNG.

- `random_bot`: a uniformly random legal action.
- `playout`: a game played on by one policy for every seat (benchmarks, look-ahead).
- `start` / `choose`: a bot level's decision for a seat, from that seat's view and a private
  seed (`start` lets a searching bot think in slices; `choose` waits for its answer).
- `bot_game`: a bot-only game played on to its end (simulations and balance pages).

A game's own bots live in its `bots.py`; a bot that searches samples the hidden cards from
its view with `rules.determinize` (the expert level: `search.py`).
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Union

from .prng import Rng, seed_state
from .rules import Action, BotFn, Rules, State, View


def random_bot(rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
    return legal[rng.below(len(legal))]


def playout(
    rules: Rules,
    state: State,
    policy: BotFn,
    rng: Rng,
    max_steps: int = 2000,
    stop: Optional[Callable[[State], bool]] = None,
    ask_forced: bool = True,
) -> State:
    """Play `state` on with `policy` for every seat until the game ends (or `stop`). Without
    `ask_forced`, a seat's only legal move is played without asking the policy (and without
    making its view: a search's imagined play skips that cost)."""
    for _ in range(max_steps):
        if stop is not None and stop(state):
            break
        seats = rules.active(state)
        if not seats:
            break
        seat = seats[0]
        legal = rules.legal(state, seat)
        if not ask_forced and len(legal) == 1:
            action = legal[0]
        else:
            action = policy(rules, rules.bot_view(state, seat), seat, legal, rng)
        state = next_state(rules, state, seat, action)
    return state


def next_state(rules: Rules, state: State, seat: int, action: Action) -> State:
    """The state after `action` (a bot's look-ahead needs no events)."""
    return rules.apply(state, seat, action)[0]


def bot_seed(seed: int, step: int, seat: int) -> list[int]:
    """A bot's private PRNG words for one decision, reproducible from the game record."""
    return seed_state((seed * 1_000_003 + step * 131 + seat * 7 + 0x5EED) & ((1 << 62) - 1))


class Decided:
    """A decision made at once (every level but a searching one): `think` has nothing to do."""

    def __init__(self, action: Action):
        self.action = action

    def think(self, deadline: Optional[float] = None, limit: Optional[float] = None) -> bool:
        return True

    def best(self) -> Action:
        return self.action


def start(rules: Rules, bots: dict[str, BotFn], level: str, state: State, seat: int, seed: int, step: int) -> Any:
    """The decision of the bot of `level` for `seat` in `state`, begun from its view alone:
    an object with `think(deadline, limit) -> finished` and `best()`. A searching bot (one with
    `start`, the expert) thinks in slices the page spreads over frames; any other has decided."""
    bot = bots.get(level) or bots[rules.spec.bots[0]]
    legal = rules.legal(state, seat)
    view = rules.bot_view(state, seat)
    rng = Rng(bot_seed(seed, step, seat))
    if hasattr(bot, "start"):
        return bot.start(rules, view, seat, legal, rng)
    return Decided(bot(rules, view, seat, legal, rng))


def choose(rules: Rules, bots: dict[str, BotFn], level: str, state: State, seat: int, seed: int, step: int) -> Action:
    """The move of the bot of `level` for `seat` in `state`, thought through to the end of its
    budget (only its view is passed on)."""
    decision = start(rules, bots, level, state, seat, seed, step)
    decision.think()
    return decision.best()



def bot_game(rules: Rules, bots: dict[str, BotFn], levels: Union[str, list[str]], state: State, seed: int,
             on_move: Optional[Callable[[int, Action, State, list[dict[str, Any]]], None]] = None) -> tuple[State, int]:
    """A game played on from `state` by bots until it ends: (the final state, the moves made).
    The first active seat acts, with the bot of its level (`levels[seat]`, or one level for
    every seat) seeded from `seed` and the step as `choose` does; `on_move(seat, action,
    state after, events)` sees each move (a balance page counting what happened)."""
    step = 0
    while True:
        active = rules.active(state)
        if not active:
            return state, step
        seat = active[0]
        level = levels if isinstance(levels, str) else levels[seat]
        action = choose(rules, bots, level, state, seat, seed, step)
        state, events = rules.apply(state, seat, action)
        if on_move is not None:
            on_move(seat, action, state, events)
        step += 1
