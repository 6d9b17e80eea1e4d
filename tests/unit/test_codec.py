"""Share links: round trips, and hostile input answered with readable errors."""

import base64
import json
import zlib

import pytest

from tabletown.engine.codec import decode_link, encode_link, parse_new_game
from tabletown.engine.session import RecordError, Session, new_record

HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "bot", "level": "hard"}]


def played_record(toy, seed=4):
    session = Session(toy, new_record(toy, HUMANS, {"tricks": 2}, seed=seed))
    session.apply(0, {"type": "knock"})
    session.apply(1, {"type": "pass"})
    session.apply(0, {"type": "pick", "card": session.state["hands"][0][0]})
    return session.record


def raw_link(payload: bytes, version="1") -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(payload) + packer.flush()
    return f"#play={version}." + base64.urlsafe_b64encode(data).decode().rstrip("=")


def test_link_round_trip_gives_the_same_game_at_the_same_point(toy, library):
    record = played_record(toy)
    link = encode_link(record)
    assert link.startswith("#play=1.")
    again = decode_link("https://example.org/tabletown/" + link, library)
    assert again == record
    assert Session(toy, again).state == Session(toy, record).state


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


def tamper(toy, **changes):
    record = played_record(toy)
    record.update(changes)
    from tests.conftest import ToyLibrary

    return decode_link(encode_link(record), ToyLibrary(toy))


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


def test_a_decompression_bomb_is_refused_as_too_large(library):
    with pytest.raises(RecordError, match="too large"):
        decode_link(raw_link(b" " * 5_000_000), library)


def test_one_byte_over_the_inflate_cap_is_too_large_not_cut_short(library):
    from tabletown.engine.codec import MAX_JSON_BYTES

    with pytest.raises(RecordError, match="too large"):
        decode_link(raw_link(b" " * (MAX_JSON_BYTES + 1)), library)
    with pytest.raises(RecordError, match="wrong shape"):
        decode_link(raw_link(b" " * (MAX_JSON_BYTES - 2) + b"[]"), library)


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


def test_json_of_wrong_types_is_refused_everywhere(toy, library):
    record = played_record(toy)
    for key in record:
        for bad in (None, "x", 1.5, [], {}, True):
            if type(bad) is type(record[key]):
                continue
            forged = dict(record, **{key: bad})
            with pytest.raises(RecordError):
                decode_link(raw_link(json.dumps(forged).encode()), library)
