"""Ruthless' posse editor: a player types the name of each character he builds.

"Each model on the tabletop is assigned a card used to reference weapons, track ammunition
and mark wounds ... Blank templates are supplied." A blank card is the player's own: he may
type its character's name (or take the next from the editor's list), and the name is the
character's on the table, on his card and in the log.
"""

from __future__ import annotations

import html
import re

import pytest

from tabletown.engine.rules import IllegalAction
from tabletown.engine.session import Session, new_record
from tabletown.games.ruthless import editor as E
from tabletown.games.ruthless import game
from tabletown.web import policy, screens

from .test_ruthless_helpers import RULES, SPEC

BUILD = SPEC.normalize(2, {"scenario": "gunfight", "posse1": "build", "posse2": "earps"})


def session():
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    s = Session(game, new_record(game, seats, BUILD, 3))
    assert s.state["phase"] == "build"
    s.apply(0, {"type": "add"})
    return s


def editing(s):
    return s.state["build"]["editing"]


def text_of(svg):
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", svg)).split())


def board(s, seat=0):
    view = RULES.view(s.state, seat)
    ui = {"viewer": seat, "legal": RULES.legal(s.state, seat), "params": RULES.params(s.state, seat),
          "armed": None, "cursor": None, "names": ["Ann", "Bob"]}
    return text_of(game.render(view, ui))


def test_the_card_being_edited_offers_a_name_to_type_showing_the_name_it_has_now():
    s = session()
    kinds = RULES.params(s.state, 0)
    assert [k["kind"] for k in kinds] == ["text"]
    assert kinds[0]["action"] == {"type": "name", "card": editing(s)} and kinds[0]["label"] == "Name"
    shown = kinds[0]["value"]
    assert shown and shown in board(s)
    panel = screens.params_panel(kinds, None, None)
    assert 'name="value"' in panel and f'value="{html.escape(shown)}"' in panel and "Type it in" in panel


def test_a_typed_name_is_the_characters_name_in_the_editor_the_log_and_on_the_table():
    s = session()
    kind = RULES.params(s.state, 0)[0]
    line = s.apply(0, policy.complete(kind, policy.text_value(kind, "  Kid   Curry ")))
    assert line == "{seat0} names the character Kid Curry."
    assert "Kid Curry" in board(s)
    # finish both posses: a second card, weapons and traits, then ready
    s.apply(0, {"type": "trait", "card": editing(s), "trait": "gunfighter"})
    s.apply(0, {"type": "add"})
    s.apply(0, {"type": "trait", "card": editing(s), "trait": "lucky"})
    s.apply(0, {"type": "ready"})
    assert s.state["phase"] != "build"
    view = RULES.view(s.state, 0)
    whos = {m["who"] for m in view["derived"]["models"] if m.get("who") != "horse"}
    assert "typed:Kid Curry" in whos
    assert "Kid Curry" in board(s)


def test_a_name_like_a_card_or_a_list_name_is_still_the_typed_name():
    s = session()
    s.apply(0, {"type": "name", "card": editing(s), "name": "n5"})
    assert "n5" in board(s) and "Faro Nell" not in board(s)


@pytest.mark.parametrize("typed", ["", "x" * 25, "{seat1}", " Kid", "Kid\u202eCurry", "Kid  Curry"])
def test_a_name_that_is_empty_too_long_untidy_or_with_braces_is_refused_with_a_message(typed):
    s = session()
    before = dict(s.state["custom"][editing(s)])
    with pytest.raises(IllegalAction) as err:
        RULES.check_legal(s.state, 0, {"type": "name", "card": editing(s), "name": typed})
    assert str(err.value)
    assert s.state["custom"][editing(s)] == before


def test_the_page_tidies_spaces_and_refuses_what_is_too_long_before_it_is_played():
    kind = {"kind": "text", "max": 24}
    assert policy.text_value(kind, "  Kid \t Curry ") == "Kid Curry"
    assert policy.text_value(kind, "   ") is None
    assert policy.text_value(kind, "x" * 25) is None


def test_only_the_card_being_edited_can_be_named_and_only_in_the_editor():
    s = session()
    first = editing(s)
    s.apply(0, {"type": "add"})
    with pytest.raises(IllegalAction):
        RULES.check_legal(s.state, 0, {"type": "name", "card": first, "name": "Kid Curry"})


def test_next_name_after_a_typed_name_goes_back_to_the_list():
    s = session()
    s.apply(0, {"type": "name", "card": editing(s), "name": "Kid Curry"})
    line = s.apply(0, {"type": "rename", "card": editing(s)})
    assert line == "{seat0} names the character Amos Kell."


def test_the_posse_book_keeps_a_typed_name_and_refuses_a_bad_one():
    card = {"name": "Kid Curry", "toughness": 5, "weapons": ["revolver"], "traits": ["lucky"],
            "boxes": {"leg": 3, "arm": 3, "chest": 2, "severe": 2}, "mounted": False, "role": "posse"}
    assert E.check_card(card)
    assert not E.check_card(dict(card, name="{seat0}"))
    assert not E.check_card(dict(card, name=""))
    assert not E.check_card(dict(card, name=7.5))


def test_the_posse_book_refuses_a_card_with_a_weapon_or_a_trait_twice():
    """A posse book is kept in the browser, where anyone can edit it: a character with the same
    weapon or trait twice is not one the editor can make."""
    card = {"name": "Kid Curry", "toughness": 5, "weapons": ["revolver"], "traits": ["lucky"],
            "boxes": {"leg": 3, "arm": 3, "chest": 2, "severe": 2}, "mounted": False, "role": "posse"}
    assert E.check_card(card)
    assert not E.check_card(dict(card, weapons=["revolver", "revolver"]))
    assert not E.check_card(dict(card, traits=["lucky", "lucky"]))


@pytest.mark.parametrize("value", [5, ["Kid"], None])
def test_a_name_that_is_no_text_is_refused(value):
    s = session()
    with pytest.raises(IllegalAction):
        RULES.check_legal(s.state, 0, {"type": "name", "card": editing(s), "name": value})


def test_the_kits_text_kind_fits_only_text_within_its_length():
    from tabletown.engine.rules import _fits_param
    kind = {"kind": "text", "action": {"type": "name", "card": "c0-0"}, "param": "name", "max": 24}
    assert _fits_param(kind, {"type": "name", "card": "c0-0", "name": "Kid Curry"})
    assert not _fits_param(kind, {"type": "name", "card": "c0-0", "name": "x" * 25})
    assert not _fits_param(kind, {"type": "name", "card": "c0-0", "name": ""})
    assert not _fits_param(kind, {"type": "name", "card": "c0-0", "name": 5})
    assert not _fits_param(kind, {"type": "name", "card": "c0-1", "name": "Kid Curry"})


# --- the editor's buttons fit, on a phone and on a wide screen ------------------------------------
def _button_boxes(svg):
    """(x, width, words) of every button of the panel, in the board's units and after the
    translate of the panel when it is drawn under the editor."""
    shift = re.search(r'<g transform="translate\((-?[\d.]+) (-?[\d.]+)\)">', svg)
    dx = float(shift.group(1)) if shift else 0.0
    out = []
    for m in re.finditer(r'<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="[\d.]+" rx="4"[^>]*/>'
                         r'<text [^>]*>(.*?)</text>', svg):
        words = " ".join(re.sub(r"<[^>]+>", " ", m.group(3)).split())  # a long button's lines are tspans
        out.append((float(m.group(1)) + dx, float(m.group(2)), html.unescape(words)))
    return out


@pytest.mark.parametrize("narrow", [False, True])
def test_every_trait_button_of_the_editor_is_inside_the_board(narrow):
    # (that each holds its words is measured in the browser: tests/e2e/test_ruthless_words.py)
    s = session()
    view = RULES.view(s.state, 0)
    ui = {"viewer": 0, "legal": RULES.legal(s.state, 0), "params": RULES.params(s.state, 0), "armed": None,
          "cursor": None, "names": ["Ann", "Bob"], "narrow": narrow}
    svg = game.render(view, ui)
    width = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))
    assert (width < 450) is narrow  # on a phone the editor is drawn at the phone's width, not shrunk
    boxes = _button_boxes(svg)
    traits = [b for b in boxes if b[2].startswith("+ ")]
    assert len(traits) >= 19 + 6  # every trait and every other weapon is offered
    for x, w, words in boxes:
        assert 0 <= x and x + w <= width - 10, words
    assert "Choose a point" not in svg  # the name is typed beside the board, not pressed on it
