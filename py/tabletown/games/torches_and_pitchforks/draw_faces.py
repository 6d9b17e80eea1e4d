"""Torches & Pitchforks cards as SVG strings (so any of them can be the body of a control):
a card with its kind, name and whole text, a Townsfolk of a Mob, and the small words about
a card (its tag, its rules topic, a Townsfolk's gift). Every text is escaped once, by the
render kit's `esc`. The sizes of both layouts (wide and phone) are here: a card's text
size decides its height."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from tabletown.engine.draw import PALETTE, esc, fit_lines

from .content import CARDS, gift_of, text_of

KIND_COLOUR = {
    "action": "#7b3f98", "weapon": "#9a5a1c", "leader": "#1f6f8b", "defense": "#2e7d4f",
    "townsfolk": "#8b6d1f", "monster": "#9c2b25", "event": "#4d4d73",
}
KIND_TAG = {"weapon": "Weapon", "leader": "Leader", "townsfolk": "Townsfolk"}
INK = PALETTE["ink"]
MUTED = PALETTE["muted"]
PAPER = PALETTE["paper"]
CARD = PALETTE["card"]
LINE = PALETTE["line"]
ACCENT = PALETTE["accent"]
GOOD = PALETTE["good"]
BAD = PALETTE["bad"]
HOT = PALETTE["gold"]
# Bold letters run wider than the render kit's average: fit bold text into a little less room.
BOLD = 0.88



@dataclass(frozen=True)
class Layout:
    width: int
    pad: int
    gap: int
    head: int  # headings
    name: int  # card names
    body: int  # card text
    small: int  # labels
    hand_cols: int
    folk_cols: int
    pile_cols: int
    button_cols: int
    button_h: int


WIDE = Layout(width=1000, pad=16, gap=12, head=30, name=26, body=20, small=19, hand_cols=2, folk_cols=3, pile_cols=4,
              button_cols=4, button_h=64)
NARROW = Layout(width=480, pad=8, gap=8, head=23, name=21, body=18, small=17, hand_cols=1, folk_cols=2, pile_cols=2,
                button_cols=2, button_h=56)


def short_name(name: str) -> str:
    return name.split(",")[0]


def card_topic(cid: int, dead: bool = False) -> str:
    """The rules topic (a key of data/rule_index.json) a card links to when a player asks about it."""
    c = CARDS[cid]
    kind = c["kind"]
    if kind == "monster":
        return "card:monster-special" if c["specials"] else "card:monster"
    if kind == "action":
        if c["effect"] == "cancel":
            return "card:cancel"
        if c["uncancelable"]:
            return "card:pure-evil"
        return "card:action-any-time" if c["timing"] == "any" else "card:action-combat"
    if kind == "weapon":
        return "card:grenade" if c["one_shot"] else "card:weapon"
    if kind == "townsfolk":
        if dead:
            return "card:dead-townsfolk"
        if c["deck"] == "mob":
            return "card:townsfolk-mob-deck"
        if c["authored"]:
            return "card:tilly"
        return "card:townsfolk-gift" if c["perk"] else "card:townsfolk"
    return f"card:{kind}"  # event, defense, leader


def about(topic: str, svg: str) -> str:
    """`svg` marked with the rules topic it belongs to (the page's "What's this?" reads it)."""
    return f'<g data-topic="{esc(topic)}">{svg}</g>'


def card_tag(c: dict[str, Any]) -> str:
    """The line above a card's name: what kind of card it is and its big number."""
    kind = c["kind"]
    if kind == "action":
        if c["effect"] == "cancel":
            return "Cancel"
        head = "Combat" if c["timing"] == "combat" else "Any time"
        big = f"{c['str']:+d} Strength" if c["str"] else (f"{c['pow']:+d} Power" if c["pow"] else "")
        return f"{head} · {big}" if big else head
    if kind == "defense":
        return "Defense vs " + ", ".join(c["defends"])
    if kind == "monster":
        return f"{c['type']} · Power {c['power']} · Kill {c['kill']}"
    if kind == "event":
        return "Event"
    label = KIND_TAG[kind]
    big = 1 + c["bonus"] if kind == "townsfolk" else c["bonus"]
    return f"{label} +{big}" if big else label


def card_face(lay: Layout, version: int, x: float, y: float, w: float, h: float, cid: int, hot: bool,
              text_lines: int) -> str:
    """A card as SVG: a coloured edge, its kind, its name and its whole text."""
    c = CARDS[cid]
    colour = KIND_COLOUR[c["kind"]]
    stroke = f'stroke="{HOT}" stroke-width="5"' if hot else f'stroke="{LINE}" stroke-width="2"'
    parts = [f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="12" fill="{CARD}" {stroke}/>',
             f'<rect x="{x + 4:.0f}" y="{y + 4:.0f}" width="10" height="{h - 8:.0f}" rx="5" fill="{colour}"/>']
    tx = x + 24
    tw = w - 34
    parts.append(svg_text(tx, y + lay.small + 8, card_tag(c), lay.small, MUTED, "bold", tw))
    parts.append(svg_text(tx, y + lay.small + lay.name + 16, c["name"], lay.name, INK, "bold", tw * BOLD))
    ty = y + lay.small + lay.name + lay.body + 26
    for k, line in enumerate(fit_lines(text_of(cid, version), tw, lay.body, text_lines)):
        parts.append(svg_text(tx, ty + k * lay.body * 1.25, line, lay.body, INK))
    return about(card_topic(cid), "".join(parts))


def card_height(lay: Layout, version: int, cid: int, w: float, text_lines: int) -> float:
    """The height `card_face` needs for the card's text in at most `text_lines` lines."""
    lines = len(fit_lines(text_of(cid, version), w - 34, lay.body, text_lines))
    return lay.small + lay.name + 26 + lines * lay.body * 1.25 + 12


def folk_face(lay: Layout, version: int, x: float, y: float, w: float, h: float, t: dict[str, Any], strength: int,
              hot: bool) -> str:
    """A Townsfolk of a Mob: its name, and when alive its Strength and its Enhancements (or its gift)."""
    c = CARDS[t["c"]]
    parts = []
    stroke = f'stroke="{HOT}" stroke-width="5"' if hot else f'stroke="{LINE}" stroke-width="2"'
    name = short_name(c["name"])
    if t["dead"]:
        parts.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="10" fill="#d8d0c4" {stroke}/>')
        parts.append(svg_text(x + 10, y + lay.name + 4, name, lay.name, MUTED, "bold", (w - 20) * BOLD))
        parts.append(svg_text(x + 10, y + lay.name + lay.small + 16, "✝ dead (face down)", lay.small, MUTED))
    else:
        parts.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="10" fill="{CARD}" {stroke}/>')
        # The name takes the whole width; the Strength badge sits in the bottom corner.
        badge = lay.name * 0.8
        parts.append(svg_text(x + 10, y + lay.name + 4, name, lay.name, INK, "bold", (w - 20) * BOLD))
        parts.append(f'<circle cx="{x + w - badge - 6:.0f}" cy="{y + h - badge - 6:.0f}" r="{badge:.0f}" '
                     f'fill="{HOT}" stroke="{INK}" stroke-width="1"/>')
        parts.append(svg_text(x + w - badge - 6, y + h - badge - 6 + lay.name * 0.36, str(strength), lay.name, INK,
                              "bold", anchor="middle"))
        if t["enh"]:
            gear = " · ".join(("★" if CARDS[e]["kind"] == "leader" else "") + CARDS[e]["name"] for e in t["enh"])
            kinds = {card_topic(e) if CARDS[e]["kind"] != "action" else "card:weapon" for e in t["enh"]}  # a Lathe
            gear_topic = kinds.pop() if len(kinds) == 1 else "card:enhancement"
        else:
            gear = perk_label(c, gift_of(t["c"], version))
            gear_topic = card_topic(t["c"])
        lines = [svg_text(x + 10, y + lay.name + lay.small + 16 + j * lay.small * 1.2, line, lay.small, INK)
                 for j, line in enumerate(fit_lines(gear, w - badge * 2 - 24, lay.small, 2) if gear else [])]
        if lines:
            parts.append(about(gear_topic, "".join(lines)))
    return "".join(parts)


def svg_text(x: float, y: float, text: str, size: float, fill: str, weight: str = "normal",
             width: Optional[float] = None, anchor: str = "start") -> str:
    """One line of escaped SVG text (shortened with an ellipsis to fit `width`)."""
    if width is not None:
        text = fit_lines(text, width, size, 1)[0] if text else text
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size:.0f}" fill="{fill}" font-weight="{weight}" '
            f'text-anchor="{anchor}">{esc(text)}</text>')


def perk_label(c: dict[str, Any], perk: Optional[str]) -> str:
    """A Townsfolk's gift in a few words (`perk`: its gift in the game's rules version)."""
    if c["vs_bonus"]:
        return f"+{c['vs_bonus']} vs {', '.join(c['vs'])}"
    if c["bonus"]:
        return f"+{c['bonus']} Strength"
    return {"hand": "hand limit 6", "stock": "keeps 6 cards", "tough": "can't be bumped", "revive": "extra Recoup",
            "slots": "2 Weapons", "flee": "flees cheaper", "last": "dies last",
            "lucky": "Kill −1 (not below 1)"}.get(perk or "", "")
