"""A player's Town card on the board: name and score, Horse, Penalty tokens and Dice Tokens,
the Storehouse, the Gold Pan, the plans in hand, the buildings and their powers, and Main
Street with the buildings standing on it.

A Town is a function of a few inputs, so it is kept (`Board.kept`): a click that does not
change a Town does not draw it again.
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.draw import Board
from tabletown.engine.words import plural

from .board_pieces import (
    BLUE,
    BOLD,
    FILL,
    GREEN,
    INKC,
    MUTED,
    PLAN_H,
    POWER_BG,
    POWER_INK,
    RED,
    Layout,
    Street,
    _n,
    about,
    box,
    die,
    icon,
    offer,
    plan_card,
    power_short,
    power_topic,
    spec,
)
from .content import HORSES, PLANS, PLOTS, STOREHOUSE, TOWNS, penalty_value
from .phrases import power_text


def town(b: Board, L: Layout, view: dict[str, Any], seat: int, names: list[str], viewer: Optional[int]) -> float:
    """The Town of `seat` (the viewer's own holds controls); returns its height."""
    pl = view["players"][seat]
    shown = view.get("shown")
    horse_id = shown["players"][seat] if shown else pl["horse"]
    mine = seat == viewer
    acts = b.controls
    assert acts is not None
    controls = [acts.find({"type": "pan"}), [acts.find({"type": "build", "plan": pid}) for pid in pl["hand"]],
                [acts.find({"type": "power", "b": k}) for k in range(len(pl["built"]))]] if mine else None
    d = view["derived"]
    inputs = ["town", L.narrow, seat, names[seat], pl, horse_id, mine, controls, d["scores"][seat], d["streets"][seat],
              view["town"], view["opts"]["no_main_street"], view["v"], view["turn"] == seat and not view["over"]]
    return b.kept(inputs, lambda: _draw_town(b, L, view, seat, names, mine, horse_id))


def _draw_town(b: Board, L: Layout, view: dict[str, Any], seat: int, names: list[str], mine: bool, horse_id: Any) -> float:
    W, pad = L.W, L.pad
    pl = view["players"][seat]
    score = view["derived"]["scores"][seat]
    is_turn = view["turn"] == seat and not view["over"]
    with b.apart() as inside:
        y = 0.0
        b.text(pad, y + 28, names[seat] + (" (you)" if mine else ""), 20, weight=BOLD)
        with about(b, "board:score"):
            b.text(W - pad, y + 28, plural(score["total"], "point") + ("" if score["horse_known"] else " + Horse"), 18,
                   anchor="end", weight=BOLD, fill=GREEN)
        y += 40
        with about(b, "card:horse"):
            if isinstance(horse_id, int):
                horse = HORSES[horse_id]
                icon(b, horse["icon"], pad, y, 26)
                b.text(pad + 32, y + 19, f"Horse: {horse['name']}", 15, weight=BOLD)
            else:
                b.text(pad, y + 19, "Horse: secret", 15, weight=BOLD, fill=MUTED)
        hx = 220 if not L.narrow else 180
        with about(b, "board:penalties"):
            b.add(f'<circle cx="{hx}" cy="{_n(y + 13)}" r="13" fill="{RED}"/>')
            b.text(hx, y + 19, str(pl["penalties"]), 15, anchor="middle", weight=BOLD, fill="#ffffff")
            b.text(hx + 18, y + 19, f"Penalty (−{penalty_value(view['v'])} each)", 14)
        if pl["tokens"]:
            tx = hx if L.narrow else 440
            ty = y + 30 if L.narrow else y
            with about(b, "board:dice-tokens"):
                b.add(f'<circle cx="{tx}" cy="{_n(ty + 13)}" r="13" fill="{BLUE}"/>')
                b.text(tx, ty + 19, str(pl["tokens"]), 15, anchor="middle", weight=BOLD, fill="#ffffff")
                b.text(tx + 18, ty + 19, "Dice Tokens", 14)
            if L.narrow:
                y += 30
        y += 36
        y = _storehouse(b, L, pl, y)
        if mine:  # the Gold Pan printed on the Town card
            with offer(b, {"type": "pan"}, "Gold Pan: trade dice", text="Gold Pan", topic="board:gold-pan"):
                box(b, pad, y, min(W - 2 * pad, 380), 34, "#f3e3b0", "#8a6a10", 1.5, 8)
                b.text(pad + 10, y + 22, "Gold Pan: 2 alike → 1 of choice · gold → any", 14, weight=BOLD)
            y += 42
        y = _hand(b, L, view, pl, mine, y)
        y = _buildings(b, L, pl, mine, y)
        if not view["opts"]["no_main_street"]:
            geo = Street(L)
            _street(b, view, geo, pl["built"], view["derived"]["streets"][seat], pad + 4, y + 6)
            y += 6 + geo.height + 6
            off = [bt for bt in pl["built"] if not bt.get("at")]
            if off:
                with about(b, "board:beside-town"):
                    y += 18 * b.text(pad, y + 14, "Beside the town: " + ", ".join(PLANS[bt["plan"]]["name"] for bt in off),
                                     size=13, width=W - 2 * pad, lines=2)
        parts = (f"Buildings {score['buildings']} · Gold {score['gold']} · Horse "
                 f"{score['horse'] if score['horse_known'] else '?'} · Main Street {score['street']} · "
                 f"Penalties {score['penalties']}")
        with about(b, "board:score"):
            y += 20 * b.text(pad, y + 18, parts, size=14, width=W - 2 * pad, lines=2, fill=MUTED) + 8
    box(b, 4, 0, W - 8, y, "#fbf3e2", BLUE if is_turn else "#8a6a44", 3 if is_turn else 1.5, 14)
    b.add("".join(inside))
    return y + 8


def _storehouse(b: Board, L: Layout, pl: dict[str, Any], y: float) -> float:
    """The Storehouse printed on the Town card: a space per die, by colour; dice that do not fit ringed.
    Kept: the same dice look the same. Returns the y below it."""
    return b.kept(["storehouse", L.narrow, pl["dice"], pl["extra"], y], lambda: _draw_storehouse(b, L, pl, y))


def _draw_storehouse(b: Board, L: Layout, pl: dict[str, Any], y: float) -> float:
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
    with about(b, "board:storehouse"):
        b.text(pad, y + 20, "Storehouse", 15, weight=BOLD)
        sx = pad + 96
        for j, s in enumerate(slots):
            if sx + 32 > W - pad:
                sx, y = pad + 96, y + 36
            d = placed[j]
            if d is not None:
                die(b, sx, y, 30, d[0], d[1], ring=RED if s == "over" else "")
            else:
                spec(b, sx, y, 30, s if s in FILL else "any")
            sx += 36
    return y + 40


def _hand(b: Board, L: Layout, view: dict[str, Any], pl: dict[str, Any], mine: bool, y: float) -> float:
    """Plans in hand; a line is kept for them even when there are none, so claiming keeps the board's height."""
    W, pad = L.W, L.pad
    with about(b, "board:hand"):
        b.text(pad, y + 18, "Plans in hand", 15, weight=BOLD)
    y += 26
    per = L.per_row
    cw = L.card_w
    if not pl["hand"]:
        box(b, pad, y, W - 2 * pad, PLAN_H, "none", "#c9b08a", 1.5, dash="8 6")
        b.text(W / 2, y + PLAN_H / 2 + 5, "No plans in hand", 14, anchor="middle", fill=MUTED)
        return y + PLAN_H + 8
    for k, pid in enumerate(pl["hand"]):
        cx = pad + (k % per) * (cw + 8)
        cy = y + (k // per) * (PLAN_H + 8)
        plan = PLANS[pid]
        if mine:
            with offer(b, {"type": "build", "plan": pid}, f"Build the {plan['name']}", text=plan["name"]):
                plan_card(b, plan, cx, cy, cw, PLAN_H, view["v"])
        else:
            plan_card(b, plan, cx, cy, cw, PLAN_H, view["v"])
    return y + ((len(pl["hand"]) + per - 1) // per) * (PLAN_H + 8)


def _buildings(b: Board, L: Layout, pl: dict[str, Any], mine: bool, y: float) -> float:
    """Buildings and their powers (a used once-per-turn power is shown as used); always a line."""
    W, pad = L.W, L.pad
    with about(b, "board:built"):
        b.text(pad, y + 18, "Buildings", 15, weight=BOLD)
    y += 26
    if not pl["built"]:
        b.text(pad, y + 22, "No buildings yet", 14, fill=MUTED)
        return y + 44
    bx = pad
    for k, bt in enumerate(pl["built"]):
        plan = PLANS[bt["plan"]]
        label = f"{plan['name']} · {power_short(plan['power'])}"
        used = bt["used"] and plan["ptype"] == "once"
        shown = label + (" (used)" if used else "")
        wl = min(W - 2 * pad, 16 + len(shown) * 7.6)
        if bx + wl > W - pad:
            bx, y = pad, y + 40
        pt = plan["ptype"]
        topic = "board:used-power" if used else power_topic(plan["power"])
        place = (offer(b, {"type": "power", "b": k}, f"Use the {plan['name']}: {power_text(plan['power'])}", text=label,
                       topic=topic) if mine else about(b, topic))
        with place:
            box(b, bx, y, wl, 34, POWER_BG[pt] if not used else "#cbbfa8", rx=8)
            b.text(bx + 8, y + 22, shown, 14, fill=POWER_INK[pt] if not used else INKC)
        bx += wl + 8
    return y + 44


def _street(b: Board, view: dict[str, Any], geo: Street, built: list[dict[str, Any]], street: dict[str, Any], x0: float,
            y: float) -> None:
    """Main Street of one player: the printed card (a symbol), the plots that score, the buildings.
    Kept: a Town is drawn again for a die or a point, its street only when a building goes up."""
    b.kept(["street", view["town"], geo.narrow, built, street, x0, y],
           lambda: _draw_street(b, view, geo, built, street, x0, y))


def _draw_street(b: Board, view: dict[str, Any], geo: Street, built: list[dict[str, Any]], street: dict[str, Any],
                 x0: float, y: float) -> None:
    pw = geo.plot_w
    with about(b, "board:main-street"):
        _plots(b, view["town"], geo, x0, y)
        for side in range(2):
            for p in range(PLOTS):
                if street["plots"][side][p]:
                    b.text(x0 + p * pw + pw - 4, y - 4 + geo.label_y(side), "✓", geo.fs + 2, anchor="end", weight=BOLD,
                           fill=GREEN)
        sy = y + geo.plot_h
        for p, f in enumerate(street.get("faceoff", [])):
            if f:
                with about(b, "board:face-off"):
                    b.text(x0 + p * pw + pw - 6, sy + 17, "⚔", 13, anchor="end", fill="#ffffff")
        lvl = geo.lvl
        for bt in built:
            at = bt.get("at")
            if not at:
                continue
            side, start, mirror = at
            plan = PLANS[bt["plan"]]
            w = plan["width"]
            with about(b, "board:height"):
                for (lv, px), d in zip(plan["pos"], bt["dice"]):
                    if mirror:
                        px = 2 * (w - 1) - px
                    col = start + px / 2
                    if col < -0.6 or col > PLOTS - 0.4:
                        continue
                    dx = x0 + col * pw + (pw - lvl) / 2
                    dy = sy - lv * (lvl + 3) if side == 0 else sy + geo.street_h + (lv - 1) * (lvl + 3) + 3
                    die(b, dx, dy, lvl, d[0], d[1])


def _plots(b: Board, town_type: str, geo: Street, x0: float, y: float) -> None:
    """The printed card (a <use> of its symbol) and an invisible shape over each plot, so that a
    player can ask what the plot's request means. Kept: the same for every update of a game."""
    b.kept(["plots", town_type, geo.narrow, x0, y], lambda: _draw_plots(b, town_type, geo, x0, y))


def _draw_plots(b: Board, town_type: str, geo: Street, x0: float, y: float) -> None:
    rows = TOWNS[town_type]["rows"]
    b.use("street", x0 - 4, y - 4, geo.width, geo.height)
    for side in range(2):
        py = y - 4 + geo.plot_y(side)
        for p in range(PLOTS):
            b.add(f'<rect x="{_n(x0 + p * geo.plot_w)}" y="{_n(py)}" width="{_n(geo.plot_w)}" height="{_n(geo.plot_h)}" '
                  f'fill="none" pointer-events="all" data-topic="{_plot_topic(rows[side][p])}"/>')


def _plot_topic(code: str) -> str:
    return {"alley": "board:alley", "cactus": "board:cactus-plot"}.get(code, "board:plot")
