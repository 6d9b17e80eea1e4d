"""Who plays which townsfolk, what each is asked, and what the story of a game shows.

- Solo: "you control 3 townsfolk at once"; Doublin' Down: "each player controls 2 townsfolk" (the
  first player seats 1 and 2, the second seats 3 and 4).
- After a Ruffian's defeat "Townsfolk may discard any unaccomplished Feats they do not want", each in
  Beatin' order: one by one, then keep the rest.
- A question that only offers a reaction may be passed for its townsfolk; nothing else is answered for them.
"""

from __future__ import annotations

import pytest

from tabletown.engine.rules import IllegalAction
from tabletown.games.townsfolk_tussle import content as C
from tabletown.games.townsfolk_tussle.rules import RULES
from tests.unit.test_townsfolk_support import Table, dice


@pytest.mark.parametrize("seats, options, people", [
    (3, {"solo": True}, [0, 0, 0]),
    (4, {"doublin_down": True}, [0, 0, 2, 2]),
    (2, {}, None), (3, {}, None), (4, {}, None),
    (4, {"doublin_down": False, "solo": False}, None),
])
def test_who_plays_which_townsfolk(seats, options, people):
    assert RULES.people(seats, options) == people


def with_question(kind: str, seat: int) -> dict:
    t = Table(("henlo", "melba", "quintus"))
    state = dict(t.state)
    state["pending"] = {"base": t.state, "job": [seat, {"type": "end"}], "answers": [], "emitted": 0,
                        "q": {"seat": seat, "k": kind, "opts": [True, False] if kind == "react" else [[1, 1], [2, 2]]}}
    return state


def test_a_reaction_can_be_passed_for_the_townsfolk_it_is_offered_to():
    state = with_question("react", 1)
    assert RULES.reaction(state, 1) == {"pass": {"type": "answer", "v": False}}
    assert RULES.reaction(state, 0) is None and RULES.reaction(state, 2) is None


def test_no_other_question_is_passed_for_a_townsfolk():
    state = with_question("push", 1)
    assert RULES.reaction(state, 1) is None
    t = Table(("henlo", "melba", "quintus"))
    assert RULES.reaction(t.state, t.stage["seat"]) is None


def defeated() -> Table:
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    t.f["pos"], t.f["face"] = [5, 1], "s"
    t.put(0, [5, 4])
    t.put(1, [0, 11])
    t.put(2, [11, 11])
    t.f["hp"] = 1
    t.folk(0)["feats"] = list(C.FEAT_CARDS[:2])
    t.folk(1)["feats"] = [C.FEAT_CARDS[2]]
    t.folk(2)["feats"] = []
    with dice(9, 5, 4, 3, 2, 6, 7):
        t.act(0, {"type": "attack", "g": "old-pitchfork"})
    t.settle()
    assert t.stage["kind"] == "discard"
    return t


def test_after_a_defeat_each_townsfolk_may_discard_each_unaccomplished_feat_or_keep_them():
    t = defeated()
    seat = t.stage["seat"]
    assert seat == t.state["bar"][0] == 0
    legal = t.legal(seat)
    assert legal == [{"type": "discard-feat", "feat": f} for f in C.FEAT_CARDS[:2]] + [{"type": "keep-feats"}]
    assert not any(a["type"] in ("start", "move", "pick", "buy") for a in legal)
    t.act(seat, {"type": "discard-feat", "feat": C.FEAT_CARDS[0]})
    assert t.folk(0)["feats"] == [C.FEAT_CARDS[1]] and C.FEAT_CARDS[0] in t.state["feats_gone"]
    assert t.stage["kind"] == "discard" and t.stage["seat"] == 0  # still their choice
    with pytest.raises(IllegalAction):
        t.act(0, {"type": "discard-feat", "feat": C.FEAT_CARDS[2]})  # not theirs
    with pytest.raises(IllegalAction):
        t.act(0, {"type": "start", "at": [2, 11]})
    t.act(0, {"type": "keep-feats"})
    assert t.stage["kind"] == "discard" and t.stage["seat"] == 1
    assert t.legal(1) == [{"type": "discard-feat", "feat": C.FEAT_CARDS[2]}, {"type": "keep-feats"}]
    t.act(1, {"type": "keep-feats"})
    assert t.legal(2) == [{"type": "keep-feats"}]
    t.act(2, {"type": "keep-feats"})
    assert t.stage["kind"] != "discard" and t.state["fight"] is None


def test_the_story_names_each_townsfolk_with_their_feats():
    t = Table(("henlo", "melba", "quintus"))
    t.folk(1)["done"] = [C.FEAT_CARDS[0]]
    tables = RULES.story([], t.state)
    feats = next(x for x in tables if x["title"] == "Feats of Mettle")
    assert [row[0] for row in feats["rows"]] == [C.TOWNSFOLK[tid]["short"] for tid in ("henlo", "melba", "quintus")]
    assert feats["rows"][1][1:3] == [1, C.FEATS[C.FEAT_CARDS[0]]["points"]]
    assert feats["rows"][0][1:] == [0, 0, "—"]


def test_the_board_asks_for_a_starting_square_then_for_squares_to_move_to():
    t = Table(("henlo", "melba", "quintus"))
    assert RULES.params(t.state, t.stage["seat"]) == []  # the shop reset: nothing to click on the board
    t.to_fight("qing-kween")
    seat = t.stage["seat"]
    [start] = RULES.params(t.state, seat)
    assert start["action"] == {"type": "start"} and start["param"] == "at" and start["kind"] == "square"
    assert RULES.params(t.state, (seat + 1) % 3) == []  # not their turn
    squares = C.RUFFIANS["qing-kween"]["landscape"]["t"]
    for k in range(3):
        t.act(t.stage["seat"], {"type": "start", "at": list(squares[k])})
    t.settle()
    [move] = RULES.params(t.state, t.stage["seat"])
    assert move["action"] == {"type": "move"} and move["param"] == "to"
    target = next(a for a in t.legal(t.stage["seat"]) if a["type"] == "move")
    RULES.check_param(t.state, t.stage["seat"], target)
    with pytest.raises(IllegalAction):
        RULES.check_param(t.state, t.stage["seat"], {"type": "move", "to": [99, 99]})


def test_a_start_square_is_only_taken_with_a_start_action():
    t = Table(("henlo", "melba", "quintus"))
    t.to_fight("qing-kween")
    sq = list(C.RUFFIANS["qing-kween"]["landscape"]["t"][0])
    for kind in ("use", "turn", "move", "attack"):
        with pytest.raises(IllegalAction):
            t.act(t.stage["seat"], {"type": kind, "at": sq})


def test_the_story_gives_one_row_to_a_fight_however_many_moves_it_takes():
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    tables = RULES.story([(0, {"type": "end"}, [], t.state)] * 3, t.state)
    assert len(tables[0]["rows"]) == 1


def test_the_board_stops_offering_a_move_once_the_townsfolk_has_no_movement_left():
    t = Table(("henlo", "melba", "quintus"))
    t.fight("qing-kween")
    seat = t.stage["seat"]
    name = C.TOWNSFOLK[t.folk(seat)["id"]]["short"]
    assert RULES.prompt(t.state, seat).startswith(f"{name}'s turn: move")
    for _ in range(20):  # walk one square at a time until the MVMT is spent
        moves = [a for a in t.legal(seat) if a["type"] == "move"]
        if not moves:
            break
        assert [p["label"] for p in RULES.params(t.state, seat)] == ["Move"]
        t.act(seat, moves[0])
    assert t.stage["kind"] == "turn" and t.stage["seat"] == seat  # still their turn, nothing left to walk
    assert not [a for a in t.legal(seat) if a["type"] == "move"]
    assert RULES.params(t.state, seat) == []
    assert "move" not in RULES.prompt(t.state, seat) and RULES.prompt(t.state, seat).endswith("end the turn")
