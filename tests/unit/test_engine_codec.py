"""Share links and record checks (engine/codec.py): round trips to the same game at the same point;
each limit on both sides (the size caps, the number of players, name lengths, the person and ask
settings, the log's length and depth); `#new/` links read part by part; and hostile input,
whatever it is, answered only with a readable error."""

import base64
import json
import zlib

import pytest

from tabletown.engine import codec
from tabletown.engine.codec import (
    check_record,
    check_record_shape,
    decode_link,
    encode_link,
    pack,
    parse_new_game,
    unpack,
)
from tabletown.engine.session import RecordError, Session, new_record
from tests.conftest import ToyLibrary

HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "bot", "level": "hard"}]


def record(toy, **changes):
    base = new_record(toy, HUMANS, {"tricks": 2}, seed=4)
    base.update(changes)
    return base


def played_record(toy, seed=4):
    session = Session(toy, new_record(toy, HUMANS, {"tricks": 2}, seed=seed))
    session.apply(0, {"type": "knock"})
    session.apply(1, {"type": "pass"})
    session.apply(0, {"type": "pick", "card": session.state["hands"][0][0]})
    return session.record


def seats_record(toy, seats):
    return record(toy, seats=seats)


def tamper(toy, **changes):
    forged = played_record(toy)
    forged.update(changes)
    return decode_link(encode_link(forged), ToyLibrary(toy))


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def deflate(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


def raw_link(payload: bytes, version="1") -> str:
    return f"#play={version}." + b64(deflate(payload))


# --- packing --------------------------------------------------------------------------------------

def test_pack_is_compact_sorted_json_raw_deflated_without_padding():
    text = pack({"b": 1, "a": [1, 2]})
    assert "=" not in text
    raw = zlib.decompress(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)), -15)
    assert raw == b'{"a":[1,2],"b":1}'
    assert unpack(text) == {"a": [1, 2], "b": 1}


def test_a_payload_at_the_size_cap_is_read_and_one_over_is_too_large():
    assert codec.MAX_LINK_CHARS == 32_768
    with pytest.raises(RecordError, match="too large to be a Tabletown link"):
        unpack("A" * (codec.MAX_LINK_CHARS + 1))
    with pytest.raises(RecordError, match="campaign link is too large to be a Tabletown link"):
        unpack("A" * (codec.MAX_LINK_CHARS + 1), "campaign link")
    # exactly at the cap it is not refused for its size (it is just not deflate data)
    with pytest.raises(RecordError) as err:
        unpack("A" * codec.MAX_LINK_CHARS)
    assert "too large" not in str(err.value)


def test_padding_and_foreign_letters_are_damage():
    good = pack([1])
    for bad in (good + "=", good + "+", good + "/", "é" + good):
        with pytest.raises(RecordError, match="characters that do not belong"):
            unpack(bad)
    with pytest.raises(RecordError, match="characters that do not belong"):
        unpack("A")  # one base64 letter cannot be a byte


def test_inflated_json_up_to_the_cap_is_read():
    exactly = b" " * (codec.MAX_JSON_BYTES - 2) + b"[]"
    assert unpack(b64(deflate(exactly))) == []
    with pytest.raises(RecordError, match="unpacks to too large a game"):
        unpack(b64(deflate(b" " * (codec.MAX_JSON_BYTES - 1) + b"[]")))


def test_a_cut_stream_is_cut_short_and_garbage_is_damaged():
    whole = deflate(json.dumps(list(range(3000))).encode())
    with pytest.raises(RecordError, match="cut short"):
        unpack(b64(whole[: len(whole) // 2]))
    with pytest.raises(RecordError, match="damaged and cannot be unpacked"):
        unpack(b64(b"\xff\xff\xff\xff"))


def test_parse_json_caps_size_depth_and_refuses_non_json():
    assert codec.parse_json("[1]") == [1]
    assert codec.parse_json(b" " * (codec.MAX_JSON_BYTES - 3) + b"[1]") == [1]
    with pytest.raises(RecordError, match="too large to be a real game"):
        codec.parse_json(b" " * (codec.MAX_JSON_BYTES - 2) + b"[1]")
    with pytest.raises(RecordError, match="nested too deeply"):
        codec.parse_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError, match="not readable"):
        codec.parse_json("NaN-ish")
    with pytest.raises(RecordError, match="save is damaged: it is not readable"):
        codec.parse_json(b"\xff", "save")


def test_a_decompression_bomb_is_refused_as_too_large(library):
    with pytest.raises(RecordError, match="too large"):
        decode_link(raw_link(b" " * 5_000_000), library)


def test_one_byte_over_the_inflate_cap_is_too_large_not_cut_short(library):
    from tabletown.engine.codec import MAX_JSON_BYTES

    with pytest.raises(RecordError, match="too large"):
        decode_link(raw_link(b" " * (MAX_JSON_BYTES + 1)), library)
    with pytest.raises(RecordError, match="wrong shape"):
        decode_link(raw_link(b" " * (MAX_JSON_BYTES - 2) + b"[]"), library)


# --- links ----------------------------------------------------------------------------------------

def test_link_round_trip_gives_the_same_game_at_the_same_point(toy, library):
    record = played_record(toy)
    link = encode_link(record)
    assert link.startswith("#play=1.")
    again = decode_link("https://example.org/tabletown/" + link, library)
    assert again == record
    assert Session(toy, again).state == Session(toy, record).state


def test_a_game_with_a_player_on_another_device_is_saved_and_linked_like_any_other(toy, library):
    # The live table's seats ("remote") are part of the record: the host's page reopens the
    # game and invites them again; a link of it makes whoever opens it the host.
    record = Session(toy, new_record(toy, [{"kind": "human", "name": "Ann"}, {"kind": "remote", "name": "Bob"}],
                                     {"tricks": 2}, seed=4)).record
    again = decode_link(encode_link(record), library)
    assert again["seats"][1] == {"name": "Bob", "kind": "remote"}
    with pytest.raises(RecordError, match="bot level"):
        check_record_shape(dict(record, seats=[record["seats"][0], {"name": "Bob", "kind": "remote", "level": "easy"}]),
                           library)


@pytest.mark.parametrize(
    "mangle, message",
    [
        (lambda link: link[: len(link) // 2], "cut short|damaged"),
        (lambda link: link.replace("#play=1.", "#play=9."), "format 9"),
        (lambda link: link.replace("#play=1.", "#play=x."), "version mark"),
        (lambda link: link.replace("#play=1.", "#play=²."), "version mark"),
        (lambda link: link.replace("#play=1.", "#play=" + "1" * 5000 + "."), "version mark|too large"),
        (lambda link: link + "!!", "characters"),
        (lambda link: "#play=1." + "A" * 300_000, "too large"),
        (lambda link: "#play=1." + "A" * 32_769, "too large"),
        (lambda link: "#play=1.", "damaged|cut short|readable"),
        (lambda link: "#nothing-here", "not a Tabletown game link"),
    ],
)
def test_broken_links_get_readable_errors(toy, library, mangle, message):
    with pytest.raises(RecordError, match=message):
        decode_link(mangle(encode_link(played_record(toy))), library)


@pytest.mark.parametrize(
    "payload, message",
    [
        (b"\x00\xff\xfe garbage", "not readable"),
        (b"[1, 2, 3]", "wrong shape"),
        (json.dumps({"format": 1}).encode(), "missing or wrong"),
    ],
)
def test_random_bytes_and_wrong_shapes_are_refused(library, payload, message):
    with pytest.raises(RecordError, match=message):
        decode_link(raw_link(payload), library)


def test_a_link_may_sit_inside_an_address_and_have_spaces_after_its_mark(toy, library):
    rec = record(toy)
    link = encode_link(rec)
    assert link == "#play=1." + pack(rec)
    assert decode_link("https://x.org/t/index.html" + link.replace("#play=", "#play= ") + "  ", library) == rec


def test_a_link_just_under_the_overall_cap_is_read_for_its_contents(library):
    filler = "https://x.org/?" + "q" * (codec.MAX_LINK_CHARS + 4096 - len("https://x.org/?") - 8)
    text = filler + "#play=1."
    assert len(text) == codec.MAX_LINK_CHARS + 4096
    with pytest.raises(RecordError) as err:
        decode_link(text, library)
    assert "too large" not in str(err.value)
    with pytest.raises(RecordError, match="too large to be a Tabletown game"):
        decode_link("q" + text, library)


def test_a_link_must_be_text_with_a_version_mark(library):
    with pytest.raises(RecordError, match="not text"):
        decode_link(None, library)
    for mark in ("#play=1", "#play=.abc", "#play=1234.abc"):
        with pytest.raises(RecordError, match="version mark"):
            decode_link(mark, library)
    for other in (2, 0):  # formats on either side of the one this Tabletown writes
        with pytest.raises(RecordError, match=f"format {other}"):
            decode_link(f"#play={other}.abc", library)
    with pytest.raises(RecordError, match="cut short"):  # 001 is format 1; its payload is what is wrong
        decode_link("#play=001.abc", library)


def test_a_record_from_json_text_is_checked_like_a_link(toy, library):
    rec = record(toy)
    assert codec.parse_record_json(json.dumps(rec), library) == rec
    with pytest.raises(RecordError, match="not readable"):
        codec.parse_record_json("{", library)


def test_check_record_replays_and_turns_deep_recursion_into_a_readable_error(toy, library, monkeypatch):
    rec = record(toy, log=[[0, {"type": "knock"}]])
    assert check_record(rec, library) == rec

    def deep(*a, **k):
        raise RecursionError

    monkeypatch.setattr(toy.RULES, "setup", deep)
    with pytest.raises(RecordError, match="nested too deeply"):
        check_record(record(toy), library)


# --- record shape, limit by limit -----------------------------------------------------------------

def test_tampered_records_are_refused(toy):
    with pytest.raises(RecordError, match="unknown game"):
        tamper(toy, game="chess")
    with pytest.raises(RecordError, match="rules version"):
        tamper(toy, rules_version=99)
    with pytest.raises(RecordError, match="missing or wrong"):
        tamper(toy, seed="seven")
    with pytest.raises(RecordError, match="Move 1"):
        tamper(toy, log=[[1, {"type": "knock"}]])
    with pytest.raises(RecordError, match="malformed"):
        tamper(toy, log=[["0", {"type": "knock"}]])
    with pytest.raises(RecordError, match="bad options"):
        tamper(toy, options={"tricks": 7})
    with pytest.raises(RecordError, match="bad options"):
        tamper(toy, options={"tricks": 2.0})  # 2.0 == 2 in Python, but it is no choice
    with pytest.raises(RecordError, match="bad options"):
        tamper(toy, options={"tricks": True})  # True == 1 in Python
    with pytest.raises(RecordError, match="no proper name"):
        tamper(toy, seats=[{"name": "Ann\u202e", "kind": "human"}, {"name": "B", "kind": "bot", "level": "easy"}])


@pytest.mark.parametrize("depth", [20, 1000, 100_000])
def test_a_move_nested_deeply_is_refused_readably(toy, library, depth):
    text = json.dumps(dict(played_record(toy), log="LOG"))
    deep = '{"card": ' * depth + "1" + "}" * depth
    forged = text.replace('"LOG"', f'[[0, {deep}]]')
    with pytest.raises(RecordError, match="nested too deeply|too large"):
        decode_link(raw_link(forged.encode()), library)
    with pytest.raises(RecordError, match="unknown parts"):
        tamper(toy, evil="1")
    with pytest.raises(RecordError, match="not playable"):
        tamper(toy, game="coming-soon")


def test_json_of_wrong_types_is_refused_everywhere(toy, library):
    record = played_record(toy)
    for key in record:
        for bad in (None, "x", 1.5, [], {}, True):
            if type(bad) is type(record[key]):
                continue
            forged = dict(record, **{key: bad})
            with pytest.raises(RecordError):
                decode_link(raw_link(json.dumps(forged).encode()), library)


@pytest.mark.parametrize("key", ["format", "game", "rules_version", "seed", "seats", "options", "log"])
def test_every_part_of_a_record_must_be_there_with_its_type(toy, library, key):
    rec = record(toy)
    del rec[key]
    with pytest.raises(RecordError, match=f"“{key}” is missing or wrong"):
        check_record_shape(rec, library)
    with pytest.raises(RecordError, match=f"“{key}” is missing or wrong"):
        check_record_shape(dict(record(toy), **{key: True}), library)


def test_a_record_of_another_format_is_refused(toy, library):
    for other in (2, 0):
        with pytest.raises(RecordError, match=f"format {other}"):
            check_record_shape(record(toy, format=other), library)
    with pytest.raises(RecordError, match="wrong shape"):
        check_record_shape([record(toy)], library)


def test_a_record_of_another_rules_version_names_it_cut_to_twelve_characters(toy, library):
    # A damaged save may carry any number; the message shows a readable piece of it.
    with pytest.raises(RecordError, match="recorded with rules version 2, but this Tabletown plays version 1"):
        check_record_shape(record(toy, rules_version=2), library)
    for version, shown in ((123456789012, "123456789012"), (1234567890123, "123456789012"),
                           (-12345678901234, "-12345678901")):
        with pytest.raises(RecordError) as refused:
            check_record_shape(record(toy, rules_version=version), library)
        assert f"recorded with rules version {shown}, but this Tabletown plays version 1." in str(refused.value)


@pytest.mark.parametrize("seed, ok", [(2**62 - 1, True), (-(2**62) + 1, True), (2**62, False), (-(2**62), False)])
def test_a_records_seed_is_kept_within_its_limits(toy, library, seed, ok):
    if ok:
        assert check_record_shape(record(toy, seed=seed), library)["seed"] == seed
    else:
        with pytest.raises(RecordError, match="seed is not a usable number"):
            check_record_shape(record(toy, seed=seed), library)


def test_a_game_not_ready_is_not_playable(toy, library, monkeypatch):
    import dataclasses

    monkeypatch.setattr(toy, "SPEC", dataclasses.replace(toy.SPEC, ready=False))
    with pytest.raises(RecordError, match="High Card is not playable"):
        check_record_shape(record(toy), library)
    with pytest.raises(RecordError, match="High Card is not playable"):
        parse_new_game("#new/high-card?seats=human,human", library)


def test_a_record_holds_from_one_to_eight_players(toy, library):
    one = {"name": "A", "kind": "human"}
    with pytest.raises(RecordError, match="impossible number of players"):
        check_record_shape(seats_record(toy, []), library)
    with pytest.raises(RecordError, match="impossible number of players"):
        check_record_shape(seats_record(toy, [one] * 9), library)
    # one and eight pass the count (the toy game then refuses them as a seat count)
    for n in (1, 8):
        with pytest.raises(RecordError, match="bad options"):
            check_record_shape(seats_record(toy, [one] * n), library)


@pytest.mark.parametrize("name, ok", [("a" * 24, True), ("a" * 25, False), ("", False), (" a", False), (5, False)])
def test_a_players_name_is_one_to_twenty_four_clean_characters(toy, library, name, ok):
    rec = seats_record(toy, [{"name": name, "kind": "human"}, {"name": "B", "kind": "human"}])
    if ok:
        assert check_record_shape(rec, library)["seats"][0]["name"] == name
    else:
        with pytest.raises(RecordError, match="player 1 has no proper name"):
            check_record_shape(rec, library)


@pytest.mark.parametrize("seat, message", [
    ({"name": "B", "kind": "alien"}, "player 2 is not described properly"),
    ("B", "player 2 is not described properly"),
    ({"name": "B", "kind": "bot", "level": "godlike"}, "unknown bot level for player 2"),
    ({"name": "B", "kind": "bot"}, "unknown bot level for player 2"),
    ({"name": "B", "kind": "human", "level": "easy"}, "player 2 is a human with a bot level"),
    ({"name": "B", "kind": "bot", "level": "easy", "ask": "always"}, "player 2 has a wrong “ask” setting"),
    ({"name": "B", "kind": "human", "ask": "sometimes"}, "player 2 has a wrong “ask” setting"),
    ({"name": "B", "kind": "human", "person": 1}, "player 2 has a wrong “person” setting"),
    ({"name": "B", "kind": "human", "person": -1}, "player 2 has a wrong “person” setting"),
    ({"name": "B", "kind": "human", "person": False}, "player 2 has a wrong “person” setting"),
    ({"name": "B", "kind": "bot", "level": "easy", "person": 0}, "player 2 has a wrong “person” setting"),
    ({"name": "B", "kind": "human", "colour": "red"}, "player 2 has unknown details"),
])
def test_each_seat_detail_is_checked(toy, library, seat, message):
    with pytest.raises(RecordError, match=message):
        check_record_shape(seats_record(toy, [{"name": "A", "kind": "human"}, seat]), library)


def test_a_seat_may_be_played_by_the_person_of_an_earlier_seat_and_ask_when_able(toy, library):
    seats = [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human", "person": 0, "ask": "when-able"}]
    assert check_record_shape(seats_record(toy, seats), library)["seats"] == seats


def test_the_log_may_hold_twenty_thousand_moves_and_no_more(toy, library):
    move = [0, {"type": "knock"}]
    assert codec.MAX_LOG == 20_000
    assert len(check_record_shape(record(toy, log=[move] * 20_000), library)["log"]) == 20_000
    with pytest.raises(RecordError, match="far too many moves"):
        check_record_shape(record(toy, log=[move] * 20_001), library)


def test_the_documented_caps_hold():
    # docs/architecture.md: links are capped at 32 K characters and inflated JSON at 256 KB,
    # and a move may be nested as deep as any real one (the rules check the same depth).
    from tabletown.engine import rules

    assert codec.MAX_LINK_CHARS == 32 * 1024 and codec.MAX_JSON_BYTES == 256 * 1024
    assert codec.MAX_ACTION_DEPTH == rules.MAX_ACTION_DEPTH == 8


@pytest.mark.parametrize("entry", [[0], [0, {}, 1], (0, {}), [True, {}], [0, []], {"0": {}}])
def test_a_malformed_move_is_named_by_its_number(toy, library, entry):
    with pytest.raises(RecordError, match="move 2 is malformed"):
        check_record_shape(record(toy, log=[[0, {"type": "knock"}], entry]), library)


def test_a_move_as_deep_as_the_limit_passes_the_shape_check_and_one_deeper_does_not(toy, library):
    def nested(levels):
        action = {"type": "x"}
        node = action
        for _ in range(levels - 1):
            node["x"] = {}
            node = node["x"]
        node["n"] = 1
        return action

    ok = check_record_shape(record(toy, log=[[0, nested(codec.MAX_ACTION_DEPTH)]]), library)
    assert len(ok["log"]) == 1
    with pytest.raises(RecordError, match="move 1 is nested too deeply"):
        check_record_shape(record(toy, log=[[0, nested(codec.MAX_ACTION_DEPTH + 1)]]), library)
    assert codec.within_depth([[1]], 2) and not codec.within_depth([[1]], 1) and not codec.within_depth(1, -1)


def test_a_campaign_part_is_kept_when_it_is_an_object(toy, library):
    assert check_record_shape(record(toy, campaign={"a": 1}), library)["campaign"] == {"a": 1}
    assert "campaign" not in check_record_shape(record(toy), library)
    with pytest.raises(RecordError, match="campaign part is not readable"):
        check_record_shape(record(toy, campaign=[1]), library)
    with pytest.raises(RecordError, match="unknown parts: a, b"):
        check_record_shape(record(toy, b=1, a=2), library)


def test_unknown_parts_are_named_each_cut_to_twenty_characters_and_eighty_in_all(toy, library):
    extra = {c * 25: 1 for c in "abcde"}
    with pytest.raises(RecordError) as err:
        check_record_shape(record(toy, **extra), library)
    named = ", ".join(c * 20 for c in "abcde")
    assert str(err.value) == "This game data has unknown parts: " + named[:80]


def test_options_must_be_stored_exactly_as_normalized(toy, library):
    for forged in (True, 2.0, "2"):
        with pytest.raises(RecordError, match="bad options"):
            check_record_shape(record(toy, options={"tricks": forged}), library)
    assert check_record_shape(record(toy), library)["options"] == {"tricks": 2}


def test_an_option_missing_from_a_record_made_before_the_game_had_it_takes_its_default(toy, library):
    default = toy.SPEC.option("tricks").default
    assert default != 2 and check_record_shape(record(toy, options={}), library)["options"] == {"tricks": default}


# --- new-game links -------------------------------------------------------------------------------

def test_new_game_links_parse_seats_names_seed_and_options(toy, library):
    spec = parse_new_game("#new/high-card?seats=human,bot:hard,bot&names=Ann,Bob&seed=7&tricks=2", library)
    assert spec == {
        "game": "high-card",
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "hard", "name": "Bob"}, {"kind": "bot"}],
        "options": {"tricks": 2},
        "seed": 7,
    }
    record = new_record(toy, spec["seats"], spec["options"], spec["seed"])
    assert record["options"] == {"tricks": 2}


def test_names_from_a_link_lose_control_and_bidi_characters(library):
    spec = parse_new_game("#new/high-card?seats=human,human&names=%E2%80%AEAnn%00,B%E2%80%8Bob", library)
    assert [s["name"] for s in spec["seats"]] == ["Ann", "Bob"]


@pytest.mark.parametrize(
    "link, message",
    [
        ("#new/chess?seats=human,bot", "no game called"),
        ("#new/high-card", "who plays"),
        ("#new/high-card?seats=human,alien", "human"),
        ("#new/high-card?seats=human:hard,bot", "Only bots"),
        ("#new/high-card?seats=human,bot&seed=abc", "whole number"),
        ("#new/high-card?seats=human,bot&seed=²", "whole number"),
        ("#new/high-card?seats=human,bot&seed=--5", "whole number"),
        ("#new/high-card?seats=human,bot&seed=" + "9" * 400, "whole number|too long"),
        ("#new/high-card?seats=human,bot&tricks=2.0", "Tricks"),
        ("#new/high-card?seats=human,bot&tricks=²", "Tricks"),
        ("#new/high-card?seats=human,bot&colour=red", "Unknown option"),
        ("#new/high-card?seats=human,bot:godlike", "bot level"),
        ("#new/high-card?seats=human,bot&names=A,B,C", "more names"),
        ("#new/coming-soon?seats=human,bot", "not playable"),
    ],
)
def test_bad_new_game_links_are_explained(library, link, message):
    with pytest.raises(RecordError, match=message):
        parse_new_game(link, library)


def test_a_new_game_link_reads_each_part(library):
    got = parse_new_game("#new/high-card/?seats=Human,%20bot:HARD&names=%20Ann%20,&tricks=1", library)
    assert got == {"game": "high-card", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "hard"}],
                   "options": {"tricks": 1}, "seed": None}
    assert parse_new_game("#new/high-card?seats=human,human&seed=-12", library)["seed"] == -12


@pytest.mark.parametrize("link, message", [
    (None, "not text"),
    ("#play=1.x", "not a new-game link"),
    ("#new/High Card?seats=human", "no game called “High Card”"),
    ("#new/chess?seats=human", "no game called “chess”"),
    ("#new/high-card?seats=human&seats=bot", "gives “seats” twice"),
    ("#new/high-card?names=Ann", "must say who plays"),
    ("#new/high-card?seats=" + ",".join(["human"] * 9), "too many seats"),
    ("#new/high-card?seats=human,robot", "Seat 2 must be “human”, “bot” or “remote” \\(a player on another device\\), not “robot”"),
    ("#new/high-card?seats=human:hard,bot", "Only bots have a level \\(seat 1\\)"),
    ("#new/high-card?seats=human,bot:godlike", "Unknown bot level “godlike” for seat 2; use bot:easy, bot:hard or bot:expert"),
    ("#new/high-card?seats=human,bot&names=A,B,C", "more names than seats"),
    ("#new/high-card?seats=human,bot&seed=1.5", "seed must be a whole number"),
    ("#new/high-card?seats=human,bot&seed=1234567890123456789", "seed must be a whole number"),
    ("#new/high-card?seats=human,bot&Tricks=2", "unknown part “Tricks”"),
    ("#new/high-card?seats=human,bot&tricks=9", "Tricks"),
    ("#new/high-card?seats=human,bot&colour=red", "Unknown option: colour"),
])
def test_a_bad_new_game_link_is_explained(library, link, message):
    with pytest.raises(RecordError, match=message):
        parse_new_game(link, library)


def test_a_new_game_link_may_be_as_long_as_its_cap(library):
    base = "#new/high-card?seats=human,human&names=Ann"
    link = base + " " * (codec.MAX_NEW_LINK - len(base))
    assert len(link) == codec.MAX_NEW_LINK
    assert parse_new_game(link, library)["seats"][0]["name"] == "Ann"
    with pytest.raises(RecordError, match="far too long"):
        parse_new_game(link + " ", library)


def test_eight_seats_may_be_named_in_a_link(library):
    link = "#new/high-card?seats=" + ",".join(["human"] * 8)
    with pytest.raises(RecordError, match="2–3 players, not 8"):
        parse_new_game(link, library)


def test_names_may_skip_a_seat(library):
    got = parse_new_game("#new/high-card?seats=human,human&names=,Bob", library)
    assert got["seats"] == [{"kind": "human"}, {"kind": "human", "name": "Bob"}]


def test_a_record_from_a_new_game_link_plays(toy, library):
    got = parse_new_game("#new/high-card?seats=human,bot&seed=3", library)
    session = Session(toy, new_record(toy, got["seats"], got["options"], seed=got["seed"]))
    assert session.names == ["Player 1", "Bot 2"]


# --- any text at all ------------------------------------------------------------------------------

def test_any_text_is_either_a_valid_record_or_a_readable_error(toy, library):
    """Fuzz the decoder: whatever arrives, only RecordError may come out."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    good = encode_link(played_record(toy))

    @settings(max_examples=300, deadline=None, derandomize=True)
    @given(st.one_of(
        st.text(max_size=200).map(lambda t: "#play=1." + t),
        st.binary(max_size=300).map(lambda b: raw_link(b)),
        st.integers(min_value=8, max_value=len(good)).map(lambda n: good[:n]),
        st.tuples(st.integers(min_value=8, max_value=len(good) - 1), st.characters()).map(
            lambda p: good[: p[0]] + p[1] + good[p[0] + 1:]
        ),
    ))
    def decode(text):
        try:
            decode_link(text, library)
        except RecordError as err:
            assert str(err)

    decode()
