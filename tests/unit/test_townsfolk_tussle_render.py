"""The Townsfolk Tussle grid as a player sees it while the Ruffian acts.

- "If the Ruffian can take multiple paths to reach their target, all which take the same amount of
  MVMT, the players may choose the path": each path is offered as the Ruffian's 2 × 2 footprint where
  it would end ("Ruffians themselves cover 4 squares"), pressed to choose it.
- "When they do, the townsfolk is pushed out of that square, and into an adjacent square of their
  choice": while that choice is asked, no token is drawn on top of another.
- Every kind of mark on the grid has a line in the legend under it.
"""

from __future__ import annotations

import html
import re

import pytest

from tabletown.games.townsfolk_tussle.render import CELL, render
from tabletown.games.townsfolk_tussle.rules import RULES
from tests.unit.test_townsfolk_support import Table
from tests.unit.test_townsfolk_tussle_ruffian_told import open_field

NAMES = ["Ann", "Bob", "Cy"]
GRID_X, GRID_Y = 22, 20  # the grid's top-left corner in its part (wide layout)



def board(t: Table, narrow: bool = False) -> str:
    active = RULES.active(t.state)
    seat = active[0] if active else None
    legal = RULES.legal(t.state, seat) if seat is not None else []
    view = RULES.view(t.state, seat)
    return str(render(view, {"viewer": seat, "legal": legal, "params": [], "names": NAMES, "narrow": narrow}))


def part(svg: str, key: str) -> str:
    start = svg.index(f'data-part="{key}"')
    end = svg.find('<g data-part="', start + 1)
    return svg[start:end if end > 0 else len(svg)]


def words(svg: str) -> str:
    """The text a player reads in a piece of the board (wrapped lines joined)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", svg)).split())


def square_of(x: float, y: float) -> tuple[int, int]:
    return int((x - GRID_X) // CELL), int((y - GRID_Y) // CELL)


def path_choice() -> Table:
    """Henlo on D4; the twins on F6–G7 can end on E4–F5 or on D5–E6 for the same 3 MVMT."""
    t = open_field(henlo=(3, 3))
    t.stack("qing-kween-twin-cleave")
    t.ruffian_plays()
    assert t.question is not None and t.question["k"] == "path"
    return t


def test_each_path_is_offered_as_the_footprint_the_ruffian_ends_on():
    t = path_choice()
    grid = part(board(t), "grid")
    offered = re.findall(r'<g data-action="(\d+)"[^>]*aria-label="(Path \d[^"]*)"[^>]*>\s*<rect x="([\d.]+)" '
                         r'y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"', grid)
    assert [label for _, label, *_ in offered] == ["Path 1: 3 steps, ends on E4–F5", "Path 2: 3 steps, ends on D5–E6"]
    for (_, _, x, y, w, h), end in zip(offered, [(4, 3), (3, 4)]):
        # the control covers most of four squares (2 × 2), starting in the path's end square
        assert square_of(float(x), float(y)) == end
        assert float(w) > 1.5 * CELL and float(h) > 1.5 * CELL
    # no thin numbered line stands for a path any more
    assert "<polyline" not in grid.split('data-topic="prompt:path"', 1)[-1]


def test_the_paths_are_not_offered_again_as_buttons_above_the_grid():
    t = path_choice()
    svg = board(t)
    assert "Path 1" not in part(svg, "question").replace("aria-label", "")
    assert "Each dashed, numbered footprint is where the Ruffian ends on that path" in words(part(svg, "question"))


def tokens(grid: str) -> list[tuple[float, float]]:
    r = f"{CELL * 0.38:g}"
    return [(float(x), float(y)) for x, y in re.findall(rf'<circle cx="([\d.]+)" cy="([\d.]+)" r="{re.escape(r)}"',
                                                        grid)]


def test_while_a_townsfolk_chooses_where_they_are_pushed_no_token_sits_on_another():
    # March of Conquest: the twins charge west into Melba on D6.
    t = open_field(henlo=(0, 5), melba=(3, 5))
    t.stack("qing-kween-march-of-conquest")
    t.ruffian_plays()
    assert t.question is not None and t.question["k"] == "push"
    grid = part(board(t), "grid")
    ruffian = re.search(r'data-topic="board:ruffian"><rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"', grid)
    rx, ry, rw = (float(v) for v in ruffian.groups())
    placed = tokens(grid)
    assert len(placed) == 2  # Henlo and Quintus; Melba waits for her push
    for x, y in placed:
        assert not (rx <= x <= rx + rw and ry <= y <= ry + rw), "a token is drawn on the Ruffian"
    assert len(set(placed)) == len(placed)
    # the squares Melba may be pushed to are named for her
    assert re.search(r'aria-label="Push Melba to [A-L]\d+"', grid)
    # the walk so far is on the board while she chooses: the footprint it left (F6–G7), dashed, and a dot
    start = re.search(r'<rect x="([\d.]+)" y="([\d.]+)"[^>]*stroke-dasharray="6 4"', grid)
    assert start and square_of(float(start.group(1)), float(start.group(2))) == (5, 5)


def fight_after_a_walk() -> Table:
    """The twins have walked toward Henlo and pushed Melba; Henlo's turn, with the Ruffian in reach."""
    t = open_field(henlo=(0, 5), melba=(3, 5))
    t.stack("qing-kween-march-of-conquest")
    t.ruffian_plays()
    t.answer([3, 4])
    t.settle()
    assert t.stage["kind"] == "turn" and t.question is None
    return t


@pytest.mark.parametrize("narrow", [False, True])
def test_every_mark_on_the_grid_has_a_line_in_the_legend(narrow):
    t = fight_after_a_walk()
    t.f["terrain"] = [{"t": "overgrown-cornfield", "piece": "main", "cells": [[8, 8]], "door": None, "type": "feature",
                       "gone": False, "exh": False, "ff": None},
                      {"t": "town-pond", "piece": "main", "cells": [[9, 9]], "door": None, "type": "obstacle",
                       "gone": False, "exh": False, "ff": None}]
    svg = board(t, narrow)
    grid, legend = part(svg, "grid"), words(part(svg, "legend"))
    drawn = {
        "the squares a townsfolk may attack from": 'fill="none" stroke="#a3201a" stroke-width="1" opacity="0.5"',
        "the Ruffian's trail": 'r="4" fill="#a3201a" opacity="0.5"',
        "the push": 'fill="none" stroke="#8a5a00" stroke-width="2"',
        "the facing": 'data-topic="board:facing"',
        "a feature's dashed squares": 'stroke-dasharray="3 2"',
        "the squares to move to": 'fill="#1e6b34" opacity="0.35"',
    }
    for what, mark in drawn.items():
        assert mark in grid, f"the grid shows {what}"
    for line in ("Thin red outline: a square from which Henlo can attack the Ruffian.",
                  "Red dots: the Ruffian's last move", "Brown outline: where the Ruffian pushed a townsfolk.",
                  "Gold dot on the Ruffian: the way it faces.", "Dashed, pale squares: a feature",
                  "Solid squares: an obstacle", "Green square: a square you can choose now"):
        assert line in legend


def test_a_mark_not_on_the_grid_is_not_explained():
    t = open_field(henlo=(0, 5))
    t.f["trail"], t.f["pushes"] = [], []
    legend = words(part(board(t), "legend"))
    assert "Red dots" not in legend and "Brown outline" not in legend and "Dashed, pale squares" not in legend


def test_the_action_card_says_where_the_ruffian_moved_and_whom_it_pushed():
    t = fight_after_a_walk()
    box = words(part(board(t), "ruffian"))
    assert "Moved 4 steps (red dots) from F6–G7 to B6–C7" in box
    assert "Pushed Melba to D5 (brown outline)" in box


def test_on_a_phone_the_buttons_come_before_the_legend():
    t = fight_after_a_walk()
    svg = board(t, narrow=True)
    order = [m.group(1) for m in re.finditer(r'<g data-part="([\w-]+)"', svg)]
    assert order.index("grid") < order.index("actions") < order.index("legend")


def test_players_names_read_as_typed_on_the_townsfolk_cards():
    """A player's name is shown exactly as typed: "Tom & Jerry" is not "Tom &amp; Jerry", markup
    in a name is text, and a name that already reads "R&amp;D" keeps its "&amp;"."""
    t = open_field(henlo=(0, 0))
    typed = ["Tom & Jerry", "<b>Bo</b>", "R&amp;D"]
    seat = RULES.active(t.state)[0]
    svg = str(render(RULES.view(t.state, seat), {"viewer": seat, "legal": RULES.legal(t.state, seat), "params": [],
                                                  "names": typed}))
    for n, name in enumerate(typed):
        assert f"({name})" in words(part(svg, f"folk-{n}"))
    assert "&amp;amp;" not in svg.replace("R&amp;amp;D", "")
    assert "<b>" not in svg
