"""The session: replay, records, undo back to the last barrier, reactions, parameters."""

import pytest

from tabletown.engine.rules import IllegalAction
from tabletown.engine.session import RecordError, Session, new_record

HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
KNOCK, PASS = {"type": "knock"}, {"type": "pass"}


def test_new_record_fills_defaults_and_cleans_names(toy):
    record = new_record(toy, [{"name": "  Ann   Lee  ", "kind": "human"}, {"kind": "bot"}], {}, seed=5)
    assert record["seats"] == [{"name": "Ann Lee", "kind": "human"}, {"name": "Bot 2", "kind": "bot", "level": "easy"}]
    assert record["options"] == {"tricks": 3}
    assert record["log"] == [] and record["seed"] == 5 and "campaign" not in record


def test_names_lose_control_and_format_characters(toy):
    seats = [{"name": "\u202eAnn\u0000\u200b", "kind": "human"}, {"name": "\u2066\u2069", "kind": "human"}]
    record = new_record(toy, seats, {}, seed=5)
    assert [s["name"] for s in record["seats"]] == ["Ann", "Player 2"]


def test_new_record_rejects_bad_setups_readably(toy):
    with pytest.raises(ValueError, match="2–3 players"):
        new_record(toy, HUMANS * 2, {})
    with pytest.raises(RecordError, match="bot level"):
        new_record(toy, [{"kind": "bot", "level": "godlike"}, HUMANS[0]], {})
    with pytest.raises(ValueError, match="Tricks"):
        new_record(toy, HUMANS, {"tricks": 2.0})
    with pytest.raises(ValueError, match="Unknown option"):
        new_record(toy, HUMANS, {"colour": "red"})
    with pytest.raises(RecordError, match="ask"):
        new_record(toy, [{"kind": "human", "ask": "sometimes"}, HUMANS[0]], {})


def play_out(toy, session):
    while session.active():
        seat = session.active()[0]
        legal = toy.RULES.legal(session.state, seat)
        session.apply(seat, legal[-1 if seat else 0])


def test_replay_rebuilds_the_same_state_and_log(toy):
    session = Session(toy, new_record(toy, HUMANS, {}, seed=3))
    play_out(toy, session)
    again = Session(toy, session.record)
    assert again.state == session.state and again.lines == session.lines
    assert session.lines[0] == "{seat0} picks a card."


def test_illegal_moves_are_refused_and_change_nothing(toy):
    session = Session(toy, new_record(toy, HUMANS, {}, seed=3))
    before = (session.state, list(session.record["log"]))
    with pytest.raises(IllegalAction):
        session.apply(1, KNOCK)  # only seat 0 may knock
    with pytest.raises(IllegalAction):
        session.apply(0, "knock")  # not a move at all
    with pytest.raises(IllegalAction):
        session.apply(True, KNOCK)  # True is not seat 1
    assert (session.state, session.record["log"]) == before


def test_undo_takes_back_a_hidden_pick_but_never_a_reveal(toy):
    session = Session(toy, new_record(toy, HUMANS, {}, seed=3))
    card = session.state["hands"][0][0]
    session.apply(0, {"type": "pick", "card": card})
    assert session.can_undo()
    assert session.undo()
    assert session.state["hands"][0][0] == card and session.record["log"] == []
    session.apply(0, {"type": "pick", "card": card})
    session.apply(1, {"type": "pick", "card": session.state["hands"][1][0]})  # reveals the trick
    assert session.barriers == [False, True]
    assert not session.can_undo() and not session.undo()
    assert len(session.record["log"]) == 2


def test_a_reveal_made_by_a_bot_after_the_human_cannot_be_undone(toy):
    """The human picks; the bot, picking last, reveals both picks: the human's pick is now seen."""
    session = Session(toy, new_record(toy, [HUMANS[0], {"kind": "bot"}], {}, seed=3))
    session.apply(0, {"type": "pick", "card": session.state["hands"][0][0]})
    session.bot_move(1)
    assert session.barriers[-1] and not session.can_undo()


def test_undo_drops_the_bot_moves_after_the_last_human_move(toy):
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "bot"}, {"name": "Cy", "kind": "human"}]
    session = Session(toy, new_record(toy, seats, {}, seed=9))
    session.apply(0, KNOCK)
    session.bot_move(1)  # asked to object; the bot passes
    session.apply(2, PASS)
    session.bot_move(1)  # a hidden pick: no barrier
    assert session.undo_point() == 2
    session.undo()
    assert session.record["log"] == [[0, KNOCK], [1, PASS]]


def test_one_human_never_undoes_another_humans_hidden_choice(toy):
    session = Session(toy, new_record(toy, HUMANS, {}, seed=3))
    session.apply(0, {"type": "pick", "card": session.state["hands"][0][0]})
    assert session.can_undo(by=0)
    assert not session.can_undo(by=1) and not session.undo(by=1)
    assert len(session.record["log"]) == 1


def test_a_record_with_an_illegal_or_unknown_move_is_refused(toy):
    record = new_record(toy, HUMANS, {}, seed=3)
    record["log"] = [[1, KNOCK]]
    with pytest.raises(RecordError, match="Move 1"):
        Session(toy, record)
    record["log"] = [[0, {"type": "pick"}]]  # no card
    with pytest.raises(RecordError, match="Move 1"):
        Session(toy, record)


def test_a_player_asked_only_when_able_is_passed_for_at_once(toy):
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human", "ask": "when-able"}]
    session = Session(toy, new_record(toy, seats, {}, seed=3))
    assert 9 not in session.state["hands"][1]
    session.apply(0, KNOCK)
    assert session.record["log"] == [[0, KNOCK], [1, PASS]] and session.movers == ["human", "auto"]
    # Undo takes back the knock and the pass played for Bob together.
    assert session.undo_point() == 0
    again = Session(toy, session.record)
    assert again.movers == ["human", "auto"] and again.state == session.state


def test_a_player_who_can_respond_is_asked_even_when_asking_only_when_able(toy):
    seed = next(s for s in range(1, 50) if 9 in Session(toy, new_record(toy, HUMANS, {}, seed=s)).state["hands"][1])
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human", "ask": "when-able"}]
    session = Session(toy, new_record(toy, seats, {}, seed=seed))
    session.apply(0, KNOCK)
    assert session.active() == [1] and len(session.record["log"]) == 1


def test_a_parameterised_action_is_checked_by_the_game(toy):
    session = Session(toy, new_record(toy, HUMANS, {}, seed=3))
    assert toy.RULES.params(session.state, 0)[0]["kind"] == "number"
    with pytest.raises(IllegalAction, match="seven"):
        session.apply(0, {"type": "bid", "amount": 7})
    for forged in ({"type": "bid", "amount": 12}, {"type": "bid", "amount": True}, {"type": "bid", "amount": 3.0},
                   {"type": "bid", "amount": 3, "extra": 1}, {"type": "bid"}):
        with pytest.raises(IllegalAction):
            session.apply(0, forged)
    assert session.apply(0, {"type": "bid", "amount": 4}) == "{seat0} bids 4."
    assert Session(toy, session.record).state["bid"] == 4


def test_bots_choose_from_their_own_view(toy, monkeypatch):
    seen = {}

    def spy(rules, view, seat, legal, rng):
        seen["view"] = view
        return legal[0]

    monkeypatch.setitem(toy.BOTS, "easy", spy)
    session = Session(toy, new_record(toy, [HUMANS[0], {"kind": "bot"}], {}, seed=3))
    session.bot_move(1)
    view = seen["view"]
    assert view["hands"][1] == session.state["hands"][1] + [session.state["picks"][1]] or view["hands"][1]
    assert view["hands"][0] == [None, None, None] and "rng" not in view and view["deck"] == [None, None, None]


def test_a_game_recorded_under_older_rules_goes_on_under_them(toy, monkeypatch):
    import dataclasses

    newer = dataclasses.replace(toy.SPEC, rules_version=2, replays=(1,))
    monkeypatch.setattr(toy, "SPEC", newer)
    seen = {}
    real_setup = toy.RULES.setup

    def setup(seed, seats, options, campaign=None, version=None):
        seen["version"] = version
        return real_setup(seed, seats, options, campaign)

    monkeypatch.setattr(toy.RULES, "setup", setup)
    old = new_record(toy, HUMANS, {}, seed=3)
    old["rules_version"] = 1
    Session(toy, old)
    assert seen["version"] == 1
    Session(toy, new_record(toy, HUMANS, {}, seed=3))
    assert seen["version"] is None
    old["rules_version"] = 0
    with pytest.raises(RecordError, match="rules version 0"):
        Session(toy, old)


def test_one_person_may_play_several_seats(toy):
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Ann's second", "kind": "human", "person": 0}]
    session = Session(toy, new_record(toy, seats, {}, seed=3))
    assert [session.person(s) for s in range(2)] == [0, 0]
    with pytest.raises(RecordError, match="person"):
        new_record(toy, [{"kind": "human", "person": 1}, {"kind": "human"}], {})
    with pytest.raises(RecordError, match="person"):
        new_record(toy, [{"kind": "human"}, {"kind": "human", "person": True}], {})
