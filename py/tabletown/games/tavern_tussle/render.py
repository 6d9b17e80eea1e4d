"""Tavern Tussle's board: one SVG drawn from a seat's view with the render kit.

A vertical layout: a header (round, story phase, deck and discard pile); the acting
player's choices (a target, a Coin, a Hero to copy); the Initiative order while Heroes
act; the viewer's hand as big cards; one panel per player (Taverner, active Hero, theme
tally and stories, tableau). Each of these is a keyed part, so the page redraws only what
changed. `ui["narrow"]` (a phone) gives a layout 600 units wide with two big cards a row,
so every card a player must decide about stays readable at 390 px.

Everything shown comes from the view (`view["derived"]` carries scores, stories, tallies,
Luck, Initiative bonuses, who is asked and what each card in the hand would add); the
final score table is the page's. The cards and small pieces are draw_faces.py's; this module
lays them out.
"""

from __future__ import annotations

from typing import Any

from ...engine.draw import PALETTE, Board, Controls, Drawing, seat_names
from ...engine.words import plural
from .content import EDITIONS, hero_label
from .draw_faces import (
    CARD,
    GOLD,
    INK,
    MUTED,
    WOOD,
    big_card,
    card_back,
    choice_label,
    coin_card,
    define_symbols,
    empty_slot,
    fit_size,
    label_tag,
    small_card,
    svg_rect,
    svg_text,
    table_card,
    taverner_card,
    theme_tally,
    with_topic,
)

ROUNDS = 3
STORIES_PER_ROUND = 3


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
    define_symbols(b)
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
            y = b.buttons(leftover, lambda a: choice_label(a, names, heroes), 24, y + 14, lay.w - 48,
                          height=64, size=26)
    b.height = int(y + 10)
    return b.svg()


def _header(b: Board, view: dict[str, Any], lay: Layout) -> float:
    derived = view["derived"]
    w = lay.w
    h = 166 if lay.narrow else 128
    b.add(svg_rect(0, 0, w, h, WOOD, rx=0))
    b.add(svg_text(24, 54, "Tavern Tussle", 42 if lay.narrow else 44, GOLD, "bold"))
    if derived["over"]:
        phase = "Game over"
    else:
        phase = f"Round {view['round']}/{ROUNDS} · Story phase {view['story']}/{STORIES_PER_ROUND}"
    if view["adv"]:
        phase += " · Advanced"
    room = w - 48 if lay.narrow else w - 48 - 250
    b.add(with_topic("board:round", svg_text(24, 100, phase, fit_size(phase, room, 30, 20), "#fbf3df")))
    discard = sum(len(d) for d in view["discards"])
    px = 24
    for i, (label, about) in enumerate(((f"Deck {len(view['deck'])}", "board:deck"),
                                        (f"Discard {discard}", "board:discard-pile"))):
        pw = len(label) * 16 + 30
        if lay.narrow:  # a row of their own under the round
            py = 116
        else:  # stacked at the right
            px, py = w - 24 - pw, 24 + i * 48
        b.add(with_topic(about, svg_rect(px, py, pw, 40, PALETTE["accent"], GOLD, 2, 20)
                     + svg_text(px + pw / 2, py + 29, label, 26, "#fff3c4", "bold", "middle")))
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
    b.add(svg_text(24, y + 30, title, 24, MUTED, "bold"))
    for i, (s, mark, figure, fill) in enumerate(chips):
        bx = 24 + (i % cols) * (bw + 12)
        by = y + 44 + (i // cols) * 62
        b.add(svg_rect(bx, by, bw, 54, fill, PALETTE["line"], 2, 12))
        label = mark + names[s]
        room = bw - 28 - (len(figure) * 18 + 12 if figure else 0)
        b.add(svg_text(bx + 14, by + 37, label, fit_size(label, room, 26, 16), INK, "bold"))
        if figure:
            b.add(svg_text(bx + bw - 12, by + 38, figure, 28 if figure.isdigit() else 22, INK, "bold", "end"))
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
        b.add(svg_rect(8, y, w - 16, hgt, "#f1dcc0", PALETTE["accent"], 4, 18))
        title = f"Target of your {hero_label(ctx['card'])}"
        b.add(svg_text(28, y + 50, title, fit_size(title, w - 56, 32, 20, True), INK, "bold"))
        bw = (w - 56 - 16 * (cols - 1)) / cols
        for i, a in enumerate(legal):
            bx = 28 + (i % cols) * (bw + 16)
            by = y + 74 + (i // cols) * 100
            name = names[a["seat"]]
            b.control(i, choice_label(a, names, heroes),
                      svg_rect(bx, by, bw, 84, GOLD, INK, 3, 14)
                      + svg_text(bx + bw / 2, by + 54, name, fit_size(name, bw - 20, 34, 18, True), INK, "bold", "middle"),
                      text=name)
        _hand_below(b, view, viewer, lay, y + 74 + rows * 100, y + hgt)
        return y + hgt
    cols = lay.hand_cols
    cw, ch = lay.hand_w, lay.hand_h
    rows = (len(legal) + cols - 1) // cols
    hgt = max(_slot_height(lay), 80 + rows * (ch + 18))
    b.add(svg_rect(8, y, w - 16, hgt, "#f1dcc0", PALETTE["accent"], 4, 18))
    title = {"steal": f"Choose a Coin to steal from {names[ctx['target']]}",
             "heal": "Choose a Coin in your tableau to heal",
             "copy": "Choose a Hero in your tableau to copy"}[kind]
    b.add(svg_text(28, y + 48, title, fit_size(title, w - 56, 30, 18, True), INK, "bold"))
    for i, a in enumerate(legal):
        cx = 28 + (i % cols) * (cw + 16)
        cy = y + 70 + (i // cols) * (ch + 18)
        c = a["card"]
        if kind == "steal":
            card = coin_card(cx, cy, cw, ch, c, big=True)
        else:
            card = big_card(cx, cy, cw, ch, heroes[c], tag="HEAL THIS" if kind == "heal" else "COPY THIS")
        b.control(i, choice_label(a, names, heroes), card)
    _hand_below(b, view, viewer, lay, y + 70 + rows * (ch + 18), y + hgt)
    return y + hgt


def _hand_below(b: Board, view: dict[str, Any], viewer: int, lay: Layout, top: float, bottom: float) -> None:
    """The viewer's hand for the next story phase, small, under a choice (if it fits)."""
    cards = view["hands"][viewer]
    cols = lay.tab_cols
    rows = (len(cards) + cols - 1) // cols
    if not cards or top + 44 + rows * (lay.tab_h + 12) > bottom:
        return
    b.add(svg_text(28, top + 30, "Your hand for the next story phase", 24, MUTED, "bold"))
    for i, c in enumerate(cards):
        b.add(small_card(24 + (i % cols) * (lay.tab_w + 10), top + 44 + (i // cols) * (lay.tab_h + 12),
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
    b.add(svg_rect(8, y, lay.w - 16, hgt, "#f1e4cc", PALETTE["line"], 2, 18))
    kind = legal[0]["type"] if legal else ""
    title = {"activate": "Your hand · choose a Hero to activate", "discard": "Your hand · choose a Hero to discard"}.get(
        kind, "Your hand")
    b.add(with_topic("board:hand", svg_text(28, y + 48, title, fit_size(title, lay.w - 56, 30, 18, True), PALETTE["accent"],
                                     "bold")))
    bonus = derived["bonus"][viewer]
    gains = derived["gains"]
    taverner = view["tav"][viewer]
    for i, c in enumerate(cards):
        cx = 28 + (i % cols) * (cw + 16)
        cy = y + 70 + (i // cols) * (ch + 18)
        init = heroes[c]["initiative"] + bonus
        card = big_card(cx, cy, cw, ch, heroes[c], init=init, taverner=taverner, gain=gains[i] if i < len(gains) else None)
        index = controls.find({"type": kind, "card": c}) if kind else None
        if index is not None:
            b.control(index, choice_label(legal[index], [], heroes, init), card)
        else:
            b.add(card)
    if not cards:
        b.add(svg_text(28, y + 120, "Waiting for the others…", 28, INK))
    if picked:
        txt = "Picked: " + ", ".join(f"{hero_label(c)} ({what})" for c, what in picked)
        b.add(svg_text(28, y + hgt - 20, txt, fit_size(txt, lay.w - 56, 28, 18), INK))
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
    frame = svg_rect(8, y, w - 16, hgt, "#fbf4e6" if me else CARD, stroke, 6 if acting or ring else 2, 18,
                  "16 9" if ring else "")
    out = [frame]
    title = names[s] + (" (you)" if me else "")
    score = derived["scores"][s]
    hand = len(view["hands"][s])
    info = f"Hand {hand} · {plural(score, 'point')}"
    out.append(svg_text(28, y + 46, title, fit_size(title, w - 56 - len(info) * 16, 36, 20), INK, "bold"))
    out.append(with_topic("board:points", svg_text(w - 28, y + 46, info, 28, MUTED, anchor="end")))
    ry = y + 64
    tw = 262 if not lay.narrow else 270
    bonus_points = derived["taverner_points"][s] if derived["counts_taverner_points"] else None
    out.append(taverner_card(24, ry, tw, row_a - 12, view["tav"][s], view["tup"][s], bonus_points))
    ax, aw, ah = tw + 38, 180, row_a - 52
    play = view["play"][s]
    if view["phase"] == "pick":
        mine = view["act"][s]
        if me and isinstance(mine, int):
            out.append(small_card(ax, ry, aw, ah, heroes[mine]))
            out.append(label_tag(ax + aw / 2, ry + ah + 26, "FACE-DOWN", 22))
        elif derived["picked"][s] >= 1:
            out.append(card_back(ax, ry, aw, ah, "Chosen"))
        else:
            out.append(empty_slot(ax, ry, aw, ah, "Choosing…"))
    elif play is not None:
        out.append(table_card(ax, ry, aw, ah, play, heroes))
        ctx = view["ctx"]
        init = view["inits"][s]
        if ctx is not None and ctx["seat"] == s:
            out.append(with_topic("board:acting", label_tag(ax + aw / 2, ry + ah + 26, "ACTING", 22)))
        elif play >= 0 and init is not None:
            out.append(with_topic("board:initiative", label_tag(ax + aw / 2, ry + ah + 26, f"INITIATIVE {init}", 20)))
    else:
        out.append(empty_slot(ax, ry, aw, ah, "—" if derived["over"] else "No active Hero"))
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
    out.append(theme_tally(tx, ty0, derived["tally"][s], twidth))
    out.append(with_topic("board:stories", svg_text(tx, ty0 + 168, story, fit_size(story, twidth, 28, 18), INK)))
    if bonus and not lay.narrow and not derived["over"]:
        out.append(with_topic("board:initiative",
                          svg_text(tx, ty0 + 206, f"Next Hero: Initiative +{bonus}", 24, PALETTE["good"], "bold")))
    ty = ry + row_a + tally_h
    label = f"Tableau · {plural(len(tab), 'card')}"
    if bonus and lay.narrow and not derived["over"]:
        label += f" · next Hero +{bonus}"
    out.append(with_topic("board:tableau", svg_text(28, ty + 30, label, 24, MUTED, "bold")))
    if ring:
        out.append(label_tag(w - 150, ty + 20, "TAP TO TARGET", 24))
    if not tab:
        out.append(svg_text(28, ty + 90, "Empty", 26, MUTED))
    tail: list[tuple[int, str, str]] = []
    ctx = view["ctx"]
    steal_here = ctx is not None and ctx["ask"] == "steal" and ctx["target"] == s
    for i, c in enumerate(tab):
        cx = 24 + (i % cols) * (cw + 10)
        cy = ty + 44 + (i // cols) * (ch + 12)
        card = c if c >= 0 else ~c
        body = table_card(cx, cy, cw, ch, c, heroes)
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
