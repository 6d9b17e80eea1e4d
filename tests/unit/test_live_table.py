"""The live table's protocol in CPython: a host's page and guests' pages joined by stand-in
channels (in the browser they are WebRTC data channels). What must hold, from the issue:
the host decides (a guest sends intents, checked against the rules), secrets stay with their
owner (a guest gets its own seat's view and the public log), an invitation is for one seat
and one use, dropped connections are ordinary, and hostile input changes nothing."""

from __future__ import annotations

import json
import random

import pytest

from tabletown import games
from tabletown.engine.bots import choose
from tabletown.engine.rules import IllegalAction
from tabletown.engine.session import Session, new_record
from tabletown.live.guest import GuestTable
from tabletown.live.host import LiveHost
from tabletown.live.protocol import (
    MAX_GUEST_MESSAGE,
    Invitation,
    LiveError,
    Reply,
    invitation_link,
    read_guest_message,
    read_host_message,
    read_invitation,
    read_reply,
    reply_link,
)

FINGERPRINT = "a=fingerprint:sha-256 " + ":".join(["AB"] * 32)
OFFER = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n" + FINGERPRINT + "\r\n"


class Wire:
    """One side of a stand-in data channel: what it was sent, and whether it was closed."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed = False
        self.other = None  # the GuestTable at the far end, if any

    def send(self, text: str) -> None:
        assert not self.closed, "nothing is sent on a closed channel"
        self.sent.append(text)
        if self.other is not None:
            self.other.receive(text)

    def close(self) -> None:
        self.closed = True


def hosted(game_id: str, kinds: list[str], seed: int = 3) -> tuple[Session, LiveHost]:
    game = games.load(game_id)
    seats = [{"kind": k, "name": f"P{i}"} for i, k in enumerate(kinds)]
    session = Session(game, new_record(game, seats, {}, seed))
    return session, LiveHost(session)


def join(host: LiveHost, seat, game_id: str) -> tuple[GuestTable, Wire]:
    """A guest takes an invitation: its hello travels to the host, the tables back."""
    token = host.invite(seat)
    to_guest = Wire()
    guest = GuestTable(games.load(game_id), lambda text: host.receive(to_guest, token, text))
    to_guest.other = guest
    guest.send(json.dumps({"t": "hello", "token": token}))
    return guest, to_guest


# --- links --------------------------------------------------------------------------------


def test_an_invitation_link_carries_game_seat_token_and_offer_and_reads_back():
    inv = Invitation("tavern-tussle", 1, "A" * 22, OFFER, host="Ann", name="Bob")
    link = "https://example.org/tabletown/" + invitation_link(inv)
    assert read_invitation(link) == inv
    assert read_invitation(invitation_link(Invitation("tavern-tussle", None, "b" * 22, OFFER))).seat is None


def test_a_reply_link_reads_back_from_the_link_or_from_pasted_text_around_it():
    reply = Reply("k" * 22, OFFER)
    link = reply_link(reply)
    assert read_reply(link) == reply
    assert read_reply(f"  Here you go: https://example.org/{link}  ") == reply


@pytest.mark.parametrize("text, message", [
    (None, "not text"),
    ("https://example.org/#play=1.abc", "not a Tabletown invitation"),
    ("#join/2.abc", "another version"),
    ("#join/1.abc$%", "characters that do not belong"),
    ("#join/1." + "A" * 20_000, "too large"),
    ("#join/1.", "cut short"),
])
def test_a_broken_invitation_is_explained(text, message):
    with pytest.raises(LiveError, match=message):
        read_invitation(text)


def test_an_invitation_without_the_hosts_fingerprint_or_with_a_bad_seat_is_refused():
    no_print = Invitation("tavern-tussle", 0, "A" * 22, OFFER.replace(FINGERPRINT, "a=setup:actpass"))
    with pytest.raises(LiveError, match="which device made it"):
        read_invitation(invitation_link(no_print))
    with pytest.raises(LiveError, match="which seat"):
        read_invitation(invitation_link(Invitation("tavern-tussle", 99, "A" * 22, OFFER)))
    with pytest.raises(LiveError, match="key is missing"):
        read_invitation(invitation_link(Invitation("tavern-tussle", 0, "short", OFFER)))
    with pytest.raises(LiveError, match="connection details"):
        read_invitation(invitation_link(Invitation("tavern-tussle", 0, "A" * 22, OFFER + "<script>\x00")))


# --- messages -----------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "not json", "[]", '{"t": 1}', '{"t": "fly"}', '{"t": "act", "at": 0}',
    '{"t": "act", "at": 0, "n": true}', '{"t": "act", "at": 0.0, "n": 1}', '{"t": "act", "at": 0, "n": -1}',
    '{"t": "act", "at": 0, "n": 1, "extra": 2}', '{"t": "act", "at": 0, "action": [1]}',
    '{"t": "act", "at": 0, "action": {"x": 1.5}}', '{"t": "hello", "token": "x"}',
    '{"t": "act", "at": 0, "action": ' + '{"a": ' * 12 + "1" + "}" * 12 + "}",
    '{"t": "undo"}', "x" * (MAX_GUEST_MESSAGE + 1), 7,
])
def test_a_guest_message_of_the_wrong_shape_is_refused_with_words(text):
    with pytest.raises(LiveError):
        read_guest_message(text)


def test_a_host_message_is_checked_before_the_guest_page_uses_it():
    with pytest.raises(LiveError):
        read_host_message('{"t": "table", "at": 0}')
    with pytest.raises(LiveError):
        read_host_message('{"t": "gift", "why": "x"}')
    assert read_host_message('{"t": "refused", "why": "no"}') == {"t": "refused", "why": "no"}


# --- invitations --------------------------------------------------------------------------


def test_an_invitation_seats_one_guest_once():
    session, host = hosted("tavern-tussle", ["human", "remote"])
    token = host.invite(1)
    first, second = Wire(), Wire()
    assert host.receive(first, token, json.dumps({"t": "hello", "token": token}))
    assert host.is_live(1) and json.loads(first.sent[-1])["t"] == "table"
    # The same invitation a second time (a copied link, a replayed hello): refused and closed.
    assert not host.receive(second, token, json.dumps({"t": "hello", "token": token}))
    assert json.loads(second.sent[-1])["t"] == "bye" and second.closed


def test_a_guest_that_greets_again_on_its_own_channel_gets_the_whole_table_not_a_refusal():
    # A browser may drop a message on a fresh data channel: the guest's page greets until it
    # hears the host, and a repeated greeting must bring the table, never read as an error.
    session, host = hosted("tavern-tussle", ["human", "remote"])
    while not session.lines:  # a line in the log before the guest comes
        seat = session.active()[0]
        session.apply(seat, session.legal(seat)[0])
    token = host.invite(1)
    wire = Wire()
    guest = GuestTable(games.load("tavern-tussle"), lambda text: host.receive(wire, token, text))
    hello = json.dumps({"t": "hello", "token": token})
    assert host.receive(wire, token, hello) and host.is_live(1)  # its table is lost on the way
    wire.other = guest
    assert not host.receive(wire, token, hello)
    assert guest.heard and guest.ready and guest.refusal == ""
    assert session.lines and guest.lines == session.lines  # the whole log, not only what is new
    # A flood of greetings at the same move gets nothing more.
    sent = len(wire.sent)
    for _ in range(5):
        host.receive(wire, token, hello)
    assert len(wire.sent) == sent


def test_a_hello_must_carry_the_token_of_the_invitation_its_channel_was_made_for():
    session, host = hosted("tavern-tussle", ["human", "remote"])
    token = host.invite(1)
    wire = Wire()
    host.receive(wire, token, json.dumps({"t": "hello", "token": "Z" * 22}))
    assert wire.closed and json.loads(wire.sent[-1])["t"] == "bye" and not host.is_live(1)
    # The spoilt invitation is used up: the seat waits for a fresh one.
    assert not host.is_open(token) and host.uninvited() == [1]


def test_a_fresh_invitation_for_a_seat_voids_the_last_one():
    session, host = hosted("tavern-tussle", ["human", "remote"])
    old = host.invite(1)
    new = host.invite(1)
    assert not host.is_open(old) and host.is_open(new)
    with pytest.raises(LiveError):
        host.invite(0)  # a seat played here is not offered by invitation


def test_only_remote_seats_without_a_player_or_an_open_invitation_are_waiting_for_one():
    session, host = hosted("tavern-tussle", ["remote", "human", "remote"])
    assert host.uninvited() == [0, 2]
    host.invite(0)
    assert host.uninvited() == [2]
    assert host.live_marks() == [False, None, False]


# --- secrets --------------------------------------------------------------------------------


def test_a_guest_is_sent_its_own_view_and_a_spectator_the_tables():
    session, host = hosted("tavern-tussle", ["human", "remote"])
    guest, wire = join(host, 1, "tavern-tussle")
    watcher, watch_wire = join(host, None, "tavern-tussle")
    table = json.loads(wire.sent[-1])
    assert table["view"] == session.rules.view(session.state, 1)
    assert table["view"]["hands"][0] == [None] * len(session.state["hands"][0])  # Ann's hand is face down
    assert table["legal"] == session.legal(1)  # both pick a card at once in the first phase
    seen = json.loads(watch_wire.sent[-1])
    assert seen["view"] == session.rules.view(session.state, None) and seen["legal"] == [] and seen["seat"] is None
    for text in wire.sent + watch_wire.sent:
        assert str(session.record["seed"]) not in json.loads(text).get("names", [])
        assert "seed" not in text and "rng" not in json.loads(text)["view"]


def test_a_whole_game_between_a_host_and_a_guest_never_shows_the_guest_another_hand():
    session, host = hosted("tavern-tussle", ["bot", "remote"], seed=11)
    guest, wire = join(host, 1, "tavern-tussle")
    host.on_change = host.send_tables
    rng = random.Random(5)
    for _ in range(2000):
        if session.over():
            break
        bots = [s for s in session.active() if session.is_bot(s)]
        if bots:
            session.bot_move(bots[0])
            host.send_tables()
        else:
            offered = guest.legal(1)
            assert offered, "the guest is asked and offered something"
            guest.apply(1, rng.choice(offered))
        hidden = session.state["hands"][0]
        shown = json.loads(wire.sent[-1])["view"]["hands"][0]
        assert all(card is None for card in shown) and len(shown) == len(hidden)
    assert session.over() and guest.over()
    assert guest.outcome() == session.outcome()
    assert guest.lines == session.lines  # the whole public log reached the guest


# --- intents --------------------------------------------------------------------------------


def test_forged_intents_are_refused_and_change_nothing():
    session, host = hosted("tavern-tussle", ["human", "remote"])
    guest, wire = join(host, 1, "tavern-tussle")
    watcher, watch_wire = join(host, None, "tavern-tussle")
    before = json.dumps(session.record)
    at = len(session.record["log"])
    token = "unused"
    forged = [
        {"t": "act", "at": at, "n": 999},  # an action never offered
        {"t": "act", "at": at + 5, "n": 0},  # at a move that is not the table's
        {"t": "act", "at": at, "action": {"t": "pick", "card": 9999}},  # not a legal action
        {"t": "hello", "token": "Q" * 22},  # a second hello
        {"t": "undo", "at": at},  # nothing of the guest's to take back
    ]
    for message in forged:
        assert not host.receive(wire, token, json.dumps(message))
        assert json.loads(wire.sent[-1 if message["t"] != "act" or message["at"] == at else -2])["t"] == "refused"
    assert not host.receive(watch_wire, token, json.dumps({"t": "act", "at": at, "n": 0}))
    assert "spectator" in json.loads(watch_wire.sent[-1])["why"]
    assert not host.receive(wire, token, "{not json")
    assert json.dumps(session.record) == before


def test_a_guest_plays_only_its_own_seat_and_only_on_its_turn():
    session, host = hosted("torches-and-pitchforks", ["human", "remote"])
    guest, wire = join(host, 1, "torches-and-pitchforks")
    host.on_change = host.send_tables
    for _ in range(50):  # the guest moves until it is the host's turn
        if session.active() == [0]:
            break
        guest.apply(1, guest.legal(1)[0])
    assert session.active() == [0]
    with pytest.raises(IllegalAction, match="not your turn"):
        guest.apply(1, {"t": "anything"})  # the guest page offers nothing out of turn
    at = len(session.record["log"])
    assert not host.receive(wire, "x", json.dumps({"t": "act", "at": at, "n": 0}))
    assert "not your turn" in json.loads(wire.sent[-1])["why"]
    assert len(session.record["log"]) == at


def test_a_guest_takes_back_its_own_move_but_never_another_players():
    session, host = hosted("torches-and-pitchforks", ["human", "remote"], seed=4)
    guest, wire = join(host, 1, "torches-and-pitchforks")
    host.on_change = host.send_tables
    # The host moves until it is the guest's turn with a move that reveals nothing.
    for _ in range(50):
        if 1 in session.active():
            break
        session.apply(0, session.legal(0)[-1])
        host.send_tables()
    assert 1 in session.active()
    assert not guest.can_undo(1)  # the last move was the host's
    log_before = list(session.record["log"])
    guest.apply(1, guest.legal(1)[-1])
    if not session.barriers[-1] and guest.can_undo(1):
        assert guest.undo(1)
        assert session.record["log"] == log_before and json.loads(wire.sent[-1])["at"] == len(log_before)


# --- dropped connections --------------------------------------------------------------------


def test_a_dropped_guest_is_away_and_a_fresh_invitation_brings_it_back_to_the_current_position():
    session, host = hosted("tavern-tussle", ["human", "remote"])
    guest, wire = join(host, 1, "tavern-tussle")
    host.on_change = host.send_tables
    session.apply(0, session.legal(0)[0])
    assert host.drop(wire) and not host.is_live(1) and host.live_marks() == [None, False]
    assert host.uninvited() == [1]
    back, back_wire = join(host, 1, "tavern-tussle")
    assert host.is_live(1)
    table = json.loads(back_wire.sent[-1])
    assert table["at"] == len(session.record["log"]) and table["view"] == session.rules.view(session.state, 1)
    assert back.lines == session.lines


def test_a_bot_may_stand_in_for_an_away_player_and_stands_down_when_they_return():
    session, host = hosted("tavern-tussle", ["human", "remote"])
    host.stand_in(1, True)
    assert session.is_bot(1) and host.stand_ins == {1}
    session.bot_move(1)  # the page's bot loop plays the seat
    assert session.movers[-1] == "bot"
    guest, wire = join(host, 1, "tavern-tussle")
    assert not session.is_bot(1) and host.stand_ins == set()
    host.stand_in(1, True)  # not while the player is here
    assert host.stand_ins == set()


# --- every game, every seat count, any mix ----------------------------------------------------


def _mixes(low: int, high: int):
    """For each seat count: remote seats beside a bot and a player at the host's device."""
    for count in range(low, high + 1):
        kinds = ["remote"] * count
        if count >= 2:
            kinds[0] = "human"
        if count >= 3:
            kinds[1] = "bot"
        yield kinds


@pytest.mark.parametrize("game_id", [spec.id for spec in games.SPECS if spec.ready])
def test_every_game_can_be_played_with_players_on_other_devices(game_id):
    """Each remote seat is its own device: after every move, each device holds exactly its own
    seat's view of the game at that move, and what it is offered is exactly what the rules offer."""
    spec = games.BY_ID[game_id]
    low, high = spec.seats
    for kinds in _mixes(low, high):
        session, host = hosted(game_id, kinds, seed=7)
        host.on_change = host.send_tables
        devices = {seat: join(host, seat, game_id) for seat in session.remotes()}
        rng = random.Random(len(kinds))
        for _ in range(120):
            if session.over():
                break
            seat = session.active()[0]
            if session.is_bot(seat):
                session.bot_move(seat)
                host.send_tables()
                continue
            offered = session.legal(seat)
            # A free parameter only (a point on the table): the easy bot's choice, sent as an action.
            action = rng.choice(offered) if offered else choose(
                session.rules, session.game.BOTS, spec.bots[0], session.state, seat, 7, len(session.record["log"]))
            if seat in devices:
                guest = devices[seat][0]
                assert guest.legal(seat) == offered and guest.params(seat) == session.params(seat)
                guest.apply(seat, action)
            else:
                session.apply(seat, action)
                host.send_tables()
            for seat_there, (_guest, wire) in devices.items():
                table = json.loads(wire.sent[-1])
                assert table["at"] == len(session.record["log"]), f"{game_id} {kinds}: seat {seat_there} is behind"
                assert table["view"] == session.view(seat_there)
        assert len(session.record["log"]) > 0


def test_a_link_leaves_out_what_a_data_channel_never_uses_and_keeps_what_connects():
    offer = ("v=0\r\no=- 46 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=extmap-allow-mixed\r\n"
             "a=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
             "a=candidate:5 1 udp 2113937151 d.local 42469 typ host generation 0 network-cost 999\r\n"
             "a=ice-ufrag:K51A\r\na=ice-pwd:WgN4+a+ShcAGAefu/0ibjadI\r\n" + FINGERPRINT + "\r\n"
             "a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n")
    sent = read_invitation(invitation_link(Invitation("tavern-tussle", 1, "A" * 22, offer))).offer
    assert "extmap" not in sent and "msid-semantic" not in sent and "network-cost" not in sent
    assert "a=candidate:5 1 udp 2113937151 d.local 42469 typ host\r\n" in sent
    for kept in ("a=ice-ufrag:K51A", "a=ice-pwd:", FINGERPRINT, "a=setup:actpass", "a=sctp-port:5000", "a=mid:0"):
        assert kept in sent


def test_a_flood_of_stale_intents_is_answered_in_words_and_the_table_is_sent_again_once():
    session, host = hosted("tavern-tussle", ["human", "remote"])
    guest, wire = join(host, 1, "tavern-tussle")
    sent = len(wire.sent)
    for _ in range(50):
        host.receive(wire, "x", json.dumps({"t": "act", "at": 99, "n": 0}))
    kinds = [json.loads(t)["t"] for t in wire.sent[sent:]]
    assert kinds.count("refused") == 50 and kinds.count("table") == 1


def test_a_table_is_sent_again_only_when_it_changed():
    session, host = hosted("tavern-tussle", ["human", "remote"])
    guest, wire = join(host, 1, "tavern-tussle")
    sent = len(wire.sent)
    host.send_tables()
    host.send_tables()  # the page redraws without a move: nothing new for the guest
    assert len(wire.sent) == sent
    session.apply(0, session.legal(0)[0])
    host.send_tables()
    assert len(wire.sent) == sent + 1 and json.loads(wire.sent[-1])["at"] == len(session.record["log"])
    host.stand_in(1, True)  # not while Bob is here: the table is the same
    host.send_tables()
    assert len(wire.sent) == sent + 1
