"""The render kit: one way for every game to draw its board as SVG.

    b = Board(960, 640, "The town board")
    b.symbol("die", '<rect width="40" height="40" rx="6"/>')   # drawn once, in <defs>
    with b.part("rows"):                                        # a keyed part of the board
        b.use("die", 10, 10, fill=PALETTE["brown"])
        b.control(3, "Claim the Bank", '<rect …/>', text="Bank")
        b.text(20, 80, "Long card text that wraps", width=180, size=14, lines=3)
    with b.frame("table", x=0, y=0, scale=0.2):                 # pointer presses map to table units
        …
    return b.svg()                                              # a Drawing: a str with .parts

Colours are named by meaning (`PALETTE`), every text is escaped, and every control for a
legal action is drawn the same way: `data-action`, a button role, a tab stop and an
accessible name that contains the text the player sees on it. The page replaces only the
parts whose SVG changed since the last update.

The render contract: `render(view, ui)` gets the players' names raw in `ui["names"]` (as
typed: "Tom & Jerry", "<b>", bidi marks) and escapes them only through this kit (`esc`,
`Board.text`, `Board.control`); a renderer never escapes or unescapes a name itself.
`Controls(ui["legal"])` finds the index of the legal action a drawn control stands for,
and `Board.buttons` draws, as plain buttons, the actions the board did not draw elsewhere.

Drawing is cheap to repeat with `Board.kept` (a part drawn from the same inputs is reused)
and `Board.apart` (what is drawn inside is collected, e.g. a control's or a symbol's body).
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from functools import lru_cache
from html import escape
from json import JSONEncoder
from typing import Any, Callable, Iterator, Optional, TypeVar

T = TypeVar("T")

# Colours by meaning. Text colours (ink, muted, accent, bad, good) reach at least 4.5:1 on
# paper and on card; fills are for shapes.
PALETTE = {
    "paper": "#f6efe2",
    "card": "#fffaf0",
    "table": "#efe3cc",
    "ink": "#2b1d10",
    "muted": "#5f5245",
    "line": "#b9a582",
    "accent": "#8c2f1b",
    "focus": "#1d5fd1",
    "good": "#1e6b34",
    "bad": "#a3201a",
    "warn": "#8a5a00",
    "gold": "#e9b44c",
    "wood": "#3b2a1a",
    "highlight": "#fde8a8",
    "shadow": "#00000033",
    "seats": ("#b23a2a", "#2a5db2", "#2f8a3c", "#8a4fb2", "#b27a1f", "#20807f"),
}

# Average advance width of a character in the page's sans-serif face, as a share of the
# font size; used to fit text into a width without measuring it in the browser.
CHAR_WIDTH = 0.56


def esc(text: Any) -> str:
    """Escape text for SVG/HTML content and attribute values."""
    s = text if type(text) is str else str(text)
    # most values (colours, numbers, plain words) have nothing to escape: a board has thousands
    if "&" in s or "<" in s or ">" in s or '"' in s or "'" in s:
        return escape(s, quote=True)
    return s


_SEAT = re.compile(r"\{seat(\d+)\}")


def names_in(text: str, names: list[str]) -> str:
    """Replace {seat0}… placeholders with names in one pass: a name that itself reads
    "{seat1}" is shown as typed, never as another player's name."""

    def name(match: "re.Match[str]") -> str:
        i = int(match.group(1))
        return names[i] if i < len(names) else match.group(0)

    return _SEAT.sub(name, text)


def seat_names(ui: dict[str, Any], n: int, noun: str = "Player") -> list[str]:
    """The players' names as typed (raw, escaped later by the kit), one per seat; a seat with
    no name given is "Player 2" (or the game's own noun for a seat)."""
    given = ui.get("names") or []
    return [str(given[i]) if i < len(given) and given[i] else f"{noun} {i + 1}" for i in range(n)]


# JSON with sorted keys, without spaces: one encoder made once (json.dumps makes one a call)
_EXACT = JSONEncoder(sort_keys=True, separators=(",", ":"))
_FLAT = frozenset((str, int, float, bool, type(None)))


def action_key(action: Any) -> Any:
    """One action as exactly as JSON tells it (True is not 1, 1 is not "1", 1.0 is not 1),
    to look it up among the legal ones."""
    if type(action) is dict:
        # most actions are flat: their fields, and each value's type, are quicker to compare than JSON
        fields = sorted(action.items())
        types = tuple([type(v) for _, v in fields])
        if _FLAT.issuperset(types):
            return tuple(fields), types
    return _EXACT.encode(action)


class Controls:
    """The legal actions a board draws controls for.

    `find(action)` is the index of the control for an action (None when it is not legal now),
    `of_type("buy")` the (index, action) pairs of one kind; a Board given the Controls marks
    every index it draws, so `rest()` is what still needs a plain button."""

    def __init__(self, legal: Optional[list[dict[str, Any]]]):
        self.legal = list(legal or [])
        self._index = {action_key(a): i for i, a in enumerate(self.legal)}
        self.drawn: set[int] = set()

    def __len__(self) -> int:
        return len(self.legal)

    def find(self, action: dict[str, Any]) -> Optional[int]:
        return self._index.get(action_key(action))

    def of_type(self, *types: str) -> list[tuple[int, dict[str, Any]]]:
        return [(i, a) for i, a in enumerate(self.legal) if a.get("type") in types]

    def rest(self) -> list[tuple[int, dict[str, Any]]]:
        """The legal actions no control has been drawn for yet, in their order."""
        return [(i, a) for i, a in enumerate(self.legal) if i not in self.drawn]


class Drawing(str):
    """An SVG string that also knows its keyed parts, so the page can redraw only what changed."""

    head: str
    parts: list[tuple[str, str]]

    def __new__(cls, head: str, parts: list[tuple[str, str]], tail: str = "</svg>") -> "Drawing":
        obj = super().__new__(cls, head + "".join(svg for _, svg in parts) + tail)
        obj.head = head
        obj.parts = parts
        return obj


def fit_lines(text: str, width: float, size: float, lines: int) -> list[str]:
    """Words wrapped into at most `lines` lines of `width` at font `size`; the last line
    ends with an ellipsis when the text does not fit."""
    return list(_fit(str(text), width, size, lines))


@lru_cache(maxsize=4096)  # a board wraps the same card texts at every update
def _fit(text: str, width: float, size: float, lines: int) -> tuple[str, ...]:
    per_line = max(1, int(width / (size * CHAR_WIDTH)))
    words = str(text).split()
    out: list[str] = []
    current = ""
    for word in words:
        while len(word) > per_line:  # a word longer than a line is cut
            if current:
                out.append(current)
                current = ""
            out.append(word[:per_line])
            word = word[per_line:]
        candidate = f"{current} {word}" if current else word
        if len(candidate) <= per_line:
            current = candidate
        else:
            out.append(current)
            current = word
    if current:
        out.append(current)
    if len(out) > lines:
        kept = out[:lines]
        last = kept[-1]
        kept[-1] = (last[: max(0, per_line - 1)].rstrip() + "…") if len(last) >= per_line else last + "…"
        return tuple(kept)
    return tuple(out)


# Drawings kept by `Board.kept`: key -> (svg, what the drawing returned, control indices it marked).
_KEPT: dict[str, tuple[str, Any, frozenset[int]]] = {}
KEEP_MOST = 512


class _Into:
    """While open, what a board draws goes into `chunks` (a part, or a drawing set apart).
    A class rather than a generator: a board opens hundreds of them an update."""

    __slots__ = ("board", "chunks", "saved")

    def __init__(self, board: "Board", chunks: list[str]):
        self.board = board
        self.chunks = chunks

    def __enter__(self) -> list[str]:
        self.saved = self.board._current
        self.board._current = self.chunks
        return self.chunks

    def __exit__(self, *exc: Any) -> None:
        self.board._current = self.saved


class Board:
    def __init__(self, width: int, height: int, label: str, game_over: bool = False, cls: str = "board-svg",
                 controls: Optional[Controls] = None):
        self.controls = controls  # marks what is drawn, for `buttons`
        self.width = width
        self.height = height
        self.label = label
        self.game_over = game_over
        self.cls = cls
        self._symbols: dict[str, str] = {}
        self._parts: list[tuple[str, list[str]]] = []
        self._current: Optional[list[str]] = None
        self._anonymous = 0
        self._moves: dict[str, float] = {}  # part key -> how far down it is moved

    # --- structure ------------------------------------------------------------------
    def symbol(self, symbol_id: str, body: str, view_box: Optional[str] = None) -> None:
        """Define a shape once (in <defs>); place it with `use`."""
        if symbol_id not in self._symbols:
            self._symbols[symbol_id] = _symbol(symbol_id, body, view_box)

    def part(self, key: str, dy: float = 0) -> "_Into":
        """Everything added inside is one keyed part (`<g data-part="key">`). With `dy` the part
        is drawn from y=0 and moved down by `dy`: a part pushed down by a taller part above it
        keeps its contents, so the page only moves it."""
        if self._current is not None:
            raise RuntimeError("parts do not nest")
        chunks: list[str] = []
        self._parts.append((key, chunks))
        if dy:
            self._moves[key] = dy
        return _Into(self, chunks)

    def apart(self) -> "_Into":
        """What is added inside is collected in the yielded list instead of the board: the body
        of a control or a symbol, drawn with the kit's own `text` and `use`."""
        return _Into(self, [])

    def kept(self, inputs: Any, draw: Callable[[], T]) -> T:
        """What `draw()` adds, drawn once for the same `inputs` (JSON) and then reused: a part
        that is a function of a few inputs costs nothing to draw again. The inputs must hold
        everything the drawing shows, the indices of the controls it draws included; the
        key also names where `draw` is written, so two drawings never share one.
        Returns what `draw` returned (the height it used, say)."""
        key = _written_at(draw) + _EXACT.encode(inputs)
        hit = _KEPT.get(key)
        if hit is None:
            before = set(self.controls.drawn) if self.controls is not None else set()
            with self.apart() as chunks:
                value = draw()
            marked = frozenset(self.controls.drawn - before) if self.controls is not None else frozenset()
            if len(_KEPT) >= KEEP_MOST:  # the oldest drawing goes: the others may well be needed again
                del _KEPT[next(iter(_KEPT))]
            hit = _KEPT[key] = ("".join(chunks), value, marked)
        svg, value, marked = hit
        self.add(svg)
        if self.controls is not None:
            self.controls.drawn.update(marked)
        return value

    def add(self, svg: str) -> None:
        if self._current is None:
            self._anonymous += 1
            chunks: list[str] = []
            self._parts.append((f"_{self._anonymous}", chunks))
            chunks.append(svg)
        else:
            self._current.append(svg)

    @contextmanager
    def frame(self, frame_id: str, x: float = 0, y: float = 0, scale: float = 1.0, cell: Optional[int] = None,
              window: Optional[tuple[int, int]] = None) -> Iterator[None]:
        """A group whose own units are the game's units (hundredths of an inch, or grid
        units with `cell` units per square); the page maps pointer presses into it.

        With `window` (the frame's width and height in its own units) the player may zoom and
        pan the frame (static/boot.js): it is marked `data-zoom` and what it draws is clipped to
        that window, so a zoomed table stays inside its border."""
        cell_attr = f' data-cell="{cell}"' if cell else ""
        zoom_attr = ""
        if window:
            clip_id = f"window-{frame_id}"
            w, h = window
            self._symbols.setdefault(f"clip:{clip_id}", f'<clipPath id="{esc(clip_id)}"><rect x="{_num(x)}" y="{_num(y)}" '
                                                         f'width="{_num(w * scale)}" height="{_num(h * scale)}"/></clipPath>')
            self.add(f'<g clip-path="url(#{esc(clip_id)})">')
            zoom_attr = f' data-zoom="{int(w)} {int(h)}"'
        # the scale to six places: two would draw a 36″ table at 0.11 for 0.1061, 4 % too large
        self.add(f'<g data-frame="{esc(frame_id)}"{cell_attr}{zoom_attr} '
                 f'transform="translate({_num(x)} {_num(y)}) scale({_num(scale, 6)})">')
        try:
            yield
        finally:
            self.add("</g></g>" if window else "</g>")

    # --- drawing ------------------------------------------------------------------------
    def use(self, symbol_id: str, x: float, y: float, w: Optional[float] = None, h: Optional[float] = None, **attrs: Any) -> None:
        size = (f' width="{_num(w)}"' if w is not None else "") + (f' height="{_num(h)}"' if h is not None else "")
        self.add(f'<use href="#{esc(symbol_id)}" x="{_num(x)}" y="{_num(y)}"{size}{_attrs(attrs)}/>')

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float = 14,
        width: Optional[float] = None,
        lines: int = 1,
        anchor: str = "start",
        weight: str = "normal",
        fill: str = PALETTE["ink"],
        line_height: float = 1.2,
        **attrs: Any,
    ) -> int:
        """Escaped text, wrapped to `width` in at most `lines` lines; returns the lines used."""
        rows = _fit(str(text), width, size, lines) if width else (str(text),)
        # SVG's own defaults (start, normal) are left unwritten: nothing on a board sets others to inherit
        looks = ("" if anchor == "start" else f' text-anchor="{anchor}"') + \
            ("" if weight == "normal" else f' font-weight="{weight}"')
        head = f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}"{looks} fill="{fill}"{_attrs(attrs)}>'
        if len(rows) == 1:
            self.add(head + esc(rows[0]) + "</text>")
        else:
            spans = "".join(
                f'<tspan x="{_num(x)}" dy="{_num(0 if i == 0 else size * line_height)}">{esc(r)}</tspan>'
                for i, r in enumerate(rows)
            )
            self.add(head + spans + "</text>")
        return len(rows)

    def control(self, index: int, label: str, body: str, text: str = "", cls: str = "act", **attrs: Any) -> None:
        """A control for legal[index]: clickable, focusable, named. `text` is what the player
        sees on it; the accessible name always contains it (label in name)."""
        if self.controls is not None:
            self.controls.drawn.add(int(index))
        self.add(control_open(index, label, text, cls, **attrs) + body + "</g>")

    def buttons(self, actions: list[tuple[int, dict[str, Any]]], label: Callable[[dict[str, Any]], str],
                x: float, y: float, width: float, height: float = 44, gap: float = 10, size: float = 16,
                fill: str = PALETTE["accent"], ink: str = "#ffffff", rx: float = 8, least: float = 120) -> float:
        """Plain buttons for legal actions (index, action) the board draws nowhere else, wrapped
        in rows across `width` from (x, y); each is as wide as its words need. Returns the y
        below the last row (y itself when there is nothing to draw)."""
        if not actions:
            return y
        cx, cy = x, y
        for index, action in actions:
            words = label(action)
            w = min(width, max(least, len(words) * size * CHAR_WIDTH + 28))
            if cx > x and cx + w > x + width:
                cx, cy = x, cy + height + gap
            body = (f'<rect x="{_num(cx)}" y="{_num(cy)}" width="{_num(w)}" height="{_num(height)}" rx="{_num(rx)}" '
                    f'fill="{fill}"/>'
                    f'<text x="{_num(cx + w / 2)}" y="{_num(cy + height / 2 + size * 0.35)}" font-size="{_num(size)}" '
                    f'text-anchor="middle" fill="{ink}">{esc(fit_lines(words, w - 16, size, 1)[0] if words else "")}</text>')
            self.control(index, words, body, text=words)
            cx += w + gap
        return cy + height

    def arm(self, param_index: int, label: str, body: str, text: str = "", **attrs: Any) -> None:
        """A control that arms a parameterised action kind (params[param_index]); the next
        press on its frame (or the keyboard cursor) gives the value."""
        name = _label_with(label, text)
        self.add(f'<g data-param="{int(param_index)}" role="button" tabindex="0" aria-label="{esc(name)}" class="act"'
                 f'{_attrs(attrs)}>{body}</g>')

    def _move(self, key: str) -> str:
        dy = self._moves.get(key)
        return f' transform="translate(0 {_num(dy)})"' if dy else ""

    def svg(self) -> Drawing:
        over = ' data-game-over="true"' if self.game_over else ""
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {self.height}" '
            f'class="{self.cls}" role="group" aria-label="{esc(self.label)}" preserveAspectRatio="xMidYMin meet"{over}>'
            + ("<defs>" + "".join(self._symbols.values()) + "</defs>" if self._symbols else "")
        )
        parts = [(key, f'<g data-part="{esc(key)}"{self._move(key)}>' + "".join(chunks) + "</g>")
                 for key, chunks in self._parts]
        return Drawing(head, parts)


@lru_cache(maxsize=1024)  # a board defines the same symbols at every update
def _symbol(symbol_id: str, body: str, view_box: Optional[str]) -> str:
    vb = f' viewBox="{view_box}"' if view_box else ""
    return f'<symbol id="{esc(symbol_id)}"{vb} overflow="visible">{body}</symbol>'


def _label_with(label: str, text: str) -> str:
    seen = " ".join(str(text).split())
    if seen and seen.lower() not in label.lower():
        return f"{label}. {seen}"
    return label


def control_open(index: int, label: str, text: str = "", cls: str = "act", **attrs: Any) -> str:
    """The opening tag of a control for legal[index] (see Board.control)."""
    name = _label_with(label, text)
    return (f'<g data-action="{int(index)}" role="button" tabindex="0" aria-label="{esc(name)}" class="{esc(cls)}"'
            f'{_attrs(attrs)}>')


def _attrs(attrs: dict[str, Any]) -> str:
    if not attrs:
        return ""
    return "".join(f' {_attr_name(k)}="{esc(v)}"' for k, v in attrs.items() if v is not None)


@lru_cache(maxsize=None)
def _attr_name(keyword: str) -> str:
    """data_topic= is data-topic, class_= is class (a board uses a few dozen names)."""
    return keyword.rstrip("_").replace("_", "-")


_WRITTEN_AT: dict[Any, str] = {}


def _written_at(draw: Callable[..., Any]) -> str:
    """Where a drawing function is written, to tell apart two drawings kept from equal inputs."""
    code = getattr(draw, "__code__", None)
    where = _WRITTEN_AT.get(code) if code is not None else None
    if where is None:
        where = f"{draw.__module__}.{draw.__qualname__}:{code.co_firstlineno if code else ''}"
        if code is not None:
            _WRITTEN_AT[code] = where
    return where


@lru_cache(maxsize=8192)  # a board repeats its coordinates over and over
def _num(value: float, places: int = 2) -> str:
    if isinstance(value, int) or float(value).is_integer():
        return str(int(value))
    return f"{value:.{places}f}".rstrip("0").rstrip(".")
