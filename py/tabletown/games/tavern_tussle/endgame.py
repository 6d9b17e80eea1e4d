"""The expert's end of a round in a two-player game, solved as matrix games.

Once the first hands of a round have been passed, each of two players knows the other's hand:
it is the one they passed (`determinize` deals it so). What is left secret is the pick itself
(which Hero to activate and which to discard), made by both at once. So the round's last two
story phases are simultaneous-move games with everything else in the open: for every pair of
picks (its own and the other player's) the expert plays the reveal on (the Heroes' choices by
the greedy policy), solves the next story phase's pick the same way, and judges the table at
the round's end by its chance of winning (`expert_standing`, judgement.py). The matrix of those
outcomes says which mix of picks to play (`matrix_game`); a player who always picks the same way
can be read.

A pick is two clicks. The activation is drawn from the mix; the discard, asked next, is the one
that does best with that activation against the other player's mix (worked out again from the
view, which shows the activation made).
"""

from __future__ import annotations

from typing import Any, Iterator, Optional

from ...engine import matrix_game
from ...engine.prng import Rng
from ...engine.rules import Action, Rules, State, View
from ...engine.state import clone
from .bots import _fork, easy_bot, expert_standing, hero_kind, take_back_picks
from .play import QuickRng, QuietPlay, play

Pick = tuple[int, Optional[int]]  # (the Hero activated, the Hero discarded; None when it goes by itself)

# Regret-matching iterations for a pick of twelve against twelve (two of each solve exactly).
ITERATIONS = 200


def solves(view: View, seat: int, legal: list[Action]) -> bool:
    """A pick of a two-player game once the round's first hands have been passed (both hands known)."""
    if view["n"] != 2 or view["phase"] != "pick" or legal[0]["type"] not in ("activate", "discard"):
        return False
    return view["story"] > 1 and view["passed"][seat] is not None


def picks(state: State, seat: int) -> list[Pick]:
    """The seat's different picks from its hand (Heroes of one kind merged). With two cards
    left, the one not activated is discarded by itself."""
    hand = state["hands"][seat]
    v = state["v"]
    seen: dict[tuple[Any, ...], Pick] = {}
    for a in hand:
        rest = list(hand)
        rest.remove(a)
        if len(rest) == 1:
            seen.setdefault((hero_kind(v, a),), (a, None))
            continue
        for d in rest:
            seen.setdefault((hero_kind(v, a), hero_kind(v, d)), (a, d))
    return list(seen.values())


def _pick(rules: Rules, state: State, seat: int, pick: Pick) -> None:
    active, discarded = pick
    rules.play_in_place(state, seat, {"type": "activate", "card": active})
    if discarded is not None:
        rules.play_in_place(state, seat, {"type": "discard", "card": discarded})


def _reveal(rules: Rules, state: State, rng: Rng) -> None:
    """The Heroes act: their players' choices (targets, steals, heals, copies) by the greedy
    policy, until the next pick or the end of the round."""
    while state["phase"] == "resolve":
        seats = rules.active(state)
        if not seats:
            break
        seat = seats[0]
        legal = rules.legal(state, seat)
        play(QuietPlay(state), seat, legal[0] if len(legal) == 1 else easy_bot(rules, state, seat, legal, rng))


def outcome(rules: Rules, world: State, seat: int, mine: Pick, theirs: Pick, words: list[int]) -> float:
    """How `seat` stands at the round's end after these two picks, the next story phase solved."""
    state = clone(world)
    start = state["round"]
    _pick(rules, state, seat, mine)
    _pick(rules, state, 1 - seat, theirs)
    rng = QuickRng(list(words))
    _reveal(rules, state, rng)
    if state["round"] == start and state["phase"] == "pick":
        return matrix_game.value(matrix(rules, state, seat, words), ITERATIONS)
    return expert_standing(rules, state, seat)  # the round (or the game) is over


def matrix(rules: Rules, world: State, seat: int, words: list[int]) -> list[list[float]]:
    """Every pair of picks' outcome: a row for each of the seat's picks, a column for each of
    the other player's."""
    theirs = picks(world, 1 - seat)
    return [[outcome(rules, world, seat, p, q, words) for q in theirs] for p in picks(world, seat)]


def solver(rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> Optional[Iterator[Optional[Action]]]:
    """The expert's answer to a pick `solves` covers, worked out an entry of the matrix at a
    time; None for every other decision."""
    if not solves(view, seat, legal):
        return None
    return _solve(rules, view, seat, legal, rng)


def _solve(rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> Iterator[Optional[Action]]:
    world = rules.determinize(view, seat, QuickRng(_fork(rng)))
    take_back_picks(world, list(range(world["n"])))  # every pick of this phase to be made again, its own too
    words = _fork(rng)
    mine, theirs = picks(world, seat), picks(world, 1 - seat)
    rows = []
    for p in mine:
        row: list[float] = []
        for q in theirs:  # a step each: a few milliseconds, so the page keeps drawing its frames
            row.append(outcome(rules, world, seat, p, q, words))
            yield None
        rows.append(row)
    mixing = matrix_game.RegretMatching(rows)
    for _ in range(ITERATIONS // 20):  # in steps too: a twelve-by-twelve game takes some thinking
        mixing.run(20)
        yield None
    x, y = mixing.mixes()
    v = view["v"]
    if legal[0]["type"] == "activate":
        active = mine[_drawn(x, rng)][0]
        yield next(a for a in legal if hero_kind(v, a["card"]) == hero_kind(v, active))
        return
    made = hero_kind(v, view["act"][seat])
    worths = matrix_game.row_worths(rows, y)
    options = [(worths[i], -i, p[1]) for i, p in enumerate(mine) if hero_kind(v, p[0]) == made and p[1] is not None]
    discard = max(options)[2]
    yield next(a for a in legal if hero_kind(v, a["card"]) == hero_kind(v, discard))


def _drawn(weights: list[float], rng: Rng) -> int:
    """An index drawn with the given weights."""
    u = rng.below(1 << 30) / (1 << 30)
    total = 0.0
    for i, w in enumerate(weights):
        total += w
        if u < total:
            return i
    return len(weights) - 1
