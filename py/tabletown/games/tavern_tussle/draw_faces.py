"""Tavern Tussle's cards and small board pieces as SVG strings (so any of them can be the
body of a control): Heroes big and small, Coins, card backs, Taverner cards, the theme
tally, and the words a control's accessible name says. Every theme has a colour and always
a text label; every text is escaped once, by the render kit's `esc`."""

from __future__ import annotations

from typing import Any, Optional

from ...engine.draw import PALETTE, Board, esc, fit_lines
from ...engine.words import plural
from .content import ABILITY, TAVERNERS, hero_label, hero_name

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


# --- small SVG pieces (strings, so they can be the body of a control) ------------------------
def svg_text(x: float, y: float, text: str, size: float = 28, fill: str = INK, weight: str = "normal",
          anchor: str = "start", italic: bool = False) -> str:
    style = ' font-style="italic"' if italic else ""
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size:.0f}" fill="{fill}" font-weight="{weight}" '
            f'text-anchor="{anchor}"{style}>{esc(text)}</text>')


def fit_size(text: str, width: float, size: float, least: float = 18, bold: bool = False) -> float:
    """The largest font size up to `size` at which `text` fits on one line of `width`."""
    need = max(1, len(text)) * (0.68 if bold else 0.58)
    return max(least, min(size, width / need))


def text_lines(x: float, y: float, text: str, width: float, size: float, lines: int, fill: str = INK,
           anchor: str = "start", step: float = 1.2) -> tuple[str, int]:
    rows = fit_lines(text, width, size, lines)
    return "".join(svg_text(x, y + i * size * step, r, size, fill, anchor=anchor) for i, r in enumerate(rows)), len(rows)


def svg_rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", sw: float = 0, rx: float = 10,
          dash: str = "") -> str:
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="{rx:.0f}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{sw}"{extra}/>')


def ability_icon(ability: str, x: float, y: float, s: float, color: str = INK) -> str:
    return (f'<use href="#tt-icon-{ability.lower()}" x="{x:.0f}" y="{y:.0f}" width="{s:.0f}" height="{s:.0f}" '
            f'color="{color}"/>')


def label_tag(cx: float, y: float, text: str, size: float = 22, fill: str = GOLD) -> str:
    w = len(text) * size * 0.62 + 24
    return svg_rect(cx - w / 2, y - size * 0.9, w, size * 1.45, fill, INK, 2, size * 0.7) + svg_text(
        cx, y + size * 0.2, text, size, INK, "bold", "middle")


def with_topic(topic: str, svg: str) -> str:
    """`svg` marked with the rules topic (a key of data/rule_index.json) a player may ask about."""
    return f'<g data-topic="{topic}">{svg}</g>'


def ability_topic(abilities: tuple[str, ...]) -> str:
    if not abilities:
        return "ability:none"
    return "ability:" + "-".join(a.lower() for a in abilities)


def define_symbols(b: Board) -> None:
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


def big_card(x: float, y: float, w: float, h: float, hero: dict[str, Any], init: Optional[int] = None, tag: str = "",
              taverner: Optional[int] = None, gain: Optional[int] = None) -> str:
    """A Hero as a big card (the hand, choices): Initiative, theme, name, animal, abilities,
    what its ability does, and the points it would add to the viewer's tableau."""
    theme = hero["theme"]
    color = THEME_COLOR[theme]
    band = 60
    printed = hero["initiative"]
    shown = printed if init is None else init
    out = [svg_rect(x, y, w, h, CARD, color, 5, 14),
           with_topic(f"theme:{theme.lower()}", svg_rect(x + 4, y + 4, w - 8, band, color, rx=10)
                  + svg_text(x + w - 14, y + 4 + band / 2 + 11, theme.upper(), fit_size(theme.upper(), w - 100, 30),
                          WHITE, "bold", "end")),
           with_topic("board:initiative",
                  f'<circle cx="{x + 40:.0f}" cy="{y + 4 + band / 2:.0f}" r="33" fill="{CARD}" stroke="{INK}" '
                  'stroke-width="3"/>'
                  + svg_text(x + 40, y + 4 + band / 2 + 14, str(shown), 40 if shown < 10 else 34, INK, "bold", "middle"))]
    yy = y + band + 4
    if shown != printed:
        out.append(svg_text(x + 14, yy + 26, f"Initiative {printed} + {shown - printed}", 22, MUTED, "bold"))
        yy += 26
    name = hero["name"]
    out.append(svg_text(x + w / 2, yy + 44, name, fit_size(name, w - 20, 38), INK, "bold", "middle"))
    out.append(svg_text(x + w / 2, yy + 76, hero["animal"], 26, MUTED, anchor="middle", italic=True))
    yy += 120
    abilities = hero["abilities"]
    about = ability_topic(abilities)
    if not abilities:
        out.append(with_topic(about, svg_text(x + w / 2, yy, "No ability", 28, MUTED, anchor="middle")))
        yy += 40
    for ability in abilities:
        label = ability.upper()
        tw = len(label) * 20 + 44
        x0 = x + (w - tw) / 2
        out.append(with_topic(about, ability_icon(ability, x0, yy - 30, 36) + svg_text(x0 + 44, yy, label, 32, INK, "bold")))
        yy += 42
    hint = "" if tag else _ability_hint(hero, taverner)
    if hint:
        # As many lines as fit above the points tag; a smaller size before any word is cut.
        bottom = y + h - (40 if gain is not None else 10)
        for size in (22, 19, 17):
            room = max(1, int((bottom - (yy - 6)) // (size * 1.2)) + 1)
            if len(fit_lines(hint, w - 24, size, 99)) <= room:
                break
        body, _ = text_lines(x + w / 2, yy - 6, hint, w - 24, size, room, MUTED, anchor="middle")
        out.append(body)
    if gain is not None and not tag:
        out.append(label_tag(x + w / 2, y + h - 16, f"+{plural(gain, 'point')}", 22,
                        PALETTE["highlight"]))
    if tag:
        out.append(label_tag(x + w / 2, y + h - 16, tag))
    return with_topic("card:hero", "".join(out))


def small_card(x: float, y: float, w: float, h: float, hero: dict[str, Any]) -> str:
    """A Hero on the table: Initiative, name, abilities, and a theme band at the bottom."""
    theme = hero["theme"]
    color = THEME_COLOR[theme]
    out = [svg_rect(x, y, w, h, CARD, color, 4, 10),
           with_topic(f"theme:{theme.lower()}", svg_rect(x + 3, y + h - 41, w - 6, 38, color, rx=7)
                  + svg_text(x + w / 2, y + h - 13, theme.upper(), 24, WHITE, "bold", "middle")),
           f'<circle cx="{x + 30:.0f}" cy="{y + 30:.0f}" r="24" fill="{CARD}" stroke="{INK}" stroke-width="2.5"/>',
           svg_text(x + 30, y + 40, str(hero["initiative"]), 30 if hero["initiative"] < 10 else 25, INK, "bold", "middle")]
    abilities = hero["abilities"]
    for i, ability in enumerate(abilities):
        out.append(with_topic(ability_topic(abilities), ability_icon(ability, x + w - 8 - (len(abilities) - i) * 32, y + 12, 28)))
    mid = y + 58 + (h - 58 - 41) / 2
    name = hero["name"]
    out.append(svg_text(x + w / 2, mid - 2, name, fit_size(name, w - 14, 27, 16, True), INK, "bold", "middle"))
    label = " + ".join(a.upper() for a in abilities) if abilities else "no ability"
    out.append(svg_text(x + w / 2, mid + 24, label, fit_size(label, w - 14, 20, 12, True), MUTED, "bold", "middle"))
    return with_topic("card:hero", "".join(out))


def coin_card(x: float, y: float, w: float, h: float, card: int, big: bool = False) -> str:
    """A Hero flipped to its Coin side (the table saw which Hero it was)."""
    r = min(w, h) * (0.26 if big else 0.24)
    cx, cy = x + w / 2, y + r + (24 if big else 12)
    name = hero_label(card) if big else hero_name(card)
    return with_topic("card:coin", svg_rect(x, y, w, h, "#5b4412", THEME_COLOR["Coin"], 4, 14 if big else 10)
            + f'<use href="#tt-coin" x="{cx - r:.0f}" y="{cy - r:.0f}" width="{2 * r:.0f}" height="{2 * r:.0f}"/>'
            + svg_text(cx, cy + r + (42 if big else 28), "COIN", 32 if big else 24, "#fff3c4", "bold", "middle")
            + svg_text(cx, y + h - (18 if big else 10), name, fit_size(name, w - 12, 26 if big else 21, 14), "#fff3c4",
                    anchor="middle"))


def table_card(x: float, y: float, w: float, h: float, c: int, heroes: tuple[dict[str, Any], ...]) -> str:
    return coin_card(x, y, w, h, ~c) if c < 0 else small_card(x, y, w, h, heroes[c])


def card_back(x: float, y: float, w: float, h: float, label: str) -> str:
    return with_topic("card:hero-face-down", svg_rect(x, y, w, h, PALETTE["accent"], GOLD, 3, 10)
                  + svg_rect(x + 10, y + 10, w - 20, h - 20, "none", GOLD, 2, 6, "7 6")
                  + svg_text(x + w / 2, y + h / 2 + 10, label, 26, "#fff3c4", "bold", "middle"))


def empty_slot(x: float, y: float, w: float, h: float, label: str) -> str:
    return (svg_rect(x, y, w, h, "none", PALETTE["line"], 2.5, 10, "9 7")
            + svg_text(x + w / 2, y + h / 2 + 10, label, 24, MUTED, anchor="middle"))


def taverner_card(x: float, y: float, w: float, h: float, tav: int, up: bool, bonus_points: Optional[int] = None) -> str:
    """A Taverner card; `bonus_points` (where the game counts them: the "Taverner bonus
    points" option, or rules versions 3 to 5) are the points it adds to its player's final
    score, shown at the foot of the card. (The rulebook's "Story Points" on a Taverner card
    are the stories' scoring table, not these.)"""
    t = TAVERNERS[tav]
    if not up:
        foot = "" if bonus_points is None else svg_text(x + w / 2, y + h - 18, f"Bonus points +{bonus_points}", 22,
                                                     "#f0f1f6", "bold", "middle")
        return with_topic("card:taverner-face-down", svg_rect(x, y, w, h, "#3a3a46", "#9aa0b5", 3, 12)
                + svg_text(x + w / 2, y + 50, t["animal"], 34, "#f0f1f6", "bold", "middle")
                + svg_text(x + w / 2, y + 106, "FACE-DOWN", 30, "#ffd0c8", "bold", "middle")
                + svg_text(x + w / 2, y + 146, "off-limits", 26, "#f0f1f6", anchor="middle") + foot)
    if bonus_points is None:
        body, _ = text_lines(x + 16, y + 110, t["short"], w - 32, 24, 3)
    else:  # a little smaller, to leave the foot of the card to the bonus points
        body, _ = text_lines(x + 16, y + 106, t["short"], w - 32, 22, 3)
    foot = "" if bonus_points is None else with_topic("board:taverner-points", svg_text(
        x + 16, y + h - 18, f"Bonus points +{bonus_points}", 24, INK, "bold"))
    return with_topic(f"card:{t['animal'].lower()}", svg_rect(x, y, w, h, PALETTE["highlight"], GOLD, 3, 12)
            + svg_text(x + 16, y + 42, t["animal"], 34, INK, "bold")
            + ability_icon("Cheers", x + w - 48, y + 14, 34)
            + svg_text(x + 16, y + 76, t["special"], 24, PALETTE["accent"], "bold", italic=True)
            + body + foot)


def theme_tally(x: float, y: float, counts: list[int], width: float) -> str:
    """Theme counters of a tableau: a coloured chip with label and count for each theme."""
    cw = (width - 20) / 3
    out = []
    for i, theme in enumerate(THEME_ORDER):
        cx = x + (i % 3) * (cw + 10)
        cy = y + (i // 3) * 68
        out.append(svg_rect(cx, cy, cw, 58, THEME_COLOR[theme], rx=10))
        out.append(svg_text(cx + 10, cy + 38, theme.upper(), fit_size(theme.upper(), cw - 56, 22, 14, True), WHITE, "bold"))
        out.append(svg_text(cx + cw - 10, cy + 43, str(counts[i]), 34, WHITE, "bold", "end"))
    return with_topic("board:theme-tally", "".join(out))


# --- labels (accessible names say what the player sees and more) ------------------------------------
def choice_label(action: dict[str, Any], names: list[str], heroes: tuple[dict[str, Any], ...],
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
