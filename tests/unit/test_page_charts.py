"""The story of a game as the result screen draws it (web/charts.py): a score line per
player told apart without colour alone, bars for the game's tables of numbers, and beside
every chart a table holding the same figures for screen readers."""

from __future__ import annotations

import re
from html import escape

from tabletown.engine.replay import story
from tabletown.engine.session import Session, new_record
from tabletown.web import charts

EVIL = "<b onclick=x>Eve</b>"
NAMES = ["Ann", escape(EVIL), "Cy"]


def figures(html):
    return re.findall(r'<figure class="([^"]+)" id="([^"]+)"', html)


def test_nice_ticks_cover_the_range_in_round_steps():
    assert charts.nice_ticks(0, 10) == [0, 5, 10]
    assert charts.nice_ticks(0, 11) == [0, 5, 10, 15]  # the top is never cut off
    ticks = charts.nice_ticks(-3, 47)
    assert ticks[0] <= -3 and ticks[-1] >= 47
    steps = {b - a for a, b in zip(ticks, ticks[1:])}
    assert len(steps) == 1 and steps.pop() in (1, 2, 5, 10, 20, 50, 100)
    assert charts.nice_ticks(0, 0) == [0, 1]  # a game where nobody scored still has an axis


def test_the_score_line_has_a_path_and_an_end_mark_per_player_and_a_legend_with_final_scores():
    series = [[0, 0, 2, 2, 5], [0, 1, 1, 1, 1], [0, 0, 0, 3, 3]]
    html = charts.line_chart(series, NAMES, narrow=False, chart_id="c")
    svg = re.search(r"<svg class=\"chart-svg\".*?</svg>", html).group(0)
    assert 'role="img"' in svg and 'aria-labelledby="c-h"' in svg
    assert len(re.findall(r'<path d="M[^"]*" fill="none"', svg)) == 3
    # Told apart by dash as well as colour: no two lines share both.
    styles = re.findall(r'<path d="M[^"]*" fill="none" stroke="([^"]+)" stroke-width="2.5"( stroke-dasharray="[^"]+")?', svg)
    assert len(set(styles)) == 3
    assert "Ann</span> <strong>5</strong>" in html and f"{escape(EVIL)}</span> <strong>1</strong>" in html
    assert EVIL not in html


def test_the_score_table_lists_the_start_every_move_that_changed_a_score_and_the_end():
    series = [[0, 0, 2, 2, 2, 2], [0, 1, 1, 1, 1, 1]]
    assert [k for k, _ in charts.score_rows(series)] == [0, 1, 2, 5]
    html = charts.line_chart(series, NAMES[:2], narrow=True, chart_id="c")
    body = re.search(r"<tbody>(.*)</tbody>", html).group(1)
    assert body.count("<tr>") == 4
    assert '<th scope="row">2</th><td class="num">2</td><td class="num">1</td>' in body
    assert 'class="chart-table" tabindex="0" role="region"' in html  # a scrolling table is reachable by keyboard


def test_a_long_game_keeps_its_table_to_a_readable_length():
    series = [list(range(0, 2000))]
    rows = charts.score_rows(series)
    assert len(rows) == charts.MAX_TABLE_ROWS and rows[0][0] == 0 and rows[-1][0] == 1999


def test_charts_are_drawn_for_the_width_they_get_and_never_wider():
    wide = charts.line_chart([[0, 1]], ["Ann"], narrow=False, chart_id="c")
    narrow = charts.line_chart([[0, 1]], ["Ann"], narrow=True, chart_id="c")
    assert f'viewBox="0 0 {charts.WIDE} ' in wide and f'viewBox="0 0 {charts.NARROW} ' in narrow
    assert charts.NARROW <= 350  # a 390 px phone has about 350 px inside the result panel


def test_a_table_of_numbers_becomes_bars_one_per_number_column_with_the_table_beside():
    table = {"title": "Fights", "columns": ["Player", "Won", "Fled"],
             "rows": [["{seat0}", 3, 1], ["{seat1}", 0, 2], ["{seat2}", 5, -1]]}
    html = charts.bar_chart(table, NAMES, narrow=False, chart_id="b")
    svg = re.search(r"<svg class=\"chart-svg\".*?</svg>", html).group(0)
    assert svg.count("<rect ") == 6
    assert ">Ann</text>" in svg and escape(EVIL) in svg and EVIL not in html
    assert '<ul class="legend">' in html and ">Won</span>" in html and ">Fled</span>" in html
    assert '<caption id="b-t" class="visually-hidden">Fights</caption>' in html
    assert '<tr><th scope="row">Cy</th><td class="num">5</td><td class="num">-1</td></tr>' in html
    # The negative value is written on the page too, on the right of the zero line.
    assert ">-1</text>" in svg and "<line " in svg


def test_a_row_named_by_a_number_is_labelled_with_its_column_and_its_first_words():
    table = {"title": "The fights", "columns": ["Fight", "Ruffian", "Result", "Rounds"],
             "rows": [[1, "Qing & Kween", "Defeated", 11], [2, "{seat1}", "Won", 5], [3, "", "Won", 2],
                      [4, "A Ruffian whose name is far too long for a phone's chart", "Won", 1]]}
    svg = re.search(r"<svg class=\"chart-svg\".*?</svg>", charts.bar_chart(table, NAMES, True, "f")).group(0)
    labels = re.findall(r'<text x="4" y="[0-9.]+">([^<]*)</text>', svg)
    assert labels[:3] == ["Fight 1 · Qing &amp; Kween", f"Fight 2 · {escape(EVIL)}", "Fight 3 · Won"]
    assert labels[3].endswith("…") and len(labels[3]) == charts.LABEL_CHARS
    named = charts.bar_chart({"title": "T", "columns": ["Player", "Won"], "rows": [["{seat0}", 3]]}, NAMES, True, "g")
    assert ">Ann</text>" in named


def test_one_number_column_needs_no_legend_and_text_or_true_false_cells_stay_a_table():
    one = charts.bar_chart({"title": "T", "columns": ["P", "N"], "rows": [["a", 1]]}, NAMES, False, "x")
    assert "<svg" in one and '<ul class="legend">' not in one
    words = charts.bar_chart({"title": "Endings", "columns": ["P", "How"], "rows": [["a", "rode out"]]}, NAMES, False, "y")
    flags = charts.bar_chart({"title": "Survived", "columns": ["P", "Alive"], "rows": [["a", True]]}, NAMES, False, "z")
    for html in (words, flags):
        assert "<svg" not in html and "<table>" in html and "only-table" in html


def test_the_story_section_draws_what_the_game_tells_and_nothing_when_it_tells_nothing(toy):
    session = Session(toy, new_record(toy, [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}], {}, 5))
    while session.active():
        seat = session.active()[0]
        session.apply(seat, toy.RULES.legal(session.state, seat)[0])
    told = story(toy, session.record)
    html = charts.story_html(told, ["Ann", "Bo"], narrow=False)
    assert [cls for cls, _ in figures(html)] == ["chart", "chart"]  # score over time, tricks taken
    assert "Score over time" in html and "Tricks taken" in html
    assert charts.story_html({"series": None, "tables": []}, ["Ann"], False) == ""
    assert charts.story_html(None, ["Ann"], False) == ""
    # A malformed story is left out rather than drawn wrong.
    assert charts.story_html({"series": [[0, "x"]], "tables": [{"title": 3}]}, ["Ann"], False) == ""
    assert charts.story_html({"series": [[0], [0]], "tables": []}, ["Ann"], False) == ""  # more lines than players
