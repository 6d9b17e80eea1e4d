"""Play on the table: the Move under the pointer (the ghost, as the rules' preview gives it),
the acting model's actions beside him, a shot's callout and, on a phone, the dock under the table
that holds them."""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.draw import PALETTE, Board, esc, fit_lines

from .draw_style import ACCENT, INK, MUTED, PANEL_W, SEATS, ZOOM_STRIP
from .draw_table import best_shots, draw_straight_path, shape_svg, table_window, target_point
from .draw_words import action_text
from .phrases import (
    LABELS,
    MOD_NAMES,
    TERRAIN_NAMES,
    TRAIT_NAMES,
    WEAPON_NAMES,
    inches,
    name,
    need_text,
)

# These are drawn in the board's own units (about a CSS pixel each), not the table's, so their
# words and buttons keep a readable, pressable size on a phone as on a wide screen.
GHOST_TEXT = 14


GHOST_LINE = 18
BUTTON_H = 28
CHAR_W = 7.6  # a 14 px character's width, roughly
BOLD_W = 8.4  # and a bold one's


def _on_board(ctx: dict[str, Any], p: list[int]) -> tuple[float, float]:
    """A point of the table in the board's units."""
    return 10 + p[0] * ctx["scale"], 10 + p[1] * ctx["scale"]


def _table_box(ctx: dict[str, Any]) -> tuple[float, float, float, float]:
    g, scale = ctx["g"], ctx["scale"]
    return 10.0, 10.0, 10 + g.width * scale, 10 + g.height * scale


def draw_ghost(b: Board, ctx: dict[str, Any]) -> None:
    """The Move (or dash, drive, place) under the pointer or the keyboard's cursor: for a Move, the
    base where the model would stand, the path with the ground it crosses, and a readout of the
    distance, the allowance left and, for a point out of reach, where he stops and why. The facts
    are the rules' (`ui["preview"]`, from `Rules.preview`); this only draws them."""
    ui, g = ctx["ui"], ctx["g"]
    armed, params, cursor = ui.get("armed"), ui.get("params") or [], ui.get("cursor")
    if armed is None or not 0 <= armed < len(params) or not cursor:
        return
    p = ui.get("preview")
    if not p or p.get("what") == "path":  # a citizen's place (no preview), a drive or a dash: a straight path
        b.add('<g pointer-events="none">')
        with b.frame("table", x=10, y=10, scale=ctx["scale"], window=table_window(ctx)):
            if p:
                draw_straight_path(b, g, p)
            b.add(f'<circle cx="{cursor[0]}" cy="{cursor[1]}" r="30" fill="none" stroke="{PALETTE["focus"]}" stroke-width="10"/>')
        b.add("</g>")
        return
    view, d = ctx["view"], ctx["d"]
    m = view["models"][p["model"]]
    radius = d["models"][m["id"]].get("radius", 50)
    colour = PALETTE["good"] if p["ok"] else PALETTE["bad"]
    (ox, oy), (tx, ty), (ax, ay) = p["from"], p["to"], p["asked"]
    b.add('<g pointer-events="none" data-topic="board:path">')
    with b.frame("table", x=10, y=10, scale=ctx["scale"], window=table_window(ctx)):
        for c in p["crosses"]:
            b.add(shape_svg(g.pieces[c["index"]], "none", f' stroke="{PALETTE["warn"]}" stroke-width="16"'))
        blame = p.get("because") or {}
        if "index" in blame:
            b.add(shape_svg(g.pieces[blame["index"]], "none", f' stroke="{PALETTE["bad"]}" stroke-width="18" stroke-dasharray="30 20"'))
        if p["snapped"]:  # where the pointer is, beyond his reach
            b.add(f'<line x1="{tx}" y1="{ty}" x2="{ax}" y2="{ay}" stroke="{MUTED}" stroke-width="8" stroke-dasharray="20 20"/>'
                  f'<path d="M{ax - 35},{ay - 35}L{ax + 35},{ay + 35}M{ax - 35},{ay + 35}L{ax + 35},{ay - 35}" stroke="{MUTED}" stroke-width="10"/>')
        b.add(f'<line x1="{ox}" y1="{oy}" x2="{tx}" y2="{ty}" stroke="{colour}" stroke-width="12"/>'
              f'<circle cx="{tx}" cy="{ty}" r="{radius}" fill="{SEATS[m["side"] % len(SEATS)]}" fill-opacity="0.45" '
              f'stroke="{colour}" stroke-width="10" stroke-dasharray="18 12"/>')
    b.add("</g>")
    if ctx["ui"].get("pointer") == "touch":
        # a finger drags the ghost from anywhere about it (a finger is wider than a base)
        grip = max(3 * radius, round(24 / ctx["scale"]))
        with b.frame("table", x=10, y=10, scale=ctx["scale"]):
            b.add(f'<circle cx="{tx}" cy="{ty}" r="{grip}" fill="#fff" fill-opacity="0" data-ghost="drag"/>')
    _ghost_readout(b, ctx, p)


def _ghost_readout(b: Board, ctx: dict[str, Any], p: dict[str, Any]) -> None:
    """The words beside the ghost, above it (below it near the table's top edge), and on a touch
    screen or from the keyboard the button that makes the Move."""
    ui = ctx["ui"]
    lines = _ghost_lines(ctx, p)
    how = ui.get("pointer") or "mouse"
    confirm = p["ok"] and how in ("touch", "keys")
    if p["ok"] and how == "mouse":
        lines.append(("Click to move here", MUTED, "normal"))
    if how == "keys":
        lines.append(("Arrows move it · Enter moves · Esc cancels", MUTED, "normal"))
    left, top, right, bottom = _table_box(ctx)
    dock = dock_layout(ctx)
    docked = bool(dock and dock["move_at"] is not None)
    if dock and not docked:  # a phone's dock shows the shot he is about to fire: that first
        return
    if docked:  # a phone: in the dock under the table, not over it, and a finger's height to press
        left, top, right, bottom = 4.0, dock["move_at"] - 2, 16.0 + PANEL_W, dock["move_at"] + MOVE_SLOT + 2
    room = right - left - 4  # a phone's table is narrower than a long line: it wraps
    words_room = room - (MOVE_HERE_W + 8 if docked and confirm else 0)
    wrapped = [(row, fill, weight) for text, fill, weight in lines
               for row in fit_lines(text, words_room - 20, GHOST_TEXT * (BOLD_W if weight == "bold" else CHAR_W) / CHAR_W, 3)]
    lines = wrapped[:5] if docked else wrapped
    width = min(room, max(len(text) * (BOLD_W if weight == "bold" else CHAR_W) for text, _, weight in lines) + 20)
    if confirm:
        width = max(width, 150)
    height = len(lines) * GHOST_LINE + 10 + (BUTTON_H + 8 if confirm else 0)
    if docked:
        width, height = room, MOVE_SLOT
    px, py = _on_board(ctx, p["asked"])
    ox, oy = _on_board(ctx, p["from"])
    if docked:
        x, y = left + 2, top + 2
    elif how == "mouse":
        # beside the pointer on the far side from the model, so the path and the ghost (between
        # them) stay in sight; flipped where the table ends
        east, south = px >= ox, py >= oy
        if (east and px + 18 + width > right) or (not east and px - 18 - width < left):
            east = not east
        if (south and py + 22 + height > bottom) or (not south and py - 22 - height < top):
            south = not south
        x = px + 18 if east else px - 18 - width
        y = py + 22 if south else py - 22 - height
    else:  # over the tapped point (a finger lifts off it), else under it
        x = px - width / 2
        y = py - 24 - height if py - 24 - height > top + 2 else py + 24
    x = min(max(x, left + 2), right - width - 2)
    y = min(max(y, top + 2), bottom - height - 2)
    b.add('<g>')
    b.add(f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{height}" rx="6" fill="#fffaf0" fill-opacity="{1 if docked else 0.95}" '
          f'stroke="{PALETTE["good"] if p["ok"] else PALETTE["bad"]}" stroke-width="1.5" pointer-events="none"/>')
    ty = y + 5 + GHOST_TEXT
    for text, fill, weight in lines:
        b.text(x + 10, ty, text, size=GHOST_TEXT, fill=fill, weight=weight, pointer_events="none")
        ty += GHOST_LINE
    if confirm:
        who = name(ctx["d"]["models"][p["model"]]["who"])
        bx, by, bw, tall = x + 8, ty - 8, width - 16, BUTTON_H
        if docked:  # beside the words, at the top: a finger's height
            bx, by, bw, tall = x + width - 6 - MOVE_HERE_W, y + 6, MOVE_HERE_W, DOCK_BUTTON
        body = (f'<rect x="{bx:.1f}" y="{by:.1f}" width="{bw:.1f}" height="{tall}" rx="5" '
                f'fill="{PALETTE["good"]}"/><text x="{bx + bw / 2:.1f}" y="{by + tall / 2 + 5:.1f}" font-size="15" '
                f'text-anchor="middle" font-weight="bold" fill="#fff">Move here</text>')
        label = f"Move {who} here ({inches(p['dist'])})"
        b.add(f'<g data-action="confirm-point" role="button" tabindex="0" aria-label="{esc(label)}" class="act">{body}</g>')
    b.add("</g>")


def _ghost_lines(ctx: dict[str, Any], p: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(text, colour, weight) of each line of the readout."""
    lines: list[tuple[str, str, str]] = []
    if p["why"] == "nowhere":  # the cursor starts on the model: nothing is wrong yet
        lines.append((f"Move up to {inches(p['open'])} ({inches(p['rough'])} through rough ground)", INK, "bold"))
        return lines
    if not p["ok"]:
        lines.append((f"Can't move there: {_stop_words(ctx, p)}", PALETTE["bad"], "bold"))
        return lines
    head = f"{inches(p['dist'])} of {inches(p['allowance'])} · {inches(p['left'])} left"
    lines.append((head, PALETTE["good"], "bold"))
    rough = [c for c in p["crosses"] if c["what"] == "rough"]
    if rough and p["why"] != "rough":  # (a Move cut short by it says so below)
        lines.append((f"Rough ground ({_piece_names(rough)}): {inches(p['rough'])} at most", PALETTE["warn"], "normal"))
    if p["snapped"]:
        lines.append((f"Stops here: {_stop_words(ctx, p)}", INK, "normal"))
    if p.get("contact") is not None:
        lines.append((f"Charge! Fisticuffs with {name(ctx['d']['models'][p['contact']]['who'])}", PALETTE["bad"], "bold"))
    if p["leg"]:
        lines.append(("Leg wound: his one Move this turn", PALETTE["warn"], "normal"))
    return lines


def _piece_names(pieces: list[dict[str, Any]]) -> str:
    names: list[str] = []
    for c in pieces:
        text = _piece_name(c)
        if text not in names:
            names.append(text)
    return ", ".join(names)


def _piece_name(c: dict[str, Any]) -> str:
    if c.get("label") and c["kind"] == "building":
        return LABELS.get(c["label"], c["label"])
    return TERRAIN_NAMES.get(c["kind"], c["kind"])


def _stop_words(ctx: dict[str, Any], p: dict[str, Any]) -> str:
    """Why the model stops short of the point asked for (or cannot move there at all)."""
    why, blame = p["why"], p.get("because") or {}
    if why == "reach":
        return f"{inches(p['open'])} {'mounted' if p['mounted'] else 'on foot'} is all he moves"
    if why == "rough":
        return f"rough ground from the {_piece_name(blame)}: {inches(p['rough'])}"
    if why == "rough-ahead":
        return f"into the {_piece_name(blame)} he could move only {inches(p['rough'])}"
    if why == "wall":
        return f"the {_piece_name(blame)} is in the way"
    if why == "model" and "model" in blame:
        return f"{name(ctx['d']['models'][blame['model']]['who'])} is in the way"
    return STOP_WORDS.get(why, "he cannot move there")


STOP_WORDS = {
    "model": "another model is in the way",
    "edge": "the edge of the table",
    "coach": "the stagecoach is in the way",
    "leg": "a leg wound allows one Move a turn",
    "lily": "Lily Livered, he must stay in cover",
    "nowhere": "that is where he stands",
    "aboard": "he must get down from the stagecoach first",
}


# The actions offered beside the selected model, in this order (the side list has them all).
AT_MODEL = ("shoot", "aim", "cover", "reload", "mount", "dismount", "courage", "holler", "patch", "grab", "escape",
            "whip", "reins")


AT_MODEL_WORDS = {"aim": "Aim", "cover": "Got You Covered!", "courage": "Get Your Courage Up"}


def draw_at_model(b: Board, ctx: dict[str, Any]) -> None:
    """The selected model's actions as buttons beside him on the table (each shot with its
    number to hit), and the callout of a shot chosen but not yet fired (`ui["confirm"]`). On a
    phone they go in the dock under the table instead (`_dock`), so they hide none of it."""
    d, legal, ui = ctx["d"], ctx["legal"], ctx["ui"]
    sel = d.get("selected")
    if not sel:
        return
    if ui.get("narrow"):
        _dock(b, ctx)
        return
    buttons = _at_model_buttons(ctx)
    if buttons:
        _button_column(b, ctx, sel["origin"], d["models"][sel["id"]].get("radius", 50), buttons)
    confirm = ui.get("confirm")
    if isinstance(confirm, int) and 0 <= confirm < len(legal) and legal[confirm]["type"] == "shoot":
        _shot_callout(b, ctx, confirm)


def _at_model_buttons(ctx: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(markup kind, index, text) of each of the selected model's own actions: his Move, a shot at
    each enemy with the number it needs, then the rest in the order of AT_MODEL."""
    d, ui = ctx["d"], ctx["ui"]
    sel = d["selected"]
    buttons: list[tuple[str, str, str]] = []
    for k, kind in enumerate(ui.get("params") or []):
        if kind.get("what") == "move" and kind.get("model") == sel["id"]:
            buttons.append(("arm", str(k), f"Move · {inches(sel['reach'])}"))
    controls = ctx["controls"]
    shoot = [a for _, a in controls.of_type("shoot") if a["model"] == sel["id"]]
    best = best_shots(d)
    for t in dict.fromkeys(a["target"] for a in shoot):  # each target once, as the list first offers it
        s = best[t]
        i = controls.find({"type": "shoot", "model": sel["id"], "weapon": s["wi"], "target": t})
        target = "the team" if t == "team" else name(d["models"][t]["who"])
        if ui.get("narrow") and t != "team":  # a phone's table is narrow: the surname says who
            target = target.split(" ")[-1]
        buttons.append(("shoot", str(i), f"Shoot {target} · {need_text(s['need'])}"))
    for typ in AT_MODEL[1:]:
        for i, a in controls.of_type(typ):
            if a.get("model") == sel["id"] and not (typ == "courage" and a["card"] is not None):
                # beside him, his own name goes without saying
                text = AT_MODEL_WORDS.get(typ) or action_text(ctx, a)[0]
                buttons.append(("act", str(i), text))
    return buttons


def _button_column(b: Board, ctx: dict[str, Any], at: list[int], radius: int, buttons: list[tuple[str, str, str]]) -> None:
    """Buttons stacked beside a model, where they hide the fewest other models (two abreast on a
    phone's small table, so they take half its height)."""
    legal = ctx["legal"]
    left, top, right, bottom = _table_box(ctx)
    mx, my = _on_board(ctx, at)
    r = radius * ctx["scale"]
    narrow = bool(ctx["ui"].get("narrow"))
    cols = 2 if narrow and len(buttons) > 2 else 1
    size, tall = (12, 24) if narrow else (GHOST_TEXT, BUTTON_H)  # a phone's table is a third as wide
    char = BOLD_W * size / GHOST_TEXT
    button_w = min(max(len(text) for _, _, text in buttons) * char + 14, (right - left - 8) / cols)
    width = cols * button_w + (cols - 1) * 4
    height = -(-len(buttons) // cols) * (tall + 4) - 4
    # of four places beside him (below his base or above his name, right or left), one that fits on
    # the table and covers the fewest other models and suggested points, which may be pressed too
    models = ctx["view"]["models"]
    bases = [_on_board(ctx, o["pos"]) for o in models
             if o["pos"] != at and o["status"] in ("ok", "down") and not o.get("aboard")]
    for a in legal:  # the suggested points and their words under them, pressed too
        if "to" in a:
            bases += [_on_board(ctx, a["to"]), _on_board(ctx, [a["to"][0], a["to"][1] + 110])]
    side = models[ctx["d"]["selected"]["id"]]["side"]
    foes = [_on_board(ctx, o["pos"]) for o in models if o["side"] != side and o["status"] == "ok" and o["kind"] == "char"]
    fx, fy = (sum(p[0] for p in foes) / len(foes), sum(p[1] for p in foes) / len(foes)) if foes else (mx, my)

    def covered(box: tuple[float, float]) -> tuple[int, int, int]:
        x, y = box
        outside = x < left + 2 or x + width > right - 2 or y < top + 2 or y + height > bottom - 2
        hidden = sum(1 for bx, by in bases if x - r < bx < x + width + r and y - r < by < y + height + r)
        # then the side away from the enemy: the fight (and mostly his Move) is the other way
        toward = int((y > my) == (fy > my)) * 2 + int((x > mx) == (fx > mx))
        return (int(outside), hidden, toward)

    sides = [(mx + r + 6, my + r + 4), (mx - r - 6 - width, my + r + 4),
             (mx + r + 6, my - r - 24 - height), (mx - r - 6 - width, my - r - 24 - height)]
    x0, y0 = min(sides, key=covered)
    x0 = min(max(x0, left + 2), right - width - 2)
    y0 = min(max(y0, top + 2), bottom - height - 2)
    for k, button in enumerate(buttons):
        x, y = x0 + (k % cols) * (button_w + 4), y0 + (k // cols) * (tall + 4)
        _model_button(b, ctx, button, x, y, button_w, tall, size)


def _model_button(b: Board, ctx: dict[str, Any], button: tuple[str, str, str], x: float, y: float, w: float,
                  tall: float, size: float) -> None:
    """One of the selected model's actions as a button: his Move arms the table, a shot first shows
    its callout (`data-confirm`), the rest act at once."""
    kind, index, text = button
    colour = PALETTE["focus"] if kind == "arm" else ACCENT
    body = (f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{tall}" rx="5" fill="#fffaf0" '
            f'stroke="{colour}" stroke-width="1.5"/>'
            f'<text x="{x + 7:.1f}" y="{y + tall / 2 + size * 0.36:.1f}" font-size="{size}" font-weight="bold" '
            f'fill="{colour}">{esc(text)}</text>')
    if kind == "arm":
        b.arm(int(index), f"{ctx['ui']['params'][int(index)].get('label', 'Move')}: press a point on the table", body, text=text)
    else:
        i = int(index)
        label = action_text(ctx, ctx["legal"][i])[1]
        b.control(i, label, body, text=text, data_confirm="shot" if kind == "shoot" else None)


def _shot_callout(b: Board, ctx: dict[str, Any], index: int) -> None:
    """A shot chosen but not fired: the weapon, range band, cover and number needed beside the
    target, a Shoot button for it and for each other weapon that can make the shot, and Cancel."""
    view, d = ctx["view"], ctx["d"]
    left, top, right, bottom = _table_box(ctx)
    callout = _callout_words(ctx, index, right - left - 4)
    if callout is None:
        return
    width, height = callout["width"], callout["height"]
    t = callout["target_id"]
    tx, ty = _on_board(ctx, d["coach"]["team"] if t == "team" else target_point(view, t))
    x = min(max(tx - width / 2, left + 2), right - width - 2)
    y = ty + 18 if ty + 18 + height < bottom else ty - 18 - height
    y = max(y, top + 2)
    b.add(f'<circle cx="{tx:.1f}" cy="{ty:.1f}" r="14" fill="none" stroke="{PALETTE["bad"]}" stroke-width="3" pointer-events="none"/>')
    _draw_callout(b, ctx, index, callout, x, y, BUTTON_H)


def _callout_words(ctx: dict[str, Any], index: int, room: float, docked: bool = False) -> Optional[dict[str, Any]]:
    """What a shot's callout says and offers, and its size in `room` (None: no such shot); `docked`:
    as a phone's dock draws it (`_draw_callout`)."""
    d, legal = ctx["d"], ctx["legal"]
    a = legal[index]
    t = a["target"]
    shots = {s["wi"]: s for s in d["selected"]["shots"] if s["target"] == t}
    s = shots.get(a["weapon"])
    if s is None:
        return None
    target = "the team" if t == "team" else name(d["models"][t]["who"])
    mods = ", ".join(f"{MOD_NAMES.get(k, TRAIT_NAMES.get(k[6:], k))} {v:+d}" for k, v in s["mods"])
    lines = [(f"Shoot at {target}", "bold", PALETTE["bad"]),
             (f"{WEAPON_NAMES[s['weapon']]} · {s['band']} range {inches(s['dist'])}"
              + (f" · {s['cover']} cover" if s["cover"] else " · no cover"), "normal", INK),
             (f"Needs {need_text(s['need'])} on a d10" + (f" ({mods})" if mods else ""), "bold", INK)]
    who = target if t == "team" else target.split(" ")[-1]  # the surname: the heading says it in full
    buttons = [(index, f"Shoot {who} · {need_text(s['need'])}")]
    fans = []
    for i, other in enumerate(legal):
        if i != index and other["type"] in ("shoot", "fanfire") and other["model"] == a["model"] and other["target"] == t:
            if other["type"] == "fanfire":
                if other["weapon"] == a["weapon"]:
                    fans.append((i, f"Fan {other['rounds']} at {who}"))
            elif other["weapon"] in shots:
                alt = shots[other["weapon"]]
                buttons.append((i, f"Shoot {who} with the {WEAPON_NAMES[alt['weapon']]} · {need_text(alt['need'])}"))
    if fans:
        most = max(legal[i]["rounds"] for i, _ in fans)
        lines.append((f"Fanfire: up to {most} rounds, each hits on a 10", "normal", INK))
    lines = [(row, weight, fill) for text, weight, fill in lines
             for row in fit_lines(text, room - 20, GHOST_TEXT * BOLD_W / CHAR_W, 3)]
    width = min(room, max(max(len(text) for text, _, _ in lines) * BOLD_W + 20, 200))
    rows = [[button] for button in buttons] + [fans[k:k + 2] for k in range(0, len(fans), 2)]  # fanfire needs 10s
    tall = DOCK_BUTTON if docked else BUTTON_H
    height = len(lines) * GHOST_LINE + 14 + len(rows) * (tall + 4) + (4 if docked else tall)  # Cancel: beside or under
    return {"target": target, "target_id": t, "lines": lines, "rows": rows, "width": width, "height": height}


def _draw_callout(b: Board, ctx: dict[str, Any], index: int, callout: dict[str, Any], x: float, y: float,
                  tall: float, docked: bool = False) -> None:
    """The callout's box at (x, y): its lines, a row of buttons each, and Cancel (buttons `tall`).
    `docked` (a phone's dock): the buttons first, Cancel beside the first, then the lines, so the
    Shoot button stands high on the screen, clear of anything at its foot."""
    legal, width = ctx["legal"], callout["width"]
    b.add(f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{callout["height"]:.1f}" rx="6" fill="#fffaf0" '
          f'stroke="{PALETTE["bad"]}" stroke-width="1.5" data-topic="action:shoot"/>')
    cancel_w = 96
    rows_at = y + 8
    line_y = y + 5 + GHOST_TEXT + (len(callout["rows"]) * (tall + 4) + 4 if docked else 0)
    for text, weight, fill in callout["lines"]:
        b.text(x + 10, line_y, text, size=GHOST_TEXT, weight=weight, fill=fill)
        line_y += GHOST_LINE
    by = rows_at if docked else line_y
    for k, row in enumerate(callout["rows"]):
        bx = x + 8
        bw = (width - 16 - 6 * (len(row) - 1) - (cancel_w + 6 if docked and k == 0 else 0)) / len(row)
        for i, text in row:
            first = i == index
            body = (f'<rect x="{bx:.1f}" y="{by:.1f}" width="{bw:.1f}" height="{tall}" rx="5" '
                    f'fill="{PALETTE["bad"] if first else "#fffaf0"}" stroke="{PALETTE["bad"]}" stroke-width="1.5"/>'
                    f'<text x="{bx + bw / 2:.1f}" y="{by + tall / 2 + 5:.1f}" font-size="{GHOST_TEXT}" text-anchor="middle" '
                    f'font-weight="bold" fill="{"#fff" if first else PALETTE["bad"]}">{esc(text)}</text>')
            b.control(i, action_text(ctx, legal[i])[1], body, text=text)
            bx += bw + 6
        by += tall + 4
    cx, cw, cy, ch = x + 8, width - 16, by, tall - 4
    if docked:
        cx, cw, cy, ch = x + width - 8 - cancel_w, cancel_w, rows_at, tall
    body = (f'<rect x="{cx:.1f}" y="{cy:.1f}" width="{cw:.1f}" height="{ch}" rx="5" fill="#fffaf0" '
            f'stroke="{MUTED}"/><text x="{cx + cw / 2:.1f}" y="{cy + ch / 2 + 5:.1f}" font-size="{15 if docked else 13}" '
            f'text-anchor="middle" fill="{MUTED}">Cancel</text>')
    b.add(f'<g data-action="cancel-shot" role="button" tabindex="0" aria-label="Cancel the shot at {esc(callout["target"])}" '
          f'class="act">{body}</g>')


# On a phone the selected model's actions, a shot's callout and his Move's readout stand in a dock
# under the table (under its zoom buttons), in the board's units like the panel: they hide none of
# the small table, keep their size whatever its zoom, and every button is a finger's height.
DOCK_BUTTON = 46  # drawn units: about 43 px on a phone, as the zoom buttons


DOCK_TEXT = 14
DOCK_HEAD = 30  # the heading, his name
MOVE_SLOT = 5 * GHOST_LINE + 10  # his Move's readout, with its Move here beside it
MOVE_HERE_W = 120


def dock_layout(ctx: dict[str, Any]) -> Optional[dict[str, Any]]:
    """Where the dock's pieces go on a phone (None: no model is picked, or not a phone): its top,
    the rows of his buttons (or the shot's callout while one is shown), where the Move's readout
    goes and its height. The renderer and `render_part("ghost")` both place things by it."""
    d, legal, ui = ctx["d"], ctx["legal"], ctx["ui"]
    if not ui.get("narrow") or not d.get("selected"):
        return None
    top = 10 + ctx["g"].height * ctx["scale"] + ZOOM_STRIP + 8
    y = top + DOCK_HEAD
    buttons = _at_model_buttons(ctx)
    confirm = ui.get("confirm")
    callout = None
    if isinstance(confirm, int) and 0 <= confirm < len(legal) and legal[confirm]["type"] == "shoot":
        callout = _callout_words(ctx, confirm, PANEL_W, docked=True)
    rows: list[list[tuple[str, str, str]]] = []
    move_at = None
    if callout:  # the shot he is about to fire, in place of his buttons (Cancel brings them back)
        callout["width"] = PANEL_W
        y += callout["height"] + 6
    else:
        if any(kind == "arm" for kind, _, _ in buttons):  # first, high on the screen: a tap shows it at once
            move_at = y
            y += MOVE_SLOT + 6
        half = (PANEL_W - 6) / 2
        for button in buttons:  # two abreast, one whose words are too long for half the width alone
            fits = len(button[2]) * BOLD_W * DOCK_TEXT / GHOST_TEXT + 12 <= half
            if fits and rows and len(rows[-1]) == 1 and rows[-1][0][3]:
                rows[-1].append((*button, fits))
            else:
                rows.append([(*button, fits)])
        y += len(rows) * (DOCK_BUTTON + 6)
    return {"top": top, "rows": rows, "callout": callout, "move_at": move_at, "height": y - top}


def _dock(b: Board, ctx: dict[str, Any]) -> None:
    """The selected model's dock on a phone: his name, his actions two abreast (or the shot he is
    about to fire) and a place for his Move's readout; a ring marks him on the table."""
    dock = dock_layout(ctx)
    if dock is None:
        return
    d = ctx["d"]
    sel = d["selected"]
    ox, oy = sel["origin"]
    radius = d["models"][sel["id"]].get("radius", 50)
    b.add('<g pointer-events="none">')  # the ring zooms with the table: it is drawn in its frame
    with b.frame("table", x=10, y=10, scale=ctx["scale"], window=table_window(ctx)):
        b.add(f'<circle cx="{ox}" cy="{oy}" r="{radius + 45}" fill="none" stroke="{PALETTE["focus"]}" stroke-width="18"/>')
    b.add("</g>")
    x, top = 10, dock["top"]
    b.add(f'<rect x="{x - 6}" y="{top - 4}" width="{PANEL_W + 12}" height="{dock["height"]}" rx="10" '
          f'fill="{PALETTE["card"]}" stroke="{PALETTE["focus"]}" stroke-width="2"/>')
    b.text(x + 4, top + 20, f"{name(d['models'][sel['id']]['who'])}:", size=17, weight="bold", fill=INK)
    y = top + DOCK_HEAD
    if dock["callout"]:
        _draw_callout(b, ctx, ctx["ui"]["confirm"], dock["callout"], x, y, DOCK_BUTTON, docked=True)
    if dock["move_at"] is not None:  # the Move's readout covers this when the table is tapped
        b.text(x + 4, dock["move_at"] + 22, "Tap the table where he should move to.", size=GHOST_TEXT, fill=MUTED)
        y = dock["move_at"] + MOVE_SLOT + 6
    for row in dock["rows"]:
        w = (PANEL_W - 6 * (len(row) - 1)) / len(row)
        for k, (kind, index, text, _fits) in enumerate(row):
            _model_button(b, ctx, (kind, index, text), x + k * (w + 6), y, w, DOCK_BUTTON, DOCK_TEXT)
        y += DOCK_BUTTON + 6
