"""What every part of the Townsfolk Tussle board shares: colours, names, the text writer and the
words for squares, paths and gear."""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.draw import PALETTE, Board, esc, fit_lines
from tabletown.engine.words import plural

from .. import content as C

P = PALETTE
CELL = 44
GRID = 12
TERRAIN_FILL = {
    "murky-moat": "#8fa7a0", "dangerous-ditch": "#b98a5e", "town-pond": "#6fa3c7", "rickety-farm": "#9b6a45",
    "dense-woods": "#4f7a45", "overgrown-cornfield": "#c9b458", "vegetable-patch": "#86a85a", "docs-hut": "#a9866a",
    "wooden-fence": "#8a6a42", "hidey-haystack": "#d9c27a", "deserted-picnic": "#d58f8f", "old-jalopy": "#7b7f86",
    "tool-shed": "#8c7356", "wishing-well": "#7f8fa3", "buzzing-hive": "#d9a83f", "foul-outhouse": "#7d6b4f",
    "mushroom-grove": "#b08bb5", "big-barrel-terrain": "#a0703f", "bear-trap": "#9a9a9a",
    "dynamite-detonator": "#c0504d",
}
DIR_ARROW = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
DIR_NAME = {"n": "north", "e": "east", "s": "south", "w": "west"}
SLOT_NAMES = {"left-hand": "Left hand", "right-hand": "Right hand", "head": "Head", "chest": "Chest", "leg": "Leg",
              "accessory": "Accessory", "hands": "Both hands"}
CHECKLIST = {
    "town": ["Draw Feats up to 3", "The Peddler lays out 10 items", "Reset the shop? (2 Coins per townsfolk)",
             "Town Events in Buyin' order", "Buy or sell one item a turn; equip freely", "All pass: to the fight"],
    "fight": ["Reveal the Ruffian; set up the landscape", "Townsfolk take T squares in Beatin' order",
              "The Ruffian plays its action deck first", "Each townsfolk: move, attack, use terrain and gear",
              "Breaking points at 18, 12, 7 and 4 HP", "Defeat: 6 Coins, loot, rotate the bar"],
}


def open_about(topic: str) -> str:
    """The opening tag of something a player may ask about; close it with `</g>`."""
    return f'<g data-topic="{esc(topic)}">'


def action_topic(a: dict[str, Any]) -> str:
    return f"action:{a.get('type')}"


_TEXT: dict[tuple, tuple[str, int]] = {}


def write(b: Board, x: float, y: float, text: Any, size: float = 14, width: Optional[float] = None, lines: int = 1,
          anchor: str = "start", weight: str = "normal", fill: str = P["ink"]) -> int:
    """Text on the board, wrapped to `width` in at most `lines` lines; it never takes a click meant
    for the control beneath it. Returns the lines used. The same text is laid out once and kept."""
    key = (x, y, str(text), size, width, lines, anchor, weight, fill)
    found = _TEXT.get(key)
    if found is None:
        rows = fit_lines(str(text), width, size, lines) if width else [str(text)]
        head = (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" text-anchor="{anchor}" '
                f'font-weight="{weight}" fill="{fill}" pointer-events="none">')
        if len(rows) == 1:
            svg = head + esc(rows[0]) + "</text>"
        else:
            svg = head + "".join(f'<tspan x="{_n(x)}" dy="{_n(0 if i == 0 else size * 1.2)}">{esc(r)}</tspan>'
                                 for i, r in enumerate(rows)) + "</text>"
        if len(_TEXT) > 20000:
            _TEXT.clear()
        found = _TEXT[key] = (svg, len(rows))
    b.add(found[0])
    return found[1]


def _n(value: float) -> str:
    if isinstance(value, int) or float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def square_name(sq: Any) -> str:
    return f"{'ABCDEFGHIJKL'[sq[0]]}{sq[1] + 1}"


def folk_name(view: dict[str, Any], seat: int) -> str:
    tid = view["folk"][seat]["id"]
    return C.TOWNSFOLK[tid]["short"] if tid else f"Seat {seat + 1}"


# What to do with a question answered on the grid, said under it.
QUESTION_HINTS = {
    "path": "Each dashed, numbered footprint is where the Ruffian ends on that path (dots mark its steps). "
            "Press one to choose it.",
    "push": "The Ruffian has moved onto {name}'s square: press a green square to push {name} there.",
}


def footprint_name(pos: Any) -> str:
    """The four squares a Ruffian at `pos` (its top-left square) covers, as "C4–D5"."""
    return f"{square_name(pos)}–{square_name((pos[0] + 1, pos[1] + 1))}"


def path_text(path: list, n: int) -> str:
    return f"Path {n + 1}: {plural(len(path) - 1, 'step')}, ends on {footprint_name(path[-1])}"


def gear_line(inst: str) -> str:
    g = C.gear_of(inst)
    parts = []
    if g["slot"] == "special":
        parts.append("Special Gear")
    elif g.get("weapon"):
        w = g["weapon"]
        parts.append(f"{w['style'].capitalize()}, {g.get('hands', 1)}-handed {w['type']}")
        if "dmg" in w:
            parts.append(f"{w['mox']} MOX, {w['acc']}+, {w['dmg']} DMG" + (f", range {w['range']}" if w.get("range") else ""))
    else:
        parts.append(SLOT_NAMES.get(g["slot"], g["slot"]))
    bonus = g.get("bonus") or {}
    if bonus:
        parts.append(" ".join(f"{'+' if v > 0 else ''}{v} {k.upper()}" for k, v in bonus.items()))
    return "; ".join(parts)
