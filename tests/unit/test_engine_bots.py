"""Generic bots (engine/bots.py) from their docstring: a random bot's draws, playouts that
stop, and reproducible private seeds."""

import pytest

from tabletown.engine import bots as B
from tabletown.engine.prng import Rng, seed_state
from tabletown.engine.rules import Rules
from tabletown.engine.spec import GameSpec

SPEC = GameSpec(id="count", title="Count", tagline="", seats=(1, 2), bots=("easy", "hard"))


class CountTo(Rules):
    """Two seats take turns adding 1 or 2 to a total; whoever reaches `goal` (or more) wins."""

    def __init__(self, goal=5):
        super().__init__(SPEC)
        self.goal = goal

    def setup(self, seed, seats, options, campaign=None):
        return {"rng": seed_state(seed), "total": 0, "turn": 0, "winner": None}

    def active(self, state):
        return [] if state["winner"] is not None else [state["turn"]]

    def legal(self, state, seat):
        return [{"add": 1}, {"add": 2}]

    def apply(self, state, seat, action):
        if action["add"] not in (1, 2):
            raise ValueError("no such move")
        total = state["total"] + action["add"]
        winner = seat if total >= self.goal else None
        return dict(state, total=total, turn=1 - seat, winner=winner), [{"t": "add"}]

    def view(self, state, seat):
        return {k: v for k, v in state.items() if k != "rng"}

    def determinize(self, view, seat, rng):
        return dict(view, rng=[rng.next_u32() | 1, 1, 1, 1])

    def outcome(self, state):
        if state["winner"] is None:
            return None
        return {"winners": [state["winner"]]}


def test_the_random_bot_takes_the_action_its_draw_names():
    legal = ["a", "b", "c"]
    rng = Rng(seed_state(4))
    probe = Rng(list(rng.s))
    assert B.random_bot(None, {}, 0, legal, rng) == legal[probe.below(3)]
    picks = {B.random_bot(None, {}, 0, legal, rng) for _ in range(100)}
    assert picks == set(legal)


def test_a_playout_ends_with_the_game_or_when_told_to_stop():
    rules = CountTo(goal=5)
    start = rules.setup(1, 2, {})
    ones = lambda rules, view, seat, legal, rng: legal[0]  # noqa: E731
    end = B.playout(rules, start, ones, Rng(seed_state(1)))
    assert end["total"] == 5 and end["winner"] == 0
    stopped = B.playout(rules, start, ones, Rng(seed_state(1)), stop=lambda st: st["total"] >= 2)
    assert stopped["total"] == 2 and stopped["winner"] is None
    capped = B.playout(rules, start, ones, Rng(seed_state(1)), max_steps=3)
    assert capped["total"] == 3
    assert B.playout(rules, end, ones, Rng(seed_state(1))) == end


def test_a_playout_asks_the_policy_with_the_acting_seats_view():
    rules = CountTo(goal=3)
    seen = []

    def spy(rules_, view, seat, legal, rng):
        seen.append((seat, view["total"], "rng" in view))
        return legal[0]

    B.playout(rules, rules.setup(1, 2, {}), spy, Rng(seed_state(1)))
    assert seen == [(0, 0, False), (1, 1, False), (0, 2, False)]


def test_a_playout_may_play_a_seats_only_move_without_asking_its_policy():
    """A search's imagined play need not ask the policy (nor make a view) where a seat has one
    legal move; by default the policy is asked every time."""

    class OneWay(CountTo):
        def legal(self, state, seat):
            return [{"add": 1}] if state["total"] % 2 else [{"add": 1}, {"add": 2}]

    rules = OneWay(goal=6)
    asked = []

    def spy(rules_, view, seat, legal, rng):
        asked.append(len(legal))
        return legal[0]

    B.playout(rules, rules.setup(1, 2, {}), spy, Rng(seed_state(1)), ask_forced=False)
    assert asked and set(asked) == {2}
    asked.clear()
    B.playout(rules, rules.setup(1, 2, {}), spy, Rng(seed_state(1)))
    assert set(asked) == {1, 2}


def test_next_state_is_the_state_apply_returns_without_touching_the_start():
    start = CountTo().setup(1, 2, {})
    after = B.next_state(CountTo(), start, 0, {"add": 2})
    assert after["total"] == 2 and start["total"] == 0


def test_a_bots_private_seed_depends_on_the_game_seed_the_step_and_the_seat():
    assert B.bot_seed(7, 3, 1) == seed_state((7 * 1_000_003 + 3 * 131 + 1 * 7 + 0x5EED) & ((1 << 62) - 1))
    seeds = {tuple(B.bot_seed(seed, step, seat)) for seed in (1, 2) for step in (0, 1) for seat in (0, 1)}
    assert len(seeds) == 8
    huge = B.bot_seed(2**62, 0, 0)
    assert huge == seed_state((2**62 * 1_000_003 + 0x5EED) & ((1 << 62) - 1))


def test_choose_asks_the_bot_of_the_level_or_the_first_level():
    rules = CountTo()
    state = rules.setup(1, 2, {})
    asked = []
    bots = {"easy": lambda r, v, s, legal, rng: asked.append(("easy", rng.s)) or legal[0],
            "hard": lambda r, v, s, legal, rng: asked.append(("hard", rng.s)) or legal[1]}
    assert B.choose(rules, bots, "hard", state, 0, 9, 4) == {"add": 2}
    assert B.choose(rules, bots, "godlike", state, 0, 9, 4) == {"add": 1}
    assert asked == [("hard", B.bot_seed(9, 4, 0)), ("easy", B.bot_seed(9, 4, 0))]


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_bot_is_given_only_the_view(level):
    rules = CountTo()
    state = rules.setup(1, 2, {})
    seen = {}
    bots = {level: lambda r, v, s, legal, rng: seen.update(view=v) or legal[0]}
    B.choose(rules, bots, level, state, 0, 1, 0)
    assert "rng" not in seen["view"]


def test_a_playout_by_default_stops_after_two_thousand_moves():
    rules = CountTo(goal=10**6)
    end = B.playout(rules, rules.setup(1, 2, {}), lambda r, v, s, legal, rng: legal[0], Rng(seed_state(1)))
    assert end["total"] == 2000 and end["winner"] is None


def test_a_bot_game_plays_to_the_end_as_choose_would_and_tells_each_move():
    rules = CountTo(goal=7)
    bots = {"easy": B.random_bot, "hard": lambda r, v, s, legal, rng: legal[-1]}
    start = rules.setup(3, 2, {})
    seen = []
    final, moves = B.bot_game(rules, bots, ["hard", "easy"], start, 3,
                              lambda seat, action, after, events: seen.append((seat, action, after["total"], events)))
    assert final["winner"] is not None and moves == len(seen) and start["total"] == 0
    state = start
    for step, (seat, action, total, events) in enumerate(seen):
        assert seat == state["turn"]
        assert action == B.choose(rules, bots, ["hard", "easy"][seat], state, seat, 3, step)
        state = rules.apply(state, seat, action)[0]
        assert total == state["total"] and events == [{"t": "add"}]
    assert state == final
    assert B.bot_game(rules, bots, "hard", start, 3)[0]["total"] == 8  # 2 + 2 + 2 + 2: one level for every seat
