"""The panel beside the table (under it on a phone): the posses, the card of the character in
focus, the hand and a button for every listed action."""

from __future__ import annotations

import math
from typing import Any, Optional

from tabletown.engine.draw import PALETTE, Board, esc, fit_lines

from . import cards as K
from . import content as C
from .draw_style import ACCENT, INK, MUTED, NARROW_W, PANEL_W, PANEL_X, ROW, SEATS
from .draw_words import action_text, model_state_words, rank_name, seat_name
from .phrases import (
    CHARACTER_ROLES,
    LOCATION_NAMES,
    POSSE_NAMES,
    SCENARIO_NAMES,
    TABLE_NAMES,
    TRAIT_NAMES,
    TRAIT_TEXT,
    WEAPON_NAMES,
    card_text,
    card_words,
    inches,
    name,
    need_text,
)


def panel_height(ctx: dict[str, Any]) -> int:
    rows = len(_action_rows(ctx)) + 3
    return 150 + 44 * ctx["view"]["seats"] + 300 + rows * (ROW + 2) + 80


def draw_panel(b: Board, ctx: dict[str, Any]) -> None:
    """The side panel in four parts (its box, the posses, the card in focus, the actions), so a
    move redraws only the ones it changed. Beside the table, or under it on a phone."""
    dx, dy = ctx["panel_at"]
    under = bool(dx or dy)
    shift, end = (f'<g transform="translate({dx:.0f} {dy:.0f})">', "</g>") if under else ("", "")
    with b.part("panel"):
        height = ctx["panel_bottom"] + 10 if under else max(712, ctx["panel_bottom"] + 10)
        b.add(shift + f'<rect x="{PANEL_X - 8}" y="4" width="{PANEL_W + 12}" height="{height}" rx="10" '
              f'fill="{PALETTE["card"]}" stroke="{PALETTE["line"]}"/>' + end)
    with b.part("panel-posses"):
        b.add(shift)
        y = _panel_posses(b, ctx)
        b.add(end)
    with b.part("panel-card"):
        b.add(shift)
        y = _panel_card(b, ctx, y + 4)
        b.add(end)
    with b.part("panel-actions"):
        b.add(shift)
        _panel_actions(b, ctx, y + 6)
        b.add(end)


def _panel_posses(b: Board, ctx: dict[str, Any]) -> int:
    view, d = ctx["view"], ctx["d"]
    x = PANEL_X
    title = SCENARIO_NAMES.get(view["mode"], "Ruthless")
    b.text(x + 6, 30, title, size=18, weight="bold", fill=ACCENT)
    if view["phase"] in ("initiative", "act", "discard", "end", "over") and view["turn"]:
        where = TABLE_NAMES.get(view["table"], "")
        b.text(x + 6, 50, f"Turn {view['turn']} of {view['turns']} · {where}", size=15, fill=MUTED)
    y = 74
    for s in range(view["seats"]):
        who = seat_name(ctx, s)
        posse = POSSE_NAMES.get(view["sides"][s], view["sides"][s]) if s < len(view["sides"]) else ""
        if view["sides"] and view["sides"][s].startswith("saved-"):
            posse = f"Saved posse {view['sides'][s][6:]}"
        card = view["played"][s]
        shown = card_text(card) if card is not None else ("face down" if view["picks"][s] is not None else "—")
        flags = []
        if view["fled"][s]:
            flags.append("fled")
        if view["out"][s]:
            flags.append("beaten")
        status = f" ({', '.join(flags)})" if flags else ""
        b.add(f'<rect x="{x + 6}" y="{y - 12}" width="12" height="12" fill="{SEATS[s % len(SEATS)]}"/>')
        b.text(x + 24, y, f"{who}: {posse}{status}", size=15, width=PANEL_W - 30, weight="bold")
        playing = view["phase"] in ("initiative", "act", "discard", "end", "over")
        b.add('<g data-topic="card:initiative">')
        b.text(x + 24, y + 16, f"card {shown} · hand {len(view['hands'][s])} · down {d['down'][s]}"
               + (f" · VP {d['vp'][s]}" if playing else ""), size=14, fill=MUTED)
        b.add("</g>")
        y += 38
    return _panel_citizens(b, ctx, y)


def _panel_citizens(b: Board, ctx: dict[str, Any], y: int) -> int:
    """The end foreseen (Dodge City Draw): how many citizens are still to come before the one who
    comes last, and what his arrival does."""
    cit = ctx["d"].get("citizens")
    if not cit or ctx["view"]["phase"] == "over":
        return y
    last = name(cit["last"])
    if cit["arrived"]:
        head = f"{last} has arrived"
        more = "The gunfight ends at the end of this turn." if cit["last_ends"] else ""
    else:
        head = (f"Citizens still to come: {cit['left']}, then {last}" if cit["left"]
                else f"No citizens left: {last} comes next")
        arrival = "ends the gunfight at the end of that turn" if cit["last_ends"] else "brings him in like the others"
        more = (f"After each Fire action a d10 of 1–{cit['join_on']} brings the next one into the shooter's "
                f"posse (−1 VP each). {last}'s arrival {arrival}.")
    x = PANEL_X + 6
    b.add('<g data-topic="board:citizens">')
    heads = b.text(x, y + 2, head, size=14, weight="bold", width=PANEL_W - 12, lines=2)
    y += 17 * heads
    used = b.text(x, y + 2, more, size=14, fill=MUTED, width=PANEL_W - 12, lines=4) if more else 0
    b.add("</g>")
    return y + 17 * used + 8


def _focus_model(ctx: dict[str, Any]) -> Optional[dict[str, Any]]:
    view, d = ctx["view"], ctx["d"]
    sel = d.get("selected")
    if sel:
        return view["models"][sel["id"]]
    pend = d.get("pending")
    if pend and "model" in pend and isinstance(pend["model"], int):
        return view["models"][pend["model"]]
    return None


def _panel_card(b: Board, ctx: dict[str, Any], y: int) -> int:
    """The character card of the model in focus: Toughness, traits (with the tick boxes of
    once-only traits), weapons with their ranges and rounds, wound boxes by location."""
    m = _focus_model(ctx)
    x = PANEL_X + 6
    if m is None or m["kind"] != "char":
        return y
    f = ctx["d"]["models"][m["id"]]
    who = name(f["who"])
    role = CHARACTER_ROLES.get(f["who"], "")
    # a trait's whole text, on as many lines as it takes
    traits = []
    for tid, used in f["traits"]:
        box = (" [used]" if used else " [ ]") if C.TRAITS.by_id[tid]["once"] else ""
        traits.append(fit_lines(f"{TRAIT_NAMES[tid]}{box}: {TRAIT_TEXT[tid]}", PANEL_W - 34, 13, 6))
    extra_lines = sum(len(lines) - 1 for lines in traits)
    height = 70 + 18 * (len(f["traits"]) + len(f["weapons"]) + 4) + 16 * extra_lines + 28
    b.add(f'<rect x="{x - 2}" y="{y}" width="{PANEL_W - 10}" height="{height}" rx="6" fill="#fff" stroke="{PALETTE["line"]}" '
          'data-topic="card:character"/>')
    b.text(x + 6, y + 22, who, size=17, weight="bold")
    b.text(x + PANEL_W - 24, y + 22, f"Toughness {f['toughness']}", size=15, anchor="end", weight="bold", fill=ACCENT)
    if role:
        b.text(x + 6, y + 40, role, size=13, fill=MUTED)
    ty = y + 62
    for lines in traits:
        for k, line in enumerate(lines):
            b.text(x + 6 + (8 if k else 0), ty, line, size=13)
            ty += 16 if k < len(lines) - 1 else 18
    ty += 4
    for wid, ammo, cap in f["weapons"]:
        w = C.WEAPONS.by_id[wid]
        short = inches(w["short"]) if w["short"] else "–"
        long_ = inches(w["long"]) if w["long"] else "–"
        rounds = "free reload" if w["free_reload"] else f"{ammo}/{cap}"
        b.text(x + 6, ty, f"{WEAPON_NAMES[wid]} {short}/{long_} · {rounds}", size=14)
        if not w["free_reload"]:
            for k in range(cap):
                filled = PALETTE["ink"] if k < ammo else "#fff"
                b.add(f'<rect x="{x + 250 + k * 11}" y="{ty - 10}" width="8" height="10" fill="{filled}" stroke="{INK}"/>')
        ty += 18
    ty += 4
    for loc in ("leg", "arm", "chest", "severe"):
        n = f["boxes"][loc]
        crossed = m["wounds"][loc]
        b.text(x + 6, ty, LOCATION_NAMES[loc], size=14)
        for k in range(n):
            bx = x + 120 + k * 20
            b.add(f'<rect x="{bx}" y="{ty - 12}" width="14" height="14" fill="#fff" stroke="{INK}"/>')
            if k < crossed:
                b.add(f'<path d="M{bx},{ty - 12}l14,14M{bx + 14},{ty - 12}l-14,14" stroke="{PALETTE["bad"]}" stroke-width="2"/>')
        ty += 18
    b.text(x + 6, ty + 4, model_state_words(ctx["view"], m), size=13, fill=MUTED, width=PANEL_W - 24)
    return y + height + 8


def _hand_row(b: Board, ctx: dict[str, Any], y: int) -> int:
    view, viewer = ctx["view"], ctx["viewer"]
    if viewer is None or viewer >= len(view["hands"]):
        return y
    hand = [c for c in view["hands"][viewer] if isinstance(c, int)]
    if not hand:
        return y
    picks = {a["card"]: i for i, a in ctx["controls"].of_type("pick", "brawl")}
    b.text(PANEL_X + 6, y + 12, "Your hand", size=14, fill=MUTED)
    if picks:  # the cards are buttons: what pressing one does
        for_initiative = any(a["type"] == "pick" for a in ctx["legal"])
        b.text(PANEL_X + 6, y + 32, "Play one" if for_initiative else "Fight with", size=14, weight="bold", fill=ACCENT)
    x = PANEL_X + 88
    for c in sorted(hand, reverse=True):
        red = K.suit(c) in (K.DIAMONDS, K.HEARTS)
        body = (f'<rect x="{x}" y="{y}" width="40" height="54" rx="5" fill="#fff" stroke="{INK}" stroke-width="1.5"/>'
                f'<text x="{x + 20}" y="{y + 33}" font-size="17" text-anchor="middle" font-weight="bold" '
                f'fill="{PALETTE["bad"] if red else INK}">{esc(card_text(c))}</text>')
        if c in picks:
            for_initiative = ctx["legal"][picks[c]]["type"] == "pick"
            verb = "Play" if for_initiative else "Fight with"
            b.control(picks[c], f"{verb} the {card_words(c)}", body, text=card_text(c),
                      data_topic="card:initiative" if for_initiative else "action:brawl")
        else:
            b.add(f'<g role="img" aria-label="{esc(card_words(c))}" data-topic="card:hand">{body}</g>')
        x += 44
    return y + 62


def _panel_actions(b: Board, ctx: dict[str, Any], y: int) -> int:
    y = _hand_row(b, ctx, y)
    x0 = PANEL_X + 6
    for row in _action_rows(ctx):
        kind = row[0]
        if kind == "heading":
            b.text(x0, y + 15, row[1], size=15, weight="bold", fill=ACCENT)
            y += ROW
            continue
        if kind == "note":
            used = b.text(x0, y + 15, row[1], size=14, fill=MUTED, width=PANEL_W - 12, lines=2)
            y += ROW + (used - 1) * 17
            continue
        if kind == "arm":
            _, idx, label, text = row
            body = _button_svg(x0, y, PANEL_W - 14, [text], PALETTE["focus"])
            b.arm(idx, label, body, text=text)
            y += ROW + 2
            continue
        if kind == "card":  # a card, then what it may do: one row per card
            b.text(x0, y + 17, row[1], size=15, weight="bold", fill=PALETTE["bad"] if row[1][-1] in "♦♥" else INK)
            y = _chips(b, ctx, row[2], x0 + CARD_LABEL_W, y)
            continue
        y = _chips(b, ctx, row[1], x0, y)
    return y


CARD_LABEL_W = 42  # room for a card's rank and suit before its buttons


def _chips(b: Board, ctx: dict[str, Any], chips: list[tuple[int, str, str]], left: float, y: float) -> float:
    """Buttons side by side from `left`, wrapping under themselves; a button too long for the
    panel's width wraps its words (never cut). Returns the y under the last row."""
    right = PANEL_X + PANEL_W - 6
    x, row_h = left, ROW + 2
    for idx, text, label in chips:
        width = _chip_width(text)
        lines = [text]
        if width > right - left:
            width = right - left
            lines = fit_lines(text, width - 12, 14, 3)
        if x + width > right and x > left:
            x, y, row_h = left, y + row_h, ROW + 2
        height = ROW - 2 + 17 * (len(lines) - 1)
        b.control(idx, label, _button_svg(x, y, width, lines, ACCENT, height), text=text)
        row_h = max(row_h, height + 4)
        x += width + 4
    return y + row_h


def panel_bottom(ctx: dict[str, Any]) -> int:
    """Where the panel's last row ends, found by drawing it aside (under the table on a phone the
    panel is as tall as what it holds, not the height it may need)."""
    aside, c = Board(NARROW_W, 100, ""), dict(ctx)
    y = _panel_posses(aside, c)
    y = _panel_card(aside, c, y + 4)
    return _panel_actions(aside, c, y + 6)


# Advance widths (share of the font size) of DejaVu Sans, the widest of the faces the page's
# sans-serif may fall back to, so a button sized by them holds its words in any of them.
_GLYPH_WIDTHS = {
    **dict(zip("abcdefghijklmnopqrstuvwxyz", (.613, .635, .550, .635, .615, .352, .635, .634, .278, .278, .579, .278,
                                              .974, .634, .612, .635, .635, .411, .521, .392, .634, .592, .818, .592,
                                              .592, .525))),
    **dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", (.684, .686, .698, .770, .632, .575, .775, .752, .295, .295, .656, .557,
                                              .863, .748, .787, .603, .787, .695, .635, .611, .732, .684, .989, .685,
                                              .611, .685))),
    " ": .318, ".": .318, ",": .318, ":": .337, "'": .275, "’": .318, "-": .361, "(": .390, ")": .390, "/": .337,
    "″": .401, "…": 1.0,
}
_DIGIT_WIDTH, _OTHER_WIDTH = .636, .838  # digits; signs, arrows and suits (+, −, →, ♠) at their widest


def _chip_width(text: str, size: int = 14) -> int:
    """The width of a button in the panel that holds `text` (6 units of margin each side)."""
    ems = sum(_GLYPH_WIDTHS.get(ch, _DIGIT_WIDTH if ch.isdigit() else _OTHER_WIDTH) for ch in text)
    return min(PANEL_W - 14, max(40, math.ceil(12 + ems * size)))


def _button_svg(x: float, y: float, w: float, lines: list[str], colour: str, h: float = ROW - 2) -> str:
    spans = "".join(f'<tspan x="{x + 6:g}" dy="{0 if i == 0 else 17}">{esc(line)}</tspan>' for i, line in enumerate(lines))
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="4" fill="#fff" stroke="{colour}" stroke-width="1.5"/>'
            f'<text x="{x + 6:g}" y="{y + 17:g}" font-size="14" fill="{colour}">{spans}</text>')


def _action_rows(ctx: dict[str, Any]) -> list[tuple]:
    """The panel's rows: headings, notes and rows of buttons for every listed action (worked out
    once a drawing: the panel's height needs them too)."""
    if "action rows" not in ctx:
        ctx["action rows"] = _list_action_rows(ctx)
    return ctx["action rows"]


def _list_action_rows(ctx: dict[str, Any]) -> list[tuple]:
    view, legal, d = ctx["view"], ctx["legal"], ctx["d"]
    rows: list[tuple] = []
    pend = d.get("pending")
    if pend:
        rows.append(("heading", _pending_heading(ctx, pend)))
        for note in _pending_notes(ctx, pend):
            rows.append(("note", note))
    groups: dict[str, list[tuple[int, str, str]]] = {}
    order: list[str] = []
    snaps: dict[int, list[tuple[int, str, str]]] = {}  # a Snap Shot's choices by the card played
    for i, a in enumerate(legal):
        if a["type"] in ("pick",):
            continue  # played from the hand
        if a["type"] == "brawl":
            continue
        text, label, group = action_text(ctx, a)
        if a["type"] == "snap":
            snaps.setdefault(a["card"], []).append((i, text, label))
            continue
        if group not in groups:
            groups[group] = []
            order.append(group)
        groups[group].append((i, text, label))
    hand_cards = {a["card"] for a in legal if a["type"] in ("pick", "brawl")}
    viewer = ctx["viewer"]
    own_hand = [c for c in view["hands"][viewer]] if viewer is not None and viewer < len(view["hands"]) else []
    missing = [(i, a) for i, a in enumerate(legal) if a["type"] in ("pick", "brawl") and a["card"] not in own_hand]
    for i, a in missing:  # a spectator's board still offers every action
        groups.setdefault("Cards", []).append((i, card_text(a["card"]), f"Play the {card_words(a['card'])}"))
        if "Cards" not in order:
            order.append("Cards")
    del hand_cards
    for group in order:
        rows.append(("heading", group))
        rows.append(("chips", groups[group]))
    if snaps:
        threat = name(d["models"][view["pending"]["window"]["ctx"]["threat"]]["who"])
        rows.append(("heading", f"Or a Snap Shot at {threat}, with"))
        rows.extend(("card", card_text(c), chips) for c, chips in snaps.items())
    for idx, kind in enumerate(ctx["ui"].get("params") or []):
        if kind.get("kind") != "point":
            continue  # typed (a name in the posse editor): the page asks for it beside the board
        text = {"move": "Move to a point on the table", "drive": "Drive to a point on the table",
                "place": "Place at a point in the area", "snap-move": "Dive to a point (3″)"}.get(kind.get("what"), "Choose a point")
        rows.append(("arm", idx, f"{kind.get('label', text)}: press here, then a point on the table "
                                 "(or move the cursor with the arrow keys and press Enter)", text))
    if view["phase"] == "over":
        rows.append(("heading", "The gunfight is over"))
    return rows


def _pending_heading(ctx: dict[str, Any], pend: dict[str, Any]) -> str:
    view = ctx["view"]
    kind = pend["kind"]
    if kind == "snap":
        return f"Snap Shot? {name(ctx['d']['models'][pend['model']]['who'])} is threatened"
    if kind == "covered":
        return f"Got You Covered! {name(ctx['d']['models'][pend['mover']]['who'])} moved"
    if kind == "adjust":
        return f"Aimed hit: wound roll {pend['roll']}"
    if kind == "brawl":
        return "Fisticuffs: choose a card"
    if kind == "place":
        return f"Place {name(ctx['d']['models'][pend['model']]['who'])}"
    return view["phase"]


def _pending_notes(ctx: dict[str, Any], pend: dict[str, Any]) -> list[str]:
    out = []
    if pend["kind"] == "snap":
        init = pend.get("initiative")
        if init is not None:
            need = pend.get("beats")
            out.append(f"Their initiative card: {card_text(init)}. "
                       + (f"A card of rank {rank_name(need)} or higher makes a Snap Shot." if need else "Nothing beats it."))
        inc = pend.get("incoming")
        if inc:
            what = f"{inc['rounds']} fanned rounds" if inc["fan"] else "a shot"
            out.append(f"Incoming: {what} with a {WEAPON_NAMES[inc['weapon']]}, needing {need_text(inc['need'])}.")
        if pend.get("fire"):
            out.append("Shooting back first needs " + ", ".join(need_text(n) for n in pend["fire"]) + " (un-aimed).")
    if pend["kind"] == "adjust":
        out.append("; ".join(f"{r}: {LOCATION_NAMES[res]}" for _, r, res in pend["results"]))
    if pend["kind"] == "brawl":
        out.append("Highest card wins; +1 mounted; a 2 of the opponent's suit is a Low Blow.")
    return out
