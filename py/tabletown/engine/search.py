"""The expert bot level: a search from the seat's own view (determinized Monte Carlo).

An expert never reads the true state. It starts from the move its game's hard bot would make
and asks whether another move does better. Each trial it imagines a whole table that fits what
it can see (`rules.determinize`: the cards it cannot see dealt at random from those unseen),
plays one of its candidate moves there, lets every seat play on for a few moves with a cheaper
policy (each seat from its own view of that imagined table), and scores the table it reaches
from its own seat (`Expert.evaluate`). UCB1 spends the trials on the candidates that look
best. In the end it keeps the hard bot's move unless another has clearly done better: more
trials than a share of the budget and a mean higher by `Expert.margin`. So the expert plays
as the hard bot does wherever the search has nothing to say.

The search is anytime and runs in slices (`Search.think` up to a deadline), so the page can
spread one decision over several frames and stop it when its time is up; bot-only games
(simulate, the balance pages, tests) give it a number of trials instead of a clock, so every
game stays reproducible from its seed.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Callable, Optional

from .prng import Rng
from .rules import Action, BotFn, Rules, State, View

Evaluate = Callable[[Rules, State, int], float]


def standing(rules: Rules, state: State, seat: int) -> float:
    """How well `seat` stands, from 0 (lost) to 1 (won): the outcome once the game is over
    (a shared win counts its share), else its public score against the best other seat's
    (`rules.tally`), squashed into (0, 1). A game with no tally scores 0.5 until it ends."""
    outcome = rules.outcome(state)
    if outcome is not None:
        winners = outcome.get("winners") or []
        return 1.0 / len(winners) if seat in winners else 0.0
    tally = rules.tally(state)
    if not tally or len(tally) < 2:
        return 0.5
    best_other = max(v for s, v in enumerate(tally) if s != seat)
    return 0.5 + 0.5 * math.tanh((tally[seat] - best_other) / 8.0)


@dataclass(frozen=True)
class Expert:
    """A game's expert: its hard bot (the move to beat), the policy of the imagined play on,
    how far that play goes, how a table is scored, and the budget of one decision."""

    hard: BotFn
    policy: BotFn
    horizon: int = 16  # moves played on after the candidate, before the table is scored
    evaluate: Evaluate = standing
    trials: int = 48  # trials of one decision (bot-only games; the page also has a clock)
    candidates: int = 8  # moves weighed: the hard bot's and a seeded sample of the others
    margin: float = 0.05  # how much better a move's mean must be to replace the hard bot's
    explore: float = 0.7  # UCB1's exploration constant
    seconds: float = 0.25  # the page's clock for one decision (p95 budget: 0.3 s on a phone)

    def __call__(self, rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
        """A whole decision at once: every trial of the budget (reproducible from the seed)."""
        search = self.start(rules, view, seat, legal, rng)
        search.think()
        return search.best()

    def start(self, rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> "Search":
        return Search(self, rules, view, seat, legal, rng)


class Search:
    """One decision being searched: `think(deadline)` runs trials, `best()` is the answer so far."""

    def __init__(self, expert: Expert, rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng):
        self.expert, self.rules, self.view, self.seat, self.rng = expert, rules, view, seat, rng
        self.seconds = expert.seconds  # the page's clock for this decision
        first = expert.hard(rules, view, seat, legal, rng) if legal else None
        others = [a for a in legal if a != first]
        for k in range(min(len(others), expert.candidates - 1)):  # a seeded sample of the rest
            j = k + rng.below(len(others) - k)
            others[k], others[j] = others[j], others[k]
        others = others[: max(0, expert.candidates - 1)]
        self.moves: list[Action] = ([first] if legal else []) + others
        self.visits = [0] * len(self.moves)
        self.values = [0.0] * len(self.moves)
        self.trials = 0

    def done(self) -> bool:
        return len(self.moves) < 2 or self.trials >= self.expert.trials

    def think(self, deadline: Optional[float] = None) -> bool:
        """Run trials until the budget is spent or `time.perf_counter()` passes `deadline`;
        True when the search is finished."""
        while not self.done():
            self.trial()
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return self.done()

    def pick(self) -> int:
        """The candidate to try next: each once (the hard bot's first), then by UCB1."""
        for i, n in enumerate(self.visits):
            if n == 0:
                return i
        log_total = math.log(self.trials)
        scores = [self.values[i] / n + self.expert.explore * math.sqrt(log_total / n) for i, n in enumerate(self.visits)]
        return max(range(len(scores)), key=scores.__getitem__)

    def trial(self) -> None:
        rules, seat = self.rules, self.seat
        i = self.pick()
        state = rules.determinize(self.view, seat, self.rng)
        state = rules.apply(state, seat, self.moves[i])[0]
        for _ in range(self.expert.horizon):
            active = rules.active(state)
            if not active:
                break
            mover = active[0]
            legal = rules.legal(state, mover)
            action = legal[0] if len(legal) == 1 else self.expert.policy(rules, rules.view(state, mover), mover, legal, self.rng)
            state = rules.apply(state, mover, action)[0]
        self.visits[i] += 1
        self.values[i] += self.expert.evaluate(rules, state, seat)
        self.trials += 1

    def best(self) -> Action:
        """The hard bot's move, unless another candidate was tried often enough and scored
        clearly higher on average."""
        if len(self.moves) < 2 or not self.visits[0]:
            return self.moves[0]
        floor = max(2, self.trials // (2 * len(self.moves)))
        base = self.values[0] / self.visits[0]
        best, best_mean = 0, base + self.expert.margin
        for i in range(1, len(self.moves)):
            n = self.visits[i]
            if n >= floor and self.values[i] / n > best_mean:
                best, best_mean = i, self.values[i] / n
        return self.moves[best]
