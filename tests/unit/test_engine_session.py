"""The session (engine/session.py) from its docstrings: new records with clean names and seats at
their limits, replay that rebuilds the same game and reports the move that failed, who moved
(human, bot, automatic pass), the passes played for players asked only when able, and undo back
to the last barrier, never past another player's hidden choice."""

import json

import pytest

from tabletown.engine import session as S
from tabletown.engine.rules import IllegalAction
from tabletown.engine.session import RecordError, Session, clean_name, new_record

HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
KNOCK, PASS = {"type": "knock"}, {"type": "pass"}


def seed_where(toy, test):
    """The first seed whose starting state passes `test`."""
    return next(s for s in range(1, 200) if test(Session(toy, new_record(toy, HUMANS, {}, seed=s)).state))


def _toy():
    """The toy game, for the tests that need it without the fixture."""
    from tests.support import toy_game

    return toy_game


def play_out(toy, session):
    """Plays to the end: seat 0 its first legal move, every other seat its last."""
    while session.active():
        seat = session.active()[0]
        legal = toy.RULES.legal(session.state, seat)
        session.apply(seat, legal[-1 if seat else 0])


# --- new records: names and seats -----------------------------------------------------------------

def test_a_name_is_cut_to_its_limit_after_spaces_are_squeezed():
    assert S.MAX_NAME == 24
    assert clean_name("a" * 24) == "a" * 24
    assert clean_name("a" * 25) == "a" * 24
    assert clean_name("  Ann \t\n  Lee ") == "Ann Lee"
    assert clean_name("a" * 23 + " b") == "a" * 23  # the cut leaves no trailing space
    assert clean_name("\u2028Ann\u2029\ue000") == "Ann"  # line and paragraph separators, private use


def test_a_seat_gets_a_default_name_by_its_number_and_kind():
    record = new_record(_toy(), [{"kind": "human", "name": ""}, {"kind": "bot", "name": "\u200b"}], {})
    assert [s["name"] for s in record["seats"]] == ["Player 1", "Bot 2"]
    record = new_record(_toy(), [{"name": "Ann"}, {"kind": "bot", "level": "hard"}], {}, seed=-5)
    assert record["seats"] == [{"name": "Ann", "kind": "human"}, {"name": "Bot 2", "kind": "bot", "level": "hard"}]
    assert record["seed"] == -5 and record["format"] == S.FORMAT and record["rules_version"] == 1


def test_a_seat_must_be_described_properly():
    toy = _toy()
    with pytest.raises(RecordError, match="players are not described"):
        new_record(toy, ({"kind": "human"}, {"kind": "human"}), {})
    with pytest.raises(RecordError, match="Seat 2 is not described"):
        new_record(toy, [{"kind": "human"}, "bot"], {})
    with pytest.raises(RecordError, match="Seat 1 must be a human, a bot or a player on another device"):
        new_record(toy, [{"kind": "alien"}, {"kind": "human"}], {})
    with pytest.raises(RecordError, match="Seat 2 must be a human, a bot or a player on another device"):
        new_record(toy, [{"kind": "human"}, {"kind": "alien"}], {})
    with pytest.raises(RecordError, match="name for seat 2 must be text"):
        new_record(toy, [{"kind": "human"}, {"kind": "human", "name": 7}], {})
    with pytest.raises(RecordError, match="“godlike” for seat 2; use easy or hard"):
        new_record(toy, [{"kind": "human"}, {"kind": "bot", "level": "godlike"}], {})


def test_asking_only_when_able_is_kept_only_when_chosen():
    toy = _toy()
    record = new_record(toy, [{"kind": "human", "ask": "always"}, {"kind": "human", "ask": "when-able"}], {})
    assert "ask" not in record["seats"][0] and record["seats"][1]["ask"] == "when-able"


def test_a_person_names_this_seat_or_an_earlier_one():
    toy = _toy()
    record = new_record(toy, [{"kind": "human"}, {"kind": "human", "person": 0}, {"kind": "human", "person": 2}], {})
    assert record["seats"][1]["person"] == 0 and "person" not in record["seats"][2]
    for bad in (-1, 3, True, "0"):
        with pytest.raises(RecordError, match="Seat 3: “person”"):
            new_record(toy, [{"kind": "human"}, {"kind": "human"}, {"kind": "human", "person": bad}], {})


@pytest.mark.parametrize("seed", [2**62 - 1, -(2**62) + 1, 0])
def test_a_seed_up_to_the_limit_is_kept(seed):
    assert new_record(_toy(), HUMANS, {}, seed=seed)["seed"] == seed


@pytest.mark.parametrize("seed", [2**62, -(2**62), True, 1.0, "1"])
def test_a_seed_past_the_limit_or_not_a_whole_number_is_refused(seed):
    with pytest.raises(RecordError, match="whole number"):
        new_record(_toy(), HUMANS, {}, seed=seed)


def test_a_campaign_given_is_kept_in_the_record_and_handed_to_setup(toy, monkeypatch):
    seen = {}
    real = toy.RULES.setup

    def setup(seed, seats, options, campaign=None):
        seen["campaign"] = campaign
        return real(seed, seats, options)

    monkeypatch.setattr(toy.RULES, "setup", setup)
    record = new_record(toy, HUMANS, {}, seed=2, campaign={"level": 3})
    assert record["campaign"] == {"level": 3}
    Session(toy, record)
    assert seen["campaign"] == {"level": 3}


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


def test_one_person_may_play_several_seats(toy):
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Ann's second", "kind": "human", "person": 0}]
    session = Session(toy, new_record(toy, seats, {}, seed=3))
    assert [session.person(s) for s in range(2)] == [0, 0]
    with pytest.raises(RecordError, match="person"):
        new_record(toy, [{"kind": "human", "person": 1}, {"kind": "human"}], {})
    with pytest.raises(RecordError, match="person"):
        new_record(toy, [{"kind": "human"}, {"kind": "human", "person": True}], {})


# --- a session's facts, its moves and its replay --------------------------------------------------

def test_a_session_knows_its_seats(toy):
    seats = [{"name": "Ann", "kind": "human"}, {"name": "B", "kind": "bot"},
             {"name": "Cy", "kind": "human", "ask": "when-able", "person": 0}]
    session = Session(toy, new_record(toy, seats, {}, seed=4))
    assert session.names == ["Ann", "B", "Cy"]
    assert [session.is_bot(s) for s in range(3)] == [False, True, False]
    assert session.humans() == [0, 2]
    assert [session.person(s) for s in range(3)] == [0, 1, 0]
    assert [session.asks_when_able(s) for s in range(3)] == [False, False, True]
    assert session.active() == [0, 1, 2] and not session.over() and session.outcome() is None


def test_a_finished_session_is_over_and_has_an_outcome(toy):
    session = Session(toy, new_record(toy, HUMANS, {"tricks": 1}, seed=4))
    for seat in (0, 1):
        session.apply(seat, {"type": "pick", "card": session.state["hands"][seat][0]})
    assert session.over() and session.active() == []
    assert session.outcome()["kind"] == "ranked"


def test_a_record_for_another_game_or_version_is_refused(toy):
    record = new_record(toy, HUMANS, {}, seed=4)
    for other in ("other", "chess"):  # ids that sort after and before the game's own
        with pytest.raises(RecordError, match=f"another game \\(“{other}”\\)"):
            Session(toy, dict(record, game=other))
    with pytest.raises(RecordError, match="rules version 2, but this Tabletown plays version 1"):
        Session(toy, dict(record, rules_version=2))


def test_bad_options_in_a_record_are_a_record_error(toy):
    record = new_record(toy, HUMANS, {}, seed=4)
    record["options"] = {"tricks": 3}
    from tabletown.engine.spec import BadSetup

    def broken_setup(*a, **k):
        raise BadSetup("No such town.")

    toy_rules = toy.RULES
    original = toy_rules.setup
    toy_rules.setup = broken_setup
    try:
        with pytest.raises(RecordError, match="No such town"):
            Session(toy, record)
    finally:
        toy_rules.setup = original


@pytest.mark.parametrize("entry, message", [
    ([0, {"type": "pick", "card": 99}], "Move 2 in this game is not allowed"),
    ([0, {"type": "pick"}], "Move 2 in this game is not allowed"),
    ([5, {"type": "knock"}], "Move 2 in this game is not allowed"),
])
def test_replay_names_the_move_that_fails(toy, entry, message):
    record = new_record(toy, HUMANS, {}, seed=4)
    session = Session(toy, record)
    record["log"] = [[1, {"type": "pick", "card": session.state["hands"][1][0]}], entry]
    with pytest.raises(RecordError, match=message):
        Session(toy, record)


def test_a_crash_on_a_later_move_names_that_move(toy, monkeypatch):
    record = new_record(toy, HUMANS, {}, seed=4)
    record["log"] = [[0, KNOCK], [1, PASS]]
    real = toy.RULES.step

    def second_fails(state, seat, action):
        if action == PASS:
            raise KeyError("x")
        return real(state, seat, action)

    monkeypatch.setattr(toy.RULES, "step", second_fails)
    with pytest.raises(RecordError, match="Move 2 in this game is not a move this game knows"):
        Session(toy, record)


def test_replay_turns_a_game_crash_on_a_forged_move_into_a_readable_error(toy, monkeypatch):
    record = new_record(toy, HUMANS, {}, seed=4)
    record["log"] = [[0, KNOCK], [1, PASS]]
    for error in (KeyError, IndexError, TypeError, ValueError, AttributeError):
        def boom(*a, error=error, **k):
            raise error("x")

        monkeypatch.setattr(toy.RULES, "step", boom)
        with pytest.raises(RecordError, match="Move 1 in this game is not a move this game knows"):
            Session(toy, dict(record, log=list(record["log"])))

    def deep(*a, **k):
        raise RecursionError

    monkeypatch.setattr(toy.RULES, "step", deep)
    with pytest.raises(RecordError, match="Move 1 in this game is nested too deeply"):
        Session(toy, dict(record, log=list(record["log"])))


def test_a_trusted_replay_skips_the_legality_check(toy, monkeypatch):
    record = new_record(toy, HUMANS, {}, seed=4)
    record["log"] = [[0, KNOCK]]
    calls = []
    real = toy.RULES.check_legal
    monkeypatch.setattr(toy.RULES, "check_legal", lambda *a: calls.append(a) or real(*a))
    Session(toy, dict(record, log=list(record["log"])), trusted=True)
    assert calls == []
    Session(toy, dict(record, log=list(record["log"])))
    assert len(calls) == 1


def test_a_move_must_be_a_whole_seat_number_and_a_dict(toy):
    session = Session(toy, new_record(toy, HUMANS, {}, seed=4))
    for seat, action in ((0.0, KNOCK), ("0", KNOCK), (0, [KNOCK]), (0, None)):
        with pytest.raises(IllegalAction, match="not a move"):
            session.apply(seat, action)
    assert session.record["log"] == []


def test_each_move_is_logged_with_its_events_line_barrier_and_mover(toy):
    seats = [{"name": "Ann", "kind": "human"}, {"name": "B", "kind": "bot"}]
    session = Session(toy, new_record(toy, seats, {}, seed=4))
    line = session.apply(0, KNOCK)
    assert line == "{seat0} knocks." and session.lines == [line]
    session.bot_move(1)
    assert session.movers == ["human", "bot"] and session.barriers == [False, False]
    assert session.events[0] == [{"t": "knock", "seat": 0}]
    assert session.record["log"][0] == [0, KNOCK]


def test_a_bot_without_a_level_plays_the_first_level(toy, monkeypatch):
    seen = []
    monkeypatch.setitem(toy.BOTS, "easy", lambda rules, view, seat, legal, rng: seen.append("easy") or legal[0])
    monkeypatch.setitem(toy.BOTS, "hard", lambda rules, view, seat, legal, rng: seen.append("hard") or legal[0])
    record = new_record(toy, [HUMANS[0], {"kind": "bot", "level": "hard"}], {}, seed=4)
    session = Session(toy, record)
    session.bot_move(1)
    session.apply(0, {"type": "pick", "card": session.state["hands"][0][0]})  # the trick ends; both pick again
    del session.seats[1]["level"]
    session.bot_move(1)
    assert seen == ["hard", "easy"]


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


def test_a_record_with_an_illegal_or_unknown_move_is_refused(toy):
    record = new_record(toy, HUMANS, {}, seed=3)
    record["log"] = [[1, KNOCK]]
    with pytest.raises(RecordError, match="Move 1"):
        Session(toy, record)
    record["log"] = [[0, {"type": "pick"}]]  # no card
    with pytest.raises(RecordError, match="Move 1"):
        Session(toy, record)


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


def test_records_are_plain_json_after_a_kit_game(toy):
    session = Session(toy, new_record(toy, [{"kind": "human"}, {"kind": "bot"}], {}, seed=2))
    while session.active():
        seat = session.active()[0]
        if session.is_bot(seat):
            session.bot_move(seat)
        else:
            session.apply(seat, toy.RULES.legal(session.state, seat)[0])
    assert json.loads(json.dumps(session.record)) == session.record
    assert session.outcome()["winners"]


# --- passes for players asked only when able ------------------------------------------------------

def when_able(toy, seed, who=1):
    seats = [dict(s) for s in HUMANS]
    seats[who]["ask"] = "when-able"
    return Session(toy, new_record(toy, seats, {}, seed=seed))


def test_a_player_asked_always_is_asked_even_without_a_nine(toy):
    seed = seed_where(toy, lambda st: 9 not in st["hands"][1])
    session = Session(toy, new_record(toy, HUMANS, {}, seed=seed))
    session.apply(0, KNOCK)
    assert session.active() == [1] and session.movers == ["human"]


def test_the_pass_is_played_only_when_it_is_the_only_move(toy):
    seed = seed_where(toy, lambda st: 9 not in st["hands"][1])
    session = when_able(toy, seed)
    assert session._auto_pass(1) is None            # not being asked anything yet
    lines = session.settle()
    assert lines == []
    session.apply(0, KNOCK)
    assert session.movers == ["human", "auto"] and session.lines[-1] == "{seat1} lets it be."


def test_settle_plays_the_passes_owed_and_returns_their_lines(toy):
    seed = seed_where(toy, lambda st: 9 not in st["hands"][1])
    record = when_able(toy, seed).record
    record["log"] = [[0, KNOCK]]
    session = Session(toy, record)  # a replay plays only what the log holds
    assert session.active() == [1]
    assert session.settle() == ["{seat1} lets it be."]
    assert session.movers == ["human", "auto"] and session.settle() == []


def test_no_pass_is_played_while_a_parameterised_action_is_offered(toy, monkeypatch):
    seed = seed_where(toy, lambda st: 9 not in st["hands"][1])
    session = when_able(toy, seed)
    monkeypatch.setattr(toy.RULES, "params", lambda state, seat: [{"kind": "number", "action": {"type": "x"},
                                                                   "param": "n"}] if seat == 1 else [])
    session.apply(0, KNOCK)
    assert session.movers == ["human"] and session.active() == [1]


def test_a_bot_is_never_passed_for(toy):
    seed = seed_where(toy, lambda st: 9 not in st["hands"][1])
    seats = [HUMANS[0], {"kind": "bot", "ask": "when-able"}]
    session = Session(toy, new_record(toy, seats, {}, seed=seed))
    session.apply(0, KNOCK)
    assert session.active() == [1] and session.movers == ["human"]
    assert session._auto_pass(1) is None


def test_a_pass_a_player_plays_by_hand_is_theirs_not_automatic(toy):
    seed = seed_where(toy, lambda st: 9 not in st["hands"][1])
    session = Session(toy, new_record(toy, HUMANS, {}, seed=seed))
    session.apply(0, KNOCK)
    session.apply(1, PASS)
    assert session.movers == ["human", "human"]
    assert session._is_auto_pass(1, PASS) is False


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


# --- undo -----------------------------------------------------------------------------------------

def test_nothing_to_undo_at_the_start(toy):
    session = Session(toy, new_record(toy, HUMANS, {}, seed=4))
    assert session.undo_point() is None and not session.can_undo() and not session.undo()


def test_undo_goes_back_to_the_latest_human_move_only(toy):
    session = Session(toy, new_record(toy, HUMANS, {}, seed=4))
    session.apply(0, {"type": "bid", "amount": 3})
    session.apply(0, KNOCK)
    assert session.undo_point() == 1 and session.undo()
    assert session.record["log"] == [[0, {"type": "bid", "amount": 3}]]
    assert session.state["knocks"] == 0 and session.state["bid"] == 3
    assert session.lines == ["{seat0} bids 3."] and session.movers == ["human"]
    assert session.undo() and session.record["log"] == [] and session.state["bid"] is None


def test_undo_by_a_seat_takes_back_only_that_seats_latest_move(toy):
    session = Session(toy, new_record(toy, HUMANS, {}, seed=4))
    session.apply(1, {"type": "pick", "card": session.state["hands"][1][0]})
    session.apply(0, KNOCK)
    session.apply(1, PASS)
    assert session.undo_point(by=1) == 2
    assert session.undo_point(by=0) is None  # seat 1 moved after seat 0
    assert session.undo(by=1) and session.record["log"][-1] == [0, KNOCK]
    assert session.undo_point(by=0) == 1


def test_a_barrier_stops_undo_even_behind_bot_moves(toy):
    seats = [HUMANS[0], {"kind": "bot"}]
    session = Session(toy, new_record(toy, seats, {"tricks": 2}, seed=4))
    session.apply(0, {"type": "pick", "card": session.state["hands"][0][0]})
    session.bot_move(1)                     # the bot picks last: both picks are shown
    assert session.barriers == [False, True]
    assert session.undo_point() is None
    session.apply(0, {"type": "bid", "amount": 2})
    assert session.undo_point() == 2        # a move after the barrier can still be taken back


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
