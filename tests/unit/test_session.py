"""The session: replay, autosave-ready records, undo back to the last barrier."""

import pytest

from tabletown.engine.rules import IllegalAction
from tabletown.engine.session import RecordError, Session, new_record

HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]


def test_new_record_fills_defaults_and_cleans_names(toy):
    record = new_record("high-card", [{"name": "  Ann   Lee  ", "kind": "human"}, {"kind": "bot"}], {}, seed=5)
    assert record["seats"] == [{"name": "Ann Lee", "kind": "human"}, {"name": "Bot 2", "kind": "bot", "level": "easy"}]
    assert record["options"] == {"tricks": 3}
    assert record["log"] == [] and record["seed"] == 5


def test_new_record_rejects_bad_setups_readably(toy):
    with pytest.raises(ValueError, match="2–3 players"):
        new_record("high-card", HUMANS * 2, {})
    with pytest.raises(RecordError, match="bot level"):
        new_record("high-card", [{"kind": "bot", "level": "godlike"}, HUMANS[0]], {})
    with pytest.raises(RecordError, match="Unknown game"):
        new_record("chess", HUMANS, {})


def test_replay_rebuilds_the_same_state(toy):
    session = Session(new_record("high-card", HUMANS, {}, seed=3))
    while session.active():
        seat = session.active()[0]
        session.apply(seat, toy.RULES.legal(session.state, seat)[-1 if seat else 0])
    again = Session(session.record)
    assert again.state == session.state and again.lines == session.lines


def test_illegal_moves_are_refused_and_change_nothing(toy):
    session = Session(new_record("high-card", HUMANS, {}, seed=3))
    before = (session.state, list(session.record["log"]))
    with pytest.raises(IllegalAction):
        session.apply(1, {"type": "knock"})  # only seat 0 may knock
    with pytest.raises(IllegalAction):
        session.apply(0, "knock")  # not a move at all
    assert (session.state, session.record["log"]) == before


def test_undo_takes_back_a_hidden_pick_but_never_a_reveal(toy):
    session = Session(new_record("high-card", HUMANS, {}, seed=3))
    card = session.state["hands"][0][0]
    session.apply(0, {"type": "pick", "card": card})
    assert session.can_undo()
    assert session.undo()
    assert session.state["hands"][0][0] == card and session.record["log"] == []
    session.apply(0, {"type": "pick", "card": card})
    session.apply(1, {"type": "pick", "card": session.state["hands"][1][0]})  # reveals the trick
    assert not session.can_undo() and not session.undo()
    assert len(session.record["log"]) == 2


def test_undo_drops_the_bot_moves_after_the_last_human_move(toy):
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "bot"}, {"name": "Cy", "kind": "human"}]
    session = Session(new_record("high-card", seats, {}, seed=9))
    session.apply(0, {"type": "knock"})
    session.bot_move(1)  # a hidden pick: no barrier
    assert session.undo_point() == 0
    session.undo()
    assert session.record["log"] == [] and session.state["knocks"] == 0


def test_a_record_with_an_illegal_move_is_refused(toy):
    record = new_record("high-card", HUMANS, {}, seed=3)
    record["log"] = [[1, {"type": "knock"}]]
    with pytest.raises(RecordError, match="Move 1"):
        Session(record)


def test_bots_choose_from_their_own_view(toy, monkeypatch):
    seen = {}

    def spy(rules, view, seat, legal, rng):
        seen["view"] = view
        return legal[0]

    monkeypatch.setitem(toy.BOTS, "easy", spy)
    session = Session(new_record("high-card", [HUMANS[0], {"kind": "bot"}], {}, seed=3))
    session.bot_move(1)
    assert seen["view"]["hand"] == toy.RULES.view(Session(new_record("high-card", [HUMANS[0], {"kind": "bot"}], {}, seed=3)).state, 1)["hand"]
    assert "hands" not in seen["view"] and "rng" not in seen["view"]
