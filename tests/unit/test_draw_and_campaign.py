"""The render kit (controls, parts, fitted text, names) and campaign records (store, links, migration)."""

from __future__ import annotations

import json
import re

import pytest

from tabletown.engine.campaign import (
    CampaignStore,
    decode_campaign_link,
    encode_campaign_link,
    key_of,
    new_campaign,
)
from tabletown.engine.draw import Board, Drawing, fit_lines, names_in
from tabletown.engine.saves import MemoryBackend
from tabletown.engine.session import RecordError

EVIL = '<img src=x onerror="alert(1)">'


def test_a_control_is_clickable_focusable_and_named_with_its_visible_text():
    b = Board(100, 50, "Test board")
    with b.part("hand"):
        b.control(0, "Play the Vampire", "<rect/>", text="Vampire 9")
        b.control(1, "Play the Vampire card", "<rect/>", text="vampire")
    svg = b.svg()
    tags = re.findall(r"<g data-action[^>]*>", svg)
    assert 'aria-label="Play the Vampire. Vampire 9"' in tags[0] and 'tabindex="0"' in tags[0]
    assert 'aria-label="Play the Vampire card"' in tags[1]  # already contains what it shows


def test_parts_are_keyed_and_the_drawing_is_the_whole_svg():
    b = Board(100, 50, "Test board", game_over=True)
    b.symbol("die", "<rect width='4' height='4'/>")
    b.symbol("die", "<circle/>")  # defined once only
    with b.part("dice"):
        b.use("die", 1, 2)
    b.add("<line/>")
    drawing = b.svg()
    assert isinstance(drawing, Drawing) and drawing.startswith("<svg") and drawing.endswith("</svg>")
    assert [k for k, _ in drawing.parts] == ["dice", "_1"]
    assert drawing.count("<symbol") == 1 and 'data-game-over="true"' in drawing.head
    assert drawing == drawing.head + "".join(p for _, p in drawing.parts) + "</svg>"


def test_text_is_escaped_and_fitted():
    b = Board(100, 50, EVIL)
    b.text(0, 10, EVIL, size=10, width=60, lines=2)
    svg = b.svg()
    assert EVIL not in svg and "&lt;img" in svg
    lines = fit_lines("one two three four five six seven", width=56, size=10, lines=2)
    assert len(lines) == 2 and lines[-1].endswith("…") and all(len(line) <= 10 for line in lines)
    assert fit_lines("short", 100, 10, 1) == ["short"]


def test_names_are_substituted_in_one_pass():
    assert names_in("{seat0} beats {seat1}.", ["{seat1}", "Bob"]) == "{seat1} beats Bob."
    assert names_in("{seat7} waits.", ["Ann"]) == "{seat7} waits."


def test_a_frame_declares_its_units_for_the_pointer():
    b = Board(100, 50, "Table")
    with b.frame("table", x=5, y=6, scale=0.25, cell=None):
        b.add("<circle/>")
    assert '<g data-frame="table" transform="translate(5 6) scale(0.25)">' in b.svg()


class Lib:
    class Spec:
        campaign = True
        title = "Demo"

    def spec(self, game_id):
        return self.Spec() if game_id in ("demo", "tumble-town") else None

    def load(self, game_id):
        raise KeyError(game_id)


def test_campaigns_round_trip_through_the_store_and_a_link():
    store = CampaignStore(MemoryBackend(), Lib())
    record = new_campaign("demo", "c1", "Spring 1881", {"act": 2, "silver": 5}, updated=7)
    store.save(record)
    assert store.load("demo", "c1") == record and store.list("demo") == [record]
    link = encode_campaign_link(record)
    assert link.startswith("#campaign=1.") and decode_campaign_link("https://x/" + link, Lib()) == record
    store.put_data("demo", "c1", {"act": 3}, updated=9)
    assert store.data("demo", "c1") == {"act": 3} and store.load("demo", "c1")["name"] == "Spring 1881"


@pytest.mark.parametrize("mangle, message", [
    (lambda link: link[:-6], "cut short|damaged"),
    (lambda link: link.replace("#campaign=1.", "#campaign=²."), "version mark"),
    (lambda link: link + "*", "characters"),
    (lambda link: "#nothing", "not a Tabletown campaign link"),
])
def test_a_broken_campaign_link_gets_a_readable_error(mangle, message):
    link = encode_campaign_link(new_campaign("demo", "c1", "x", {"act": 1}))
    with pytest.raises(RecordError, match=message):
        decode_campaign_link(mangle(link), Lib())


def test_a_campaign_for_an_unknown_game_or_of_the_wrong_shape_is_refused():
    for forged in (dict(new_campaign("demo", "c1", "x", {}), game="chess"),
                   dict(new_campaign("demo", "c1", "x", {}), data=[1]),
                   dict(new_campaign("demo", "c1", "x", {}), extra=1),
                   dict(new_campaign("demo", "c1", "x", {}), id="../../x")):
        with pytest.raises(RecordError):
            decode_campaign_link(encode_campaign_link(forged), Lib())


def test_old_per_name_progress_becomes_a_campaign_and_the_old_key_goes():
    backend = MemoryBackend()
    backend.set("tabletown:progress:tumble-town", json.dumps({"Ann": {"mission": 2}}))
    store = CampaignStore(backend, Lib())
    assert store.data("tumble-town", "progress") == {"Ann": {"mission": 2}}
    assert backend.get("tabletown:progress:tumble-town") is None
    assert json.loads(backend.get(key_of("tumble-town", "progress")))["schema"] == 1


def test_a_damaged_old_progress_entry_becomes_an_empty_campaign():
    backend = MemoryBackend()
    backend.set("tabletown:progress:tumble-town", "{oops")
    assert CampaignStore(backend, Lib()).data("tumble-town", "progress") == {}
