"""The Townsfolk Tussle board as SVG: the grid landscape with its terrain and legend, the
Ruffian's footprint and facing, reachable squares and attack range for the townsfolk whose turn
it is, the Ruffian's card and the action card being played, the townsfolk cards with slots and
stash, the Peddler's table, the Town Map, the Buyin'/Beatin' bar, and the player aids (turn order,
the phase checklist, the Crit Hit chart).

Every element a player may ask about carries `data-topic` (a key of data/pages/rule_index.json),
which the page links to the rules paragraph behind it.

Every legal action is drawn as exactly one control. The board is made of keyed parts so the page
can redraw only what changed. With `ui["narrow"]` the same parts stack in one column for a phone.

The board is drawn by `Drawer` (drawer.py) and its parts: grid.py (the grid and its legend),
cards.py (the cards), actions.py (questions and the buttons for actions); common.py holds what
they share.
"""

from __future__ import annotations

from typing import Any

from .common import CELL
from .drawer import Drawer


def render(view: dict[str, Any], ui: dict[str, Any]) -> Any:
    return Drawer(view, ui).draw()


__all__ = ["render", "CELL"]
