"""The pieces Tumble Town's board is drawn from, with the render kit: the layout, the
symbols in <defs> (dice by colour and face, empty positions, icons, the Town card's Main
Street), and the dice, positions, building shapes and Building Plan cards placed with them.

Every element a player may ask about is wrapped in `about(b, topic)`: a group carrying
`data-topic` (a key of data/rule_index.json), so the page can link it to the rules.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Optional

from tabletown.engine.draw import PALETTE, Board

from .content import PLOTS, TOWNS, points

FILL = {"brown": "#8a5a2e", "gray": "#a3aab2", "black": "#2b2b2b", "gold": "#e2b134"}
INK = {"brown": "#ffffff", "gray": "#111111", "black": "#ffffff", "gold": "#2e2100"}
LEVEL_BG = {1: "#f6ead2", 2: "#e9efe4", 3: "#f8e7b8"}
POWER_BG = {"once": "#8a5a2e", "one": "#6b737b", "end": "#d7a21f"}
POWER_INK = {"once": "#ffffff", "one": "#ffffff", "end": "#2e2100"}
POWER_TAG = {"once": "↻ each turn", "one": "1× when built", "end": "★ game end"}
BLUE = PALETTE["focus"]
GREEN = PALETTE["good"]
RED = PALETTE["bad"]
INKC = PALETTE["ink"]
MUTED = PALETTE["muted"]
COLOR_CODES = {"b": "brown", "g": "gray", "k": "black", "y": "gold"}
SIDE_NAMES = ("North", "South")
PLAN_H = 140
BOLD = "bold"

_ICONS = {
    "hat": '<ellipse cx="50" cy="72" rx="48" ry="14" fill="#5b3a1e"/><rect x="25" y="15" width="50" height="58" rx="10" '
           'fill="#5b3a1e"/><rect x="25" y="52" width="50" height="9" fill="#d9a441"/>',
    "pickaxe": '<line x1="20" y1="90" x2="75" y2="25" stroke="#7a4b22" stroke-width="13" stroke-linecap="round"/>'
               '<path d="M20,12 Q65,0 98,55" fill="none" stroke="#59616b" stroke-width="16" stroke-linecap="round"/>',
    "horseshoe": '<path d="M20,90 L15,50 A35,35 0 0 1 85,50 L80,90" fill="none" stroke="#6b7077" stroke-width="20" '
                 'stroke-linecap="round"/>',
    "boot": '<path d="M27,8 h35 v52 l28,13 v20 h-63 z" fill="#7a4b22"/><circle cx="78" cy="90" r="8" fill="#d9a441"/>',
    "windmill": '<g stroke="#3f5f7a" stroke-width="10"><line x1="50" y1="40" x2="50" y2="100"/><line x1="50" y1="40" '
                'x2="85" y2="5"/><line x1="50" y1="40" x2="15" y2="5"/><line x1="50" y1="40" x2="85" y2="75"/>'
                '<line x1="50" y1="40" x2="15" y2="75"/></g>',
    "agave": '<path d="M45,95 L5,30 L48,95 M47,95 L28,12 L52,95 M50,95 L50,0 L54,95 M53,95 L72,12 L58,95 M55,95 L95,30 '
             'L60,95" fill="#4f8a4b" stroke="#4f8a4b" stroke-width="6"/>',
    "cactus": '<path d="M50,100 V10 M50,55 H25 V30 M50,45 H75 V25" stroke="#3d7a3a" stroke-width="14" fill="none" '
              'stroke-linecap="round"/>',
}


# --- layout ------------------------------------------------------------------------------------


class Layout:
    """The board's width and spacing: 1000 units wide, or 420 on a phone (`narrow`)."""

    def __init__(self, narrow: bool):
        self.narrow = narrow
        self.W = 420 if narrow else 1000
        self.pad = 10 if narrow else 16
        self.per_row = 2 if narrow else 4
        self.card_w = (self.W - 2 * self.pad - (self.per_row - 1) * 8) / self.per_row
        # The panel keeps this height all game (a click then changes no other part's place);
        # only a construction with unusually many dice makes it taller.
        self.panel_h = 900 if narrow else 640


class Street:
    """Where Main Street's plots and levels are on a Town card of this layout."""

    def __init__(self, L: Layout):
        self.narrow = L.narrow
        self.plot_w = (L.W - 2 * L.pad - 8) / PLOTS
        self.lvl = min(26.0, self.plot_w * 0.62)  # a die on a building
        self.plot_h = 22 + 3 * (self.lvl + 3) + 18
        self.street_h = 24
        self.width = PLOTS * self.plot_w + 8
        self.height = self.plot_h * 2 + self.street_h + 8
        self.fs = 12 if self.plot_w < 60 else 13

    def plot_y(self, side: int) -> float:
        """The top of a side's row of plots (in the card's coordinates: the card starts at 4, 4)."""
        return 4 if side == 0 else 4 + self.plot_h + self.street_h

    def label_y(self, side: int) -> float:
        return self.plot_y(side) + 15 if side == 0 else self.plot_y(side) + self.plot_h - 5


# --- the symbols: drawn once in <defs> -------------------------------------------------------------


def define_symbols(b: Board, L: Layout, town: str, street: bool) -> None:
    """The board's <defs>: the same for every update of a game (they are part of its frame,
    so a click redraws only the parts that changed)."""
    for symbol_id, body, view_box in _defs(L.narrow, town, street):
        b.symbol(symbol_id, body, view_box)


@lru_cache(maxsize=16)
def _defs(narrow: bool, town: str, street: bool) -> tuple[tuple[str, str, str], ...]:
    # a face's number, placed over a die in the die's ink (the text inherits its <use>'s fill)
    out = [(f"v-{value}", f'<text x="50" y="72" font-size="62" text-anchor="middle" font-weight="bold">{value}</text>',
            "0 0 100 100") for value in range(1, 7)]
    for color, fill in FILL.items():
        out.append((f"d-{color}", f'<rect width="100" height="100" rx="18" fill="{fill}" stroke="#00000066" '
                    'stroke-width="4"/>', "0 0 100 100"))
        out.append((f"s-{color}", f'<rect x="3" y="3" width="94" height="94" rx="18" fill="{fill}" fill-opacity="0.35" '
                    f'stroke="{fill}" stroke-width="7" stroke-dasharray="12 7"/>', "0 0 100 100"))
    stripes = "".join(f'<rect x="{i * 33.3:.1f}" width="33.4" height="100" fill="{FILL[c]}" fill-opacity="0.45"/>'
                      for i, c in enumerate(("brown", "gray", "black")))
    out.append(("s-plain", stripes + '<rect x="3" y="3" width="94" height="94" rx="18" fill="none" stroke="#555" '
                'stroke-width="6" stroke-dasharray="12 7"/>', "0 0 100 100"))
    out.append(("s-any", '<rect x="3" y="3" width="94" height="94" rx="18" fill="#fff" stroke="#555" stroke-width="6" '
                'stroke-dasharray="12 7"/><text x="50" y="72" font-size="60" text-anchor="middle" fill="#555">?</text>',
                "0 0 100 100"))
    for name, body in _ICONS.items():
        out.append((f"i-{name}", body, "0 0 100 100"))
    if street:
        geo = Street(Layout(narrow))
        scratch = Board(0, 0, "")
        with scratch.apart() as card:
            _street_card(scratch, town, geo)
        out.append(("street", "".join(card), f"0 0 {_n(geo.width)} {_n(geo.height)}"))
    return tuple(out)


def _street_card(b: Board, town: str, geo: Street) -> None:
    """The printed Town card: the two rows of plots with their requests, and Main Street."""
    rows = TOWNS[town]["rows"]
    pw, x0 = geo.plot_w, 4
    box(b, 0, 0, geo.width, geo.height, "#eadbb8", "#8a6a44", 1.5, 8)
    sy = 4 + geo.plot_h
    box(b, x0, sy, PLOTS * pw, geo.street_h, "#b48a5a", rx=0)
    b.text(x0 + PLOTS * pw / 2, sy + 17, "MAIN STREET", 13, anchor="middle", weight=BOLD, fill="#f8ecd4")
    for side in range(2):
        py = geo.plot_y(side)
        box(b, x0, py, PLOTS * pw, geo.plot_h, "#f3e8cf", rx=0)
        b.add(f'<path d="{"".join(f"M{_n(x0 + p * pw)} {_n(py)}v{_n(geo.plot_h)}" for p in range(1, PLOTS))}" '
              'stroke="#c9b08a" stroke-width="1.5"/>')
        for p in range(PLOTS):
            code = rows[side][p]
            if code == "cactus":
                box(b, x0 + p * pw + 1, py, pw - 2, geo.plot_h, "#cfe0b8", rx=0)
            _request(b, code, x0 + p * pw + 3, geo.label_y(side), geo.fs)


def _request(b: Board, code: str, x: float, y: float, fs: float) -> None:
    """What a plot asks for, as printed on it."""
    if code in ("h1", "h2", "h3"):
        b.text(x, y, f"h{code[1]}", fs, weight=BOLD, fill="#3b2614")
    elif len(code) == 2 and code[0] in COLOR_CODES:
        die(b, x, y - fs + 1, fs, COLOR_CODES[code[0]], None)
        b.text(x + fs + 2, y, f"L{code[1]}", fs, weight=BOLD, fill="#3b2614")
    elif code == "alley":
        b.text(x, y, "alley", fs, weight=BOLD, fill=BLUE)
    elif code == "cactus":
        icon(b, "cactus", x, y - fs, fs + 2)
    elif code == "any":
        b.text(x, y, "any", fs, weight=BOLD, fill="#3b2614")


# --- small pieces --------------------------------------------------------------------------------


def _n(v: float) -> str:
    """A coordinate: whole numbers without a point, others to one decimal (called very often)."""
    if type(v) is int:
        return str(v)
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


class about:  # lower case: it reads as a phrase, `with about(b, "card:horse"):`
    """What is drawn inside is something a player may ask about: the page links it to the
    rules paragraph of `topic`. (A class, not a generator: a board opens dozens an update.)"""

    __slots__ = ("b", "topic")

    def __init__(self, b: Board, topic: Optional[str]):
        self.b = b
        self.topic = topic

    def __enter__(self) -> None:
        if self.topic:
            self.b.add(f'<g data-topic="{self.topic}">')

    def __exit__(self, *exc: Any) -> None:
        if self.topic:
            self.b.add("</g>")


class offer:  # lower case: it reads as a phrase, `with offer(b, action, label):`
    """What is drawn inside is the control for `action` when it is legal now, else the same
    drawing, inert (still something to ask about)."""

    __slots__ = ("b", "action", "label", "text", "topic", "body")

    def __init__(self, b: Board, action: dict[str, Any], label: str, text: str = "", topic: Optional[str] = None):
        self.b, self.action, self.label, self.text, self.topic = b, action, label, text, topic
        self.body = b.apart()

    def __enter__(self) -> None:
        self.body.__enter__()

    def __exit__(self, *exc: Any) -> None:
        self.body.__exit__()
        if exc[0] is not None:
            return
        svg = "".join(self.body.chunks)
        b, topic = self.b, self.topic
        index = b.controls.find(self.action) if b.controls is not None else None
        if index is None:
            b.add(f'<g data-topic="{topic}">{svg}</g>' if topic else svg)
        else:
            b.control(index, self.label, svg, text=self.text, data_topic=topic)


def box(b: Board, x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", sw: float = 0,
        rx: float = 10, dash: str = "") -> None:
    """A rectangle (a card, a frame, a button's face)."""
    st = f' stroke="{stroke}" stroke-width="{_n(sw)}"' if sw else ""
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    b.add(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(rx)}" fill="{fill}"{st}{dashes}/>')


def face(b: Board, x: float, y: float, w: float, h: float, label: str, fill: str = GREEN, ink: str = "#ffffff",
         size: float = 18) -> None:
    """A button's face: a filled rectangle with its words in the middle."""
    box(b, x, y, w, h, fill, "#00000055", 2, 10)
    b.text(x + w / 2, y + h / 2 + size * 0.36, label, size, anchor="middle", weight=BOLD, fill=ink)


def die(b: Board, x: float, y: float, size: float, color: str, value: Optional[int], ring: str = "") -> None:
    """A die of `color` showing `value` (None: a die of that colour, no face), ringed to mark it."""
    b.use(f"d-{color}", x, y, size, size)
    if value:
        b.use(f"v-{value}", x, y, size, size, fill=INK[color])
    if ring:
        b.add(f'<rect x="{_n(x - 2)}" y="{_n(y - 2)}" width="{_n(size + 4)}" height="{_n(size + 4)}" rx="{_n(size * 0.2)}" '
              f'fill="none" stroke="{ring}" stroke-width="4"/>')


def spec(b: Board, x: float, y: float, size: float, kind: str, label: str = "") -> None:
    """An empty position showing its colour requirement (and its number, with `label`)."""
    b.use(f"s-{kind}", x, y, size, size)
    if label:
        b.text(x + size / 2, y + size * 0.68, label, size * 0.45, anchor="middle", weight=BOLD, fill="#111")


def icon(b: Board, kind: str, x: float, y: float, size: float) -> None:
    b.use(f"i-{kind}", x, y, size, size)


def req_label(req: dict[str, Any]) -> str:
    k = req["k"]
    return {
        "none": "any value", "range": f"{req.get('lo')}–{req.get('hi')}", "pairs": "AA-BB", "seq": "ABC",
        "distinct": "≠", "odd": "ODD", "even": "EVEN", "sum_le": f"Σ ≤ {req.get('n')}",
        "sum_eq": f"Σ = {req.get('n')}", "sum_ge": f"Σ ≥ {req.get('n')}",
    }[k]


def power_short(power: dict[str, Any]) -> str:
    k = power["k"]
    return {
        "flip": "Flip a die over", "plusminus": "+1 one die, −1 another", "adjust1": "±1 to a die",
        "adjust2": "±2 to a die", "black_split": "Black → brown + gray", "reroll": "Reroll any dice",
        "swap": "Swap a plain die", "gain_die": "Gain a plain die", "warehouse": "3 dice + 3 spaces",
        "tokens": "3 Dice Tokens", "pairs": f"{power.get('pts')} per pair stored",
        "feature": f"{power.get('pts')} per {power.get('f')}", "height": f"{power.get('pts')} per height-{power.get('h')}",
        "sets": f"{power.get('pts')} per icon set", "neighbor": f"{power.get('pts')} per neighbour {power.get('icon')}",
    }[k]


def power_topic(power: dict[str, Any]) -> str:
    return f"power:{power['k']}"


def shape(b: Board, plan: dict[str, Any], x: float, y: float, size: float, dice: Optional[list[Any]] = None,
          numbers: bool = False, bad: tuple[int, ...] = ()) -> tuple[float, float]:
    """The building's positions, level 1 at the bottom, with the dice put on them. Returns its
    width and height."""
    levels = max(lv for lv, _ in plan["pos"])
    step = size * 1.08
    for i, (lv, px) in enumerate(plan["pos"]):
        dx = x + px / 2 * step
        dy = y + (levels - lv) * step
        d = dice[i] if dice else None
        if d is not None:
            die(b, dx, dy, size, d[0], d[1], ring=RED if i in bad else "")
        else:
            spec(b, dx, dy, size, plan["colors"][i], str(i + 1) if numbers else "")
    return plan["width"] * step - size * 0.08, levels * step - size * 0.08


def plan_card(b: Board, plan: dict[str, Any], x: float, y: float, w: float, h: float, version: int,
              note: str = "") -> None:
    """A face-up Building Plan: points, style, features, shape, value requirement and power.
    Kept: a card drawn at the same place looks the same every time."""
    b.kept(["plan", plan["id"], x, y, w, h, version, note], lambda: _draw_plan_card(b, plan, x, y, w, h, version, note))


def _draw_plan_card(b: Board, plan: dict[str, Any], x: float, y: float, w: float, h: float, version: int,
                    note: str) -> None:
    with about(b, "card:plan"):
        box(b, x, y, w, h, LEVEL_BG[plan["level"]], "#6b4a2b", 2)
        b.add(f'<circle cx="{_n(x + 20)}" cy="{_n(y + 20)}" r="15" fill="#2f6b3b"/>')
        b.text(x + 20, y + 27, str(points(plan, version)), 20, anchor="middle", weight=BOLD, fill="#ffffff")
        with about(b, "card:style-icon"):
            icon(b, plan["style"], x + w - 30, y + 6, 24)
        if plan["features"]:
            with about(b, "card:feature"):
                for i, f in enumerate(plan["features"]):
                    icon(b, f, x + w - 54 - i * 22, y + 8, 20)
        name = plan["name"]
        b.text(x + 40, y + 27, name, 15 if len(name) <= 14 else 13, weight=BOLD)
        levels = max(lv for lv, _ in plan["pos"])
        with about(b, "board:height"):
            shape(b, plan, x + 8, y + 38, 16 if levels == 3 else 22 if plan["width"] <= 3 else 18)
        with about(b, f"requirement:{plan['req']['k']}"):
            b.text(x + w - 8, y + 62, req_label(plan["req"]), 16, anchor="end", weight=BOLD)
        pt = plan["ptype"]
        with about(b, power_topic(plan["power"])):
            box(b, x + 3, y + h - 44, w - 6, 41, POWER_BG[pt], rx=8)
            b.text(x + 9, y + h - 28, POWER_TAG[pt], 13, weight=BOLD, fill=POWER_INK[pt])
            b.text(x + 9, y + h - 11, power_short(plan["power"]), 14, weight=BOLD, fill=POWER_INK[pt])
            if note:
                b.text(x + w - 8, y + h - 28, note, 13, anchor="end", weight=BOLD, fill=POWER_INK[pt])

