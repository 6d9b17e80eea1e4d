"""Tumble Town's board, drawn with the render kit from the view alone.

Keyed parts, so the page redraws only what changed: "head" (whose turn, the dice
supply), "row-1".."row-3" (the Plan decks and the face-up plans), "panel" (the player
whose turn it is: dice, construction, powers and the buttons to act), "rivals" (the
Outlaw or the Sole Surveyor), "town-N" (each player's Town card, hand and buildings),
"missions" and, at the end, "result" (what the page's score table does not say).

What keeps a click cheap:

- Each part is drawn in its own coordinates and moved into place with a translate, and
  every part keeps its height while the game runs: the panel has a fixed height, a Town
  always keeps room for a line of plans in hand and a line of buildings. So the board's
  frame (its viewBox and <defs>) stays the same from click to click and the page swaps
  only the parts whose SVG changed.
- Dice, icons, empty positions and the Main Street of the game's Town card are symbols
  drawn once in <defs> and placed with <use>.
- A part is a function of a few inputs: rows and Towns are kept by those inputs, so a
  click draws again only the parts it changed.

Every element a player may ask about carries `data-topic` (a key of data/rule_index.json),
so the page can link it to the paragraph of the rules that governs it.

With `ui["narrow"]` (a phone) the board is 420 units wide and lays out fewer cards per
line, so plan text and die buttons keep their size on a 390 px screen.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Callable, Optional

from tabletown.engine.draw import PALETTE, Board, control_open, esc, fit_lines, names_in
from tabletown.engine.words import plural

from .content import (
    BACKS,
    HORSES,
    LEVEL_NAMES,
    MISSIONS,
    PLANS,
    PLOTS,
    STOREHOUSE,
    TOWN_NAMES,
    TOWNS,
    penalty_value,
    points,
)
from .phrases import power_text

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

# --- symbols -----------------------------------------------------------------------------
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


def _symbols(b: Board, L: "Layout", town: str, street: bool) -> None:
    """The board's <defs>: the same for every update of a game (they are part of its frame)."""
    for symbol_id, body, view_box in _defs(L.narrow, town, street):
        b.symbol(symbol_id, body, view_box)


@lru_cache(maxsize=16)
def _defs(narrow: bool, town: str, street: bool) -> tuple[tuple[str, str, str], ...]:
    out = []
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
        out.append(("street", _street_card(town, geo), f"0 0 {_n(geo.width)} {_n(geo.height)}"))
    return tuple(out)


# --- small pieces ----------------------------------------------------------------------------


class Controls:
    """Legal actions by their fields, to find the index of the control for an action."""

    def __init__(self, legal: list[dict[str, Any]]):
        self.legal = legal
        self.index = {_action_key(a): i for i, a in enumerate(legal)}

    def find(self, action: dict[str, Any]) -> Optional[int]:
        return self.index.get(_action_key(action))


def _action_key(action: dict[str, Any]) -> tuple[Any, ...]:
    # Actions are flat: a key per field, its value and whether it is a bool (True is not 1).
    return tuple(sorted((k, v, type(v) is bool) for k, v in action.items()))


class Canvas:
    """One part's drawing in its own coordinates (its top at y = 0): a part that is moved
    down the board by a part above it growing keeps the same SVG inside."""

    def __init__(self, acts: Controls):
        self.acts = acts
        self.out: list[str] = []
        self.drawn: set[int] = set()

    def add(self, svg: str) -> None:
        self.out.append(svg)

    def text(self, x: float, y: float, s: str, size: float = 14, width: Optional[float] = None, lines: int = 1,
             anchor: str = "start", bold: bool = False, fill: str = INKC) -> int:
        """Escaped text wrapped to `width` in at most `lines` lines; returns the lines used."""
        rows = fit_lines(s, width, size, lines) if width else [str(s)]
        extra = ("" if fill == INKC else f' fill="{fill}"') + ("" if anchor == "start" else f' text-anchor="{anchor}"')
        extra += ' font-weight="bold"' if bold else ""
        head = f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}"{extra}>'
        if len(rows) == 1:
            self.add(head + esc(rows[0]) + "</text>")
        else:
            self.add(head + "".join(f'<tspan x="{_n(x)}" dy="{0 if i == 0 else _n(size * 1.2)}">{esc(r)}</tspan>'
                                    for i, r in enumerate(rows)) + "</text>")
        return len(rows)

    def control(self, index: int, label: str, body: str, text: str = "", topic: Optional[str] = None) -> None:
        self.drawn.add(index)
        self.add(control_open(index, label, text, data_topic=topic) + body + "</g>")

    def draw(self, action: dict[str, Any], label: str, body: str, text: str = "", topic: Optional[str] = None) -> bool:
        """Draw `body` as the control for `action` if it is legal; else draw it inert."""
        i = self.acts.find(action)
        if i is None:
            self.add(about(topic, body) if topic else body)
            return False
        self.control(i, label, body, text, topic)
        return True

    def svg(self) -> str:
        return "".join(self.out)


class Piece:
    """A drawn part: its SVG (own coordinates), its height, and the controls it drew."""

    __slots__ = ("svg", "height", "drawn")

    def __init__(self, svg: str, height: float, drawn: frozenset[int]):
        self.svg = svg
        self.height = height
        self.drawn = drawn


# Parts drawn earlier, by what they were drawn from (a part is a function of its inputs).
_KEPT: dict[str, Piece] = {}
KEEP_MOST = 96


def _kept(key_parts: Any, draw: Callable[[], Piece]) -> Piece:
    key = json.dumps(key_parts, separators=(",", ":"))
    piece = _KEPT.get(key)
    if piece is None:
        if len(_KEPT) >= KEEP_MOST:
            _KEPT.clear()
        piece = _KEPT[key] = draw()
    return piece


def _n(v: float) -> str:
    """A coordinate: whole numbers without a point, others to one decimal (called very often)."""
    if type(v) is int:
        return str(v)
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


def about(topic: str, svg: str) -> str:
    """`svg` as something a player may ask about: the page links it to the rules paragraph of `topic`."""
    return f'<g data-topic="{topic}">{svg}</g>'


def die(x: float, y: float, size: float, color: str, value: Optional[int], ring: str = "") -> str:
    out = f'<use href="#d-{color}" x="{_n(x)}" y="{_n(y)}" width="{_n(size)}" height="{_n(size)}"/>'
    if ring:
        out += (f'<rect x="{_n(x - 2)}" y="{_n(y - 2)}" width="{_n(size + 4)}" height="{_n(size + 4)}" rx="{_n(size * 0.2)}" '
                f'fill="none" stroke="{ring}" stroke-width="4"/>')
    if value:
        out += (f'<text x="{_n(x + size / 2)}" y="{_n(y + size * 0.72)}" font-size="{_n(size * 0.62)}" text-anchor="middle" '
                f'font-weight="bold" fill="{INK[color]}">{value}</text>')
    return out


def spec(x: float, y: float, size: float, kind: str, label: str = "") -> str:
    """An empty position showing its colour requirement."""
    out = f'<use href="#s-{kind}" x="{_n(x)}" y="{_n(y)}" width="{_n(size)}" height="{_n(size)}"/>'
    if label:
        out += (f'<text x="{_n(x + size / 2)}" y="{_n(y + size * 0.68)}" font-size="{_n(size * 0.45)}" '
                f'text-anchor="middle" font-weight="bold" fill="#111">{esc(label)}</text>')
    return out


def icon(kind: str, x: float, y: float, size: float) -> str:
    return f'<use href="#i-{kind}" x="{_n(x)}" y="{_n(y)}" width="{_n(size)}" height="{_n(size)}"/>'


def text(x: float, y: float, s: str, size: float = 16, fill: str = INKC, anchor: str = "start", bold: bool = False) -> str:
    # Defaults are left out (ink is inherited from the part's group): the board stays small.
    extra = ("" if fill == INKC else f' fill="{fill}"') + ("" if anchor == "start" else f' text-anchor="{anchor}"')
    extra += ' font-weight="bold"' if bold else ""
    return f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}"{extra}>{esc(s)}</text>'


def rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", sw: float = 0, rx: float = 10,
         extra: str = "") -> str:
    st = f' stroke="{stroke}" stroke-width="{_n(sw)}"' if sw else ""
    return f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(rx)}" fill="{fill}"{st}{extra}/>'


def button(x: float, y: float, w: float, h: float, label: str, fill: str = GREEN, ink: str = "#ffffff", size: float = 18) -> str:
    return rect(x, y, w, h, fill, "#00000055", 2, 10) + text(x + w / 2, y + h / 2 + size * 0.36, label, size, ink, "middle", True)


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


def shape(plan: dict[str, Any], x: float, y: float, size: float, dice: Optional[list[Any]] = None,
          numbers: bool = False, bad: tuple[int, ...] = ()) -> tuple[str, float, float]:
    """The building's positions, level 1 at the bottom. Returns (svg, width, height)."""
    levels = max(lv for lv, _ in plan["pos"])
    step = size * 1.08
    out = []
    for i, (lv, px) in enumerate(plan["pos"]):
        dx = x + px / 2 * step
        dy = y + (levels - lv) * step
        d = dice[i] if dice else None
        if d is not None:
            out.append(die(dx, dy, size, d[0], d[1], ring=RED if i in bad else ""))
        else:
            out.append(spec(dx, dy, size, plan["colors"][i], str(i + 1) if numbers else ""))
    return "".join(out), plan["width"] * step - size * 0.08, levels * step - size * 0.08


def plan_card(plan: dict[str, Any], x: float, y: float, w: float, h: float, version: int, note: str = "") -> str:
    """A face-up Building Plan: points, style, features, shape, value requirement and power."""
    return _plan_card(plan["id"], x, y, w, h, version, note)


@lru_cache(maxsize=512)
def _plan_card(pid: int, x: float, y: float, w: float, h: float, version: int, note: str) -> str:
    # A card drawn at the same place looks the same every time: drawn once, reused.
    plan = PLANS[pid]
    out = [rect(x, y, w, h, LEVEL_BG[plan["level"]], "#6b4a2b", 2)]
    out.append(f'<circle cx="{_n(x + 20)}" cy="{_n(y + 20)}" r="15" fill="#2f6b3b"/>')
    out.append(text(x + 20, y + 27, str(points(plan, version)), 20, "#ffffff", "middle", True))
    out.append(about("card:style-icon", icon(plan["style"], x + w - 30, y + 6, 24)))
    if plan["features"]:
        out.append(about("card:feature", "".join(icon(f, x + w - 54 - i * 22, y + 8, 20)
                                                 for i, f in enumerate(plan["features"]))))
    name = plan["name"]
    size = 15 if len(name) <= 14 else 13
    out.append(text(x + 40, y + 27, name, size, INKC, "start", True))
    levels = max(lv for lv, _ in plan["pos"])
    sz = 16 if levels == 3 else 22 if plan["width"] <= 3 else 18
    body, _, _ = shape(plan, x + 8, y + 38, sz)
    out.append(about("board:height", body))
    out.append(about(f"requirement:{plan['req']['k']}", text(x + w - 8, y + 62, req_label(plan["req"]), 16, INKC, "end", True)))
    pt = plan["ptype"]
    band = [rect(x + 3, y + h - 44, w - 6, 41, POWER_BG[pt], rx=8),
            text(x + 9, y + h - 28, POWER_TAG[pt], 13, POWER_INK[pt], "start", True),
            text(x + 9, y + h - 11, power_short(plan["power"]), 14, POWER_INK[pt], "start", True)]
    if note:
        band.append(text(x + w - 8, y + h - 28, note, 13, POWER_INK[pt], "end", True))
    out.append(about(power_topic(plan["power"]), "".join(band)))
    return about("card:plan", "".join(out))


PLAN_H = 140


# --- layout ------------------------------------------------------------------------------------


class Layout:
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


def _street_card(town: str, geo: Street) -> str:
    """The printed Town card: the two rows of plots with their requests, and Main Street (a symbol)."""
    rows = TOWNS[town]["rows"]
    pw, x0 = geo.plot_w, 4
    out = [rect(0, 0, geo.width, geo.height, "#eadbb8", "#8a6a44", 1.5, 8)]
    sy = 4 + geo.plot_h
    out.append(rect(x0, sy, PLOTS * pw, geo.street_h, "#b48a5a", rx=0))
    out.append(text(x0 + PLOTS * pw / 2, sy + 17, "MAIN STREET", 13, "#f8ecd4", "middle", True))
    for side in range(2):
        py = geo.plot_y(side)
        out.append(rect(x0, py, PLOTS * pw, geo.plot_h, "#f3e8cf", rx=0))
        out.append(f'<path d="{"".join(f"M{_n(x0 + p * pw)} {_n(py)}v{_n(geo.plot_h)}" for p in range(1, PLOTS))}" '
                   'stroke="#c9b08a" stroke-width="1.5"/>')
        for p in range(PLOTS):
            code = rows[side][p]
            if code == "cactus":
                out.append(rect(x0 + p * pw + 1, py, pw - 2, geo.plot_h, "#cfe0b8", rx=0))
            out.append(_request(code, x0 + p * pw + 3, geo.label_y(side), geo.fs))
    return f'<g fill="{INKC}">' + "".join(out) + "</g>"


def _request(code: str, x: float, y: float, fs: float) -> str:
    if code in ("h1", "h2", "h3"):
        return text(x, y, f"h{code[1]}", fs, "#3b2614", "start", True)
    if len(code) == 2 and code[0] in COLOR_CODES:
        return die(x, y - fs + 1, fs, COLOR_CODES[code[0]], None) + text(x + fs + 2, y, f"L{code[1]}", fs, "#3b2614", "start", True)
    if code == "alley":
        return text(x, y, "alley", fs, BLUE, "start", True)
    if code == "cactus":
        return icon("cactus", x, y - fs, fs + 2)
    if code == "any":
        return text(x, y, "any", fs, "#3b2614", "start", True)
    return ""


def _plot_topic(code: str) -> str:
    return {"alley": "board:alley", "cactus": "board:cactus-plot"}.get(code, "board:plot")


# --- parts ------------------------------------------------------------------------------------


def _head(L: Layout, view: dict[str, Any], names: list[str]) -> Piece:
    d = view["derived"]
    W = L.W
    c = Canvas(Controls([]))
    c.add(rect(0, 0, W, 96, "#5b3a1e", rx=0))
    c.add(text(L.pad, 30, "Tumble Town", 24, "#f8e7b8", "start", True))
    mode = view["mode"]
    sub = {"multi": plural(view['n'], "player"), "outlaw": f"Solo against the Outlaw ({view['opts']['difficulty']})",
           "no-outlaw": "Solo, No Outlaw chart", "sole-surveyor": "Solo, Sole Surveyor"}[mode]
    extras = [TOWN_NAMES[view["town"]] + " town"]
    if view["opts"]["no_main_street"]:
        extras.append("No Main Street")
    if view["opts"]["surplus"]:
        extras.append("Surplus")
    c.add('<g data-topic="card:town">')
    c.text(W - L.pad, 28, sub + " · " + ", ".join(extras), size=13, width=W * 0.55, anchor="end", fill="#f5e6c4")
    c.add("</g>")
    if view["over"]:
        status = names_in(esc(d["result"]["headline"]), names) if d.get("result") else "The game is over"
    else:
        seat = view["start_seat"] if view["phase"] == "start" else view["turn"]
        status = f"Round {view['round']} · {names[seat]}’s turn"
    c.add(f'<text x="{L.pad}" y="58" font-size="18" fill="#ffffff" font-weight="bold" data-topic="board:round">{status}</text>')
    if d["last_round"] and not view["over"]:
        c.add(about("board:end-warning", text(W - L.pad, 58, "Last round!", 17, "#ffcf5a", "end", True)))
    supply = []
    x = L.pad
    for color in ("brown", "gray", "black", "gold"):
        n = view["supply"][color]
        low = n <= 2
        supply.append(die(x, 66, 24, color, None, ring="#ff7a6a" if low else ""))
        supply.append(text(x + 30, 85, str(n), 17, "#ff9d8f" if low else "#ffffff", "start", True))
        x += 72
    c.add(about("board:supply", "".join(supply)))
    ends = sum(1 for s in d["deck_sizes"] if s == 0)
    c.add(about("card:plan-end", text(W - L.pad, 85, f"Plan Ends showing: {ends}", 14, "#f5e6c4", "end")))
    return Piece(c.svg(), 100, frozenset())


def _row(L: Layout, view: dict[str, Any], acts: Controls, r: int) -> Piece:
    level = r + 1
    claims = [acts.find({"type": "claim", "row": r, "col": c}) for c in range(4)]
    size = view["derived"]["deck_sizes"][r]
    key = ["row", L.narrow, r, view["rows"][r], view["backs"][r], size, view["v"], claims]

    def draw() -> Piece:
        W, pad = L.W, L.pad
        c = Canvas(acts)
        back = BACKS[view["backs"][r]]
        title = f"{LEVEL_NAMES[level]} row · " + (f"{size} in the deck" if size else "Plan End")
        c.add(about("board:row", text(pad, 18, title, 16, INKC, "start", True)))
        dx = W - pad - 26
        slots = list(back["fixed"]) + ["choice"] * len(back["choice"])
        takes = []
        for color in reversed(slots):
            takes.append(die(dx, 2, 22, color, None) if color != "choice" else spec(dx, 2, 22, "any"))
            dx -= 26
        if not L.narrow:
            takes.append(text(dx - 2, 18, "A claim takes", 13, MUTED, "end"))
        c.add(about("card:plan-back" if size else "card:plan-end", "".join(takes)))
        card_w = L.card_w
        for col in range(4):
            cx = pad + (col % L.per_row) * (card_w + 8)
            cy = 28 + (col // L.per_row) * (PLAN_H + 8)
            pid = view["rows"][r][col]
            if pid is None:
                c.add(about("board:columns", rect(cx, cy, card_w, PLAN_H, "none", "#b89b72", 2, extra=' stroke-dasharray="8 6"')
                            + text(cx + card_w / 2, cy + PLAN_H / 2, f"column {col + 1}: empty", 13, MUTED, "middle")))
                continue
            plan = PLANS[pid]
            body = plan_card(plan, cx, cy, card_w, PLAN_H, view["v"], note=f"col {col + 1}")
            if claims[col] is None:
                c.add(body)
            else:
                c.control(claims[col], f"Claim the {plan['name']} ({LEVEL_NAMES[level]} row, column {col + 1})", body,
                          text=plan["name"])
        lines = (4 + L.per_row - 1) // L.per_row
        return Piece(c.svg(), 28 + lines * (PLAN_H + 8) + 4, frozenset(c.drawn))

    return _kept(key, draw)


def _dice_row(c: Canvas, L: Layout, dice: list[list[Any]], y: float, make: Any, chosen: tuple[int, ...] = ()) -> float:
    size = 48
    x = L.pad
    for i, d in enumerate(dice):
        if x + size > L.W - L.pad:
            x, y = L.pad, y + size + 10
        ring = "#e2a21a" if i in chosen else ""
        found = make(i) if make else None
        if found is not None and c.acts.find(found[0]) is not None:
            c.draw(found[0], found[1], die(x, y, size, d[0], d[1], ring=BLUE), text=f"{d[0]} {d[1]}")
        else:
            c.add(die(x, y, size, d[0], d[1], ring=ring))
        x += size + 10
    return y + size + 12 if dice else y


COLOR_ACTIONS = ("take", "start_die", "outlaw_take", "outlaw_return", "color")


def _panel(L: Layout, view: dict[str, Any], acts: Controls, names: list[str]) -> Piece:
    """The player whose turn it is: what is asked, their dice, the construction, the moves."""
    W, pad = L.W, L.pad
    seat = view["start_seat"] if view["phase"] == "start" else view["turn"]
    pl = view["players"][seat]
    legal = acts.legal
    hints = view["derived"]["hints"] or {}
    c = Canvas(acts)
    c.add(text(pad, 28, "Your move" if legal else f"{names[seat]} is playing", 20, "#1d4f96", "start", True))
    y = 34.0
    prompt = view["derived"]["prompt"]
    if prompt:
        y += 20 * c.text(pad, y + 18, prompt, size=16, width=W - 2 * pad, lines=3) + 6
    phase = view["phase"]
    sub = view["sub"]
    build = view["build"]
    dice = pl["dice"]
    # colour choices: claim dice, the starting die, the Outlaw's steps, gains, pans, swaps
    color_acts = [a for a in legal if a["type"] in COLOR_ACTIONS]
    if color_acts:
        x = pad
        y += 6
        for a in color_acts:
            color = a.get("color", a.get("c"))
            label = {"take": f"Take a {color} die", "start_die": f"Start with {color}", "outlaw_take": f"Take from {color}",
                     "outlaw_return": f"Return a {color} die", "color": f"Get a {color} die"}[a["type"]]
            if color == "none":
                label = "No gray or black die left"
            bw = max(120.0, len(label) * 9.5 + 24)
            if x + bw > W - pad:
                x, y = pad, y + 58
            c.draw(a, label, button(x, y, bw, 48, label, FILL.get(color, GREEN), INK.get(color, "#ffffff"), 16), text=label,
                   topic=f"action:{a['type']}")
            x += bw + 8
        y += 58
    if phase == "outlaw" and view["outlaw"] and view["outlaw"]["ask"]:
        ask = view["outlaw"]["ask"]
        msg = (f"The Outlaw still needs {ask['n']} dice: the smallest supplies are tied." if ask["kind"] == "take"
               else f"The Outlaw returns one die of each of two tied colours ({ask['left']} left).")
        c.add('<g data-topic="board:outlaw">')
        y += 20 * c.text(pad, y + 14, msg, size=15, width=W - 2 * pad, lines=2) + 4
        c.add("</g>")
    # the dice (a construction shows them beside its positions instead)
    if ((phase in ("main", "discard") and dice) or sub) and not (build is not None and sub is None):
        c.add('<g data-topic="board:storehouse">')
        c.add(text(pad, y + 18, "Dice" + (" (choose one)" if legal and (phase == "discard" or sub) else ""), 16, INKC,
                   "start", True))
        y += 26
        adj = [a for a in legal if a["type"] == "adj"]
        if adj:
            x = pad
            for i, d in enumerate(dice):
                if x + 104 > W - pad:
                    x, y = pad, y + 112
                c.add(die(x + 26, y, 48, d[0], d[1]))
                for a in adj:
                    if a["die"] == i:
                        ox = 0 if a["d"] > 0 else 52
                        lab = f"{'+' if a['d'] > 0 else '−'}{abs(a['d'])}"
                        c.draw(a, f"Make the {d[0]} {d[1]} a {d[1] + a['d']}",
                               button(x + ox, y + 54, 48, 48, lab, BLUE, "#ffffff", 18), text=lab)
                x += 112
            y += 112
        else:
            chosen = (tuple(sub.get("sel", [])) + ((sub["die"],) if sub.get("die") is not None else ())) if sub else ()

            def make(i: int) -> Optional[tuple[dict[str, Any], str]]:
                for a in legal:
                    if a.get("die") == i and a["type"] in ("discard", "pick"):
                        verb = "Discard" if a["type"] == "discard" else "Choose"
                        return a, f"{verb} the {dice[i][0]} {dice[i][1]}"
                return None

            y = _dice_row(c, L, dice, y, make, chosen)
        c.add("</g>")
    values = [a for a in legal if a["type"] == "value"]
    if values:
        x = pad
        for a in values:
            c.draw(a, f"Change it to {a['v']}", button(x, y, 52, 52, str(a["v"]), BLUE, "#ffffff", 22), text=str(a["v"]),
                   topic="action:value")
            x += 60
        y += 62
    if build is not None:
        y = _construction(c, L, view, pl, build, hints, y)
    # the other moves, as buttons
    labels: list[tuple[dict[str, Any], str, str, str]] = []
    for a in legal:
        t = a["type"]
        if t == "build":
            p = PLANS[a["plan"]]
            least = hints.get("least", {}).get(str(a["plan"]))
            hint = f" ({plural(least, 'penalty', 'penalties')} at best)" if least is not None else ""
            labels.append((a, f"Build {p['name']}{hint}", GREEN, "action:build"))
        elif t == "power":
            p = PLANS[pl["built"][a["b"]]["plan"]]
            labels.append((a, f"Use {p['name']}: {power_short(p['power'])}", "#8a5a2e", power_topic(p["power"])))
        elif t == "token":
            labels.append((a, "Spend a Dice Token", BLUE, "action:token"))
        elif t == "pan":
            labels.append((a, "Gold Pan: trade dice", "#8a6a10", "action:pan"))
        elif t == "roll":
            labels.append((a, "Reroll the chosen dice", BLUE, "action:roll"))
        elif t == "done":
            labels.append((a, "Done with this power", GREEN, "action:done"))
        elif t == "back":
            labels.append((a, "Never mind", "#5f5245", "action:back"))
        elif t == "cancel":
            labels.append((a, "Take the dice back", "#5f5245", "action:cancel"))
        elif t == "end":
            labels.append((a, "End turn", RED, "action:end"))
    if labels:
        x = pad
        for a, label, fill, topic in labels:
            bw = min(W - 2 * pad, max(140.0, 24 + len(label) * 9.2))
            if x + bw > W - pad:
                x, y = pad, y + 58
            c.draw(a, label, button(x, y, bw, 50, label, fill, "#ffffff", 16), text=label, topic=topic)
            x += bw + 8
        y += 60
    if phase == "claim" and legal:
        c.add(text(pad, y + 14, "Tap a plan in the rows above to claim it.", 16, INKC))
        y += 24
    height = max(float(L.panel_h), y + 8)
    frame = rect(4, 0, W - 8, height, "#fff8e8", BLUE, 3, 14)
    return Piece(frame + c.svg(), height + 8, frozenset(c.drawn))


def _construction(c: Canvas, L: Layout, view: dict[str, Any], pl: dict[str, Any], build: dict[str, Any],
                  hints: dict[str, Any], y: float) -> float:
    """The plan being built: its positions and dice, what it costs so far, and the next step."""
    W, pad = L.W, L.pad
    plan = PLANS[build["plan"]]
    c.add('<g data-topic="board:construction">')
    c.add(text(pad, y + 22, f"Building the {plan['name']}", 19, INKC, "start", True))
    puts = [a for a in c.acts.legal if a["type"] == "put"]
    side_by_side = not L.narrow
    size = 40 if side_by_side else 44
    body, sw, sh = shape(plan, pad + 4, y + 34, size, build["dice"], numbers=True, bad=tuple(hints.get("bad", ())))
    c.add(body)
    pen = hints.get("penalty", 0)
    if side_by_side:
        info_x, iy, info_w = pad, y + 44 + sh, 230.0
    else:
        info_x = pad + sw + 20
        info_w = W - info_x - pad
        if info_w < 150:
            info_x, iy, info_w = pad, y + 40 + sh, W - 2 * pad
        else:
            iy = y + 34
    c.add(f'<g data-topic="requirement:{plan["req"]["k"]}">')
    used = c.text(info_x, iy + 16, f"Needs {req_label(plan['req'])} · worth {plural(points(plan, view['v']), 'point')}", size=15,
                  width=info_w, lines=2)
    c.add("</g>")
    iy += 20 * (used - 1)
    pen_text = plural(pen, "Penalty token") + ("" if hints.get("full") else " so far")
    c.add('<g data-topic="requirement:penalty">')
    c.text(info_x, iy + 42, pen_text, size=17, width=info_w, lines=1, fill=RED if pen else GREEN, bold=True)
    lines = 0
    if pen:
        lost = plural(penalty_value(view["v"]) * pen, "point")
        lines = c.text(info_x, iy + 62, f"(−{lost}; red-ringed dice miss their colour or value)",
                       size=13, width=info_w, lines=3, fill=RED)
    c.add("</g>")
    info_bottom = iy + 62 + 16 * lines
    c.add("</g>")
    if side_by_side and (puts or hints.get("full")):
        left = 270
        top = y + 30
        if puts:
            bottom = _put_grid(c, L, plan, build, pl["dice"], hints, puts, left, top)
        else:
            bottom = _spots(c, L, view, plan, hints.get("spots", []), left, top)
        return max(bottom, info_bottom) + 10
    y = max(y + 44 + sh, info_bottom + 6)
    if puts:
        y = _put_list(c, L, plan, build, pl["dice"], hints, puts, y)
    if hints.get("full"):
        y = _spots(c, L, view, plan, hints.get("spots", []), pad, y)
    return y


def _put_cell(c: Canvas, d: list[Any], i: int, p: int, miss: bool, x: float, y: float, w: float) -> None:
    body = (rect(x + 2, y, w - 4, 50, "#f7d9d4" if miss else "#e4f2df", RED if miss else GREEN, 2, 8)
            + text(x + w / 2, y + 32, "✗" if miss else "✓", 20, RED if miss else GREEN, "middle", True))
    word = "penalty" if miss else "fits"
    c.draw({"type": "put", "die": i, "pos": p}, f"Put the {d[0]} {d[1]} on position {p + 1} ({word})", body, text=word,
           topic="requirement:penalty" if miss else "action:put")


def _put_grid(c: Canvas, L: Layout, plan: dict[str, Any], build: dict[str, Any], dice: list[list[Any]],
              hints: dict[str, Any], puts: list[dict[str, Any]], left: float, top: float) -> float:
    """Which die on which position: a column per die, a row per empty position (wide boards)."""
    empty = [i for i, d in enumerate(build["dice"]) if d is None]
    misses = {(m[0], m[1]) for m in hints.get("misses", [])}
    dice_i = sorted({a["die"] for a in puts})
    c.text(left, top + 8, "Put a die on a position: the die's column, the position's row", size=14, width=L.W - left - L.pad)
    head_w = 52
    cw = max(52.0, min(96.0, (L.W - L.pad - left - head_w) / max(1, len(dice_i))))
    y = top + 18
    for j, i in enumerate(dice_i):
        d = dice[i]
        c.add(die(left + head_w + j * cw + (cw - 44) / 2, y, 44, d[0], d[1]))
    y += 50
    for p in empty:
        c.add(spec(left + 4, y + 4, 42, plan["colors"][p], str(p + 1)))
        for j, i in enumerate(dice_i):
            _put_cell(c, dice[i], i, p, (i, p) in misses, left + head_w + j * cw, y, cw)
        y += 56
    return y


def _put_list(c: Canvas, L: Layout, plan: dict[str, Any], build: dict[str, Any], dice: list[list[Any]],
              hints: dict[str, Any], puts: list[dict[str, Any]], y: float) -> float:
    """Which die on which position: a row per die, a column per empty position (phones)."""
    W, pad = L.W, L.pad
    empty = [i for i, d in enumerate(build["dice"]) if d is None]
    misses = {(m[0], m[1]) for m in hints.get("misses", [])}
    y += 20 * c.text(pad, y + 14, "Put a die on a position: the die's row, the position's column", size=14,
                     width=W - 2 * pad, lines=2) + 4
    left = 64
    cw = max(48.0, min(120.0, (W - left - pad) / max(1, len(empty))))
    for j, p in enumerate(empty):
        c.add(spec(left + j * cw + (cw - 36) / 2, y, 36, plan["colors"][p], str(p + 1)))
    y += 42
    for i in sorted({a["die"] for a in puts}):
        d = dice[i]
        c.add(die(pad, y + 2, 46, d[0], d[1]))
        for j, p in enumerate(empty):
            _put_cell(c, d, i, p, (i, p) in misses, left + j * cw, y, cw)
        y += 56
    return y


def _spots(c: Canvas, L: Layout, view: dict[str, Any], plan: dict[str, Any], spots: list[dict[str, Any]],
           x: float, y: float) -> float:
    """Where the finished building may stand: a button for each spot with the Main Street points it adds."""
    W, pad = L.W, L.pad
    place_all = {"type": "place"}
    if c.acts.find(place_all) is not None:
        label = "Build it" if view["opts"]["no_main_street"] else "Build it beside the town (no room on Main Street)"
        c.draw(place_all, label, button(x, y, W - pad - x, 50, label, GREEN, "#ffffff", 16), text=label,
               topic="action:place" if view["opts"]["no_main_street"] else "board:beside-town")
        return y + 60
    c.add(text(x, y + 18, "Where it may stand (tap to build):", 16, INKC, "start", True))
    y += 26
    if L.narrow:
        return _spot_list(c, L, view, plan, spots, y)
    return _spot_table(c, L, plan, spots, x, y)


def _spot_name(plan: dict[str, Any], s: dict[str, Any]) -> tuple[str, str]:
    cols = [s["start"] + i for i in range(plan["width"])]
    on = [col + 1 for col in cols if 0 <= col < PLOTS]
    where = f"plot {on[0]}" if len(on) == 1 else f"plots {on[0]}–{on[-1]}"
    return SIDE_NAMES[s["side"]], where


def _spot_table(c: Canvas, L: Layout, plan: dict[str, Any], spots: list[dict[str, Any]], x: float, y: float) -> float:
    """A row for each side of the street (as printed and mirrored), a column for each first plot."""
    best = max((s["gain"] for s in spots), default=0)
    starts = sorted({s["start"] for s in spots})
    lines = sorted({(s["side"], s["mirror"]) for s in spots})
    head_w = 128
    cw = max(44.0, min(80.0, (L.W - L.pad - x - head_w) / max(1, len(starts))))
    for j, start in enumerate(starts):
        cols = [start + i for i in range(plan["width"])]
        on = [col + 1 for col in cols if 0 <= col < PLOTS]
        off = len(cols) - len(on)
        cx = x + head_w + j * cw + cw / 2
        c.add(text(cx, y + 12, f"{on[0]}–{on[-1]}" if len(on) > 1 else f"{on[0]}", 13, INKC, "middle", True))
        if off:
            c.add(text(cx, y + 27, f"{off} off", 12, MUTED, "middle"))
    y += 32
    at = {(s["side"], s["mirror"], s["start"]): s for s in spots}
    for side, mirror in lines:
        c.add(text(x, y + 20, SIDE_NAMES[side], 15, INKC, "start", True))
        c.add(text(x, y + 37, "mirrored" if mirror else "as printed", 13, MUTED))
        for j, start in enumerate(starts):
            s = at.get((side, mirror, start))
            if s is None:
                continue
            cx = x + head_w + j * cw
            good = s["gain"] > 0
            top = s["gain"] == best and good
            body = (rect(cx + 2, y, cw - 4, 46, "#e4f2df" if good else "#f3ece0", GREEN, 3 if top else 1.5, 8)
                    + text(cx + cw / 2, y + 31, f"+{s['gain']}", 20, GREEN if good else MUTED, "middle", True))
            name, where = _spot_name(plan, s)
            label = f"{name} side, {where}{', mirrored' if mirror else ''}: +{s['gain']} Main Street"
            c.draw({"type": "place", "side": side, "start": start, "mirror": mirror}, label, body, text=f"+{s['gain']}",
                   topic="action:place")
        y += 52
    return y


def _spot_list(c: Canvas, L: Layout, view: dict[str, Any], plan: dict[str, Any], spots: list[dict[str, Any]],
               y: float) -> float:
    """The spots as a list, best first, each with the plots it covers (phones)."""
    W, pad = L.W, L.pad
    spots = sorted(spots, key=lambda s: (-s["gain"], s["side"], s["start"], s["mirror"]))
    taken: list[set[int]] = [set(), set()]
    for bt in view["players"][view["turn"]]["built"]:
        if bt.get("at"):
            side, start, _ = bt["at"]
            taken[side].update(range(start, start + PLANS[bt["plan"]]["width"]))
    per = 2
    bw = (W - 2 * pad - (per - 1) * 8) / per
    bh = 80
    for k, s in enumerate(spots):
        bx = pad + (k % per) * (bw + 8)
        by = y + (k // per) * (bh + 8)
        cols = [s["start"] + i for i in range(plan["width"])]
        side, where = _spot_name(plan, s)
        good = s["gain"] > 0
        body = [rect(bx, by, bw, bh, "#e4f2df" if good else "#f3ece0", GREEN, 2),
                text(bx + 8, by + 22, f"{side} · {where}", 15, INKC, "start", True),
                text(bx + 8, by + 42, "mirrored" if s["mirror"] else "as printed", 13, MUTED),
                text(bx + bw - 10, by + 44, f"+{s['gain']}", 26, GREEN if good else MUTED, "end", True)]
        mw = (bw - 24) / PLOTS
        body.append(rect(bx + 12, by + 56, mw * PLOTS, 12, "#d8c9ad", rx=2))
        for p in sorted(taken[s["side"]]):
            if 0 <= p < PLOTS:
                body.append(rect(bx + 12 + p * mw, by + 56, mw, 12, "#6b4a2b", rx=0))
        lo, hi = max(0, cols[0]), min(PLOTS, cols[-1] + 1)
        body.append(rect(bx + 12 + lo * mw, by + 56, (hi - lo) * mw, 12, BLUE, rx=2))
        label = f"{side} side, {where}{', mirrored' if s['mirror'] else ''}: +{s['gain']} Main Street"
        c.draw({"type": "place", "side": s["side"], "start": s["start"], "mirror": s["mirror"]}, label, "".join(body),
               text=f"{side} {where}", topic="action:place")
    rows = (len(spots) + per - 1) // per
    return y + rows * (bh + 8) + 4


def _rivals(L: Layout, view: dict[str, Any]) -> Optional[Piece]:
    W, pad = L.W, L.pad
    o = view["outlaw"]
    s = view["surveyor"]
    if not o and not s:
        return None
    c = Canvas(Controls([]))
    y = 0
    if o:
        info = view["derived"]["outlaw"]
        h = 150 if L.narrow else 120
        c.add('<g data-topic="board:outlaw">')
        c.add(rect(4, y, W - 8, h, "#3b2a1e", rx=14))
        c.add(text(pad, y + 28, "The Outlaw", 20, "#ffcf5a", "start", True))
        horses = info["horses"]
        c.text(pad, y + 52, f"{plural(len(o['plans']), 'plan')} stolen ({plural(info['points'], 'point')}) · "
               f"{plural(o['penalties'], 'Penalty token')} · {plural(horses, 'secret Horse')}", size=15, width=W - 2 * pad, lines=2, fill="#ffffff")
        held = ", ".join(f"{n} {color}" for color, n in o["dice"].items() if n)
        c.add(text(pad, y + 92, f"Dice taken: {held or 'none'}", 14, "#f5e6c4"))
        last = o.get("last")
        if last:
            x = W - pad - 3 * 40
            ly = y + 8 if not L.narrow else y + 100
            for i, (color, v) in enumerate(last["roll"].items()):
                c.add(die(x + i * 40, ly, 34, color, v))
            if not L.narrow:
                stolen = ", ".join(PLANS[p]["name"] for p in last["plans"]) or "nothing"
                c.text(W - pad, y + 70, f"Stole: {stolen}", size=13, width=W / 2 - pad, anchor="end", fill="#ffffff")
        c.add("</g>")
        y += h + 8
    if s:
        c.add('<g data-topic="board:surveyor">')
        c.add(rect(4, y, W - 8, 80, "#3b4a2e", rx=14))
        c.add(text(pad, y + 28, "The Sole Surveyor", 20, "#e8f5d0", "start", True))
        last = s.get("last")
        if last:
            c.add(die(pad, y + 38, 34, "brown", last["roll"]))
            cleared = ", ".join(PLANS[p]["name"] for p in last["plans"])
            msg = f"cleared column {last['roll']}: {cleared or 'nothing left there'}" if last["roll"] <= 4 else "rolled 5 or 6: nothing happens"
            c.text(pad + 44, y + 60, msg, size=14, width=W - 2 * pad - 44, fill="#ffffff")
        else:
            c.text(pad, y + 60, "Rolls after each of your turns and clears a column of plans on 1–4.", size=14,
                   width=W - 2 * pad, fill="#ffffff")
        c.add("</g>")
        y += 88
    return Piece(c.svg(), y, frozenset())


def _street(view: dict[str, Any], geo: Street, built: list[dict[str, Any]], street: dict[str, Any], x0: float,
            y: float) -> str:
    """Main Street of one player: the printed card (a symbol), the plots that score, the buildings."""
    pw = geo.plot_w
    out = [_plots(view["town"], geo.narrow, x0, y)]
    for side in range(2):
        for p in range(PLOTS):
            if street["plots"][side][p]:
                out.append(text(x0 + p * pw + pw - 4, y - 4 + geo.label_y(side), "✓", geo.fs + 2, GREEN, "end", True))
    sy = y + geo.plot_h
    for p, f in enumerate(street.get("faceoff", [])):
        if f:
            out.append(about("board:face-off", text(x0 + p * pw + pw - 6, sy + 17, "⚔", 13, "#ffffff", "end")))
    lvl = geo.lvl
    for bt in built:
        at = bt.get("at")
        if not at:
            continue
        side, start, mirror = at
        plan = PLANS[bt["plan"]]
        w = plan["width"]
        dice = []
        for (lv, px), d in zip(plan["pos"], bt["dice"]):
            if mirror:
                px = 2 * (w - 1) - px
            col = start + px / 2
            if col < -0.6 or col > PLOTS - 0.4:
                continue
            dx = x0 + col * pw + (pw - lvl) / 2
            dy = sy - lv * (lvl + 3) if side == 0 else sy + geo.street_h + (lv - 1) * (lvl + 3) + 3
            dice.append(die(dx, dy, lvl, d[0], d[1]))
        out.append(about("board:height", "".join(dice)))
    return about("board:main-street", "".join(out))


@lru_cache(maxsize=64)
def _plots(town: str, narrow: bool, x0: float, y: float) -> str:
    """The printed card (a <use> of its symbol) and an invisible shape over each plot, so that a
    player can ask what the plot's request means."""
    geo = Street(Layout(narrow))
    rows = TOWNS[town]["rows"]
    out = [f'<use href="#street" x="{_n(x0 - 4)}" y="{_n(y - 4)}" width="{_n(geo.width)}" height="{_n(geo.height)}"/>']
    for side in range(2):
        py = y - 4 + geo.plot_y(side)
        for p in range(PLOTS):
            out.append(f'<rect x="{_n(x0 + p * geo.plot_w)}" y="{_n(py)}" width="{_n(geo.plot_w)}" height="{_n(geo.plot_h)}" '
                       f'fill="none" pointer-events="all" data-topic="{_plot_topic(rows[side][p])}"/>')
    return "".join(out)


def _town(L: Layout, view: dict[str, Any], seat: int, names: list[str], acts: Controls, viewer: Optional[int]) -> Piece:
    pl = view["players"][seat]
    shown = view.get("shown")
    horse_id = shown["players"][seat] if shown else pl["horse"]
    mine = seat == viewer
    controls = [acts.find({"type": "pan"}), [acts.find({"type": "build", "plan": pid}) for pid in pl["hand"]],
                [acts.find({"type": "power", "b": k}) for k in range(len(pl["built"]))]] if mine else None
    d = view["derived"]
    key = ["town", L.narrow, seat, names[seat], pl, horse_id, mine, controls, d["scores"][seat], d["streets"][seat],
           view["town"], view["opts"]["no_main_street"], view["v"], view["turn"] == seat and not view["over"]]
    return _kept(key, lambda: _draw_town(L, view, seat, names, acts, mine, horse_id))


def _draw_town(L: Layout, view: dict[str, Any], seat: int, names: list[str], acts: Controls, mine: bool,
               horse_id: Any) -> Piece:
    W, pad = L.W, L.pad
    pl = view["players"][seat]
    score = view["derived"]["scores"][seat]
    c = Canvas(acts)
    is_turn = view["turn"] == seat and not view["over"]
    y = 0.0
    c.add(f'<text x="{pad}" y="{_n(y + 28)}" font-size="20" font-weight="bold">{names[seat]}'
          f'{" (you)" if mine else ""}</text>')
    c.add(about("board:score", text(W - pad, y + 28, plural(score['total'], 'point') + ("" if score["horse_known"] else " + Horse"),
                                    18, GREEN, "end", True)))
    y += 40
    if isinstance(horse_id, int):
        horse = HORSES[horse_id]
        c.add(about("card:horse", icon(horse["icon"], pad, y, 26) + text(pad + 32, y + 19, f"Horse: {horse['name']}", 15,
                                                                         INKC, "start", True)))
    else:
        c.add(about("card:horse", text(pad, y + 19, "Horse: secret", 15, MUTED, "start", True)))
    hx = 220 if not L.narrow else 180
    c.add(about("board:penalties", f'<circle cx="{hx}" cy="{_n(y + 13)}" r="13" fill="{RED}"/>'
                + text(hx, y + 19, str(pl["penalties"]), 15, "#ffffff", "middle", True)
                + text(hx + 18, y + 19, f"Penalty (−{penalty_value(view['v'])} each)", 14, INKC)))
    if pl["tokens"]:
        tx = hx if L.narrow else 440
        ty = y + 30 if L.narrow else y
        c.add(about("board:dice-tokens", f'<circle cx="{tx}" cy="{_n(ty + 13)}" r="13" fill="{BLUE}"/>'
                    + text(tx, ty + 19, str(pl["tokens"]), 15, "#ffffff", "middle", True) + text(tx + 18, ty + 19, "Dice Tokens", 14, INKC)))
        if L.narrow:
            y += 30
    y += 36
    y = _storehouse(c, L, pl, y)
    # the Gold Pan printed on the Town card
    if mine:
        label = "Gold Pan: 2 alike → 1 of choice · gold → any"
        c.draw({"type": "pan"}, "Gold Pan: trade dice", rect(pad, y, min(W - 2 * pad, 380), 34, "#f3e3b0", "#8a6a10", 1.5, 8)
               + text(pad + 10, y + 22, label, 14, INKC, "start", True), text="Gold Pan", topic="board:gold-pan")
        y += 42
    y = _hand(c, L, view, pl, mine, y)
    y = _buildings(c, L, pl, mine, y)
    if not view["opts"]["no_main_street"]:
        geo = Street(L)
        c.add(_street(view, geo, pl["built"], view["derived"]["streets"][seat], pad + 4, y + 6))
        y += 6 + geo.height + 6
        off = [bt for bt in pl["built"] if not bt.get("at")]
        if off:
            c.add('<g data-topic="board:beside-town">')
            y += 18 * c.text(pad, y + 14, "Beside the town: " + ", ".join(PLANS[bt["plan"]]["name"] for bt in off),
                             size=13, width=W - 2 * pad, lines=2)
            c.add("</g>")
    parts = (f"Buildings {score['buildings']} · Gold {score['gold']} · Horse "
             f"{score['horse'] if score['horse_known'] else '?'} · Main Street {score['street']} · "
             f"Penalties {score['penalties']}")
    c.add('<g data-topic="board:score">')
    y += 20 * c.text(pad, y + 18, parts, size=14, width=W - 2 * pad, lines=2, fill=MUTED) + 8
    c.add("</g>")
    frame = rect(4, 0, W - 8, y, "#fbf3e2", BLUE if is_turn else "#8a6a44", 3 if is_turn else 1.5, 14)
    return Piece(frame + c.svg(), y + 8, frozenset(c.drawn))


def _storehouse(c: Canvas, L: Layout, pl: dict[str, Any], y: float) -> float:
    """The Storehouse printed on the Town card: a space per die, by colour; dice that do not fit ringed."""
    W, pad = L.W, L.pad
    slots = list(STOREHOUSE) + ["any"] * pl["extra"]
    placed: list[Optional[list[Any]]] = [None] * len(slots)
    rest = []
    for d in pl["dice"]:
        for j, s in enumerate(slots):
            if placed[j] is None and s == d[0]:
                placed[j] = d
                break
        else:
            rest.append(d)
    for d in rest:
        for j, s in enumerate(slots):
            if placed[j] is None and s == "any":
                placed[j] = d
                break
        else:
            placed.append(d)
            slots.append("over")
    c.add('<g data-topic="board:storehouse">')
    c.add(text(pad, y + 20, "Storehouse", 15, INKC, "start", True))
    sx = pad + 96
    for j, s in enumerate(slots):
        if sx + 32 > W - pad:
            sx, y = pad + 96, y + 36
        d = placed[j]
        if d is not None:
            c.add(die(sx, y, 30, d[0], d[1], ring=RED if s == "over" else ""))
        else:
            c.add(spec(sx, y, 30, s if s in FILL else "any"))
        sx += 36
    c.add("</g>")
    return y + 40


def _hand(c: Canvas, L: Layout, view: dict[str, Any], pl: dict[str, Any], mine: bool, y: float) -> float:
    """Plans in hand; a line is kept for them even when there are none, so claiming keeps the board's height."""
    W, pad = L.W, L.pad
    c.add(about("board:hand", text(pad, y + 18, "Plans in hand", 15, INKC, "start", True)))
    y += 26
    per = L.per_row
    cw = L.card_w
    if not pl["hand"]:
        c.add(rect(pad, y, W - 2 * pad, PLAN_H, "none", "#c9b08a", 1.5, extra=' stroke-dasharray="8 6"')
              + text(W / 2, y + PLAN_H / 2 + 5, "No plans in hand", 14, MUTED, "middle"))
        return y + PLAN_H + 8
    for k, pid in enumerate(pl["hand"]):
        cx = pad + (k % per) * (cw + 8)
        cy = y + (k // per) * (PLAN_H + 8)
        plan = PLANS[pid]
        body = plan_card(plan, cx, cy, cw, PLAN_H, view["v"])
        if mine:
            c.draw({"type": "build", "plan": pid}, f"Build the {plan['name']}", body, text=plan["name"])
        else:
            c.add(body)
    return y + ((len(pl["hand"]) + per - 1) // per) * (PLAN_H + 8)


def _buildings(c: Canvas, L: Layout, pl: dict[str, Any], mine: bool, y: float) -> float:
    """Buildings and their powers (a used once-per-turn power is shown as used); always a line."""
    W, pad = L.W, L.pad
    c.add(about("board:built", text(pad, y + 18, "Buildings", 15, INKC, "start", True)))
    y += 26
    if not pl["built"]:
        c.add(text(pad, y + 22, "No buildings yet", 14, MUTED))
        return y + 44
    bx = pad
    for k, bt in enumerate(pl["built"]):
        plan = PLANS[bt["plan"]]
        label = f"{plan['name']} · {power_short(plan['power'])}"
        used = bt["used"] and plan["ptype"] == "once"
        wl = min(W - 2 * pad, 16 + len(label + (" (used)" if used else "")) * 7.6)
        if bx + wl > W - pad:
            bx, y = pad, y + 40
        pt = plan["ptype"]
        body = (rect(bx, y, wl, 34, POWER_BG[pt] if not used else "#cbbfa8", rx=8)
                + text(bx + 8, y + 22, label + (" (used)" if used else ""), 14, POWER_INK[pt] if not used else INKC))
        topic = "board:used-power" if used else power_topic(plan["power"])
        if mine:
            c.draw({"type": "power", "b": k}, f"Use the {plan['name']}: {power_text(plan['power'])}", body, text=label,
                   topic=topic)
        else:
            c.add(about(topic, body))
        bx += wl + 8
    return y + 44


def _missions(L: Layout, view: dict[str, Any], names: list[str]) -> Optional[Piece]:
    ms = view["missions"]
    if not any(ms) or view["over"]:
        return None
    c = Canvas(Controls([]))
    y = 0
    c.add('<g data-topic="board:missions">')
    for s, m in enumerate(ms):
        if not m:
            continue
        info = MISSIONS[m - 1]
        msg = f"Mission {m}: {info['score']}+ points and {info['text'].lower()}"
        if view["n"] == 1 and view["opts"]["mission_hard"]:
            msg += "; beat the Outlaw too"
        c.add(f'<text x="{L.pad}" y="{_n(y + 18)}" font-size="14" font-weight="bold" fill="{MUTED}">{names[s]} — </text>')
        y += 20 * c.text(L.pad, y + 36, msg, size=14, width=L.W - 2 * L.pad, lines=3, fill=MUTED) + 22
    c.add("</g>")
    return Piece(c.svg(), y, frozenset())


def _result(L: Layout, view: dict[str, Any], names: list[str]) -> Optional[Piece]:
    res = view["derived"].get("result")
    if not res:
        return None
    W, pad = L.W, L.pad
    c = Canvas(Controls([]))
    y = 0.0
    c.add(f'<text x="{pad}" y="28" font-size="19" font-weight="bold">{names_in(esc(res["headline"]), names)}</text>')
    y += 40
    op = res.get("outlaw")
    if op:
        msg = (f"The Outlaw: {op['buildings']} from plans, {op['horse']} from its Horse"
               + (f", {op['sets']} from sets" if op.get("sets") else "") + f", {op['penalties']} penalties"
               + (f", {op['street']} (No Main Street)" if op.get("street") else "") + f" = {op['total']}")
        c.add('<g data-topic="board:outlaw">')
        y += 20 * c.text(pad, y + 8, msg, size=15, width=W - 2 * pad, lines=2) + 6
        c.add("</g>")
    if res.get("verdict"):
        c.add('<g data-topic="board:verdict">')
        y += 20 * c.text(pad, y + 8, res["verdict"], size=15, width=W - 2 * pad, lines=3, fill=MUTED) + 6
        c.add("</g>")
    for s, m in enumerate(res.get("missions") or []):
        if not m:
            continue
        ok = "cleared" if m["success"] else "not cleared"
        checks = [f"score {'✓' if m['score_ok'] else '✗'}", f"requirement {'✓' if m['extra_ok'] else '✗'}"]
        if m.get("hard"):
            checks.append(f"beat the Outlaw {'✓' if m['outlaw_ok'] else '✗'}")
        c.add('<g data-topic="board:missions">')
        c.add(f'<text x="{pad}" y="{_n(y + 14)}" font-size="15" font-weight="bold" fill="{GREEN if m["success"] else RED}">'
              f'{names[s]} — Mission {m["mission"]}: {ok} ({esc(", ".join(checks))})</text>')
        y += 20 + 18 * c.text(pad, y + 34, f"{m['need']}+ points and: {m['text'].lower()}", size=13,
                              width=W - 2 * pad, lines=2, fill=MUTED)
        c.add("</g>")
    y += 10
    frame = rect(4, 0, W - 8, y, "#f8e7b8", "#8a6a10", 3, 14)
    return Piece(frame + c.svg(), y + 8, frozenset())


def _more(L: Layout, legal: list[dict[str, Any]], missing: list[int]) -> Piece:
    """Any legal move not drawn elsewhere still gets a button."""
    c = Canvas(Controls(legal))
    x, y = L.pad, 0
    for i in missing:
        label = f"Move {i + 1}: {legal[i].get('type', '')}"
        if x + 200 > L.W - L.pad:
            x, y = L.pad, y + 58
        c.control(i, label, button(x, y, 190, 50, label, "#555555", "#ffffff", 15), text=label)
        x += 200
    return Piece(c.svg(), y + 60, frozenset(c.drawn))


def render(view: dict[str, Any], ui: dict[str, Any]) -> str:
    L = Layout(bool(ui.get("narrow")))
    legal = list(ui.get("legal") or [])
    names = list(ui.get("names") or [])
    while len(names) < view["n"]:
        names.append(esc(f"Player {len(names) + 1}"))
    acts = Controls(legal)
    viewer = ui.get("viewer")
    b = Board(L.W, 100, "Tumble Town board", game_over=view["over"])
    _symbols(b, L, view["town"], not view["opts"]["no_main_street"])
    y = 0.0
    drawn: set[int] = set()

    def put(key: str, piece: Optional[Piece], gap: float = 0) -> None:
        nonlocal y
        if piece is None:
            return
        y += gap
        move = f' transform="translate(0 {_n(y)})"' if y else ""
        with b.part(key):
            b.add(f'<g fill="{INKC}"{move}>{piece.svg}</g>')
        drawn.update(piece.drawn)
        y += piece.height

    put("head", _head(L, view, names))
    put("result", _result(L, view, names), 4)
    put("missions", _missions(L, view, names))
    for r in range(3):
        put(f"row-{r + 1}", _row(L, view, acts, r), 4)
    if not view["over"]:
        put("panel", _panel(L, view, acts, names), 4)
    put("rivals", _rivals(L, view))
    order = list(range(view["n"]))
    if viewer is not None and viewer in order:
        order.remove(viewer)
        order.insert(0, viewer)
    for s in order:
        put(f"town-{s}", _town(L, view, s, names, acts, viewer))
    missing = [i for i in range(len(legal)) if i not in drawn]
    if missing:
        put("more", _more(L, legal, missing))
    b.height = int(y + 10)
    return b.svg()
