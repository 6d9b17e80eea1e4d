"""The panel of the player whose turn it is: what they are asked, their dice, the building
under construction (which die on which position, and what each costs), where a finished
building may stand on Main Street, and a button for every other move.
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
    INK,
    MUTED,
    RED,
    SIDE_NAMES,
    Layout,
    about,
    box,
    die,
    face,
    offer,
    power_short,
    power_topic,
    req_label,
    shape,
    spec,
)
from .content import PLANS, PLOTS, penalty_value, points

COLOR_ACTIONS = ("take", "start_die", "outlaw_take", "outlaw_return", "color")


def panel(b: Board, L: Layout, view: dict[str, Any], names: list[str]) -> float:
    """The player whose turn it is: what is asked, their dice, the construction, the moves.
    Returns its height (the panel keeps `L.panel_h` unless a construction needs more)."""
    W = L.W
    with b.apart() as inside:
        y = _panel_contents(b, L, view, names)
    height = max(float(L.panel_h), y + 8)
    box(b, 4, 0, W - 8, height, "#fff8e8", BLUE, 3, 14)
    b.add("".join(inside))
    return height + 8


def _panel_contents(b: Board, L: Layout, view: dict[str, Any], names: list[str]) -> float:
    W, pad = L.W, L.pad
    seat = view["start_seat"] if view["phase"] == "start" else view["turn"]
    pl = view["players"][seat]
    assert b.controls is not None
    legal = b.controls.legal
    hints = view["derived"]["hints"] or {}
    b.text(pad, 28, "Your move" if legal else f"{names[seat]} is playing", 20, weight=BOLD, fill="#1d4f96")
    y = 34.0
    prompt = view["derived"]["prompt"]
    if prompt:
        y += 20 * b.text(pad, y + 18, prompt, size=16, width=W - 2 * pad, lines=3) + 6
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
            with offer(b, a, label, text=label, topic=f"action:{a['type']}"):
                face(b, x, y, bw, 48, label, FILL.get(color, GREEN), INK.get(color, "#ffffff"), 16)
            x += bw + 8
        y += 58
    if phase == "outlaw" and view["outlaw"] and view["outlaw"]["ask"]:
        ask = view["outlaw"]["ask"]
        msg = (f"The Outlaw still needs {ask['n']} dice: the smallest supplies are tied." if ask["kind"] == "take"
               else f"The Outlaw returns one die of each of two tied colours ({ask['left']} left).")
        with about(b, "board:outlaw"):
            y += 20 * b.text(pad, y + 14, msg, size=15, width=W - 2 * pad, lines=2) + 4
    # the dice (a construction shows them beside its positions instead)
    if ((phase in ("main", "discard") and dice) or sub) and not (build is not None and sub is None):
        with about(b, "board:storehouse"):
            y = _dice(b, L, legal, dice, sub, phase, y)
    values = [a for a in legal if a["type"] == "value"]
    if values:
        x = pad
        for a in values:
            with offer(b, a, f"Change it to {a['v']}", text=str(a["v"]), topic="action:value"):
                face(b, x, y, 52, 52, str(a["v"]), BLUE, "#ffffff", 22)
            x += 60
        y += 62
    if build is not None:
        y = _construction(b, L, view, pl, build, hints, y)
    y = _moves(b, L, legal, pl, hints, y)
    if phase == "claim" and legal:
        b.text(pad, y + 14, "Tap a plan in the rows above to claim it.", 16)
        y += 24
    return y


def _dice(b: Board, L: Layout, legal: list[dict[str, Any]], dice: list[list[Any]], sub: Optional[dict[str, Any]],
          phase: str, y: float) -> float:
    """The player's dice: to choose one (discard, a power, the Gold Pan, a Dice Token) or to adjust."""
    W, pad = L.W, L.pad
    b.text(pad, y + 18, "Dice" + (" (choose one)" if legal and (phase == "discard" or sub) else ""), 16, weight=BOLD)
    y += 26
    adj = [a for a in legal if a["type"] == "adj"]
    if adj:
        x = pad
        for i, d in enumerate(dice):
            if x + 104 > W - pad:
                x, y = pad, y + 112
            die(b, x + 26, y, 48, d[0], d[1])
            for a in adj:
                if a["die"] == i:
                    ox = 0 if a["d"] > 0 else 52
                    lab = f"{'+' if a['d'] > 0 else '−'}{abs(a['d'])}"
                    with offer(b, a, f"Make the {d[0]} {d[1]} a {d[1] + a['d']}", text=lab):
                        face(b, x + ox, y + 54, 48, 48, lab, BLUE, "#ffffff", 18)
            x += 112
        return y + 112
    chosen = (tuple(sub.get("sel", [])) + ((sub["die"],) if sub.get("die") is not None else ())) if sub else ()
    size = 48
    x = pad
    for i, d in enumerate(dice):
        if x + size > W - pad:
            x, y = pad, y + size + 10
        choice = next((a for a in legal if a.get("die") == i and a["type"] in ("discard", "pick")), None)
        if choice is not None:
            verb = "Discard" if choice["type"] == "discard" else "Choose"
            with offer(b, choice, f"{verb} the {d[0]} {d[1]}", text=f"{d[0]} {d[1]}"):
                die(b, x, y, size, d[0], d[1], ring=BLUE)
        else:
            die(b, x, y, size, d[0], d[1], ring="#e2a21a" if i in chosen else "")
        x += size + 10
    return y + size + 12 if dice else y


def _moves(b: Board, L: Layout, legal: list[dict[str, Any]], pl: dict[str, Any], hints: dict[str, Any], y: float) -> float:
    """The other moves, as buttons in the colour of what they do."""
    W, pad = L.W, L.pad
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
    if not labels:
        return y
    x = pad
    for a, label, fill, topic in labels:
        bw = min(W - 2 * pad, max(140.0, 24 + len(label) * 9.2))
        if x + bw > W - pad:
            x, y = pad, y + 58
        with offer(b, a, label, text=label, topic=topic):
            face(b, x, y, bw, 50, label, fill, "#ffffff", 16)
        x += bw + 8
    return y + 60


# --- the construction -----------------------------------------------------------------------------


def _construction(b: Board, L: Layout, view: dict[str, Any], pl: dict[str, Any], build: dict[str, Any],
                  hints: dict[str, Any], y: float) -> float:
    """The plan being built: its positions and dice, what it costs so far, and the next step."""
    W, pad = L.W, L.pad
    plan = PLANS[build["plan"]]
    assert b.controls is not None
    puts = [a for a in b.controls.legal if a["type"] == "put"]
    side_by_side = not L.narrow
    with about(b, "board:construction"):
        b.text(pad, y + 22, f"Building the {plan['name']}", 19, weight=BOLD)
        size = 40 if side_by_side else 44
        sw, sh = shape(b, plan, pad + 4, y + 34, size, build["dice"], numbers=True, bad=tuple(hints.get("bad", ())))
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
        with about(b, f"requirement:{plan['req']['k']}"):
            used = b.text(info_x, iy + 16, f"Needs {req_label(plan['req'])} · worth {plural(points(plan, view['v']), 'point')}",
                          size=15, width=info_w, lines=2)
        iy += 20 * (used - 1)
        pen_text = plural(pen, "Penalty token") + ("" if hints.get("full") else " so far")
        with about(b, "requirement:penalty"):
            b.text(info_x, iy + 42, pen_text, size=17, width=info_w, lines=1, weight=BOLD, fill=RED if pen else GREEN)
            lines = 0
            if pen:
                lost = plural(penalty_value(view["v"]) * pen, "point")
                lines = b.text(info_x, iy + 62, f"(−{lost}; red-ringed dice miss their colour or value)",
                               size=13, width=info_w, lines=3, fill=RED)
        info_bottom = iy + 62 + 16 * lines
    if side_by_side and (puts or hints.get("full")):
        left = 270
        top = y + 30
        if puts:
            bottom = _put_grid(b, L, plan, build, pl["dice"], hints, puts, left, top)
        else:
            bottom = _spots(b, L, view, plan, hints.get("spots", []), left, top)
        return max(bottom, info_bottom) + 10
    y = max(y + 44 + sh, info_bottom + 6)
    if puts:
        y = _put_list(b, L, plan, build, pl["dice"], hints, puts, y)
    if hints.get("full"):
        y = _spots(b, L, view, plan, hints.get("spots", []), pad, y)
    return y


def _put_cell(b: Board, d: list[Any], i: int, p: int, miss: bool, x: float, y: float, w: float) -> None:
    word = "penalty" if miss else "fits"
    with offer(b, {"type": "put", "die": i, "pos": p}, f"Put the {d[0]} {d[1]} on position {p + 1} ({word})", text=word,
               topic="requirement:penalty" if miss else "action:put"):
        box(b, x + 2, y, w - 4, 50, "#f7d9d4" if miss else "#e4f2df", RED if miss else GREEN, 2, 8)
        b.text(x + w / 2, y + 32, "✗" if miss else "✓", 20, anchor="middle", weight=BOLD, fill=RED if miss else GREEN)


def _put_grid(b: Board, L: Layout, plan: dict[str, Any], build: dict[str, Any], dice: list[list[Any]],
              hints: dict[str, Any], puts: list[dict[str, Any]], left: float, top: float) -> float:
    """Which die on which position: a column per die, a row per empty position (wide boards)."""
    empty = [i for i, d in enumerate(build["dice"]) if d is None]
    misses = {(m[0], m[1]) for m in hints.get("misses", [])}
    dice_i = sorted({a["die"] for a in puts})
    b.text(left, top + 8, "Put a die on a position: the die's column, the position's row", size=14, width=L.W - left - L.pad)
    head_w = 52
    cw = max(52.0, min(96.0, (L.W - L.pad - left - head_w) / max(1, len(dice_i))))
    y = top + 18
    for j, i in enumerate(dice_i):
        d = dice[i]
        die(b, left + head_w + j * cw + (cw - 44) / 2, y, 44, d[0], d[1])
    y += 50
    for p in empty:
        spec(b, left + 4, y + 4, 42, plan["colors"][p], str(p + 1))
        for j, i in enumerate(dice_i):
            _put_cell(b, dice[i], i, p, (i, p) in misses, left + head_w + j * cw, y, cw)
        y += 56
    return y


def _put_list(b: Board, L: Layout, plan: dict[str, Any], build: dict[str, Any], dice: list[list[Any]],
              hints: dict[str, Any], puts: list[dict[str, Any]], y: float) -> float:
    """Which die on which position: a row per die, a column per empty position (phones)."""
    W, pad = L.W, L.pad
    empty = [i for i, d in enumerate(build["dice"]) if d is None]
    misses = {(m[0], m[1]) for m in hints.get("misses", [])}
    y += 20 * b.text(pad, y + 14, "Put a die on a position: the die's row, the position's column", size=14,
                     width=W - 2 * pad, lines=2) + 4
    left = 64
    cw = max(48.0, min(120.0, (W - left - pad) / max(1, len(empty))))
    for j, p in enumerate(empty):
        spec(b, left + j * cw + (cw - 36) / 2, y, 36, plan["colors"][p], str(p + 1))
    y += 42
    for i in sorted({a["die"] for a in puts}):
        d = dice[i]
        die(b, pad, y + 2, 46, d[0], d[1])
        for j, p in enumerate(empty):
            _put_cell(b, d, i, p, (i, p) in misses, left + j * cw, y, cw)
        y += 56
    return y


# --- where a finished building may stand -----------------------------------------------------------


def _spots(b: Board, L: Layout, view: dict[str, Any], plan: dict[str, Any], spots: list[dict[str, Any]],
           x: float, y: float) -> float:
    """Where the finished building may stand: a button for each spot with the Main Street points it adds."""
    W, pad = L.W, L.pad
    place_all = {"type": "place"}
    assert b.controls is not None
    if b.controls.find(place_all) is not None:
        label = "Build it" if view["opts"]["no_main_street"] else "Build it beside the town (no room on Main Street)"
        with offer(b, place_all, label, text=label,
                   topic="action:place" if view["opts"]["no_main_street"] else "board:beside-town"):
            face(b, x, y, W - pad - x, 50, label, GREEN, "#ffffff", 16)
        return y + 60
    b.text(x, y + 18, "Where it may stand (tap to build):", 16, weight=BOLD)
    y += 26
    if L.narrow:
        return _spot_list(b, L, view, plan, spots, y)
    return _spot_table(b, L, plan, spots, x, y)


def _spot_name(plan: dict[str, Any], s: dict[str, Any]) -> tuple[str, str]:
    cols = [s["start"] + i for i in range(plan["width"])]
    on = [col + 1 for col in cols if 0 <= col < PLOTS]
    where = f"plot {on[0]}" if len(on) == 1 else f"plots {on[0]}–{on[-1]}"
    return SIDE_NAMES[s["side"]], where


def _spot_table(b: Board, L: Layout, plan: dict[str, Any], spots: list[dict[str, Any]], x: float, y: float) -> float:
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
        b.text(cx, y + 12, f"{on[0]}–{on[-1]}" if len(on) > 1 else f"{on[0]}", 13, anchor="middle", weight=BOLD)
        if off:
            b.text(cx, y + 27, f"{off} off", 12, anchor="middle", fill=MUTED)
    y += 32
    at = {(s["side"], s["mirror"], s["start"]): s for s in spots}
    for side, mirror in lines:
        b.text(x, y + 20, SIDE_NAMES[side], 15, weight=BOLD)
        b.text(x, y + 37, "mirrored" if mirror else "as printed", 13, fill=MUTED)
        for j, start in enumerate(starts):
            s = at.get((side, mirror, start))
            if s is None:
                continue
            cx = x + head_w + j * cw
            good = s["gain"] > 0
            top = s["gain"] == best and good
            name, where = _spot_name(plan, s)
            label = f"{name} side, {where}{', mirrored' if mirror else ''}: +{s['gain']} Main Street"
            with offer(b, {"type": "place", "side": side, "start": start, "mirror": mirror}, label, text=f"+{s['gain']}",
                       topic="action:place"):
                box(b, cx + 2, y, cw - 4, 46, "#e4f2df" if good else "#f3ece0", GREEN, 3 if top else 1.5, 8)
                b.text(cx + cw / 2, y + 31, f"+{s['gain']}", 20, anchor="middle", weight=BOLD, fill=GREEN if good else MUTED)
        y += 52
    return y


def _spot_list(b: Board, L: Layout, view: dict[str, Any], plan: dict[str, Any], spots: list[dict[str, Any]],
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
        label = f"{side} side, {where}{', mirrored' if s['mirror'] else ''}: +{s['gain']} Main Street"
        with offer(b, {"type": "place", "side": s["side"], "start": s["start"], "mirror": s["mirror"]}, label,
                   text=f"{side} {where}", topic="action:place"):
            box(b, bx, by, bw, bh, "#e4f2df" if good else "#f3ece0", GREEN, 2)
            b.text(bx + 8, by + 22, f"{side} · {where}", 15, weight=BOLD)
            b.text(bx + 8, by + 42, "mirrored" if s["mirror"] else "as printed", 13, fill=MUTED)
            b.text(bx + bw - 10, by + 44, f"+{s['gain']}", 26, anchor="end", weight=BOLD, fill=GREEN if good else MUTED)
            mw = (bw - 24) / PLOTS
            box(b, bx + 12, by + 56, mw * PLOTS, 12, "#d8c9ad", rx=2)
            for p in sorted(taken[s["side"]]):
                if 0 <= p < PLOTS:
                    box(b, bx + 12 + p * mw, by + 56, mw, 12, "#6b4a2b", rx=0)
            lo, hi = max(0, cols[0]), min(PLOTS, cols[-1] + 1)
            box(b, bx + 12 + lo * mw, by + 56, (hi - lo) * mw, 12, BLUE, rx=2)
    rows = (len(spots) + per - 1) // per
    return y + rows * (bh + 8) + 4
