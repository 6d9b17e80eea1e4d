"""The Ruthless board: a top-down table in inches beside a panel with the cards.

The table is a frame (`data-frame="table"`) whose own units are hundredths of an inch, so
a press on it is a point the rules can check. Terrain is drawn from the table's shapes;
models are bases with a facing tick, a name and their state (mounted, tipped over when
Unconscious, the Lily Livered token, the Got You Covered! ring, the aim mark). For the
character who is acting the table shows how far he can move (6" and the 3" of rough ground,
or 12"/8" mounted), the suggested places to move, his weapons' short and long range, a
line to every enemy with the number he needs on the die, and his actions as buttons beside
him (on a phone, in a dock under the table). Under the keyboard or pointer cursor a ghost
base shows where a Move would end, with the rules' preview of it (`ui["preview"]`, from
`Rules.preview`): its length, the allowance left, the rough ground it crosses, and where and
why a Move out of reach stops short.

The renderer reads only the view (and the game's content): whatever takes the rules to
work out is in view["derived"] or the preview. This module lays the board out; its parts are
drawn by

    draw_table.py      the table: terrain, models, reach, ranges, lines of fire, suggested points
    draw_play.py       the ghost, the acting model's buttons, a shot's callout, a phone's dock
    draw_panel.py      the posses, the card in focus, the hand and every listed action
    draw_campaign.py   the territory map and the posse editor
    draw_words.py      the words of every action; draw_style.py the measures and colours
"""

from __future__ import annotations

from typing import Any, Optional

from tabletown.engine.draw import Board, Controls, seat_names

from . import ground as G
from .draw_campaign import draw_editor, draw_territory, editor_size
from .draw_panel import draw_panel, panel_bottom, panel_height
from .draw_play import dock_layout, draw_at_model, draw_ghost
from .draw_style import INK, MUTED, NARROW_W, PANEL_W, PANEL_X, TABLE_BOX, ZOOM_BUTTON, ZOOM_STRIP, W
from .draw_table import draw_marks, draw_models, draw_overlay, on_phone, terrain_svg
from .phrases import SCENARIO_NAMES


def render(view: dict[str, Any], ui: dict[str, Any]) -> str:
    d = view["derived"]
    legal = ui.get("legal") or []
    names = seat_names(ui, view["seats"], "posse")  # raw, as typed: the kit escapes them once
    viewer = ui.get("viewer")
    g = G.ground(view["table"])
    show_map, narrow, scale = _layout(view, ui)
    controls = Controls(legal)  # marks each action the board draws a control for
    ctx = {"view": view, "d": d, "legal": legal, "controls": controls, "names": names, "viewer": viewer, "g": g,
           "scale": scale, "ui": ui, "panel_at": (0.0, 0.0)}
    if narrow:
        dock = dock_layout(ctx) if view["phase"] != "build" else None  # the picked model's actions
        table_h = (editor_size(view, True)[1] if view["phase"] == "build"
                   else g.height * scale + ZOOM_STRIP + (dock["height"] + 8 if dock else 0)) + 16
        ctx["panel_at"] = (10 - PANEL_X, table_h)
        width, height = NARROW_W, round(table_h + panel_height(ctx))  # until the panel is measured
    else:
        width, height = W, max(720, panel_height(ctx))
    title = SCENARIO_NAMES.get(view["mode"], "Ruthless")
    b = Board(width, height, f"Ruthless: {title}", game_over=view["phase"] == "over", controls=controls)
    if view["phase"] == "build":
        with b.part("editor"):
            draw_editor(b, ctx)
    elif show_map:
        with b.part("map"):
            draw_territory(b, ctx)
    else:
        with b.part(f"terrain-{g.id}"):
            b.add(terrain_svg(g.id, scale, tuple(tuple(a) for a in d.get("areas", ()))))
        with b.part("overlay"):
            draw_overlay(b, ctx)
        draw_models(b, ctx)
        with b.part("marks"):
            draw_marks(b, ctx)
        with b.part("at-model"):
            draw_at_model(b, ctx)
        with b.part("ghost"):
            draw_ghost(b, ctx)
    # the board is as tall as the panel's rows (a row of long buttons takes two lines)
    ctx["panel_bottom"] = panel_bottom(ctx)
    b.height = round(ctx["panel_at"][1] + ctx["panel_bottom"] + 24) if narrow else max(720, round(ctx["panel_bottom"] + 24))
    draw_panel(b, ctx)
    if view["phase"] != "build" and not show_map:
        with b.part("zoom"):
            _zoom_buttons(b, ctx)
    return b.svg()


def _zoom_buttons(b: Board, ctx: dict[str, Any]) -> None:
    """Zoom in, zoom out and the whole table, in a row under the table's right end; the page does
    the zooming (static/boot.js, for every frame drawn with a window), so they act on no rule."""
    size = ZOOM_BUTTON
    top = 10 + ctx["g"].height * ctx["scale"] + 8
    right = 10 + ctx["g"].width * ctx["scale"]
    widths = {"in": size, "out": size, "fit": 110}
    x = right
    for by, text, label in reversed((("in", "+", "Zoom in on the table"),
                                     ("out", "−", "Zoom out of the table"),
                                     ("fit", "Whole table", "Show the whole table"))):
        x -= widths[by]
        b.add(f'<g data-zoom-by="{by}" role="button" tabindex="0" aria-label="{label}" class="act zoom-by">'
              f'<rect x="{x:.1f}" y="{top:.1f}" width="{widths[by]}" height="{size}" rx="8" fill="#fffaf0" '
              f'stroke="{INK}" stroke-width="2"/>'
              f'<text x="{x + widths[by] / 2:.1f}" y="{top + size / 2 + (9 if len(text) == 1 else 5):.1f}" '
              f'font-size="{28 if len(text) == 1 else 14}" text-anchor="middle" font-weight="bold" fill="{INK}">{text}</text></g>')
        x -= 6
    # the words just left of the buttons, so they read as one line with them
    b.text(x - 4, top + size / 2 + 6, "Pinch to zoom, or" if on_phone(ctx) else "Zoom: wheel, pinch or", size=15,
           fill=MUTED, anchor="end")


def _layout(view: dict[str, Any], ui: dict[str, Any]) -> tuple[bool, bool, float]:
    """(the territory map is shown, the phone layout, the table's scale)."""
    g = G.ground(view["table"])
    show_map = view["mode"] == "campaign" and view["phase"] in ("shop", "trail") or (
        view["mode"] == "campaign" and view["phase"] == "over" and view["act"] and view["act"]["escaped"])
    # the territory map keeps the wide layout: it is drawn across the table's place
    narrow = bool(ui.get("narrow")) and not show_map
    # the table leaves room under it for its zoom buttons
    box = (PANEL_W, PANEL_W * 2) if narrow else (TABLE_BOX[0], TABLE_BOX[1] - ZOOM_STRIP)
    return show_map, narrow, min(box[0] / g.width, box[1] / g.height)


def render_part(view: dict[str, Any], ui: dict[str, Any], key: str) -> Optional[str]:
    """One keyed part exactly as `render` draws it, for the page to redraw alone: "ghost", the
    Move under the pointer, which changes as the pointer moves (None for any other key)."""
    if key != "ghost" or view["phase"] in ("build",) or _layout(view, ui)[0]:
        return None
    _, _, scale = _layout(view, ui)
    ctx = {"view": view, "d": view["derived"], "legal": ui.get("legal") or [], "names": seat_names(ui, view["seats"], "posse"),
           "viewer": ui.get("viewer"), "g": G.ground(view["table"]), "scale": scale, "controls": Controls(ui.get("legal")), "ui": ui}
    b = Board(W, 720, "")
    with b.part("ghost"):
        draw_ghost(b, ctx)
    return b.svg().parts[0][1]
