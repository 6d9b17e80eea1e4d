"""The rules contract (engine/rules.py), from its docstrings: what check_legal accepts, the shapes
of parameterised values and their bounds, step, describe, view by default, ranked and
team outcomes with every tie-break explained; and a small game on the kit (the toy game) playing by
the contract under the conformance suite, which catches a leak and a roll with no event."""

import pytest

from tabletown.engine import rules as R
from tabletown.engine.prng import Rng
from tabletown.engine.rules import IllegalAction, Rules, make_outcome, make_team_outcome, seat_token
from tabletown.engine.spec import GameSpec
from tabletown.engine.zones import HIDDEN, Zone, Zones
from tests.conformance import check_playouts

SPEC = GameSpec(id="probe", title="Probe", tagline="A probe.", seats=(2, 4))


class Probe(Rules):
    """A minimal game: seat 0 acts; it may 'go' or 'wait', or place a point / square / number."""

    def __init__(self, kinds=(), legal=None):
        super().__init__(SPEC)
        self.kinds = list(kinds)
        self.listed = legal if legal is not None else [{"type": "go", "n": 1}, {"type": "wait"}]
        self.checked = []

    def active(self, state):
        return [] if state.get("over") else [0]

    def legal(self, state, seat):
        return self.listed

    def params(self, state, seat):
        return self.kinds

    def check_param(self, state, seat, action):
        self.checked.append(action)

    def apply(self, state, seat, action):
        return dict(state, last=action), [{"t": action["type"], "seat": seat}]

    def outcome(self, state):
        if not state.get("over"):
            return None
        return make_outcome([3, 5], [(3,), (5,)], [""])


POINT = {"kind": "point", "action": {"type": "move", "who": 2}, "param": "to", "frame": "table"}
SQUARE = {"kind": "square", "action": {"type": "step"}, "param": "to"}
NUMBER = {"kind": "number", "action": {"type": "bid"}, "param": "amount", "min": 0, "max": 9}


# --- seat tokens and check_legal ------------------------------------------------------------------

def test_a_seat_token_is_the_placeholder_the_page_replaces():
    assert seat_token(0) == "{seat0}" and seat_token(12) == "{seat12}"


def test_only_an_active_seat_may_move():
    with pytest.raises(IllegalAction, match="not this player's turn"):
        Probe().check_legal({}, 1, {"type": "wait"})
    with pytest.raises(IllegalAction, match="not this player's turn"):
        Probe().check_legal({"over": True}, 0, {"type": "wait"})


def test_a_listed_action_is_accepted_as_canonical_json():
    game = Probe()
    game.check_legal({}, 0, {"type": "wait"})
    game.check_legal({}, 0, {"n": 1, "type": "go"})  # key order does not matter
    with pytest.raises(IllegalAction, match="not allowed"):
        game.check_legal({}, 0, {"type": "go", "n": True})  # True == 1 in Python, not in JSON
    with pytest.raises(IllegalAction, match="not allowed"):
        game.check_legal({}, 0, {"type": "go", "n": 1.0})
    with pytest.raises(IllegalAction, match="not allowed"):
        game.check_legal({}, 0, {"type": "go"})


def test_a_listed_action_must_match_in_every_json_type_even_inside_lists():
    listed = [{"type": "move", "to": [3, 0]}, {"type": "keep", "alt": False}]
    assert R.is_listed({"to": [3, 0], "type": "move"}, listed)
    assert R.is_listed({"type": "keep", "alt": False}, listed)
    assert not R.is_listed({"type": "move", "to": [3.0, 0]}, listed)
    assert not R.is_listed({"type": "move", "to": [3, False]}, listed)
    assert not R.is_listed({"type": "keep", "alt": 0}, listed)
    assert not R.is_listed({"type": "move", "to": [3, 0, 0]}, listed)
    assert not R.is_listed({"type": "move", "to": "3,0"}, listed)
    assert R.same_json({"a": [1, {"b": None}]}, {"a": [1, {"b": None}]})
    assert not R.same_json({"a": [1, {"b": None}]}, {"a": [1, {"c": None}]})


def nested(levels):
    """An action that is `levels` dicts deep, with a number at the bottom."""
    action = {"type": "wait"}
    node = action
    for _ in range(levels - 1):
        node["x"] = {}
        node = node["x"]
    node["n"] = 1
    return action


def test_an_action_nested_deeper_than_any_real_one_is_not_a_move():
    deep = nested(R.MAX_ACTION_DEPTH + 1)
    with pytest.raises(IllegalAction, match="not a move"):
        Probe(legal=[deep]).check_legal({}, 0, deep)
    ok = nested(R.MAX_ACTION_DEPTH)  # as deep as a move may be, and here a legal one
    Probe(legal=[ok]).check_legal({}, 0, ok)


def test_depth_counts_lists_and_dicts_alike():
    assert R.within_depth(1, 0)
    assert not R.within_depth(1, -1)
    assert R.within_depth([1], 1) and not R.within_depth([1], 0)
    assert R.within_depth({"a": 1}, 1) and not R.within_depth({"a": 1}, 0)
    assert not R.within_depth({"a": [[1]]}, 2) and R.within_depth({"a": [[1]]}, 3)
    assert not R.within_depth([[1], 2], 1)


def test_a_point_is_two_whole_numbers_under_the_table_limit():
    game = Probe(kinds=[POINT])
    game.check_legal({}, 0, {"type": "move", "who": 2, "to": [0, -5]})
    game.check_legal({}, 0, {"type": "move", "who": 2, "to": [10**7 - 1, -(10**7 - 1)]})
    assert game.checked == [{"type": "move", "who": 2, "to": [0, -5]},
                            {"type": "move", "who": 2, "to": [10**7 - 1, -(10**7 - 1)]}]
    for bad in ([10**7, 0], [0, -(10**7)], [1, 2, 3], [1], [1.0, 2], [True, 2], "1,2", None):
        with pytest.raises(IllegalAction):
            game.check_legal({}, 0, {"type": "move", "who": 2, "to": bad})
    assert len(game.checked) == 2


def test_a_square_is_two_whole_numbers():
    game = Probe(kinds=[SQUARE])
    game.check_legal({}, 0, {"type": "step", "to": [3, 4]})
    with pytest.raises(IllegalAction):
        game.check_legal({}, 0, {"type": "step", "to": [3, 4, 5]})


def test_a_number_must_be_a_whole_number_within_its_bounds_inclusive():
    game = Probe(kinds=[NUMBER])
    for ok in (0, 9, 4):
        game.check_legal({}, 0, {"type": "bid", "amount": ok})
    for bad in (-1, 10, True, 3.0, "3", None):
        with pytest.raises(IllegalAction):
            game.check_legal({}, 0, {"type": "bid", "amount": bad})
    assert [a["amount"] for a in game.checked] == [0, 9, 4]


def test_a_number_without_bounds_takes_any_reasonable_whole_number():
    game = Probe(kinds=[{"kind": "number", "action": {"type": "bid"}, "param": "amount"}])
    for ok in (-(10**9), 10**9, 0):
        game.check_legal({}, 0, {"type": "bid", "amount": ok})
    for bad in (10**9 + 1, -(10**9) - 1):
        with pytest.raises(IllegalAction):
            game.check_legal({}, 0, {"type": "bid", "amount": bad})


def test_a_parameterised_action_must_keep_the_kinds_fixed_fields_exactly():
    game = Probe(kinds=[POINT])
    for bad in ({"type": "move", "who": 3, "to": [1, 1]},        # another model
                {"type": "move", "who": True, "to": [1, 1]},     # not the same JSON
                {"type": "move", "to": [1, 1]},                  # a field missing
                {"type": "move", "who": 2, "to": [1, 1], "x": 1},  # an extra field
                {"type": "move", "who": 2}):                     # no value
        with pytest.raises(IllegalAction):
            game.check_legal({}, 0, bad)
    assert game.checked == []
    assert not R._fits_param(POINT, ["move"])
    assert not R._fits_param({"kind": "colour", "action": {}, "param": "c"}, {"c": 1})


def test_the_first_fitting_kind_is_checked_by_the_game():
    game = Probe(kinds=[NUMBER, POINT])
    game.check_legal({}, 0, {"type": "move", "who": 2, "to": [1, 2]})
    assert game.checked == [{"type": "move", "who": 2, "to": [1, 2]}]


def test_the_default_check_param_refuses_everything():
    plain = Rules(SPEC)
    with pytest.raises(IllegalAction, match="not allowed"):
        plain.check_param({}, 0, {"type": "x"})
    assert plain.params({}, 0) == []
    assert plain.reaction({}, 0) is None
    assert plain.prompt({}, 0) == "Your move"
    assert plain.campaign_options({"a": 1}, ["Ann"], {"o": 2}) == {"o": 2}
    assert plain.campaign_update({"a": 1}, ["Ann"], {}) == {"a": 1}
    for call in (lambda: plain.setup(1, 2, {}), lambda: plain.active({}), lambda: plain.legal({}, 0),
                 lambda: plain.apply({}, 0, {}), lambda: plain.outcome({}), lambda: plain.unseen({}, "p")):
        with pytest.raises(NotImplementedError):
            call()


# --- step, describe, view --------------------------------------------------------------------

def test_step_says_whether_the_events_make_a_barrier():
    game = Probe()
    after, events, barrier = game.step({}, 0, {"type": "wait"})
    assert after == {"last": {"type": "wait"}} and events == [{"t": "wait", "seat": 0}] and barrier is False
    _, _, barrier = game.step({}, 0, {"type": "reveal"})
    assert barrier is True


def test_describe_writes_the_line_from_the_phrasebook():
    game = Probe()
    game.phrases = {"wait": lambda e: f"{seat_token(e['seat'])} waits.", "go": lambda e: None}
    assert game.describe({}, 0, {"type": "wait"}) == "{seat0} waits."
    assert game.phrase([{"t": "wait", "seat": 1}, {"t": "go"}]) == "{seat1} waits."


def test_the_default_view_masks_and_never_shows_the_prng():
    class Hidden(Probe):
        zones = Zones(Zone("deck", HIDDEN, pool="cards"))

        def derive(self, state, view, seat):
            view["derived"] = {"cards": len(state["deck"])}

    view = Hidden().view({"rng": [1, 2, 3, 4], "deck": [5, 6], "score": 3}, 0)
    assert view == {"deck": [None, None], "score": 3, "derived": {"cards": 2}}


# --- ranked outcomes ------------------------------------------------------------------------------

def test_the_highest_key_wins_and_places_follow_the_order():
    out = make_outcome([4, 9, 6], [(4,), (9,), (6,)], [""])
    assert out["kind"] == "ranked"
    assert out["places"] == [3, 1, 2] and out["winners"] == [1]
    assert out["scores"] == [4, 9, 6] and out["tiebreaks"] == []
    assert out["details"] == [{}, {}, {}] and out["columns"] == []


def test_a_tie_on_score_is_split_by_the_first_key_that_differs_and_explained():
    keys = [(5, 1, 0), (5, 1, 2), (3, 9, 9)]
    out = make_outcome([5, 5, 3], keys, ["", "more Luck", "fewer cards"])
    assert out["places"] == [2, 1, 3] and out["winners"] == [1]
    assert out["tiebreaks"] == ["{seat1} and {seat0} tied on 5 points; {seat1} places ahead with fewer cards."]


def test_when_neighbouring_tie_breakers_disagree_the_earlier_one_decides():
    # Seat 0 has more Luck, seat 1 fewer cards: Luck comes first, so seat 0 places ahead.
    out = make_outcome([7, 7], [(7, 3, -5), (7, 2, -1)], ["", "more Luck", "fewer cards"])
    assert out["places"] == [1, 2] and out["winners"] == [0]
    assert out["tiebreaks"] == ["{seat0} and {seat1} tied on 7 points; {seat0} places ahead with more Luck."]


def test_a_complete_tie_shares_the_place_and_the_next_place_skips():
    out = make_outcome([6, 6, 2, 6], [(6, 1), (6, 1), (2, 0), (5, 0)], ["", "more Luck"])
    assert out["places"] == [1, 1, 4, 3]
    assert out["winners"] == [0, 1]
    assert out["tiebreaks"] == [
        "{seat0} and {seat1} tied on every count and share the place.",
    ]


def test_scores_far_apart_need_no_explanation_but_a_tie_lower_down_does():
    out = make_outcome([9, 4, 4], [(9, 0), (4, 2), (4, 1)], ["", "more gold"], details=[{"a": 1}] * 3,
                       columns=["gold"])
    assert out["places"] == [1, 2, 3]
    assert out["tiebreaks"] == ["{seat1} and {seat2} tied on 4 points; {seat1} places ahead with more gold."]
    assert out["details"] == [{"a": 1}] * 3 and out["columns"] == ["gold"]


def test_ranks_by_score_then_tiebreakers():
    out = make_outcome([5, 9, 9, 1], [(5, 0), (9, 1), (9, 3), (1, 0)], ["", "more Luck"])
    assert out["places"] == [3, 2, 1, 4]
    assert out["winners"] == [2]
    assert out["tiebreaks"] == ["{seat2} and {seat1} tied on 9 points; {seat2} places ahead with more Luck."]


def test_a_complete_tie_is_shared():
    out = make_outcome([4, 4], [(4, 1), (4, 1)], ["", "more Luck"])
    assert out["winners"] == [0, 1] and out["places"] == [1, 1]
    assert "share the place" in out["tiebreaks"][0]


def test_a_team_outcome_is_everyone_or_no_one():
    won = make_team_outcome(True, "dawn", "The town is saved", "At dawn...", 3, unlocks=("hard",), scores=[1, 2, 3])
    assert won["kind"] == "team" and won["won"] is True and won["winners"] == [0, 1, 2]
    assert won["places"] == [1, 1, 1] and won["scores"] == [1, 2, 3] and won["unlocks"] == ["hard"]
    assert won["title"] == won["headline"] == "The town is saved" and won["ending"] == "dawn"
    assert won["text"] == "At dawn..." and won["tiebreaks"] == []
    assert won["details"] == [{}, {}, {}] and won["columns"] == []
    lost = make_team_outcome(0, "fire", "Burnt", "", 2, details=[{"x": 1}, {}], columns=["x"])
    assert lost["won"] is False and lost["winners"] == [] and lost["scores"] == [0, 0]
    assert lost["details"] == [{"x": 1}, {}] and lost["columns"] == ["x"] and lost["unlocks"] == []


# --- the toy game plays by the contract -----------------------------------------------------------

@pytest.mark.parametrize("seats", [2, 3])
def test_the_toy_game_passes_the_conformance_suite(toy, seats):
    outcomes = check_playouts(toy, seats, {}, games=6, secrets_every=1)
    assert all(o["kind"] == "ranked" for o in outcomes)


def test_conformance_catches_a_view_that_leaks_a_hidden_card(toy, monkeypatch):
    def leaky(state, view, seat):
        view["derived"] = {"over": False, "picked": [], "deck_top": state["deck"][-1] if state["deck"] else None}

    monkeypatch.setattr(toy.RULES, "derive", leaky)
    with pytest.raises(AssertionError, match="may not know"):
        check_playouts(toy, 2, {}, games=1, secrets_every=1)


def test_conformance_catches_a_roll_without_an_event(toy, monkeypatch):
    real = toy.RULES.apply

    def sneaky(state, seat, action):
        after, events = real(state, seat, action)
        Rng(after["rng"]).below(6)
        return after, [e for e in events if e["t"] not in ("roll", "shuffle", "reveal")]

    monkeypatch.setattr(toy.RULES, "apply", sneaky)
    with pytest.raises(AssertionError, match="PRNG"):
        check_playouts(toy, 2, {}, games=1)
