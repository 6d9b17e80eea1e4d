"""Bots that work for any game.

A bot is a function `bot(rules, view, seat, legal, rng) -> action`: it sees only its
seat's view and the legal actions (which the player would see too), never the state.
`rng` is a private stream, so a bot never disturbs the game's own PRNG.

- `random_bot`: a uniformly random legal action.
- `make_greedy_bot(score)`: the action with the best one-step score.
- `make_search_bot(...)`: perfect-information Monte Carlo. It samples full states
  consistent with its view (`rules.determinize`), tries each candidate action in each
  sample, plays the rest out with a fast policy and keeps the best average.
"""

from __future__ import annotations

from typing import Callable, Optional

from .prng import Rng, seed_state
from .rules import Action, BotFn, Rules, State, View


def random_bot(rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
    return legal[rng.below(len(legal))]


def make_greedy_bot(score: Callable[[View, int, Action], float]) -> BotFn:
    """Pick the legal action with the highest `score(view, seat, action)`; ties at random."""

    def greedy(rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
        best: list[Action] = []
        best_score = float("-inf")
        for action in legal:
            s = score(view, seat, action)
            if s > best_score:
                best, best_score = [action], s
            elif s == best_score:
                best.append(action)
        return best[rng.below(len(best))]

    return greedy


def playout(
    rules: Rules,
    state: State,
    policy: BotFn,
    rng: Rng,
    max_steps: int = 2000,
    stop: Optional[Callable[[State], bool]] = None,
) -> State:
    """Play `state` on with `policy` for every seat until the game ends (or `stop`)."""
    for _ in range(max_steps):
        if stop is not None and stop(state):
            break
        seats = rules.active(state)
        if not seats:
            break
        seat = seats[0]
        legal = rules.legal(state, seat)
        action = policy(rules, rules.view(state, seat), seat, legal, rng)
        state = next_state(rules, state, seat, action)
    return state


def next_state(rules: Rules, state: State, seat: int, action: Action) -> State:
    """The state after `action` (a bot's look-ahead needs no events)."""
    return rules.apply(state, seat, action)[0]


def make_search_bot(
    policy: BotFn,
    samples: int = 12,
    evaluate: Optional[Callable[[Rules, State, int], float]] = None,
    stop: Optional[Callable[[State, State], bool]] = None,
    max_candidates: int = 12,
    prefilter: Optional[Callable[[View, int, list[Action]], list[Action]]] = None,
) -> BotFn:
    """Perfect-information Monte Carlo over sampled hidden information.

    `evaluate(rules, state, seat)` scores the end of a playout (default: the rules'
    heuristic). `stop(start, state)` may end playouts early (e.g. at the end of a
    round). Every candidate sees the same sampled worlds, so the comparison is fair.
    """
    score = evaluate or (lambda rules, state, seat: rules.heuristic(state, seat))

    def search(rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        candidates = prefilter(view, seat, legal) if prefilter else legal
        candidates = candidates[:max_candidates] if len(candidates) > max_candidates else candidates
        totals = [0.0] * len(candidates)
        for _ in range(samples):
            world = rules.determinize(view, seat, Rng(_fork_words(rng)))
            playout_seed = _fork_words(rng)
            for i, action in enumerate(candidates):
                try:
                    after = next_state(rules, world, seat, action)
                except Exception:  # noqa: BLE001 - an action impossible in this sampled world
                    totals[i] -= 1e6
                    continue
                halt: Optional[Callable[[State], bool]] = None
                if stop is not None:
                    start = world
                    halt = lambda st, start=start: stop(start, st)  # noqa: E731
                end = playout(rules, after, policy, Rng(list(playout_seed)), stop=halt)
                totals[i] += score(rules, end, seat)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    return search


def _fork_words(rng: Rng) -> list[int]:
    """Fresh PRNG words drawn from `rng` (never all zero), for an independent stream."""
    return [rng.next_u32() | 1, rng.next_u32(), rng.next_u32(), rng.next_u32()]


def bot_seed(seed: int, step: int, seat: int) -> list[int]:
    """A bot's private PRNG words for one decision, reproducible from the game record."""
    return seed_state((seed * 1_000_003 + step * 131 + seat * 7 + 0x5EED) & ((1 << 62) - 1))


def choose(rules: Rules, bots: dict[str, BotFn], level: str, state: State, seat: int, seed: int, step: int) -> Action:
    """Ask the bot of `level` for `seat`'s move in `state` (only its view is passed on)."""
    bot = bots.get(level) or bots[rules.spec.bots[0]]
    legal = rules.legal(state, seat)
    view = rules.view(state, seat)
    return bot(rules, view, seat, legal, Rng(bot_seed(seed, step, seat)))


