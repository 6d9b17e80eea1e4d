"""The render kit (engine/draw.py) as a player's screen reader and the page see it: exact
SVG for controls, frames, text and parts; text fitted to a width; names put in one pass."""

import re

import pytest

from tabletown.engine import draw
from tabletown.engine.draw import PALETTE, Board, Drawing, fit_lines, names_in


def test_escaping_covers_markup_and_both_quotes():
    assert draw.esc('<a href="x">Ann & \'Bob\'</a>') == "&lt;a href=&quot;x&quot;&gt;Ann &amp; &#x27;Bob&#x27;&lt;/a&gt;"
    assert draw.esc(12) == "12"


def test_names_replace_every_placeholder_in_one_pass():
    assert names_in("{seat1} and {seat0}", ["Ann", "Bob"]) == "Bob and Ann"
    assert names_in("{seat2}", ["Ann", "Bob"]) == "{seat2}"          # no such seat: left as it is
    assert names_in("{seat1}", ["Ann", "Bob"]) == "Bob"              # the last seat is found
    assert names_in("{seat10}", ["x"] * 11) == "x"
    assert names_in("{seatx} {seat}", ["Ann"]) == "{seatx} {seat}"


def test_a_drawing_is_its_head_parts_and_tail():
    d = Drawing("<svg>", [("a", "<g>1</g>"), ("b", "<g>2</g>")])
    assert d == "<svg><g>1</g><g>2</g></svg>" and d.head == "<svg>" and d.parts == [("a", "<g>1</g>"), ("b", "<g>2</g>")]
    assert Drawing("<x>", [], tail="</x>") == "<x></x>"


# --- fitting text -----------------------------------------------------------------------------------

def test_text_fits_as_many_characters_as_the_width_holds():
    # 10 px at 10 px font: 10 / (10 * 0.56) = 1.79 -> one character per line
    assert draw.CHAR_WIDTH == 0.56
    per_line_10 = 57  # 57 / (10 * 0.56) = 10.2 -> 10 characters
    assert fit_lines("aaaaaaaaaa", per_line_10, 10, 1) == ["aaaaaaaaaa"]
    assert fit_lines("aaaaaaaaaaa", per_line_10, 10, 2) == ["aaaaaaaaaa", "a"]
    assert fit_lines("aaaa bbbbb", per_line_10, 10, 1) == ["aaaa bbbbb"]       # exactly ten with the space
    assert fit_lines("aaaa bbbbbb", per_line_10, 10, 2) == ["aaaa", "bbbbbb"]
    assert fit_lines("a b c", 5, 10, 5) == ["a", "b", "c"]                       # at least one per line


def test_a_word_longer_than_a_line_is_cut_and_what_came_before_keeps_its_line():
    assert fit_lines("ab cdefghijklmnopqrstu", 57, 10, 5) == ["ab", "cdefghijkl", "mnopqrstu"]
    assert fit_lines("cdefghijklmnopqrstuvwxyz", 57, 10, 5) == ["cdefghijkl", "mnopqrstuv", "wxyz"]


def test_text_that_does_not_fit_ends_with_an_ellipsis():
    # a full last line loses its last character to the ellipsis
    assert fit_lines("aaaaaaaaaa bbbbbbbbbb cc", 57, 10, 2) == ["aaaaaaaaaa", "bbbbbbbbb…"]
    # a short last line simply gains it
    assert fit_lines("aaaaaaaaaa bbb cccccccccc", 57, 10, 2) == ["aaaaaaaaaa", "bbb…"]
    # nine characters is one short of full: it keeps them all
    assert fit_lines("aaaaaaaaaa bbbbbbbbb cccccccccc", 57, 10, 2) == ["aaaaaaaaaa", "bbbbbbbbb…"]
    assert fit_lines("one two", 57, 10, 3) == ["one two"]
    assert fit_lines("", 57, 10, 1) == []
    assert fit_lines(12345, 57, 10, 1) == ["12345"]


def test_text_wider_than_its_lines_on_a_tiny_width():
    assert fit_lines("abc", 1, 10, 1) == ["…"]  # one character per line: the ellipsis takes its place
    assert fit_lines("abc", 1, 10, 3) == ["a", "b", "c"]


# --- the board --------------------------------------------------------------------------------------

def test_the_board_head_is_a_labelled_group_with_its_view_box():
    d = Board(960, 640, 'A "board"').svg()
    assert d.head == ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 640" class="board-svg" role="group" '
                      'aria-label="A &quot;board&quot;" preserveAspectRatio="xMidYMin meet">')
    assert d == d.head + "</svg>"
    over = Board(10, 10, "b", game_over=True, cls="mini").svg()
    assert 'class="mini"' in over.head and over.head.endswith(' data-game-over="true">')


def test_symbols_are_defined_once_in_defs_with_an_optional_view_box():
    b = Board(10, 10, "b")
    b.symbol("die", "<rect/>", view_box="0 0 4 4")
    b.symbol("die", "<circle/>")
    b.symbol("pip", "<circle/>")
    head = b.svg().head
    assert head.endswith('<defs><symbol id="die" viewBox="0 0 4 4" overflow="visible"><rect/></symbol>'
                         '<symbol id="pip" overflow="visible"><circle/></symbol></defs>')


def test_use_places_a_symbol_with_size_and_attributes():
    b = Board(10, 10, "b")
    with b.part("p"):
        b.use("die", 1.5, 2, w=40, h=20.25, fill="#fff", class_="x", data_v=None, aria_hidden="true")
        b.use("pip", 0, 0)
    assert b.svg().parts == [("p", '<g data-part="p"><use href="#die" x="1.5" y="2" width="40" height="20.25" '
                                   'fill="#fff" class="x" aria-hidden="true"/><use href="#pip" x="0" y="0"/></g>')]


def test_parts_do_not_nest_and_loose_drawing_gets_its_own_numbered_part():
    b = Board(10, 10, "b")
    b.add("<a/>")
    with b.part("one"):
        b.add("<b/>")
        with pytest.raises(RuntimeError, match="do not nest"):
            with b.part("two"):
                pass
    b.add("<c/>")
    b.add("<d/>")
    assert [k for k, _ in b.svg().parts] == ["_1", "one", "_2", "_3"]
    assert b.svg().parts[1] == ("one", '<g data-part="one"><b/></g>')


def test_a_part_closes_even_when_drawing_it_fails():
    b = Board(10, 10, "b")
    with pytest.raises(KeyError):
        with b.part("bad"):
            raise KeyError("x")
    b.add("<after/>")
    assert b.svg().parts[-1] == ("_1", '<g data-part="_1"><after/></g>')


def test_a_frame_for_a_grid_names_its_cell_size():
    b = Board(10, 10, "b")
    with b.part("map"):
        with b.frame("grid", x=10.5, y=0, scale=2, cell=100):
            b.add("<rect/>")
    assert b.svg().parts[0][1] == ('<g data-part="map"><g data-frame="grid" data-cell="100" '
                                   'transform="translate(10.5 0) scale(2)"><rect/></g></g>')


def test_a_frame_with_a_window_may_be_zoomed_and_draws_only_inside_its_window():
    b = Board(100, 100, "b")
    for key in ("under", "over"):  # two parts in the same frame share one clip
        with b.part(key):
            with b.frame("table", x=10, y=10, scale=0.1, window=(3600, 3000)):
                b.add("<rect/>")
    svg = b.svg()
    assert svg.head.count("<clipPath") == 1
    assert '<clipPath id="window-table"><rect x="10" y="10" width="360" height="300"/></clipPath>' in svg.head
    assert svg.parts[0][1] == ('<g data-part="under"><g clip-path="url(#window-table)"><g data-frame="table" '
                               'data-zoom="3600 3000" transform="translate(10 10) scale(0.1)"><rect/></g></g></g>')


def test_a_frame_closes_its_group_even_when_drawing_inside_it_fails():
    b = Board(10, 10, "b")
    with b.part("t"):
        with pytest.raises(ValueError):
            with b.frame("table"):
                raise ValueError
    assert b.svg().parts[0][1].endswith("</g></g>")


def test_one_line_of_text_is_a_plain_escaped_text_element():
    b = Board(10, 10, "b")
    with b.part("t"):
        used = b.text(5, 6, "Ann & Bob", size=12.5, anchor="middle", weight="bold", fill=PALETTE["accent"], id_="t1")
    assert used == 1
    assert b.svg().parts[0][1] == ('<g data-part="t"><text x="5" y="6" font-size="12.5" text-anchor="middle" '
                                   'font-weight="bold" fill="#8c2f1b" id="t1">Ann &amp; Bob</text></g>')


def test_wrapped_text_is_one_tspan_per_line_each_a_line_height_down():
    b = Board(10, 10, "b")
    with b.part("t"):
        used = b.text(4, 20, "aaaa bbbb", size=10, width=28, lines=3, line_height=1.5)
    assert used == 2
    assert b.svg().parts[0][1] == ('<g data-part="t"><text x="4" y="20" font-size="10" '
                                   f'fill="{PALETTE["ink"]}"><tspan x="4" dy="0">aaaa</tspan>'
                                   '<tspan x="4" dy="15">bbbb</tspan></text></g>')


def test_a_control_carries_its_action_role_focus_and_name():
    b = Board(10, 10, "b")
    with b.part("c"):
        b.control(3, "Claim the Bank", "<rect/>", text="Bank", cls="act big", data_kind="plan")
    assert b.svg().parts[0][1] == ('<g data-part="c"><g data-action="3" role="button" tabindex="0" '
                                   'aria-label="Claim the Bank" class="act big" data-kind="plan"><rect/></g></g>')


def test_a_controls_name_always_contains_the_text_the_player_sees():
    assert draw._label_with("Claim the Bank", "bank") == "Claim the Bank"
    assert draw._label_with("Claim", "Bank  9") == "Claim. Bank 9"
    assert draw._label_with("Claim", "   ") == "Claim"
    assert draw.control_open(1, "Go", "Now") == '<g data-action="1" role="button" tabindex="0" aria-label="Go. Now" class="act">'


def test_an_arming_control_points_at_its_parameter_kind():
    b = Board(10, 10, "b")
    with b.part("a"):
        b.arm(2, "Move Wyatt", "<circle/>", text="Move", data_x="1")
    assert b.svg().parts[0][1] == ('<g data-part="a"><g data-param="2" role="button" tabindex="0" '
                                   'aria-label="Move Wyatt" class="act" data-x="1"><circle/></g></g>')


def test_numbers_are_written_short():
    assert draw._num(3) == "3" and draw._num(3.0) == "3" and draw._num(2.5) == "2.5"
    assert draw._num(0.125) == "0.12" and draw._num(0.25) == "0.25"
    assert draw._num(1.10) == "1.1" and draw._num(-4.0) == "-4" and draw._num(0.001) == "0"


def test_attributes_lose_a_trailing_underscore_and_use_dashes():
    assert draw._attrs({"class_": "a", "aria_label": "x<y", "skip": None}) == ' class="a" aria-label="x&lt;y"'


def test_the_palette_names_colours_by_meaning_and_has_a_colour_per_seat():
    for name in ("ink", "paper", "accent", "good", "bad", "warn", "muted", "focus"):
        assert PALETTE[name].startswith("#")
    assert len(PALETTE["seats"]) >= 6


# --- the render contract: names raw, controls found, the rest as buttons -------------------------------

def test_seat_names_are_kept_as_typed_and_missing_ones_get_the_games_noun():
    from tabletown.engine.draw import seat_names
    assert seat_names({"names": ["Tom & Jerry", ""]}, 3) == ["Tom & Jerry", "Player 2", "Player 3"]
    assert seat_names({}, 1, "Posse") == ["Posse 1"]


def test_controls_find_an_action_only_with_the_same_json_types():
    from tabletown.engine.draw import Controls
    c = Controls([{"type": "buy", "card": 1}, {"type": "pass", "all": True}, {"type": "buy", "card": 2}])
    assert c.find({"card": 2, "type": "buy"}) == 2
    assert c.find({"type": "pass", "all": 1}) is None and c.find({"type": "buy", "card": True}) is None
    assert c.find({"type": "buy", "card": "1"}) is None and c.find({"type": "buy"}) is None
    assert c.of_type("buy") == [(0, {"type": "buy", "card": 1}), (2, {"type": "buy", "card": 2})]


def test_a_board_marks_what_it_drew_and_draws_the_rest_as_named_buttons():
    from tabletown.engine.draw import Board, Controls
    c = Controls([{"type": "buy", "card": 1}, {"type": "pass"}, {"type": "end"}])
    b = Board(400, 200, "Test", controls=c)
    b.control(0, "Buy card 1", "<rect/>")
    assert c.rest() == [(1, {"type": "pass"}), (2, {"type": "end"})]
    bottom = b.buttons(c.rest(), lambda a: {"pass": "Pass & wait", "end": "End turn"}[a["type"]], 10, 100, 380)
    svg = b.svg()
    assert 'data-action="1"' in svg and 'aria-label="Pass &amp; wait"' in svg and ">Pass &amp; wait</text>" in svg
    assert 'data-action="2"' in svg and bottom == 144 and c.rest() == []
    assert b.buttons([], str, 0, 77, 100) == 77


def test_buttons_wrap_into_rows_when_the_width_is_used_up():
    from tabletown.engine.draw import Board, Controls
    c = Controls([{"type": "a"}, {"type": "b"}, {"type": "c"}])
    b = Board(300, 300, "Test", controls=c)
    bottom = b.buttons(c.rest(), lambda a: "A rather long label " + a["type"], 0, 0, 300, height=40, gap=10)
    assert bottom == 40 * 3 + 10 * 2


# --- a whole board, as a player meets it ----------------------------------------------------------

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


def test_a_body_drawn_apart_is_collected_not_added_to_the_board():
    b = Board(100, 100, "Test")
    with b.part("p"):
        with b.apart() as body:
            b.text(0, 10, "Tom & Jerry")
        b.control(0, "Pick Tom & Jerry", "".join(body))
    parts = dict(b.svg().parts)
    assert parts["p"].count("Tom &amp; Jerry</text>") == 1 and 'data-action="0"' in parts["p"]


def test_a_kept_drawing_is_drawn_once_for_the_same_inputs_and_marks_its_controls_again():
    from tabletown.engine.draw import Controls
    calls = []

    def draw(b):
        calls.append(1)
        b.control(1, "Claim", "<rect/>")
        return 42

    for _ in range(2):
        c = Controls([{"type": "pass"}, {"type": "claim"}])
        b = Board(100, 100, "Test", controls=c)
        with b.part("row"):
            assert b.kept(["row", 1], lambda b=b: draw(b)) == 42
        assert 'data-action="1"' in dict(b.svg().parts)["row"] and c.rest() == [(0, {"type": "pass"})]
    assert len(calls) == 1
    with b.part("other"):
        b.kept(["row", 2], lambda: draw(b))  # other inputs: drawn again
    assert len(calls) == 2


def test_text_at_svgs_own_defaults_writes_no_anchor_or_weight():
    b = Board(10, 10, "b")
    with b.part("t"):
        b.text(1, 2, "plain")
        b.text(1, 2, "loud", anchor="end", weight="bold")
    part = dict(b.svg().parts)["t"]
    assert part.count("text-anchor") == 1 and part.count("font-weight") == 1
    assert '<text x="1" y="2" font-size="14" fill="' + PALETTE["ink"] + '">plain</text>' in part


def test_controls_tell_flat_and_nested_actions_apart_as_json_does():
    from tabletown.engine.draw import Controls
    c = Controls([{"type": "move", "to": [1, 2]}, {"type": "bid", "n": 1.0}, {"type": "bid", "n": None},
                  {"type": "move", "to": {"x": 1, "y": 2}}])
    assert c.find({"to": [1, 2], "type": "move"}) == 0 and c.find({"type": "move", "to": [1, True]}) is None
    assert c.find({"type": "bid", "n": 1.0}) == 1 and c.find({"type": "bid", "n": 1}) is None
    assert c.find({"type": "bid", "n": None}) == 2 and c.find({"type": "move", "to": {"y": 2, "x": 1}}) == 3


def test_a_full_store_of_kept_drawings_lets_its_oldest_go_first(monkeypatch):
    monkeypatch.setattr(draw, "_KEPT", {})
    monkeypatch.setattr(draw, "KEEP_MOST", 3)
    calls = []

    def keep(b, n):
        b.kept(["n", n], lambda: calls.append(n))

    b = Board(10, 10, "b")
    with b.part("p"):
        for n in (1, 2, 3, 4, 2, 3, 4, 1):  # the fourth pushes the first out; the others stay
            keep(b, n)
    assert calls == [1, 2, 3, 4, 1]
