"""Tavern Tussle bots.

- easy: a fast greedy heuristic. It activates the Hero that adds most to its stories
  (plus a rough worth of the Hero's ability), discards the Hero its left neighbour
  wants most, and picks targets by projecting the effect on every tableau.
- hard: perfect-information Monte Carlo, the game's own (its playouts run in place, with a
  quiet move and a quicker PRNG). For each of a few samples of the cards it cannot see
  (other hands, the deck, the discard pile and the secret picks, drawn with `determinize`;
  a player who already picked in secret picks again there, `reopen_secret_picks`) it tries
  every candidate and plays on to the end of the round (or of the game), every player
  picturing the easy bot's choice most of the time and any legal move otherwise
  (`playout_move`), and it keeps the candidate with the best average standing (`_evaluate`:
  its points against the best and the average opponent, and the Initiative its tableau
  will add).
- expert: the kit's search (engine/search.py) around the hard bot: six candidates, the hard bot's
  move first, tried in the same imagined tables, each imagined as the hard bot imagines its own
  (`imagined_table`: secret picks already made are taken again), played on to the end of the
  round as the hard bot plays on (`round_playout`) and judged as it judges (`expert_standing`);
  the hard bot's move stands unless another leads it clearly. In a game of two it judges a table
  by its chance of winning instead (judgement.py), and once the round's first hands are passed
  (both hands known, only the picks secret), it solves the rest of the round as matrix games and
  plays a mix of picks (endgame.py).
"""

from __future__ import annotations

from typing import Any

from ...engine.prng import Rng
from ...engine.rules import Action, Rules, State, View
from ...engine.search import Expert, squash
from ...engine.state import clone
from .content import (
    BATTLE,
    BOOST_BONUS,
    COIN,
    DRAUGHT_BONUS,
    EDITIONS,
    H_THEME,
    counts_taverner_points,
    taverner_points,
)
from .judgement import judged, winning_chance
from .play import ROUNDS, STORIES_PER_ROUND, QuickRng, QuietPlay, play
from .scoring import initiative_bonus, score_counts, theme_counts


def _gain(counts: list[int], t: int) -> int:
    """Points added by one more card of theme t (the scoring is greedy: see scoring.score_counts)."""
    ct = counts[t]
    g = 1
    for x in counts:
        if x > ct:
            g += 1
    return g


def _loss(counts: list[int], t: int) -> int:
    """Points lost by one card fewer of theme t."""
    ct = counts[t]
    if ct <= 0:
        return 0
    g = 0
    for x in counts:
        if x >= ct:
            g += 1
    return g


def _future_phases(view: View) -> int:
    """Story phases still to come after the current one."""
    return (ROUNDS - view["round"]) * STORIES_PER_ROUND + (STORIES_PER_ROUND - view["story"])


class _Table:
    """Facts about the table an easy decision needs, computed once per decision."""

    __slots__ = ("n", "seat", "counts", "coins", "holders", "my_coins", "future", "tav", "copy_best", "tab", "draught",
                 "edition")

    def __init__(self, view: View, seat: int, counts: list[int]):
        n = view["n"]
        tab = view["tab"]
        self.n, self.seat, self.counts, self.tab = n, seat, counts, tab
        coins = holders = 0
        for p in range(n):
            if p != seat:
                k = sum(1 for c in tab[p] if c < 0)
                coins += k
                holders += k > 0
        self.coins, self.holders = coins, holders
        self.my_coins = [~c for c in tab[seat] if c < 0]
        self.future = _future_phases(view)
        self.tav = view["tav"][seat]
        self.edition = EDITIONS[view["v"]]
        self.copy_best = -1.0
        # The Hare's Cheers Heroes add Initiative from the tableau (rules version 2), as Boosts do.
        self.draught = DRAUGHT_BONUS[self.tav] if view["v"] >= 2 else 0


# Weights of the easy heuristic (tuned in bot-vs-bot matches).
P = {
    "attack": 2.2, "counter": 1.6, "steal_sure": 0.9, "steal_maybe": 0.5, "steal_base": 0.5, "heal_base": 0.5,
    "theme": 0.9, "boost": 0.35, "init": 0.05, "stand_max": 0.5, "deny": 1.5,
    "disc_ops": 0.5, "disc_keep": 0.4,
}
_COUNTER_HIT = {n: 1.0 - 0.72 ** (n - 1) for n in (2, 3, 4)}


def _ops_value(tb: _Table, ops: tuple[str, ...]) -> float:
    counts = tb.counts
    v = 0.0
    for op in ops:
        if op == "attack":
            v += P["attack"]
        elif op == "counter":
            v += P["counter"] * _COUNTER_HIT[tb.n]
        elif op == "steal":
            v += _gain(counts, COIN) * (P["steal_sure"] if tb.coins else P["steal_maybe"]) + P["steal_base"]
        elif op == "each":
            v += (_gain(counts, COIN) + P["steal_base"]) * max(tb.holders, 0.5)
        elif op == "heal":
            if tb.my_coins:
                v += max(_gain(counts, H_THEME[c]) for c in tb.my_coins) - _loss(counts, COIN) + P["heal_base"]
        elif op == "copy":
            if tb.copy_best < 0:
                best = 0.0
                for c in tb.tab[tb.seat]:
                    copied = tb.edition.copy_ops[c] if c >= 0 else ()
                    if copied:
                        best = max(best, _ops_value(tb, copied))
                tb.copy_best = best
            v += tb.copy_best
    return v


def card_value(tb: _Table, card: int) -> float:
    """Rough worth of activating `card` for the table's seat."""
    ed = tb.edition
    v = _gain(tb.counts, H_THEME[card]) * P["theme"]
    ops = ed.ops[card][tb.tav]
    if ops:
        v += _ops_value(tb, ops)
    if ed.boost[card]:
        v += P["boost"] * tb.future
    if ed.cheers[card] and tb.draught:
        v += P["boost"] * tb.future * tb.draught / BOOST_BONUS
    return v + ed.init[card] * P["init"]


def _projected_counts(view: View) -> list[list[int]]:
    """Theme counts of every tableau with its active Hero added."""
    play = view["play"]
    out = []
    for p, t in enumerate(view["tab"]):
        counts = theme_counts(t)
        c = play[p]
        if c is not None:
            counts[COIN if c < 0 else H_THEME[c]] += 1
        out.append(counts)
    return out


def _taverner_points(view: View) -> list[int]:
    """The points each seat's Taverner card adds to its final score (0 where they do not count)."""
    n, v, adv = view["n"], view["v"], view["adv"]
    if not counts_taverner_points(view):
        return [0] * n
    return [taverner_points(t, n, v, adv) for t in view["tav"]]


def _standing(counts: list[list[int]], seat: int, bonus: list[int]) -> float:
    scores = [score_counts(c) + b for c, b in zip(counts, bonus)]
    others = [scores[p] for p in range(len(scores)) if p != seat]
    k = P["stand_max"]
    return scores[seat] - k * max(others) - (1.0 - k) * sum(others) / len(others)


def _simulate(view: View, seat: int, target: int, ops: list[str], base: list[list[int]], taverner: list[int]) -> float:
    """Standing after the targeted steps `ops` hit `target` (a light projection); `taverner`
    holds each seat's Story Points from its Taverner card."""
    counts = list(base)
    counts[target] = tc = list(base[target])
    counts[seat] = mc = list(base[seat])
    c = view["play"][target]
    up = c is not None and c >= 0
    bonus = 0.0
    for op in ops:
        if op in ("target", "each", "copy") or op[0] == "@":
            break
        if op == "attack" or op == "counter":
            if up and (op == "attack" or H_THEME[c] == BATTLE):
                up = False
                tc[H_THEME[c]] -= 1
                tc[COIN] += 1
                if target in view["order"] and EDITIONS[view["v"]].ops[c][view["tav"][target]]:
                    bonus += P["deny"]  # it will not act now
        elif op == "steal":
            if tc[COIN]:
                tc[COIN] -= 1
                mc[COIN] += 1
        elif op == "heal":
            mine = [~x for x in view["tab"][seat] if x < 0]
            if mine and mc[COIN]:
                best = max(mine, key=lambda h: _gain(mc, H_THEME[h]))
                mc[COIN] -= 1
                mc[H_THEME[best]] += 1
    return _standing(counts, seat, taverner) + bonus


def _best(values: list[float], rng: Rng) -> int:
    top = max(values)
    best = [i for i, v in enumerate(values) if v >= top - 1e-9]
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


def easy_bot(rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
    if len(legal) == 1:
        return legal[0]
    kind = legal[0]["type"]
    tab = view["tab"]
    if kind == "activate":
        tb = _Table(view, seat, theme_counts(tab[seat]))
        return legal[_best([card_value(tb, a["card"]) for a in legal], rng)]
    if kind == "discard":
        n = view["n"]
        left = (seat + 1) % n
        mine = theme_counts(tab[seat] + [view["act"][seat]])
        tb = _Table(view, left, theme_counts(tab[left]))
        theirs = tb.counts
        ltav = tb.tav
        vals = []
        for a in legal:
            c = a["card"]
            their = _gain(theirs, H_THEME[c]) + P["disc_ops"] * _ops_value(tb, tb.edition.ops[c][ltav])
            keep = _gain(mine, H_THEME[c]) if n == 2 else 0.0  # in 2 players the rest comes back round
            vals.append(their - P["disc_keep"] * keep)
        return legal[_best(vals, rng)]
    ctx = view["ctx"]
    if kind == "target":
        ops = ctx["ops"][1:]
        base = _projected_counts(view)
        taverner = _taverner_points(view)
        return legal[_best([_simulate(view, seat, a["seat"], ops, base, taverner) for a in legal], rng)]
    counts = theme_counts(tab[seat])
    if kind == "steal" or kind == "heal":
        return legal[_best([float(_gain(counts, H_THEME[a["card"]])) for a in legal], rng)]
    # copy: the ability worth most now
    tb = _Table(view, seat, counts)
    return legal[_best([_ops_value(tb, tb.edition.copy_ops[a["card"]]) for a in legal], rng)]


# --- hard ----------------------------------------------------------------------------
# What one point of Initiative bonus (Boosts, the Hare's Cheers Heroes) is worth for each
# story phase still to play after a playout ends.
INITIATIVE_WORTH = 0.15


def _evaluate(state: State, seat: int) -> float:
    """The seat's standing at the end of a playout: its score (with its Taverner bonus points
    where the game counts them) against the best and the average opponent (active Heroes
    counted), the Initiative its tableau will add in the phases still to come, and a bonus
    for winning a finished game."""
    tabs = state["tab"]
    play = state["play"]
    scores = []
    for p, t in enumerate(tabs):
        if play[p] is not None:
            t = t + [play[p]]
        scores.append(score_counts(theme_counts(t)))
    for p, b in enumerate(_taverner_points(state)):
        scores[p] += b
    mine = scores[seat]
    others = [scores[p] for p in range(len(scores)) if p != seat]
    best = max(others)
    value = mine - 0.7 * best - 0.3 * sum(others) / len(others)
    if state["phase"] == "over":
        value += 8.0 if mine > best else (2.0 if mine == best else 0.0)
    else:
        future = (ROUNDS - state["round"] + 1) * STORIES_PER_ROUND - state["story"] + 1
        bonus = [initiative_bonus(tabs[p], state["tav"][p], state["tup"][p], state["v"]) for p in range(len(tabs))]
        rest = sum(bonus) - bonus[seat]
        value += INITIATIVE_WORTH * future * (bonus[seat] - rest / (len(tabs) - 1))
    return value


def hero_kind(version: int, card: int) -> tuple[Any, ...]:
    """What a Hero does in play (theme, abilities, Initiative, Boost, Cheers): two Heroes of one
    kind give identical futures."""
    ed = EDITIONS[version]
    return (H_THEME[card], ed.ops[card], ed.init[card], ed.boost[card], ed.cheers[card])


def _prefilter(view: View, seat: int, legal: list[Action]) -> list[Action]:
    kind = legal[0]["type"]
    if kind != "activate" and kind != "discard":
        return legal
    # Identical cards give identical futures: keep one of each.
    seen: dict[tuple[Any, ...], Action] = {}
    for a in legal:
        seen.setdefault(hero_kind(view["v"], a["card"]), a)
    return list(seen.values())


# How the hard bot pictures every player in its playouts (itself included): the easy
# policy's choice most of the time, any legal move otherwise. It does not assume that
# its opponents are the easy bot; a player who surprises it is still in the picture.
SURPRISE = 0.3
# Playout budget of one decision, counted in story phases played out: a decision with
# few candidates late in a round gets more samples, the six-way first pick of a round
# fewer, so that every decision stays within the time budget.
PLAYOUT_BUDGET = 144
MIN_SAMPLES, MAX_SAMPLES = 6, 24
MAX_CANDIDATES = 6


_SURPRISE_PER_MILLE = SURPRISE * 1000


def playout_move(rules: Rules, state: State, seat: int, legal: list[Action], rng: Rng) -> Action:
    """A move of the playout policy. Playouts run in a sampled world, a full state, so the
    policy reads the state itself (the easy bot reads nothing a view would not show)."""
    if len(legal) == 1:
        return legal[0]
    if rng.below(1000) < _SURPRISE_PER_MILLE:
        return legal[rng.below(len(legal))]
    return easy_bot(rules, state, seat, legal, rng)


def _playout(rules: Any, state: State, rng: Rng) -> State:
    """Play on to the end of the current round (or of the game), changing `state`. One quiet
    move plays every step: it keeps nothing from one step to the next."""
    start = state["round"]
    m = QuietPlay(state)
    active, legal = rules.active, rules.legal
    while state["round"] == start and state["phase"] != "over":
        seats = active(state)
        if not seats:
            break
        seat = seats[0]
        play(m, seat, playout_move(rules, state, seat, legal(state, seat), rng))
    return state


def _fork(rng: Rng) -> list[int]:
    return [rng.next_u32() | 1, rng.next_u32(), rng.next_u32(), rng.next_u32()]


def reopen_secret_picks(world: State, seat: int) -> State:
    """An imagined table where the other players who already picked in secret this story phase
    pick again, from their hand with those picks back in it.

    `determinize` deals a secret pick at random from the cards it could be, as honesty wants;
    but a player who has picked chose, and a seat that picks after them would otherwise meet a
    random opponent where a seat picking first meets the playout policy's choice. Two hard bots,
    seat 1 the youngest, 400 games each: seat 1 won 58.0 % when its pick was taken first and
    47.5 % when it was taken last. Reopened: 53.5 % and 52.2 %, the youngest's tie-break alone
    (easy bots: 53.0 %)."""
    if world["phase"] != "pick":
        return world
    return take_back_picks(world, [p for p in range(world["n"]) if p != seat])


def take_back_picks(world: State, seats: list[int]) -> State:
    """These seats' secret picks of this story phase back in their hands, to be made again."""
    hands, act, dis = world["hands"], world["act"], world["dis"]
    for p in seats:
        back = [c for c in (act[p], dis[p]) if c is not None]
        if back:
            hands[p] = sorted(hands[p] + back)
            act[p] = dis[p] = None
    return world


def imagined_table(rules: Rules, view: View, seat: int, rng: Rng) -> State:
    """A table imagined from `seat`'s view, by the hard bot and the expert alike: the hidden
    cards dealt at random, and the secret picks already made taken again (`reopen_secret_picks`)."""
    return reopen_secret_picks(rules.determinize(view, seat, rng), seat)


def hard_bot(rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> Action:
    """Perfect-information Monte Carlo: sample the hidden cards, try every candidate in
    every sample, play on to the end of the round and keep the best average standing."""
    if len(legal) == 1:
        return legal[0]
    candidates = _prefilter(view, seat, legal)[:MAX_CANDIDATES]
    if len(candidates) == 1:
        return candidates[0]
    phases = STORIES_PER_ROUND - view["story"] + 1
    samples = max(MIN_SAMPLES, min(MAX_SAMPLES, PLAYOUT_BUDGET // (len(candidates) * phases)))
    totals = [0.0] * len(candidates)
    for _ in range(samples):
        world = imagined_table(rules, view, seat, QuickRng(_fork(rng)))
        words = _fork(rng)  # every candidate meets the same future: a fair comparison
        for i, action in enumerate(candidates):
            state = clone(world)  # the playout's own copy, played on in place
            rules.play_in_place(state, seat, action)
            totals[i] += _evaluate(_playout(rules, state, QuickRng(list(words))), seat)
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]


def expert_standing(rules: Rules, state: State, seat: int) -> float:
    """How the seat stands at the end of an imagined round: in a game of two, its chance of
    winning (judgement.py); otherwise the hard bot's own judgement (`_evaluate`), squashed
    into (0, 1)."""
    if state["n"] == 2 and (state["phase"] == "over" or judged(state)):
        return winning_chance(rules, state, seat)
    return squash(_evaluate(state, seat), 8.0)


def round_playout(rules: Rules, state: State, rng: Rng) -> State:
    """An imagined table played on as the hard bot plays its own: to the end of the round, in
    place, with the playout policy (several times quicker than a move at a time with views)."""
    return _playout(rules, state, QuickRng(_fork(rng)))


def round_end(rules: Rules, view: View, seat: int, legal: list[Action], rng: Rng) -> Any:
    """The expert's solver: a two-player round's last story phases as matrix games (endgame.py,
    which builds on this module's judgement, so it is imported when first asked)."""
    from .endgame import solver
    return solver(rules, view, seat, legal, rng)


# The expert weighs six candidates (the hard bot's move first) over up to 384 playouts to the end of
# the round: its paired test then overrules the hard bot readily (half a standard error; judged by
# the chance of winning, that won 66.1 % of 800 games against the hard bot where one standard
# error won 64.9 %: docs/bots.md).
# In a game of two, once the first hands are passed it solves the round's end instead (`round_end`).
BOTS: dict[str, Any] = {"easy": easy_bot, "hard": hard_bot,
                        "expert": Expert(hard=hard_bot, policy=easy_bot, evaluate=expert_standing,
                                         playout=round_playout, imagine=imagined_table, trials=384, candidates=6,
                                         confidence=0.5, solver=round_end)}
