"""The campaign's territory map and the posse editor's blank cards."""

from __future__ import annotations

from typing import Any

from tabletown.engine.draw import PALETTE, Board, esc
from tabletown.engine.words import plural

from . import content as C
from .draw_style import ACCENT, INK, MUTED, PANEL_W, SEATS, TABLE_BOX
from .draw_words import campaign_text, seat_name
from .phrases import (
    NODE_NAMES,
    TRAIT_NAMES,
    WEAPON_NAMES,
    name,
)


def draw_territory(b: Board, ctx: dict[str, Any]) -> None:
    view, d, legal = ctx["view"], ctx["d"], ctx["legal"]
    camp = d.get("campaign") or {}
    sx, sy = 0.68, 0.66
    b.add(f'<rect x="10" y="10" width="{TABLE_BOX[0]}" height="{TABLE_BOX[1]}" fill="#ead9b0" stroke="{PALETTE["wood"]}" stroke-width="4" '
          'data-topic="board:territory"/>')
    b.text(20, 36, "The territory: Cochise County, 1882", size=18, weight="bold", fill=ACCENT)
    border_y = 10 + 700 * sy
    b.add(f'<line x1="10" y1="{border_y:.0f}" x2="{10 + TABLE_BOX[0]}" y2="{border_y:.0f}" stroke="{PALETTE["bad"]}" stroke-width="3" stroke-dasharray="10 6"/>')
    b.text(TABLE_BOX[0] - 4, border_y + 20, "The border: Mexico beyond", size=15, fill=PALETTE["bad"], anchor="end")
    for row in C.MAP.rows:
        x1, y1 = 10 + row["xy"][0] * sx, 10 + row["xy"][1] * sy
        for n in row["next"]:
            x2, y2 = 10 + C.node(n)["xy"][0] * sx, 10 + C.node(n)["xy"][1] * sy
            b.add(f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="{PALETTE["wood"]}" stroke-width="3"/>')
    controls = {a.get("to", a.get("at")): i for i, a in ctx["controls"].of_type("ride", "guess")}  # by place
    possible = set(camp.get("possible", []))
    guesses = set(camp.get("guesses", [])) | {n for out in camp.get("ruled_out", []) for n in out}
    hidden = view["trail"][1] if len(view["trail"]) > 1 else None
    for row in C.MAP.rows:
        x, y = 10 + row["xy"][0] * sx, 10 + row["xy"][1] * sy
        fill = "#fff"
        if row["id"] == camp.get("at"):
            fill = PALETTE["highlight"]
        if row["id"] in possible and view["phase"] == "trail":
            fill = "#f7d9a0"
        if row["id"] == hidden and isinstance(hidden, str) and hidden != "?":
            fill = SEATS[1]
        body = (f'<circle cx="{x:.0f}" cy="{y:.0f}" r="16" fill="{fill}" stroke="{INK}" stroke-width="2.5"/>'
                f'<text x="{x:.0f}" y="{y + 34:.0f}" font-size="14" text-anchor="middle" fill="{INK}" font-weight="bold">'
                f'{esc(NODE_NAMES[row["id"]])}</text>')
        if row["id"] in guesses:
            body += f'<path d="M{x - 10:.0f},{y - 10:.0f}l20,20m0,-20l-20,20" stroke="{PALETTE["bad"]}" stroke-width="4"/>'
        if row["id"] in controls:
            i = controls[row["id"]]
            b.control(i, campaign_text(ctx, legal[i])[1], body, text=NODE_NAMES[row["id"]])
        else:
            b.add(f'<g role="img" aria-label="{esc(NODE_NAMES[row["id"]])}" data-topic="board:territory">{body}</g>')
    lines = [f"Act {camp.get('number', 1)}. Earps {plural(camp.get('points', [0, 0])[0], 'point')}, "
             f"${camp.get('dollars', [0, 0])[0]}; Cowboys {plural(camp.get('points', [0, 0])[1], 'point')}, ${camp.get('dollars', [0, 0])[1]}."]
    for side, label in ((0, "Earps"), (1, "Cowboys")):
        roster = camp.get("rosters", [[], []])[side]
        people = []
        for e in roster:
            wounds = sum(e["wounds"].values())
            people.append(name(e["card"]) + (" (dead)" if e["dead"] else (f" ({plural(wounds, 'old wound')})" if wounds else "")))
        lines.append(f"{label}: " + ", ".join(people))
    for h in camp.get("history", []):
        where = NODE_NAMES.get(h["at"] or "", "the trail")
        lines.append(f"Act {h['act']} at {where}: {h['vp'][0]}–{h['vp'][1]}" + (f", killed {', '.join(name(k) for k in h['killed'])}" if h["killed"] else ""))
    yy = border_y + 50
    for line in lines:
        used = b.text(20, yy, line, size=15, width=TABLE_BOX[0] - 30, lines=2)
        yy += 19 * used


EDITOR_CARD = (236, 150)  # a blank card in the posse editor, two to a row
EDITOR_CARD_NARROW = (PANEL_W - 28, 100)  # on a phone, one to a row at the panel's width


def editor_size(view: dict[str, Any], narrow: bool) -> tuple[int, int]:
    """The posse editor's box: the table's place, or on a phone a column as wide as the panel
    and as tall as the cards it holds."""
    if not narrow:
        return TABLE_BOX
    cards = len(view["build"]["cards"].get(str(view["asked"]), []))
    return PANEL_W, 122 + max(cards, 1) * (EDITOR_CARD_NARROW[1] + 8)


def draw_editor(b: Board, ctx: dict[str, Any]) -> None:
    view = ctx["view"]
    build = view["build"]
    seat = view["asked"]
    narrow = ctx["panel_at"] != (0.0, 0.0)
    width, height = editor_size(view, narrow)
    card_w, card_h = EDITOR_CARD_NARROW if narrow else EDITOR_CARD
    b.add(f'<rect x="10" y="10" width="{width}" height="{height}" fill="#ead9b0" stroke="{PALETTE["wood"]}" stroke-width="4" '
          'data-topic="board:editor"/>')
    who = seat_name(ctx, seat)
    b.text(24, 40, f"The posse editor: {who}'s posse", size=18 if narrow else 20, weight="bold", fill=ACCENT,
           width=width - 28)
    b.text(24, 62, "Two to six characters. Each blank card: a name, Toughness 3–8, one or two weapons, one or two traits.",
           size=14 if narrow else 15, width=width - 30, lines=3 if narrow else 2, fill=MUTED)
    x, y = 24, 114 if narrow else 96
    for cid in build["cards"].get(str(seat), []):
        card = view["custom"][cid]
        editing = build["editing"] == cid
        b.add(f'<rect x="{x}" y="{y}" width="{card_w}" height="{card_h}" rx="6" fill="#fff" '
              f'stroke="{ACCENT if editing else PALETTE["line"]}" stroke-width="{3 if editing else 1}"/>')
        b.text(x + 10, y + 22, name(C.name_ref(card["name"])), size=15, weight="bold", width=card_w - 60)
        b.text(x + card_w - 10, y + 22, f"T{card['toughness']}", size=15, anchor="end", weight="bold", fill=ACCENT)
        b.text(x + 10, y + 42, ", ".join(WEAPON_NAMES[w] for w in card["weapons"]) or "no weapon", size=14,
               width=card_w - 20)
        b.text(x + 10, y + 62, ", ".join(TRAIT_NAMES[t] for t in card["traits"]) or "no trait yet", size=14,
               width=card_w - 20, fill=INK if card["traits"] else PALETTE["bad"])
        b.text(x + 10, y + 82, "Leg 3 · Arm 3 · Chest 2 · Severe 2", size=13, fill=MUTED)
        x += card_w + 10
        if x + card_w > width:
            x, y = 24, y + card_h + 8
