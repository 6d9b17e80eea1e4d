"""The expert bot level: a search from the seat's own view (determinized Monte Carlo).

An expert never reads the true state. It starts from the move its game's hard bot would make and
asks whether another move does better. Each round it imagines a whole table that fits what it can
see (`rules.determinize`: the cards it cannot see dealt at random from those unseen), or in the
game's own way (`Expert.imagine`), and in that same table tries each of its candidate moves in
turn: after each, every seat plays on for a few moves with a cheaper policy (each seat from its own
view of the imagined table, with the same private draws for every candidate), or in the game's own
quicker way (`Expert.playout`), and the table reached is scored from its own seat
(`Expert.evaluate`). Every candidate meets the same imagined futures, so a handful of rounds
already compares them fairly. In the end it keeps the hard bot's move unless another did clearly
better in the same tables: its mean lead over the hard bot's move, less `Expert.confidence`
standard errors of that lead, is above `Expert.margin` (a one-sided test on paired playouts, after
at least `min_rounds` tables). The other moves tried are a seeded sample of the legal ones, or
the first of a game's own order of them (`Expert.shortlist`: say, the claims its hard bot rates
next best). A few noisy playouts never overrule the hard bot: the expert plays as the hard bot
does wherever the search has nothing clear to say.

Where a game can do better than sample, it solves the decision outright (`Expert.solver`: say, a
secret pick made by two players at once when all else is known, as a matrix game with
`matrix_game`): the solver works a step at a time like the search, and until it has its answer the
hard bot's move stands.

The search is anytime and runs in slices (`Search.think` up to a deadline), so the page can
spread one decision over several frames and stop it when its time is up; bot-only games
(simulate, the balance pages, tests) give it a number of playouts instead of a clock, so every
game stays reproducible from its seed.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Callable, Iterator, Optional

from .bots import playout
from .prng import Rng
from .rules import Action, BotFn, Rules, State, View

Evaluate = Callable[[Rules, State, int], float]
Imagine = Callable[[Rules, View, int, Rng], State]
# A game's own answer to a decision, worked out a step at a time: an iterator that yields None
# after each step and its move last; or None where the game leaves the decision to the search.
Solver = Callable[[Rules, View, int, list[Action], Rng], Optional[Iterator[Optional[Action]]]]
# The moves other than the hard bot's in a game's own order, best first (at least the number
# asked for, where there are so many), or None where the game has no order for this decision.
Shortlist = Callable[[Rules, View, int, list[Action], int], Optional[list[Action]]]


LEAD_SCALE = 8.0  # points ahead of the best other seat that `standing` judges about 0.88


def determinized(rules: Rules, view: View, seat: int, rng: Rng) -> State:
    """A whole table that fits what `seat` can see: the cards it cannot see dealt at random."""
    return rules.determinize(view, seat, rng)


def standing(rules: Rules, state: State, seat: int) -> float:
    """How well `seat` stands, from 0 (lost) to 1 (won): the outcome once the game is over
    (a shared win counts its share), else its public score against the best other seat's
    (`rules.tally`), squashed into (0, 1); alone at the table, its score squashed. A game with
    no tally scores 0.5 until it ends."""
    outcome = rules.outcome(state)
    if outcome is not None:
        winners = outcome.get("winners") or []
        return 1.0 / len(winners) if seat in winners else 0.0
    tally = rules.tally(state)
    if not tally:
        return 0.5
    if len(tally) == 1:  # a solo game: the higher the score, the better (a chart line to reach)
        return 1.0 - 1.0 / (1.0 + max(0, tally[seat]) / 10.0)
    return lead(tally, seat, LEAD_SCALE)


def lead(scores: list, seat: int, scale: float) -> float:
    """`seat`'s score against the best other seat's, squashed into (0, 1): 0.5 when level, and
    `scale` points ahead is about 0.88."""
    best_other = max(v for s, v in enumerate(scores) if s != seat)
    return squash(scores[seat] - best_other, scale)


def squash(value: float, scale: float) -> float:
    """A game's judgement of a table, squashed into (0, 1): 0.5 at 0, about 0.88 at `scale`."""
    return 0.5 + 0.5 * math.tanh(value / scale)


Playout = Callable[[Rules, State, Rng], State]


def play_until(policy: BotFn, mark: Callable[[State], object], most_moves: int) -> Playout:
    """A playout for `Expert.playout`: every seat plays `policy` from its own view of the imagined
    table until `mark` of the table changes (say, whose turn it is: the turn the candidate was
    made in is finished, a natural place to judge a table) or the game ends, within `most_moves`."""

    def play(rules: Rules, state: State, rng: Rng) -> State:
        start = mark(state)
        return playout(rules, state, policy, rng, max_steps=most_moves, stop=lambda now: mark(now) != start,
                       ask_forced=False)

    return play


@dataclass(frozen=True)
class Expert:
    """A game's expert: its hard bot (the move to beat), the policy of the imagined play on,
    how far that play goes, how a table is scored, and the budget of one decision."""

    hard: BotFn
    policy: BotFn
    # Moves played on after the candidate before the table is scored: short enough that one
    # playout stays well under a tenth of `seconds` on a phone (a slice ends within one playout).
    horizon: int = 16
    evaluate: Evaluate = standing
    trials: int = 48  # playouts of one decision (bot-only games; the page also has a clock)
    candidates: int = 4  # moves weighed: the hard bot's and a sample of the others (or its shortlist's first)
    margin: float = 0.02  # the lead over the hard bot's move a candidate must clearly have
    confidence: float = 1.65  # standard errors of its lead it must clear (one-sided, about 95 %)
    min_rounds: int = 3  # imagined tables needed before the search may overrule the hard bot
    seconds: float = 0.22  # the page's clock for one decision (p95 budget: 0.3 s on a phone)
    # The game's own way to play an imagined table on after the candidate (in place, to a natural
    # stop such as the end of the round), where it has a quicker one than `horizon` moves of
    # `policy` with a view at every move.
    playout: Optional[Playout] = None
    # The decisions a search can tell apart within its horizon (by default every one); elsewhere
    # the expert plays its hard bot's move at once.
    searches: Optional[Callable[[View], bool]] = None
    # How a table is imagined from the seat's view: the rules' `determinize`, or a game's own way
    # where that alone would mislead the search (it too reads nothing but the view).
    imagine: Imagine = determinized
    # The decisions the game answers itself rather than by sampling (see `Solver`); elsewhere it
    # returns None and the search decides.
    solver: Optional[Solver] = None
    # The game's own order of the moves other than the hard bot's, most promising first, where it
    # has one (None where it has not): the candidates are then its first ones, not a sample.
    shortlist: Optional[Shortlist] = None

    def __call__(self, rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
        """A whole decision at once: every trial of the budget (reproducible from the seed)."""
        search = self.start(rules, view, seat, legal, rng)
        search.think()
        return search.best()

    def start(self, rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> "Search":
        return Search(self, rules, view, seat, legal, rng)


class Search:
    """One decision being searched: `think(deadline)` plays rounds, `best()` is the answer so far."""

    def __init__(self, expert: Expert, rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng):
        self.expert, self.rules, self.view, self.seat, self.rng = expert, rules, view, seat, rng
        self.seconds = expert.seconds  # the page's clock for this decision
        first = expert.hard(rules, view, seat, legal, rng) if legal else None
        others = [a for a in legal if a != first]
        wanted = max(0, expert.candidates - 1)
        ranked = expert.shortlist(rules, view, seat, others, wanted) if expert.shortlist is not None and others else None
        if ranked is not None:
            others = ranked
        else:
            for k in range(min(len(others), wanted)):  # a seeded sample of the rest
                j = k + rng.below(len(others) - k)
                others[k], others[j] = others[j], others[k]
        self.moves: list[Action] = ([first] if legal else []) + others[:wanted]
        steps = expert.solver(rules, view, seat, legal, rng) if expert.solver is not None and len(legal) > 1 else None
        self.solving = steps is not None  # the game solves this decision itself
        self.answer: Optional[Action] = None  # the solver's move, once it has one
        if self.solving or not rules.imaginable(view) or (expert.searches is not None and not expert.searches(view)):
            self.moves = self.moves[:1]  # solved, no table to imagine, or none worth it: no search
        self.leads = [0.0] * len(self.moves)  # summed (its score - the hard bot's move's score), table by table
        self.squares = [0.0] * len(self.moves)  # summed squares of those leads
        self.rounds = 0  # imagined tables, each tried with every candidate (only whole rounds count)
        self.trials = 0  # playouts made in those rounds
        self.work = self.solved(steps) if steps is not None else self.playouts()
        self.longest = 0.0  # the longest playout so far, in seconds (no playout is begun past the limit)
        self.stopped = False  # the decision's time ran out before its budget

    @property
    def weighing(self) -> bool:
        """More than one move to weigh: a search, not the hard bot's move played as it is."""
        return len(self.moves) > 1

    def done(self) -> bool:
        if self.solving:
            return self.answer is not None
        return not self.weighing or self.trials + len(self.moves) > self.expert.trials

    def think(self, deadline: Optional[float] = None, limit: Optional[float] = None) -> bool:
        """Play on until the budget is spent or `time.perf_counter()` passes `deadline` (checked
        after every playout, so a slice ends within one playout of its deadline, even midway
        through a round). With `limit`, the end of the whole decision's time, no playout is
        begun that the longest so far says would not end before it. True when the search is
        finished (its budget spent, or no time left for another playout)."""
        while not self.done():
            started = time.perf_counter()
            if limit is not None and started + self.longest > limit:
                self.stopped = True
                break
            next(self.work)
            ended = time.perf_counter()
            self.longest = max(self.longest, ended - started)
            if deadline is not None and ended >= deadline:
                break
        return self.done() or self.stopped

    def playouts(self) -> Iterator[None]:
        """Round after round: one imagined table, every candidate played in it with the same
        private draws; a round counts once all its playouts are made."""
        while True:
            world = self.expert.imagine(self.rules, self.view, self.seat, self.rng)
            words = [self.rng.next_u32() | 1, self.rng.next_u32(), self.rng.next_u32(), self.rng.next_u32()]
            scores = []
            for move in self.moves:
                scores.append(self.playout(world, move, Rng(list(words))))
                if len(scores) == len(self.moves):
                    for i, score in enumerate(scores):
                        ahead = score - scores[0]
                        self.leads[i] += ahead
                        self.squares[i] += ahead * ahead
                    self.rounds += 1
                    self.trials += len(self.moves)
                yield

    def solved(self, steps: Iterator[Optional[Action]]) -> Iterator[None]:
        """The game's solver, a step at a time, until it names its move."""
        for step in steps:
            if step is not None:
                self.answer = step
                break
            yield
        else:
            self.answer = self.moves[0]  # a solver that ends with no answer leaves the hard bot's move
        yield

    def playout(self, world: State, move: Action, rng: Rng) -> float:
        rules, seat, expert = self.rules, self.seat, self.expert
        state = rules.apply(world, seat, move)[0]  # apply never changes its input: the world is reused
        if expert.playout is not None:
            state = expert.playout(rules, state, rng)
        else:
            state = playout(rules, state, expert.policy, rng, max_steps=expert.horizon, ask_forced=False)
        return expert.evaluate(rules, state, seat)

    def best(self) -> Action:
        """The hard bot's move, unless another candidate led it clearly over the same imagined
        tables (at least `min_rounds` of them): the candidate whose lead, less `confidence`
        standard errors, is highest and above the margin."""
        if self.solving:
            return self.answer if self.answer is not None else self.moves[0]  # unsolved: the hard bot's move
        n = self.rounds
        if not self.weighing or n < self.expert.min_rounds:
            return self.moves[0]  # too few imagined tables to overrule the hard bot
        best, best_bound = 0, self.expert.margin
        for i in range(1, len(self.moves)):
            mean = self.leads[i] / n
            spread = max(0.0, self.squares[i] / n - mean * mean) * n / (n - 1)
            bound = mean - self.expert.confidence * math.sqrt(spread / n)
            if bound > best_bound:
                best, best_bound = i, bound
        return self.moves[best]
