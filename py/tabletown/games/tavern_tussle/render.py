"""Tavern Tussle's board: one SVG drawn from a seat's view with the render kit.

A vertical layout: a header (round, story phase, deck and discard pile); the acting
player's choices (a target, a Coin, a Hero to copy); the Initiative order while Heroes
act; the viewer's hand as big cards; one panel per player (Taverner, active Hero, theme
tally and stories, tableau). Each of these is a keyed part, so the page redraws only what
changed. `ui["narrow"]` (a phone) gives a layout 600 units wide with two big cards a row,
so every card a player must decide about stays readable at 390 px.

Everything shown comes from the view (`view["derived"]` carries scores, stories, tallies,
Luck, Initiative bonuses, who is asked and what each card in the hand would add); the
final score table is the page's. Every theme has a colour and always a text label.
"""

from __future__ import annotations

from typing import Any, Optional

from ...engine.draw import PALETTE, Board, Controls, Drawing, esc, fit_lines, seat_names
from ...engine.words import plural
from .content import ABILITY, EDITIONS, TAVERNERS, hero_label, hero_name

ROUNDS = 3
STORIES_PER_ROUND = 3
THEME_COLOR = {"Luck": "#1e6b34", "Battle": "#a3201a", "Journey": "#2a5db2", "Elixir": "#6f3a91", "Coin": "#8a5a00"}
THEME_ORDER = ("Luck", "Battle", "Journey", "Elixir", "Coin")
INK = PALETTE["ink"]
MUTED = PALETTE["muted"]
CARD = PALETTE["card"]
GOLD = PALETTE["gold"]
WOOD = PALETTE["wood"]
WHITE = "#ffffff"

ICONS = {
    "Attack": "M4 20 L18 6 M14 4 L20 4 L20 10 M7 13 L11 17 M3 21 L6 18",
    "Counter": "M12 2 L21 6 V12 C21 17 17 21 12 22 C7 21 3 17 3 12 V6 Z",
    "Steal": "M8 7 L6 3 H18 L16 7 M8 7 C2 11 3 21 12 21 C21 21 22 11 16 7 Z M10 13 H14",
    "Heal": "M9 3 H15 V9 H21 V15 H15 V21 H9 V15 H3 V9 H9 Z",
    "Boost": "M4 12 L12 4 L20 12 M4 20 L12 12 L20 20",
    "Cheers": "M4 6 H16 V20 H4 Z M16 9 H20 V16 H16 M4 9 H16",
}


class Layout:
    """Sizes of the wide board (1000 units) and the phone board (600 units)."""

    def __init__(self, narrow: bool):
        self.narrow = narrow
        self.w = 600 if narrow else 1000
        self.hand_cols = 2 if narrow else 3
        self.tab_cols = 3 if narrow else 5
        gap = 16
        self.hand_w = (self.w - 56 - gap * (self.hand_cols - 1)) // self.hand_cols
        self.hand_h = 350 if narrow else 320
        self.tab_w = (self.w - 48 - 10 * (self.tab_cols - 1)) // self.tab_cols
        self.tab_h = 170


# --- small SVG pieces (strings, so they can be the body of a control) ------------------------
def _text(x: float, y: float, text: str, size: float = 28, fill: str = INK, weight: str = "normal",
          anchor: str = "start", italic: bool = False) -> str:
    style = ' font-style="italic"' if italic else ""
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size:.0f}" fill="{fill}" font-weight="{weight}" '
            f'text-anchor="{anchor}"{style}>{esc(text)}</text>')


def _fit_size(text: str, width: float, size: float, least: float = 18, bold: bool = False) -> float:
    """The largest font size up to `size` at which `text` fits on one line of `width`."""
    need = max(1, len(text)) * (0.68 if bold else 0.58)
    return max(least, min(size, width / need))


def _lines(x: float, y: float, text: str, width: float, size: float, lines: int, fill: str = INK,
           anchor: str = "start", step: float = 1.2) -> tuple[str, int]:
    rows = fit_lines(text, width, size, lines)
    return "".join(_text(x, y + i * size * step, r, size, fill, anchor=anchor) for i, r in enumerate(rows)), len(rows)


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", sw: float = 0, rx: float = 10,
          dash: str = "") -> str:
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="{rx:.0f}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{sw}"{extra}/>')


def _icon(ability: str, x: float, y: float, s: float, color: str = INK) -> str:
    return (f'<use href="#tt-icon-{ability.lower()}" x="{x:.0f}" y="{y:.0f}" width="{s:.0f}" height="{s:.0f}" '
            f'color="{color}"/>')


def _tag(cx: float, y: float, text: str, size: float = 22, fill: str = GOLD) -> str:
    w = len(text) * size * 0.62 + 24
    return _rect(cx - w / 2, y - size * 0.9, w, size * 1.45, fill, INK, 2, size * 0.7) + _text(
        cx, y + size * 0.2, text, size, INK, "bold", "middle")


def _topic(topic: str, svg: str) -> str:
    """`svg` marked with the rules topic (a key of data/rule_index.json) a player may ask about."""
    return f'<g data-topic="{topic}">{svg}</g>'


def _ability_topic(abilities: tuple[str, ...]) -> str:
    if not abilities:
        return "ability:none"
    return "ability:" + "-".join(a.lower() for a in abilities)


def _symbols(b: Board) -> None:
    for ability, path in ICONS.items():
        b.symbol(f"tt-icon-{ability.lower()}",
                 f'<path d="{path}" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" '
                 'stroke-linejoin="round"/>', view_box="0 0 24 24")
    b.symbol("tt-coin", f'<circle cx="50" cy="50" r="46" fill="{GOLD}" stroke="#fff3c4" stroke-width="5"/>'
                        '<circle cx="50" cy="50" r="31" fill="none" stroke="#7a5200" stroke-width="5"/>'
                        '<text x="50" y="66" font-size="46" font-weight="bold" text-anchor="middle" '
                        'fill="#7a5200">C</text>', view_box="0 0 100 100")


# --- cards -----------------------------------------------------------------------------
def _ability_hint(hero: dict[str, Any], taverner: Optional[int]) -> str:
    abilities = hero["abilities"]
    if len(abilities) != 1:
        return ""
    ability = abilities[0]
    if ability != "Cheers":
        return ABILITY[ability]["hint"]
    if taverner is None:
        return ABILITY["Cheers"]["hint"]
    return TAVERNERS[taverner]["short"] + "."


def _big_card(x: float, y: float, w: float, h: float, hero: dict[str, Any], init: Optional[int] = None, tag: str = "",
              taverner: Optional[int] = None, gain: Optional[int] = None) -> str:
    """A Hero as a big card (the hand, choices): Initiative, theme, name, animal, abilities,
    what its ability does, and the points it would add to the viewer's tableau."""
    theme = hero["theme"]
    color = THEME_COLOR[theme]
    band = 60
    printed = hero["initiative"]
    shown = printed if init is None else init
    out = [_rect(x, y, w, h, CARD, color, 5, 14),
           _topic(f"theme:{theme.lower()}", _rect(x + 4, y + 4, w - 8, band, color, rx=10)
                  + _text(x + w - 14, y + 4 + band / 2 + 11, theme.upper(), _fit_size(theme.upper(), w - 100, 30),
                          WHITE, "bold", "end")),
           _topic("board:initiative",
                  f'<circle cx="{x + 40:.0f}" cy="{y + 4 + band / 2:.0f}" r="33" fill="{CARD}" stroke="{INK}" '
                  'stroke-width="3"/>'
                  + _text(x + 40, y + 4 + band / 2 + 14, str(shown), 40 if shown < 10 else 34, INK, "bold", "middle"))]
    yy = y + band + 4
    if shown != printed:
        out.append(_text(x + 14, yy + 26, f"Initiative {printed} + {shown - printed}", 22, MUTED, "bold"))
        yy += 26
    name = hero["name"]
    out.append(_text(x + w / 2, yy + 44, name, _fit_size(name, w - 20, 38), INK, "bold", "middle"))
    out.append(_text(x + w / 2, yy + 76, hero["animal"], 26, MUTED, anchor="middle", italic=True))
    yy += 120
    abilities = hero["abilities"]
    about = _ability_topic(abilities)
    if not abilities:
        out.append(_topic(about, _text(x + w / 2, yy, "No ability", 28, MUTED, anchor="middle")))
        yy += 40
    for ability in abilities:
        label = ability.upper()
        tw = len(label) * 20 + 44
        x0 = x + (w - tw) / 2
        out.append(_topic(about, _icon(ability, x0, yy - 30, 36) + _text(x0 + 44, yy, label, 32, INK, "bold")))
        yy += 42
    hint = "" if tag else _ability_hint(hero, taverner)
    if hint:
        # As many lines as fit above the points tag; a smaller size before any word is cut.
        bottom = y + h - (40 if gain is not None else 10)
        for size in (22, 19, 17):
            room = max(1, int((bottom - (yy - 6)) // (size * 1.2)) + 1)
            if len(fit_lines(hint, w - 24, size, 99)) <= room:
                break
        body, _ = _lines(x + w / 2, yy - 6, hint, w - 24, size, room, MUTED, anchor="middle")
        out.append(body)
    if gain is not None and not tag:
        out.append(_tag(x + w / 2, y + h - 16, f"+{plural(gain, 'point')}", 22,
                        PALETTE["highlight"]))
    if tag:
        out.append(_tag(x + w / 2, y + h - 16, tag))
    return _topic("card:hero", "".join(out))


def _small_card(x: float, y: float, w: float, h: float, hero: dict[str, Any]) -> str:
    """A Hero on the table: Initiative, name, abilities, and a theme band at the bottom."""
    theme = hero["theme"]
    color = THEME_COLOR[theme]
    out = [_rect(x, y, w, h, CARD, color, 4, 10),
           _topic(f"theme:{theme.lower()}", _rect(x + 3, y + h - 41, w - 6, 38, color, rx=7)
                  + _text(x + w / 2, y + h - 13, theme.upper(), 24, WHITE, "bold", "middle")),
           f'<circle cx="{x + 30:.0f}" cy="{y + 30:.0f}" r="24" fill="{CARD}" stroke="{INK}" stroke-width="2.5"/>',
           _text(x + 30, y + 40, str(hero["initiative"]), 30 if hero["initiative"] < 10 else 25, INK, "bold", "middle")]
    abilities = hero["abilities"]
    for i, ability in enumerate(abilities):
        out.append(_topic(_ability_topic(abilities), _icon(ability, x + w - 8 - (len(abilities) - i) * 32, y + 12, 28)))
    mid = y + 58 + (h - 58 - 41) / 2
    name = hero["name"]
    out.append(_text(x + w / 2, mid - 2, name, _fit_size(name, w - 14, 27, 16, True), INK, "bold", "middle"))
    label = " + ".join(a.upper() for a in abilities) if abilities else "no ability"
    out.append(_text(x + w / 2, mid + 24, label, _fit_size(label, w - 14, 20, 12, True), MUTED, "bold", "middle"))
    return _topic("card:hero", "".join(out))


def _coin_card(x: float, y: float, w: float, h: float, card: int, big: bool = False) -> str:
    """A Hero flipped to its Coin side (the table saw which Hero it was)."""
    r = min(w, h) * (0.26 if big else 0.24)
    cx, cy = x + w / 2, y + r + (24 if big else 12)
    name = hero_label(card) if big else hero_name(card)
    return _topic("card:coin", _rect(x, y, w, h, "#5b4412", THEME_COLOR["Coin"], 4, 14 if big else 10)
            + f'<use href="#tt-coin" x="{cx - r:.0f}" y="{cy - r:.0f}" width="{2 * r:.0f}" height="{2 * r:.0f}"/>'
            + _text(cx, cy + r + (42 if big else 28), "COIN", 32 if big else 24, "#fff3c4", "bold", "middle")
            + _text(cx, y + h - (18 if big else 10), name, _fit_size(name, w - 12, 26 if big else 21, 14), "#fff3c4",
                    anchor="middle"))


def _table_card(x: float, y: float, w: float, h: float, c: int, heroes: tuple[dict[str, Any], ...]) -> str:
    return _coin_card(x, y, w, h, ~c) if c < 0 else _small_card(x, y, w, h, heroes[c])


def _card_back(x: float, y: float, w: float, h: float, label: str) -> str:
    return _topic("card:hero-face-down", _rect(x, y, w, h, PALETTE["accent"], GOLD, 3, 10)
                  + _rect(x + 10, y + 10, w - 20, h - 20, "none", GOLD, 2, 6, "7 6")
                  + _text(x + w / 2, y + h / 2 + 10, label, 26, "#fff3c4", "bold", "middle"))


def _empty_slot(x: float, y: float, w: float, h: float, label: str) -> str:
    return (_rect(x, y, w, h, "none", PALETTE["line"], 2.5, 10, "9 7")
            + _text(x + w / 2, y + h / 2 + 10, label, 24, MUTED, anchor="middle"))


def _taverner(x: float, y: float, w: float, h: float, tav: int, up: bool, bonus_points: Optional[int] = None) -> str:
    """A Taverner card; `bonus_points` (where the game counts them: the "Taverner bonus
    points" option, or rules versions 3 to 5) are the points it adds to its player's final
    score, shown at the foot of the card. (The rulebook's "Story Points" on a Taverner card
    are the stories' scoring table, not these.)"""
    t = TAVERNERS[tav]
    if not up:
        foot = "" if bonus_points is None else _text(x + w / 2, y + h - 18, f"Bonus points +{bonus_points}", 22,
                                                     "#f0f1f6", "bold", "middle")
        return _topic("card:taverner-face-down", _rect(x, y, w, h, "#3a3a46", "#9aa0b5", 3, 12)
                + _text(x + w / 2, y + 50, t["animal"], 34, "#f0f1f6", "bold", "middle")
                + _text(x + w / 2, y + 106, "FACE-DOWN", 30, "#ffd0c8", "bold", "middle")
                + _text(x + w / 2, y + 146, "off-limits", 26, "#f0f1f6", anchor="middle") + foot)
    if bonus_points is None:
        body, _ = _lines(x + 16, y + 110, t["short"], w - 32, 24, 3)
    else:  # a little smaller, to leave the foot of the card to the bonus points
        body, _ = _lines(x + 16, y + 106, t["short"], w - 32, 22, 3)
    foot = "" if bonus_points is None else _topic("board:taverner-points", _text(
        x + 16, y + h - 18, f"Bonus points +{bonus_points}", 24, INK, "bold"))
    return _topic(f"card:{t['animal'].lower()}", _rect(x, y, w, h, PALETTE["highlight"], GOLD, 3, 12)
            + _text(x + 16, y + 42, t["animal"], 34, INK, "bold")
            + _icon("Cheers", x + w - 48, y + 14, 34)
            + _text(x + 16, y + 76, t["special"], 24, PALETTE["accent"], "bold", italic=True)
            + body + foot)


def _tally(x: float, y: float, counts: list[int], width: float) -> str:
    """Theme counters of a tableau: a coloured chip with label and count for each theme."""
    cw = (width - 20) / 3
    out = []
    for i, theme in enumerate(THEME_ORDER):
        cx = x + (i % 3) * (cw + 10)
        cy = y + (i // 3) * 68
        out.append(_rect(cx, cy, cw, 58, THEME_COLOR[theme], rx=10))
        out.append(_text(cx + 10, cy + 38, theme.upper(), _fit_size(theme.upper(), cw - 56, 22, 14, True), WHITE, "bold"))
        out.append(_text(cx + cw - 10, cy + 43, str(counts[i]), 34, WHITE, "bold", "end"))
    return _topic("board:theme-tally", "".join(out))


# --- labels (accessible names say what the player sees and more) ------------------------------------
def _choice_label(action: dict[str, Any], names: list[str], heroes: tuple[dict[str, Any], ...],
                  init: Optional[int] = None) -> str:
    kind = action["type"]
    if kind == "target":
        return f"Target {names[action['seat']]}"
    c = action["card"]
    h = heroes[c]
    if kind in ("activate", "discard"):
        abilities = " and ".join(h["abilities"]) or "no ability"
        verb = "Activate" if kind == "activate" else "Discard"
        shown = h["initiative"] if init is None else init
        return f"{verb} {hero_label(c)}: Initiative {shown}, {h['theme']}, {abilities}"
    if kind == "steal":
        return f"Steal the Coin that was {hero_label(c)}"
    if kind == "heal":
        return f"Heal the Coin back to {hero_label(c)} ({h['theme']})"
    return f"Copy the ability of {hero_label(c)} ({' and '.join(h['abilities'])})"


# --- the board ------------------------------------------------------------------------
# The parts, top to bottom: "header", "strip" (who has picked, then the Initiative order),
# "slot" (the viewer's hand, or the choice they must make now), one "seat-N" per player.
# The header, the strip and the slot keep their height all game, so a move redraws only
# the parts it changed; a panel grows only when its tableau starts a new row.
def render(view: dict[str, Any], ui: dict[str, Any]) -> Drawing:
    n = view["n"]
    derived = view["derived"]
    lay = Layout(bool(ui.get("narrow")))
    names = seat_names(ui, n)  # as typed: the render kit escapes them
    viewer = ui.get("viewer")
    controls = Controls(ui.get("legal"))
    legal = controls.legal
    over = derived["over"]
    b = Board(lay.w, 0, "Tavern Tussle table", game_over=over, controls=controls)
    _symbols(b)
    with b.part("header"):
        y = _header(b, view, lay)
    with b.part("strip"):
        y = _strip(b, view, names, lay, y + 14)
    # Your hand (or your choice) comes first, on screen without scrolling.
    if viewer is not None and not over:
        with b.part("slot"):
            if legal and legal[0]["type"] not in ("activate", "discard"):
                y = _choices(b, view, viewer, legal, names, lay, y + 14)
            else:
                y = _hand(b, view, viewer, controls, lay, y + 14)
    seats = list(range(n)) if viewer is None else [(viewer + i) % n for i in range(1, n)] + [viewer]
    for s in seats:
        with b.part(f"seat-{s}"):
            y = _panel(b, view, s, names, lay, y + 14, s == viewer, controls)
    leftover = controls.rest()
    if leftover:  # every legal action stays in reach, even one the board has no place for
        heroes = EDITIONS[view["v"]].heroes
        with b.part("more"):
            y = b.buttons(leftover, lambda a: _choice_label(a, names, heroes), 24, y + 14, lay.w - 48,
                          height=64, size=26)
    b.height = int(y + 10)
    return b.svg()


def _header(b: Board, view: dict[str, Any], lay: Layout) -> float:
    derived = view["derived"]
    w = lay.w
    h = 166 if lay.narrow else 128
    b.add(_rect(0, 0, w, h, WOOD, rx=0))
    b.add(_text(24, 54, "Tavern Tussle", 42 if lay.narrow else 44, GOLD, "bold"))
    if derived["over"]:
        phase = "Game over"
    else:
        phase = f"Round {view['round']}/{ROUNDS} · Story phase {view['story']}/{STORIES_PER_ROUND}"
    if view["adv"]:
        phase += " · Advanced"
    room = w - 48 if lay.narrow else w - 48 - 250
    b.add(_topic("board:round", _text(24, 100, phase, _fit_size(phase, room, 30, 20), "#fbf3df")))
    discard = sum(len(d) for d in view["discards"])
    px = 24
    for i, (label, about) in enumerate(((f"Deck {len(view['deck'])}", "board:deck"),
                                        (f"Discard {discard}", "board:discard-pile"))):
        pw = len(label) * 16 + 30
        if lay.narrow:  # a row of their own under the round
            py = 116
        else:  # stacked at the right
            px, py = w - 24 - pw, 24 + i * 48
        b.add(_topic(about, _rect(px, py, pw, 40, PALETTE["accent"], GOLD, 2, 20)
                     + _text(px + pw / 2, py + 29, label, 26, "#fff3c4", "bold", "middle")))
        px += pw + 12
    return h


def _strip(b: Board, view: dict[str, Any], names: list[str], lay: Layout, y: float) -> float:
    """While picking: who has chosen. While Heroes act: the Initiative order, the acting
    Hero marked. At the end: the points of each player."""
    n = view["n"]
    derived = view["derived"]
    cols = 2 if lay.narrow and n > 2 else n
    rows = (n + cols - 1) // cols
    bw = (lay.w - 48 - 12 * (cols - 1)) / cols
    chips: list[tuple[int, str, str, str]] = []  # seat, mark, figure, fill
    if derived["over"]:
        title, about = "Points", "board:final-scores"
        for s in sorted(range(n), key=lambda s: -derived["scores"][s]):
            chips.append((s, "", str(derived["scores"][s]), CARD))
    elif view["phase"] == "resolve" and view["inits"][0] is not None:
        title, about = "Initiative order (highest first)", "board:initiative-order"
        inits = view["inits"]
        rest = view["order"]
        ctx = view["ctx"]
        acting = ctx["seat"] if ctx is not None else None
        done = sorted((s for s in range(n) if s not in rest and s != acting), key=lambda s: -inits[s])
        for s in done + ([acting] if acting is not None else []) + list(rest):
            if s == acting:
                chips.append((s, "▶ ", str(inits[s]), GOLD))
            else:
                chips.append((s, "✓ " if s in done else "", str(inits[s]), "#e6d7bd" if s in done else CARD))
    else:
        title, about = "Picking Heroes", "board:picked"
        for s in range(n):
            ready = derived["picked"][s] >= 2
            chips.append((s, "✓ " if ready else "… ", "ready" if ready else "", "#e6d7bd" if ready else CARD))
    b.add(f'<g data-topic="{about}">')
    b.add(_text(24, y + 30, title, 24, MUTED, "bold"))
    for i, (s, mark, figure, fill) in enumerate(chips):
        bx = 24 + (i % cols) * (bw + 12)
        by = y + 44 + (i // cols) * 62
        b.add(_rect(bx, by, bw, 54, fill, PALETTE["line"], 2, 12))
        label = mark + names[s]
        room = bw - 28 - (len(figure) * 18 + 12 if figure else 0)
        b.add(_text(bx + 14, by + 37, label, _fit_size(label, room, 26, 16), INK, "bold"))
        if figure:
            b.add(_text(bx + bw - 12, by + 38, figure, 28 if figure.isdigit() else 22, INK, "bold", "end"))
    b.add("</g>")
    return y + 44 + rows * 62


def _slot_height(lay: Layout) -> float:
    """The hand's area: room for six cards and the line saying what was picked."""
    rows = (6 + lay.hand_cols - 1) // lay.hand_cols
    return 70 + rows * (lay.hand_h + 18) + 48


def _choices(b: Board, view: dict[str, Any], viewer: int, legal: list[dict[str, Any]], names: list[str],
             lay: Layout, y: float) -> float:
    heroes = EDITIONS[view["v"]].heroes
    kind = legal[0]["type"]
    ctx = view["ctx"]
    w = lay.w
    if kind == "target":
        cols = 2 if lay.narrow else 3
        rows = (len(legal) + cols - 1) // cols
        hgt = max(_slot_height(lay), 84 + rows * 100)
        b.add(_rect(8, y, w - 16, hgt, "#f1dcc0", PALETTE["accent"], 4, 18))
        title = f"Target of your {hero_label(ctx['card'])}"
        b.add(_text(28, y + 50, title, _fit_size(title, w - 56, 32, 20, True), INK, "bold"))
        bw = (w - 56 - 16 * (cols - 1)) / cols
        for i, a in enumerate(legal):
            bx = 28 + (i % cols) * (bw + 16)
            by = y + 74 + (i // cols) * 100
            name = names[a["seat"]]
            b.control(i, _choice_label(a, names, heroes),
                      _rect(bx, by, bw, 84, GOLD, INK, 3, 14)
                      + _text(bx + bw / 2, by + 54, name, _fit_size(name, bw - 20, 34, 18, True), INK, "bold", "middle"),
                      text=name)
        _hand_below(b, view, viewer, lay, y + 74 + rows * 100, y + hgt)
        return y + hgt
    cols = lay.hand_cols
    cw, ch = lay.hand_w, lay.hand_h
    rows = (len(legal) + cols - 1) // cols
    hgt = max(_slot_height(lay), 80 + rows * (ch + 18))
    b.add(_rect(8, y, w - 16, hgt, "#f1dcc0", PALETTE["accent"], 4, 18))
    title = {"steal": f"Choose a Coin to steal from {names[ctx['target']]}",
             "heal": "Choose a Coin in your tableau to heal",
             "copy": "Choose a Hero in your tableau to copy"}[kind]
    b.add(_text(28, y + 48, title, _fit_size(title, w - 56, 30, 18, True), INK, "bold"))
    for i, a in enumerate(legal):
        cx = 28 + (i % cols) * (cw + 16)
        cy = y + 70 + (i // cols) * (ch + 18)
        c = a["card"]
        if kind == "steal":
            card = _coin_card(cx, cy, cw, ch, c, big=True)
        else:
            card = _big_card(cx, cy, cw, ch, heroes[c], tag="HEAL THIS" if kind == "heal" else "COPY THIS")
        b.control(i, _choice_label(a, names, heroes), card)
    _hand_below(b, view, viewer, lay, y + 70 + rows * (ch + 18), y + hgt)
    return y + hgt


def _hand_below(b: Board, view: dict[str, Any], viewer: int, lay: Layout, top: float, bottom: float) -> None:
    """The viewer's hand for the next story phase, small, under a choice (if it fits)."""
    cards = view["hands"][viewer]
    cols = lay.tab_cols
    rows = (len(cards) + cols - 1) // cols
    if not cards or top + 44 + rows * (lay.tab_h + 12) > bottom:
        return
    b.add(_text(28, top + 30, "Your hand for the next story phase", 24, MUTED, "bold"))
    for i, c in enumerate(cards):
        b.add(_small_card(24 + (i % cols) * (lay.tab_w + 10), top + 44 + (i // cols) * (lay.tab_h + 12),
                          lay.tab_w, lay.tab_h, EDITIONS[view["v"]].heroes[c]))


def _hand(b: Board, view: dict[str, Any], viewer: int, controls: Controls, lay: Layout, y: float) -> float:
    legal = controls.legal
    heroes = EDITIONS[view["v"]].heroes
    derived = view["derived"]
    cards = view["hands"][viewer]
    cols = lay.hand_cols
    cw, ch = lay.hand_w, lay.hand_h
    picked = [(c, "active") for c in [view["act"][viewer]] if c is not None]
    picked += [(c, "discard") for c in [view["dis"][viewer]] if c is not None]
    hgt = _slot_height(lay)
    b.add(_rect(8, y, lay.w - 16, hgt, "#f1e4cc", PALETTE["line"], 2, 18))
    kind = legal[0]["type"] if legal else ""
    title = {"activate": "Your hand · choose a Hero to activate", "discard": "Your hand · choose a Hero to discard"}.get(
        kind, "Your hand")
    b.add(_topic("board:hand", _text(28, y + 48, title, _fit_size(title, lay.w - 56, 30, 18, True), PALETTE["accent"],
                                     "bold")))
    bonus = derived["bonus"][viewer]
    gains = derived["gains"]
    taverner = view["tav"][viewer]
    for i, c in enumerate(cards):
        cx = 28 + (i % cols) * (cw + 16)
        cy = y + 70 + (i // cols) * (ch + 18)
        init = heroes[c]["initiative"] + bonus
        card = _big_card(cx, cy, cw, ch, heroes[c], init=init, taverner=taverner, gain=gains[i] if i < len(gains) else None)
        index = controls.find({"type": kind, "card": c}) if kind else None
        if index is not None:
            b.control(index, _choice_label(legal[index], [], heroes, init), card)
        else:
            b.add(card)
    if not cards:
        b.add(_text(28, y + 120, "Waiting for the others…", 28, INK))
    if picked:
        txt = "Picked: " + ", ".join(f"{hero_label(c)} ({what})" for c, what in picked)
        b.add(_text(28, y + hgt - 20, txt, _fit_size(txt, lay.w - 56, 28, 18), INK))
    return y + hgt


def _panel(b: Board, view: dict[str, Any], s: int, names: list[str], lay: Layout, y: float, me: bool,
           controls: Controls) -> float:
    heroes = EDITIONS[view["v"]].heroes
    derived = view["derived"]
    tab = view["tab"][s]
    w = lay.w
    cols = lay.tab_cols
    cw, ch = lay.tab_w, lay.tab_h
    rows = max(1, (len(tab) + cols - 1) // cols)
    row_a = 230
    tally_h = 184 if lay.narrow else 0
    hgt = 64 + row_a + tally_h + 44 + rows * (ch + 12) + 8
    acting = s in derived["active"]
    target_index = controls.find({"type": "target", "seat": s})
    ring = target_index is not None
    stroke = PALETTE["accent"] if acting or ring else PALETTE["line"]
    frame = _rect(8, y, w - 16, hgt, "#fbf4e6" if me else CARD, stroke, 6 if acting or ring else 2, 18,
                  "16 9" if ring else "")
    out = [frame]
    title = names[s] + (" (you)" if me else "")
    score = derived["scores"][s]
    hand = len(view["hands"][s])
    info = f"Hand {hand} · {plural(score, 'point')}"
    out.append(_text(28, y + 46, title, _fit_size(title, w - 56 - len(info) * 16, 36, 20), INK, "bold"))
    out.append(_topic("board:points", _text(w - 28, y + 46, info, 28, MUTED, anchor="end")))
    ry = y + 64
    tw = 262 if not lay.narrow else 270
    bonus_points = derived["taverner_points"][s] if derived["counts_taverner_points"] else None
    out.append(_taverner(24, ry, tw, row_a - 12, view["tav"][s], view["tup"][s], bonus_points))
    ax, aw, ah = tw + 38, 180, row_a - 52
    play = view["play"][s]
    if view["phase"] == "pick":
        mine = view["act"][s]
        if me and isinstance(mine, int):
            out.append(_small_card(ax, ry, aw, ah, heroes[mine]))
            out.append(_tag(ax + aw / 2, ry + ah + 26, "FACE-DOWN", 22))
        elif derived["picked"][s] >= 1:
            out.append(_card_back(ax, ry, aw, ah, "Chosen"))
        else:
            out.append(_empty_slot(ax, ry, aw, ah, "Choosing…"))
    elif play is not None:
        out.append(_table_card(ax, ry, aw, ah, play, heroes))
        ctx = view["ctx"]
        init = view["inits"][s]
        if ctx is not None and ctx["seat"] == s:
            out.append(_topic("board:acting", _tag(ax + aw / 2, ry + ah + 26, "ACTING", 22)))
        elif play >= 0 and init is not None:
            out.append(_topic("board:initiative", _tag(ax + aw / 2, ry + ah + 26, f"INITIATIVE {init}", 20)))
    else:
        out.append(_empty_slot(ax, ry, aw, ah, "—" if derived["over"] else "No active Hero"))
    bonus = derived["bonus"][s]
    pts = derived["stories"][s]
    parts = [str(p) for p in pts] + ([f"Taverner {bonus_points}"] if bonus_points else [])
    if not pts:
        story = "No stories yet" + (f" · Taverner +{bonus_points}" if bonus_points else "")
    else:
        story = "Stories: " + " + ".join(parts) + (f" = {score}" if len(parts) > 1 else "")
    if lay.narrow:
        tx, ty0, twidth = 24, ry + row_a, w - 48
    else:
        tx, ty0, twidth = 494, ry, w - 24 - 494
    out.append(_tally(tx, ty0, derived["tally"][s], twidth))
    out.append(_topic("board:stories", _text(tx, ty0 + 168, story, _fit_size(story, twidth, 28, 18), INK)))
    if bonus and not lay.narrow and not derived["over"]:
        out.append(_topic("board:initiative",
                          _text(tx, ty0 + 206, f"Next Hero: Initiative +{bonus}", 24, PALETTE["good"], "bold")))
    ty = ry + row_a + tally_h
    label = f"Tableau · {plural(len(tab), 'card')}"
    if bonus and lay.narrow and not derived["over"]:
        label += f" · next Hero +{bonus}"
    out.append(_topic("board:tableau", _text(28, ty + 30, label, 24, MUTED, "bold")))
    if ring:
        out.append(_tag(w - 150, ty + 20, "TAP TO TARGET", 24))
    if not tab:
        out.append(_text(28, ty + 90, "Empty", 26, MUTED))
    tail: list[tuple[int, str, str]] = []
    ctx = view["ctx"]
    steal_here = ctx is not None and ctx["ask"] == "steal" and ctx["target"] == s
    for i, c in enumerate(tab):
        cx = 24 + (i % cols) * (cw + 10)
        cy = ty + 44 + (i // cols) * (ch + 12)
        card = c if c >= 0 else ~c
        body = _table_card(cx, cy, cw, ch, c, heroes)
        # A Coin of your own to heal, a Coin to steal here, a Hero of your own to copy.
        heal = controls.find({"type": "heal", "card": card}) if me and c < 0 else None
        steal = controls.find({"type": "steal", "card": card}) if steal_here and c < 0 else None
        copy = controls.find({"type": "copy", "card": card}) if me and c >= 0 else None
        if heal is not None:
            tail.append((heal, f"Heal the Coin back to {hero_label(card)}", body))
        elif steal is not None:
            tail.append((steal, f"Steal the Coin that was {hero_label(card)}", body))
        elif copy is not None:
            tail.append((copy, f"Copy the ability of {hero_label(card)}", body))
        else:
            out.append(body)
    if ring:
        b.control(target_index, f"Target {names[s]}", "".join(out), text="TAP TO TARGET")
    else:
        b.add("".join(out))
    for index, name, body in tail:
        b.control(index, name, body)
    return y + hgt
