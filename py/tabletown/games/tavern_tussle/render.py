"""Tavern Tussle board as one SVG string, drawn from a seat's view.

A vertical layout, 1000 units wide, sized to stay legible on a 390 px phone (body
text 26+ units): a header with the round, story phase and what is asked; the final
scores once the game is over; a tray with the acting player's choices; one panel per
player (Taverner, active Hero, theme tally, tableau); the viewer's hand as big cards.
Every theme has a colour and always a text label.
"""

from __future__ import annotations

from typing import Any, Optional

from ...engine.svg import action_attrs, esc, names_in, svg_open
from .content import HEROES, ROUNDS, STORIES_PER_ROUND, STORY_POINTS, TAVERNERS, THEMES, hero_label
from .rules import score_counts, stories, theme_counts

W = 1000
THEME_COLOR = {"Luck": "#2e8b57", "Battle": "#c0392b", "Journey": "#2f6db5", "Elixir": "#8e44ad", "Coin": "#b8860b"}
THEME_SHORT = {"Luck": "LUCK", "Battle": "BATTLE", "Journey": "JOURNEY", "Elixir": "ELIXIR", "Coin": "COIN"}
ABILITY_SHORT = {"Attack": "ATTACK", "Counter": "COUNTER", "Steal": "STEAL", "Heal": "HEAL", "Boost": "BOOST",
                 "Cheers": "CHEERS"}
ABILITY_TINY = {"Attack": "ATK", "Counter": "CTR", "Steal": "STEAL", "Heal": "HEAL", "Boost": "BOOST",
                "Cheers": "CHEERS"}
BG = "#2a1b12"
PANEL = "#47301f"
PANEL_ME = "#573b25"
CREAM = "#fbf3df"
INK = "#2b1d14"
MUTED = "#e0cdb0"
GOLD = "#f2c14e"
FONT = "font-family=\"Georgia, 'Times New Roman', serif\""


def _t(x: float, y: float, s: str, size: int = 28, fill: str = INK, weight: str = "normal", anchor: str = "start",
       extra: str = "") -> str:
    """A text element; `s` must already be escaped."""
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" fill="{fill}" font-weight="{weight}" '
            f'text-anchor="{anchor}"{extra}>{s}</text>')


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", sw: float = 0, rx: float = 10,
          extra: str = "") -> str:
    return (f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="{rx:.0f}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{sw}"{extra}/>')


def _icon(kind: str, x: float, y: float, s: float, color: str) -> str:
    """A small ability icon drawn in an s-by-s box at (x, y)."""
    k = s / 24.0
    style = f'stroke="{color}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round" fill="none"'
    paths = {
        "Attack": "M4 20 L18 6 M14 4 L20 4 L20 10 M7 13 L11 17 M3 21 L6 18",
        "Counter": "M12 2 L21 6 V12 C21 17 17 21 12 22 C7 21 3 17 3 12 V6 Z",
        "Steal": "M8 7 L6 3 H18 L16 7 M8 7 C2 11 3 21 12 21 C21 21 22 11 16 7 Z M10 13 H14",
        "Heal": "M9 3 H15 V9 H21 V15 H15 V21 H9 V15 H3 V9 H9 Z",
        "Boost": "M4 12 L12 4 L20 12 M4 20 L12 12 L20 20",
        "Cheers": "M4 6 H16 V20 H4 Z M16 9 H20 V16 H16 M4 9 H16",
    }
    return f'<g transform="translate({x:.1f},{y:.1f}) scale({k:.3f})"><path d="{paths[kind]}" {style}/></g>'


def _fit(text: str, width: float, size: int, ratio: float = 0.56) -> int:
    """A font size at most `size` at which `text` fits in `width` (rough serif metrics)."""
    need = len(text) * ratio
    return max(14, min(size, int(width / need))) if need else size


def _wrap(text: str, width: int) -> list[str]:
    words, lines, cur = text.split(), [], ""
    for word in words:
        if cur and len(cur) + 1 + len(word) > width:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    if cur:
        lines.append(cur)
    return lines


def _tag(cx: float, y: float, text: str, size: int = 24) -> str:
    w = len(text) * size * 0.56 + 28
    return (_rect(cx - w / 2, y - size * 0.85, w, size * 1.4, GOLD, INK, 2, size * 0.7)
            + _t(cx, y + size * 0.25, esc(text), size, INK, "bold", "middle"))


# --- cards -----------------------------------------------------------------------------
ABILITY_HINT = {
    "Attack": "Flip another player's active Hero.",
    "Counter": "Flip another player's active Battle Hero.",
    "Steal": "Take a Coin from another player.",
    "Heal": "Unflip a Coin in your tableau.",
    "Boost": "+2 Initiative to your future Heroes while face-up here.",
}


def _big_card(x: float, y: float, w: float, h: float, card: int, attrs: str = "", tag: str = "",
              taverner: Optional[int] = None) -> str:
    """A Hero as a big card (hand, choices): Initiative, theme, name, animal, abilities."""
    hero = HEROES[card]
    theme = hero["theme"]
    color = THEME_COLOR[theme]
    band = 58
    out = [f"<g{attrs}>", _rect(x, y, w, h, CREAM, color, 5, 14), _rect(x + 4, y + 4, w - 8, band, color, rx=10),
           f'<circle cx="{x + 40:.0f}" cy="{y + 4 + band / 2:.0f}" r="33" fill="{CREAM}" stroke="{INK}" stroke-width="3"/>',
           _t(x + 40, y + 4 + band / 2 + 14, str(hero["initiative"]), 40, INK, "bold", "middle"),
           _t(x + w - 14, y + 4 + band / 2 + 11, THEME_SHORT[theme], 30, "#ffffff", "bold", "end")]
    name = hero["name"]
    out.append(_t(x + w / 2, y + band + 52, esc(name), _fit(name, w - 20, 38), INK, "bold", "middle"))
    out.append(_t(x + w / 2, y + band + 86, esc(hero["animal"]), 28, "#6b5646", "normal", "middle",
                  ' font-style="italic"'))
    yy = y + band + 132
    abilities = hero["abilities"]
    if not abilities:
        out.append(_t(x + w / 2, yy, "No ability", 28, "#6b5646", "normal", "middle"))
    for ab in abilities:
        label = ABILITY_SHORT[ab]
        tw = len(label) * 20 + 44
        x0 = x + (w - tw) / 2
        out.append(_icon(ab, x0, yy - 30, 36, INK))
        out.append(_t(x0 + 44, yy, label, 32, INK, "bold"))
        yy += 42
    if len(abilities) == 1 and not tag:
        ab = abilities[0]
        if ab != "Cheers":
            hint = ABILITY_HINT.get(ab, "")
        elif taverner is None:
            hint = "Perform your Taverner Special."
        elif TAVERNERS[taverner]["ops"]:
            hint = TAVERNERS[taverner]["short"] + "."
        else:
            hint = "Nothing more: your Quick Draught is always on."
        for line in _wrap(hint or "", 24)[:2]:
            out.append(_t(x + w / 2, yy - 4, esc(line), 22, "#5b4636", "normal", "middle"))
            yy += 28
    if tag:
        out.append(_tag(x + w / 2, y + h - 4, tag))
    out.append("</g>")
    return "".join(out)


def _small_card(x: float, y: float, w: float, h: float, card: int, attrs: str = "") -> str:
    """A Hero on the table: Initiative, name, abilities, and a theme band at the bottom."""
    hero = HEROES[card]
    theme = hero["theme"]
    color = THEME_COLOR[theme]
    out = [f"<g{attrs}>", _rect(x, y, w, h, CREAM, color, 4, 10), _rect(x + 3, y + h - 41, w - 6, 38, color, rx=7),
           _t(x + w / 2, y + h - 13, THEME_SHORT[theme], 25, "#ffffff", "bold", "middle"),
           f'<circle cx="{x + 30:.0f}" cy="{y + 30:.0f}" r="24" fill="{CREAM}" stroke="{INK}" stroke-width="2.5"/>',
           _t(x + 30, y + 40, str(hero["initiative"]), 30, INK, "bold", "middle")]
    abilities = hero["abilities"]
    n = len(abilities)
    for i, ab in enumerate(abilities):
        out.append(_icon(ab, x + w - 8 - (n - i) * 34, y + 12, 30, INK))
    name = hero["name"]
    mid = y + 58 + (h - 58 - 41) / 2
    out.append(_t(x + w / 2, mid - 2, esc(name), _fit(name, w - 12, 27), INK, "bold", "middle"))
    label = "+".join(ABILITY_TINY[a] for a in abilities) if abilities else "no ability"
    out.append(_t(x + w / 2, mid + 24, label, _fit(label, w - 12, 21), "#5b4636", "bold", "middle"))
    out.append("</g>")
    return "".join(out)


def _coin_card(x: float, y: float, w: float, h: float, card: int, attrs: str = "", big: bool = False) -> str:
    """A Hero flipped to its Coin side (the table saw which Hero it was)."""
    cx = x + w / 2
    r = min(w, h) * (0.26 if big else 0.24)
    cy = y + r + (24 if big else 14)
    name = hero_label(card) if big else HEROES[card]["name"]
    out = [f"<g{attrs}>", _rect(x, y, w, h, "#5b4412", THEME_COLOR["Coin"], 4, 14 if big else 10),
           f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="{r:.0f}" fill="{GOLD}" stroke="#fff3c4" stroke-width="3"/>',
           f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="{r * 0.68:.0f}" fill="none" stroke="#8a6508" stroke-width="3"/>',
           _t(cx, cy + r * 0.3, "C", int(r * 0.95), "#8a6508", "bold", "middle"),
           _t(cx, cy + r + (44 if big else 30), "COIN", 32 if big else 25, "#fff3c4", "bold", "middle"),
           _t(cx, y + h - (18 if big else 10), esc(name), _fit(name, w - 12, 26 if big else 21), "#f7e3a3", "normal",
              "middle"),
           "</g>"]
    return "".join(out)


def _table_card(x: float, y: float, w: float, h: float, c: int, attrs: str = "") -> str:
    if c < 0:
        return _coin_card(x, y, w, h, ~c, attrs)
    return _small_card(x, y, w, h, c, attrs)


def _card_back(x: float, y: float, w: float, h: float, label: str) -> str:
    return (_rect(x, y, w, h, "#7a2e1d", GOLD, 3, 10)
            + _rect(x + 10, y + 10, w - 20, h - 20, "none", GOLD, 2, 6, ' stroke-dasharray="7 6"')
            + _t(x + w / 2, y + h / 2 + 10, esc(label), 27, GOLD, "bold", "middle"))


def _empty_slot(x: float, y: float, w: float, h: float, label: str) -> str:
    return (_rect(x, y, w, h, "none", "#a08466", 2.5, 10, ' stroke-dasharray="9 7"')
            + _t(x + w / 2, y + h / 2 + 10, esc(label), 26, MUTED, "normal", "middle"))


def _taverner(x: float, y: float, w: float, h: float, tav: int, up: bool) -> str:
    t = TAVERNERS[tav]
    if not up:
        return ("<g>" + _rect(x, y, w, h, "#3a3a46", "#9aa0b5", 3, 12)
                + _t(x + w / 2, y + 50, esc(t["name"]), 34, "#e6e8f0", "bold", "middle")
                + _t(x + w / 2, y + 110, "FACE-DOWN", 30, "#ffb4a8", "bold", "middle")
                + _t(x + w / 2, y + 152, "off-limits", 28, "#e6e8f0", "normal", "middle") + "</g>")
    out = ["<g>", _rect(x, y, w, h, "#ecdcb8", GOLD, 3, 12),
           _t(x + 16, y + 42, esc(t["name"]), 34, INK, "bold"),
           _icon("Cheers", x + w - 48, y + 14, 34, INK),
           _t(x + 16, y + 76, esc(t["special"]), 25, "#7a2e1d", "bold", extra=' font-style="italic"')]
    for i, line in enumerate(_wrap(t["short"], 17)[:3]):
        out.append(_t(x + 16, y + 112 + i * 30, esc(line), 25, INK))
    out.append("</g>")
    return "".join(out)


def _tally(x: float, y: float, tab: list[int]) -> str:
    """Theme counters of a tableau: a coloured chip with label and count for each theme."""
    counts = theme_counts(tab)
    out = []
    for i, theme in enumerate(THEMES):
        cx = x + (i % 3) * 162
        cy = y + (i // 3) * 72
        out.append(_rect(cx, cy, 152, 62, THEME_COLOR[theme], rx=10))
        out.append(_t(cx + 10, cy + 40, THEME_SHORT[theme], _fit(THEME_SHORT[theme], 100, 24, 0.72), "#ffffff", "bold"))
        out.append(_t(cx + 142, cy + 46, str(counts[i]), 36, "#ffffff", "bold", "end"))
    return "".join(out)


# --- text from the view --------------------------------------------------------------
def _plain(name: str) -> str:
    """ui names are escaped for markup; aria-labels get escaped again by action_attrs."""
    for a, b in (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&#x27;", "'"), ("&amp;", "&")):
        name = name.replace(a, b)
    return name


def _status(view: dict[str, Any], names: list[str], viewer: Optional[int]) -> str:
    if view["over"]:
        winners = (view.get("outcome") or {}).get("winners", [])
        who = " and ".join(names[w] for w in winners)
        return f"Game over: {who} {'wins' if len(winners) == 1 else 'share the win'}!"
    active = view["active"]
    ctx = view["ctx"]
    if viewer is not None and viewer in active:
        if view["phase"] == "pick":
            if view["my_active"] is None:
                return "Your move: choose a Hero to activate (it stays face-down)."
            return "Your move: choose a Hero to discard. The rest goes to your left."
        hero = esc(hero_label(ctx["card"]))
        ask = ctx["ask"]
        if ask == "target":
            return f"Your {hero} acts: choose a player to target."
        if ask == "steal":
            return f"Your {hero} steals: choose a Coin of {names[ctx['target']]}."
        if ask == "heal":
            return f"Your {hero} heals: choose a Coin in your tableau."
        return f"Your {hero}: choose a Hero in your tableau to copy."
    if view["phase"] == "pick":
        return "Waiting for " + ", ".join(names[s] for s in active) + " to pick."
    if active:
        return f"{names[active[0]]}'s {esc(hero_label(ctx['card']))} is acting."
    return "Resolving the active Heroes."


def _choice_label(action: dict[str, Any], names_plain: list[str]) -> str:
    kind = action["type"]
    if kind == "target":
        return f"Target {names_plain[action['seat']]}"
    c = action["card"]
    h = HEROES[c]
    if kind in ("activate", "discard"):
        abil = " and ".join(h["abilities"]) or "no ability"
        verb = "Activate" if kind == "activate" else "Discard"
        return f"{verb} {hero_label(c)}: Initiative {h['initiative']}, {h['theme']}, {abil}"
    if kind == "steal":
        return f"Steal the Coin that was {hero_label(c)}"
    if kind == "heal":
        return f"Heal the Coin back to {hero_label(c)} ({h['theme']})"
    return f"Copy the ability of {hero_label(c)} ({' and '.join(h['abilities'])})"


# --- the board ------------------------------------------------------------------------
def render(view: dict[str, Any], ui: dict[str, Any]) -> str:
    n = view["seats"]
    names = list(ui.get("names") or [f"Player {i + 1}" for i in range(n)])
    names_plain = [_plain(x) for x in names]
    viewer = ui.get("viewer")
    legal = ui.get("legal") or []
    body: list[str] = []

    # header
    status = _status(view, names, viewer)
    lines = _wrap(status, 46)
    head_h = 128 + 42 * len(lines)
    body.append(_rect(0, 0, W, head_h, "#1c120c", rx=0))
    body.append(_t(24, 56, "Tavern Tussle", 44, GOLD, "bold"))
    if view["over"]:
        phase_txt = "Final scores"
    else:
        phase_txt = f"Round {view['round']}/{ROUNDS} · Story phase {view['story']}/{STORIES_PER_ROUND}"
    if view["advanced"]:
        phase_txt += " · Advanced"
    body.append(_t(24, 104, esc(phase_txt), 30, CREAM))
    body.append(_pill(W - 24, 24, f"Deck {view['deck']}"))
    body.append(_pill(W - 24, 72, f"Discard {view['discard']}"))
    for i, line in enumerate(lines):
        body.append(_t(24, 150 + 42 * i, line, 32, "#ffe08a", "bold"))
    y: float = head_h + 14

    if view["over"] and view.get("outcome"):
        block, hgt = _final_panel(view, names, y)
        body.append(block)
        y += hgt + 16

    if legal and legal[0]["type"] not in ("activate", "discard"):
        block, hgt = _choice_tray(view, legal, names, names_plain, y)
        body.append(block)
        y += hgt + 16

    if view["phase"] == "resolve" and view["inits"][0] is not None:
        block, hgt = _order_strip(view, names, y)
        body.append(block)
        y += hgt + 10

    # Your hand comes first, so the cards you choose from are on screen without scrolling.
    if viewer is not None and not view["over"] and (view["hand"] or view["my_active"] is not None):
        block, hgt = _hand(view, legal, y)
        body.append(block)
        y += hgt + 16

    seats = list(range(n)) if viewer is None else [(viewer + i) % n for i in range(1, n)] + [viewer]
    targets = {a["seat"]: i for i, a in enumerate(legal) if a["type"] == "target"}
    for s in seats:
        block, hgt = _panel(view, s, names, names_plain, y, s == viewer, targets.get(s), legal)
        body.append(block)
        y += hgt + 16

    height = int(y + 8)
    head = svg_open(W, height, "Tavern Tussle table")
    if view["over"]:
        head = head[:-1] + ' data-game-over="true">'
    return head + f"<g {FONT}>" + _rect(0, 0, W, height, BG, rx=0) + "".join(body) + "</g></svg>"


def _pill(right: float, y: float, text: str) -> str:
    w = len(text) * 16 + 30
    return _rect(right - w, y, w, 40, "#7a2e1d", GOLD, 2, 20) + _t(right - w / 2, y + 29, esc(text), 27, GOLD, "bold",
                                                                      "middle")


def _order_strip(view: dict[str, Any], names: list[str], y: float) -> tuple[str, float]:
    """The Initiative order of this story phase, the acting Hero marked."""
    n = view["seats"]
    inits = view["inits"]
    rest = view["order"]
    ctx = view["ctx"]
    acting = ctx["seat"] if ctx is not None else None
    done = [s for s in range(n) if s not in rest and s != acting]
    done.sort(key=lambda s: -inits[s])
    seq = done + ([acting] if acting is not None else []) + list(rest)
    out = [_t(24, y + 32, "Initiative order", 26, MUTED, "bold")]
    bw = (W - 48 - 12 * (n - 1)) / n
    for i, s in enumerate(seq):
        bx = 24 + i * (bw + 12)
        fill = GOLD if s == acting else ("#6d5038" if s in done else "#8a6a4a")
        ink = INK if s == acting else CREAM
        mark = "▶ " if s == acting else ("✓ " if s in done else "")
        out.append(_rect(bx, y + 46, bw, 54, fill, rx=12))
        label = f"{mark}{names[s]}"
        out.append(_t(bx + 14, y + 83, label, 26, ink, "bold"))
        out.append(_t(bx + bw - 12, y + 84, str(inits[s]), 30, ink, "bold", "end"))
    return "".join(out), 104


def _panel(view: dict[str, Any], s: int, names: list[str], names_plain: list[str], y: float, me: bool,
           target_index: Optional[int], legal: list[dict[str, Any]]) -> tuple[str, float]:
    tab = view["tableau"][s]
    per_row = 5
    cw, ch = 180, 170
    rows = max(1, (len(tab) + per_row - 1) // per_row)
    row_a = 230
    hgt = 64 + row_a + 44 + rows * (ch + 12) + 8
    attrs = action_attrs(target_index, f"Target {names_plain[s]}") if target_index is not None else ""
    acting = s in view["active"]
    stroke = GOLD if acting or target_index is not None else ("#c9a77c" if me else "#6d5038")
    dash = ' stroke-dasharray="16 9"' if target_index is not None else ""
    out = [f"<g{attrs}>", _rect(8, y, W - 16, hgt, PANEL_ME if me else PANEL, stroke,
                                6 if acting or target_index is not None else 2, 18, dash)]
    out.append(_t(28, y + 46, names[s] + (" (you)" if me else ""), 38, CREAM, "bold"))
    score = score_counts(theme_counts(tab))
    info = f"Hand {view['hand_counts'][s]} · {score} pts"
    out.append(_t(W - 28, y + 46, esc(info), 30, MUTED, "normal", "end"))
    ry = y + 64
    out.append(_taverner(24, ry, 262, row_a - 12, view["taverners"][s], view["tav_up"][s]))
    # active Hero area
    ax, aw, ah = 300, 180, row_a - 52
    play = view["play"][s]
    if view["phase"] == "pick":
        if me and view["my_active"] is not None:
            out.append(_small_card(ax, ry, aw, ah, view["my_active"]))
            out.append(_tag(ax + aw / 2, ry + ah + 24, "FACE-DOWN", 22))
        elif view["picked"][s] >= 1:
            out.append(_card_back(ax, ry, aw, ah, "Chosen"))
        else:
            out.append(_empty_slot(ax, ry, aw, ah, "Choosing…"))
    elif play is not None:
        out.append(_table_card(ax, ry, aw, ah, play))
        ctx = view["ctx"]
        init = view["inits"][s]
        if ctx is not None and ctx["seat"] == s:
            out.append(_tag(ax + aw / 2, ry + ah + 24, "ACTING", 22))
        elif play >= 0 and init is not None and init != HEROES[play]["initiative"]:
            out.append(_tag(ax + aw / 2, ry + ah + 24, f"INIT {init}", 22))
    else:
        out.append(_empty_slot(ax, ry, aw, ah, "—" if view["over"] else "No active"))
    # theme tally and stories
    tx = 494
    out.append(_tally(tx, ry, tab))
    pts = [STORY_POINTS[len(x)] for x in stories(tab)]
    txt = "Stories: " + " + ".join(str(p) for p in pts) + (f" = {score}" if len(pts) > 1 else "") if pts else "No stories yet"
    out.append(_t(tx, ry + 186, esc(txt), _fit(txt, 480, 30), CREAM))
    # tableau
    ty = ry + row_a
    out.append(_t(28, ty + 30, f"TABLEAU · {len(tab)} cards", 26, MUTED, "bold"))
    if target_index is not None:
        out.append(_tag(W - 170, ty + 20, "TAP TO TARGET", 26))
    heal = {a["card"]: i for i, a in enumerate(legal) if a["type"] == "heal"} if me else {}
    copy = {a["card"]: i for i, a in enumerate(legal) if a["type"] == "copy"} if me else {}
    ctx = view["ctx"]
    steal_here = ctx is not None and ctx["ask"] == "steal" and ctx["target"] == s
    steal = {a["card"]: i for i, a in enumerate(legal) if a["type"] == "steal"} if steal_here else {}
    if not tab:
        out.append(_t(28, ty + 90, "Empty", 28, "#a08466"))
    for i, c in enumerate(tab):
        cx = 24 + (i % per_row) * (cw + 13)
        cy = ty + 44 + (i // per_row) * (ch + 12)
        card = c if c >= 0 else ~c
        a = ""
        if c < 0 and card in heal:
            a = action_attrs(heal[card], f"Heal the Coin back to {hero_label(card)}")
        elif c < 0 and card in steal:
            a = action_attrs(steal[card], f"Steal the Coin that was {hero_label(card)}")
        elif c >= 0 and card in copy:
            a = action_attrs(copy[card], f"Copy the ability of {hero_label(card)}")
        out.append(_table_card(cx, cy, cw, ch, c, a))
    out.append("</g>")
    return "".join(out), hgt


def _choice_tray(view: dict[str, Any], legal: list[dict[str, Any]], names: list[str], names_plain: list[str],
                 y: float) -> tuple[str, float]:
    kind = legal[0]["type"]
    ctx = view["ctx"]
    out = []
    if kind == "target":
        per_row = 3
        rows = (len(legal) + per_row - 1) // per_row
        hgt = 84 + rows * 100
        out.append(_rect(8, y, W - 16, hgt, "#5b2d1a", GOLD, 4, 18))
        title = f"Target of your {hero_label(ctx['card'])}"
        out.append(_t(28, y + 50, esc(title), _fit(title, W - 56, 32), CREAM, "bold"))
        bw = (W - 56 - 16 * (per_row - 1)) / per_row
        for i, a in enumerate(legal):
            bx = 28 + (i % per_row) * (bw + 16)
            by = y + 74 + (i // per_row) * 100
            out.append(f"<g{action_attrs(i, _choice_label(a, names_plain))}>" + _rect(bx, by, bw, 84, GOLD, INK, 3, 14)
                       + _t(bx + bw / 2, by + 54, names[a["seat"]], 34, INK, "bold", "middle") + "</g>")
        return "".join(out), hgt
    per_row = 3
    cw, ch = 300, 300
    rows = (len(legal) + per_row - 1) // per_row
    hgt = 80 + rows * (ch + 20)
    out.append(_rect(8, y, W - 16, hgt, "#5b2d1a", GOLD, 4, 18))
    title = {"steal": f"Choose a Coin to steal from {names[ctx['target']]}",
             "heal": "Choose a Coin in your tableau to heal",
             "copy": "Choose a Hero in your tableau to copy"}[kind]
    out.append(_t(28, y + 50, title, 32, CREAM, "bold"))
    for i, a in enumerate(legal):
        cx = 28 + (i % per_row) * (cw + 16)
        cy = y + 72 + (i // per_row) * (ch + 20)
        attrs = action_attrs(i, _choice_label(a, names_plain))
        c = a["card"]
        if kind == "steal":
            out.append(_coin_card(cx, cy, cw, ch, c, attrs, big=True))
        else:
            out.append(_big_card(cx, cy, cw, ch, c, attrs, "HEAL THIS" if kind == "heal" else "COPY THIS"))
    return "".join(out), hgt


def _hand(view: dict[str, Any], legal: list[dict[str, Any]], y: float) -> tuple[str, float]:
    cards = view["hand"]
    per_row = 3
    cw, ch = 304, 300
    rows = max(1, (len(cards) + per_row - 1) // per_row)
    picked = [(c, "active") for c in [view["my_active"]] if c is not None]
    picked += [(c, "discard") for c in [view["my_discard"]] if c is not None]
    hgt = 80 + rows * (ch + 18) + (44 if picked else 0)
    out = [_rect(8, y, W - 16, hgt, "#3b2819", "#c9a77c", 2, 18)]
    kind = legal[0]["type"] if legal else ""
    title = {"activate": "YOUR HAND · tap a Hero to activate", "discard": "YOUR HAND · tap a Hero to discard"}.get(
        kind, "YOUR HAND")
    out.append(_t(28, y + 50, title, 32, GOLD, "bold"))
    by_card = {a["card"]: i for i, a in enumerate(legal) if a["type"] in ("activate", "discard")}
    for i, c in enumerate(cards):
        cx = 28 + (i % per_row) * (cw + 16)
        cy = y + 72 + (i // per_row) * (ch + 18)
        attrs = action_attrs(by_card[c], _choice_label(legal[by_card[c]], [])) if c in by_card else ""
        out.append(_big_card(cx, cy, cw, ch, c, attrs, taverner=view["taverners"][view["viewer"]]))
    if not cards:
        out.append(_t(28, y + 120, "Waiting for the others to pick…", 30, CREAM))
    if picked:
        txt = "Picked: " + ", ".join(f"{hero_label(c)} ({what})" for c, what in picked)
        out.append(_t(28, y + hgt - 18, esc(txt), _fit(txt, W - 56, 28), CREAM))
    return "".join(out), hgt


def _final_panel(view: dict[str, Any], names: list[str], y: float) -> tuple[str, float]:
    res = view["outcome"]
    n = view["seats"]
    order = sorted(range(n), key=lambda s: (res["places"][s], s))
    tb_lines = [line for t in res.get("tiebreaks", []) for line in _wrap(names_in(esc(t), names), 52)]
    hgt = 120 + n * 78 + len(tb_lines) * 38 + 24
    out = [_rect(8, y, W - 16, hgt, "#f4e6c4", GOLD, 5, 18),
           _t(W / 2, y + 52, "Final scores", 40, INK, "bold", "middle"),
           _t(36, y + 100, "#", 24, "#6b5646", "bold"), _t(90, y + 100, "Player", 24, "#6b5646", "bold"),
           _t(420, y + 100, "Stories", 24, "#6b5646", "bold"), _t(735, y + 100, "Luck", 24, "#6b5646", "bold", "middle"),
           _t(840, y + 100, "Cards", 24, "#6b5646", "bold", "middle"), _t(968, y + 100, "Pts", 24, "#6b5646", "bold", "end")]
    for i, s in enumerate(order):
        ry = y + 116 + i * 78
        d = res["details"][s]
        win = s in res["winners"]
        out.append(_rect(20, ry, W - 40, 68, GOLD if win else "#fffaf0", "#c9a77c", 2, 12))
        out.append(_t(44, ry + 46, str(res["places"][s]), 32, INK, "bold", "middle"))
        out.append(_t(90, ry + 46, names[s], 32, INK, "bold"))
        pts = " + ".join(str(p) for p in d.get("story_points", [])) or "none"
        out.append(_t(420, ry + 45, esc(pts), _fit(pts, 260, 30), INK))
        out.append(_t(735, ry + 45, str(d.get("Luck", 0)), 30, INK, "normal", "middle"))
        out.append(_t(840, ry + 45, str(d.get("Tableau cards", 0)), 30, INK, "normal", "middle"))
        out.append(_t(968, ry + 48, str(res["scores"][s]), 38, INK, "bold", "end"))
    ty = y + 116 + n * 78 + 36
    for line in tb_lines:
        out.append(_t(32, ty, line, 28, "#5b2d1a"))
        ty += 38
    return "".join(out), hgt
