"""The expert bot level (engine/search.py), from its docstring: it decides from its own view
(the true state's hidden parts never change its move), keeps the hard bot's move unless
another clearly does better, tries every candidate in the same imagined tables, is anytime
(sliced thinking gives the same move), reproducible from its seed, and scores a table by the
outcome or the public tally."""

import dataclasses

import pytest

from tabletown import games
from tabletown.engine import bots as B
from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.search import Expert, standing

from .test_engine_bots import CountTo  # two seats add 1 or 2 to a total; reaching the goal wins


def adds_one(rules, view, seat, legal, rng):
    return {"add": 1}


def test_it_plays_a_clearly_winning_move_the_hard_bot_misses():
    rules = CountTo(goal=5)
    state = dict(rules.setup(1, 2, {}), total=3)  # adding 2 wins at once; adding 1 hands the win over
    expert = Expert(hard=adds_one, policy=adds_one, trials=8)
    assert expert(rules, rules.view(state, 0), 0, rules.legal(state, 0), Rng(seed_state(2))) == {"add": 2}


def test_it_keeps_the_hard_bots_move_when_the_search_tells_the_moves_apart_by_nothing():
    rules = CountTo(goal=50)
    state = rules.setup(1, 2, {})
    even = Expert(hard=lambda r, v, s, legal, rng: {"add": 2}, policy=adds_one, evaluate=lambda r, st, s: 0.5, trials=20)
    assert even(rules, rules.view(state, 0), 0, rules.legal(state, 0), Rng(seed_state(3))) == {"add": 2}


def test_moves_that_differ_only_by_luck_never_overrule_the_hard_bot():
    """Far from the goal, with random play after it, adding 1 or 2 wins about as often: the
    playouts differ by chance alone, and the hard bot's move stands, seed after seed."""
    rules = CountTo(goal=41)
    state = rules.setup(1, 2, {})
    expert = Expert(hard=lambda r, v, s, legal, rng: {"add": 2}, policy=B.random_bot, trials=40, horizon=100)
    for seed in range(1, 9):
        assert expert(rules, rules.view(state, 0), 0, rules.legal(state, 0), Rng(seed_state(seed))) == {"add": 2}


def test_where_no_search_is_worth_it_or_no_table_can_be_imagined_the_hard_bots_move_stands_unsearched():
    rules = CountTo(goal=5)
    state = dict(rules.setup(1, 2, {}), total=3)  # a search would find the winning move (see above)
    view = rules.view(state, 0)
    blind = Expert(hard=adds_one, policy=adds_one, trials=8, searches=lambda v: v["total"] < 3)
    search = blind.start(rules, view, 0, rules.legal(state, 0), Rng(seed_state(2)))
    assert search.think() and search.trials == 0 and search.best() == {"add": 1}

    class Unimaginable(CountTo):
        def imaginable(self, view):
            return False

    closed = Unimaginable(goal=5)
    search = Expert(hard=adds_one, policy=adds_one, trials=8).start(closed, view, 0, closed.legal(state, 0), Rng(seed_state(2)))
    assert search.think() and search.trials == 0 and search.best() == {"add": 1}


def test_a_game_may_play_its_imagined_tables_on_its_own_way():
    """A game's own playout (here: to the end of the game, each seat adding 2 when that wins and 1
    otherwise) replaces the horizon of policy moves, and what it reaches is what is scored."""
    rules = CountTo(goal=8)
    state = dict(rules.setup(1, 2, {}), total=4)
    reached = []

    def to_the_end(rules, state, rng):
        reached.append(state["total"])
        while state["winner"] is None:
            state = rules.apply(state, state["turn"], {"add": 2 if state["total"] + 2 >= rules.goal else 1})[0]
        return state

    # +2 (to 6) lets the other seat reach 8; +1 (to 5) leaves it 6, and then 8 is ours. No move is
    # scored after the candidate itself (horizon 0), so only the game's playout can tell them apart.
    adds_two = lambda r, v, s, legal, rng: {"add": 2}  # noqa: E731
    expert = Expert(hard=adds_two, policy=B.random_bot, trials=8, horizon=0, playout=to_the_end)
    assert expert(rules, rules.view(state, 0), 0, rules.legal(state, 0), Rng(seed_state(2))) == {"add": 1}
    assert set(reached) == {5, 6}
    blind = Expert(hard=adds_two, policy=B.random_bot, trials=8, horizon=0)
    assert blind(rules, rules.view(state, 0), 0, rules.legal(state, 0), Rng(seed_state(2))) == {"add": 2}


def test_a_game_may_imagine_its_tables_its_own_way():
    """A game's own way of imagining a table (`Expert.imagine`) is given the seat's view, once for
    each imagined table, and the candidates are tried on what it imagines: here a total of 3 where
    the view shows 1, so adding 2 wins at once (goal 5) and the expert plays it; imagined by the
    rules' `determinize` (a total of 1), adding 2 wins nothing and the hard bot's 1 stands."""
    rules = CountTo(goal=5)
    state = dict(rules.setup(1, 2, {}), total=1)
    view = rules.view(state, 0)
    given = []

    def three_on_the_table(rules, seen, seat, rng):
        given.append((seen, seat))
        return dict(rules.determinize(seen, seat, rng), total=3)

    adds_one_then_stops = Expert(hard=adds_one, policy=adds_one, trials=8, horizon=0)
    imagining = dataclasses.replace(adds_one_then_stops, imagine=three_on_the_table)
    assert imagining(rules, view, 0, rules.legal(state, 0), Rng(seed_state(2))) == {"add": 2}
    assert given == [(view, 0)] * 4  # 8 playouts, two candidates: four tables
    assert adds_one_then_stops(rules, view, 0, rules.legal(state, 0), Rng(seed_state(2))) == {"add": 1}


class CountBy(CountTo):
    """CountTo with any step from 1 to 6."""

    def legal(self, state, seat):
        return [{"add": n} for n in range(1, 7)]

    def apply(self, state, seat, action):
        total = state["total"] + action["add"]
        return dict(state, total=total, turn=1 - seat, winner=seat if total >= self.goal else None), [{"t": "add"}]


def biggest_first(rules, view, seat, others, wanted):
    return sorted(others, key=lambda a: -a["add"])


def test_a_games_shortlist_names_the_moves_weighed_beside_the_hard_bots():
    """Only 6 wins at once (goal 10 from 4); the hard bot adds 1. Weighing two moves, the expert
    finds the win where the game's order names it first, and plays it."""
    rules = CountBy(goal=10)
    state = dict(rules.setup(1, 2, {}), total=4)
    view, legal = rules.view(state, 0), rules.legal(state, 0)
    ordered = Expert(hard=adds_one, policy=adds_one, trials=8, horizon=0, candidates=2, shortlist=biggest_first)
    search = ordered.start(rules, view, 0, legal, Rng(seed_state(2)))
    assert search.moves == [{"add": 1}, {"add": 6}]
    assert ordered(rules, view, 0, legal, Rng(seed_state(2))) == {"add": 6}


def test_a_shortlist_that_gives_no_order_leaves_the_seeded_sample():
    rules = CountBy(goal=10)
    state = rules.setup(1, 2, {})
    view, legal = rules.view(state, 0), rules.legal(state, 0)
    sampled = Expert(hard=adds_one, policy=adds_one, candidates=3)
    declines = dataclasses.replace(sampled, shortlist=lambda r, v, s, others, wanted: None)
    for seed in range(1, 6):
        assert declines.start(rules, view, 0, legal, Rng(seed_state(seed))).moves == \
            sampled.start(rules, view, 0, legal, Rng(seed_state(seed))).moves
    samples = {tuple(a["add"] for a in sampled.start(rules, view, 0, legal, Rng(seed_state(s))).moves) for s in range(1, 9)}
    assert len(samples) > 1  # a sample indeed: the seed changes it


def test_a_lone_legal_move_needs_no_search():
    rules = CountTo()
    state = rules.setup(1, 2, {})
    search = Expert(hard=adds_one, policy=adds_one).start(rules, rules.view(state, 0), 0, [{"add": 1}], Rng(seed_state(1)))
    assert search.think() and search.trials == 0 and search.best() == {"add": 1}


def test_thinking_in_slices_reaches_the_move_of_thinking_at_once():
    rules = CountTo(goal=7)
    state = rules.setup(1, 2, {})
    expert = Expert(hard=adds_one, policy=B.random_bot, trials=30)
    whole = expert(rules, rules.view(state, 0), 0, rules.legal(state, 0), Rng(seed_state(9)))
    search = expert.start(rules, rules.view(state, 0), 0, rules.legal(state, 0), Rng(seed_state(9)))
    slices = 0
    while not search.think(deadline=0.0):  # a deadline already past: one playout a slice
        slices += 1
        assert search.best() in rules.legal(state, 0)  # anytime: an answer after any slice
    assert slices == 29 and search.rounds == 15 and search.trials == 30  # two candidates a round
    assert search.best() == whole


def test_the_same_seed_gives_the_same_move_and_the_playouts_keep_to_the_budget():
    rules = CountTo(goal=9)
    state = rules.setup(1, 2, {})
    expert = Expert(hard=adds_one, policy=B.random_bot, trials=13)
    picks = {str(expert(rules, rules.view(state, 0), 0, rules.legal(state, 0), Rng(seed_state(4)))) for _ in range(3)}
    assert len(picks) == 1
    search = expert.start(rules, rules.view(state, 0), 0, rules.legal(state, 0), Rng(seed_state(4)))
    search.think()
    assert search.trials == 12 and search.rounds == 6  # a round that would pass the budget is not begun


def test_every_candidate_meets_the_same_imagined_futures():
    """With a random policy after the move, two identical candidates score exactly alike: the
    same imagined table and the same private draws for each."""
    rules = CountTo(goal=9)
    state = rules.setup(1, 2, {})
    twice = [{"add": 1}, {"add": 1}]
    scored: list[float] = []  # every playout's score, in the order played: candidate 0, 1, 0, 1, ...

    def evaluate(rules_, st, seat):
        scored.append(standing(rules_, st, seat))
        return scored[-1]

    expert = Expert(hard=adds_one, policy=B.random_bot, trials=40, candidates=2, evaluate=evaluate)
    search = expert.start(rules, rules.view(state, 0), 0, twice, Rng(seed_state(8)))
    assert search.moves == [{"add": 1}]  # the hard bot's move is not weighed against itself
    search.moves.append({"add": 1})
    for sums in (search.leads, search.squares):
        sums.append(0.0)
    search.think()
    firsts, seconds = scored[0::2], scored[1::2]
    assert firsts == seconds and 0 < sum(firsts) < search.rounds  # alike table by table; not all alike
    assert search.leads[1] == search.squares[1] == 0.0


def test_standing_reads_the_outcome_then_the_tally():
    class Tallied(CountTo):
        def tally(self, state):
            return state["points"]

        def outcome(self, state):
            return state.get("end")

    rules = Tallied()
    assert standing(rules, {"end": {"winners": [1]}, "points": [0, 0]}, 1) == 1.0
    assert standing(rules, {"end": {"winners": [1]}, "points": [0, 0]}, 0) == 0.0
    assert standing(rules, {"end": {"winners": [0, 1]}, "points": [0, 0]}, 0) == 0.5
    behind, level, ahead = (standing(rules, {"points": p}, 0) for p in ([2, 5, 1], [5, 5, 1], [9, 5, 1]))
    assert 0 < behind < level == 0.5 < ahead < 1
    assert standing(CountTo(), {"winner": None}, 0) == 0.5  # no tally: even until the end
    alone = [standing(rules, {"points": [p]}, 0) for p in (0, 5, 30)]
    assert 0 <= alone[0] < alone[1] < alone[2] < 1  # solo: more points, better


GAMES = games.ready_ids()  # a new game gets the checks without a line of its own
EXPERT_GAMES = [g for g in GAMES if "expert" in games.load(g).SPEC.bots]


def test_every_game_offers_an_expert():
    assert EXPERT_GAMES == GAMES
    for g in EXPERT_GAMES:
        assert "expert" in games.load(g).BOTS


@pytest.mark.parametrize("game_id", EXPERT_GAMES)
def test_experts_play_a_whole_game_on_the_tables_they_imagine(game_id):
    """Every table an expert imagines from its view must be one the rules can play on to the end
    of its horizon: experts in every seat play a game to its end without a fault."""
    game = games.load(game_id)
    seats = 2 if game.SPEC.seats[0] <= 2 <= game.SPEC.seats[1] else game.SPEC.seats[0]
    quick = dict(game.BOTS, expert=dataclasses.replace(game.BOTS["expert"], trials=8))
    state = game.RULES.setup(3, seats, game.SPEC.normalize(seats, {}))
    state, moves = B.bot_game(game.RULES, quick, "expert", state, 3)
    assert game.RULES.outcome(state) is not None and moves > 0


@pytest.mark.parametrize("game_id", EXPERT_GAMES)
def test_each_expert_decides_from_its_view_alone(game_id):
    """What the expert may not know (others' hands, the deck's order, the PRNG) is scrambled in
    the true state: its move stays the same, because it never reads the true state."""
    game = games.load(game_id)
    rules = game.RULES
    seats = 2 if game.SPEC.seats[0] <= 2 <= game.SPEC.seats[1] else game.SPEC.seats[0]
    state = rules.setup(5, seats, game.SPEC.normalize(seats, {}))
    checked = 0
    for step in range(400):
        active = rules.active(state)
        if not active or checked >= 3:
            break
        seat = active[0]
        legal = rules.legal(state, seat)
        if len(legal) > 1 and step % 3 == 0:
            scrambled = rules.zones.scramble(state, seat, Rng(seed_state(step + 1)))
            assert rules.view(scrambled, seat) == rules.view(state, seat)
            mine = B.choose(rules, game.BOTS, "expert", state, seat, 77, step)
            theirs = B.choose(rules, game.BOTS, "expert", scrambled, seat, 77, step)
            assert mine == theirs and mine in legal
            checked += 1
        state = rules.apply(state, seat, B.choose(rules, game.BOTS, "easy", state, seat, 5, step))[0]
    assert checked >= 1


def test_no_playout_is_begun_that_would_end_past_the_decisions_time():
    """The page gives a decision a time limit: once the longest playout so far would not fit in
    what is left, the search stops and says it has finished, with the hard bot's move if too
    few tables were imagined to overrule it."""
    import time

    rules = CountTo(goal=40)
    state = rules.setup(1, 2, {})

    def slow_policy(rules_, view, seat, legal, rng):
        time.sleep(0.002)
        return legal[rng.below(len(legal))]

    expert = Expert(hard=lambda r, v, s, legal, rng: {"add": 2}, policy=slow_policy, trials=1000, horizon=10)
    search = expert.start(rules, rules.view(state, 0), 0, rules.legal(state, 0), Rng(seed_state(1)))
    limit = time.perf_counter() + 0.05
    while not search.think(deadline=time.perf_counter() + 0.01, limit=limit):
        pass
    assert search.stopped and search.trials < 1000
    assert search.rounds < expert.min_rounds or search.best() in rules.legal(state, 0)
    late = expert.start(rules, rules.view(state, 0), 0, rules.legal(state, 0), Rng(seed_state(1)))
    late.longest = 1.0  # a playout takes a second, and no time is left: none is begun
    assert late.think(limit=time.perf_counter() + 0.5) and late.trials == 0 and late.best() == {"add": 2}


def _solver_in_steps(steps, answer):
    """A game's solver that works `steps` steps, then names `answer`."""
    def solver(rules, view, seat, legal, rng):
        def work():
            for _ in range(steps):
                yield None
            yield answer
        return work()
    return solver


def test_a_decision_the_game_solves_plays_the_solvers_move_not_the_searchs():
    rules = CountTo(goal=5)
    state = dict(rules.setup(1, 2, {}), total=3)  # a search would find adding 2 (it wins at once)
    expert = Expert(hard=adds_one, policy=adds_one, trials=8, solver=_solver_in_steps(3, {"add": 1}))
    search = expert.start(rules, rules.view(state, 0), 0, rules.legal(state, 0), Rng(seed_state(2)))
    assert not search.weighing  # no playouts: the game's own answer
    assert search.think() and search.best() == {"add": 1} and search.trials == 0


def test_a_solver_cut_short_by_the_clock_leaves_the_hard_bots_move():
    rules = CountTo(goal=5)
    state = rules.setup(1, 2, {})
    expert = Expert(hard=adds_one, policy=adds_one, solver=_solver_in_steps(50, {"add": 2}))
    search = expert.start(rules, rules.view(state, 0), 0, rules.legal(state, 0), Rng(seed_state(2)))
    search.think(deadline=0.0)  # one step, then the slice is over
    assert search.best() == {"add": 1}  # no answer yet: the hard bot's move stands
    while not search.think(deadline=0.0):
        pass
    assert search.best() == {"add": 2}


def test_where_the_solver_declines_the_search_decides():
    rules = CountTo(goal=5)
    state = dict(rules.setup(1, 2, {}), total=3)
    expert = Expert(hard=adds_one, policy=adds_one, trials=8, solver=lambda rules, view, seat, legal, rng: None)
    assert expert(rules, rules.view(state, 0), 0, rules.legal(state, 0), Rng(seed_state(2))) == {"add": 2}
