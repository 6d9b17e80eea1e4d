"""The Ruthless board: a top-down table in inches beside a panel with the cards.

The table is a frame (`data-frame="table"`) whose own units are hundredths of an inch, so
a press on it is a point the rules can check. Terrain is drawn from the table's shapes;
models are bases with a facing tick, a name and their state (mounted, tipped over when
Unconscious, the Lily Livered token, the Got You Covered! ring, the aim mark). For the
character who is acting the table shows how far he can move (6" and the 3" of rough ground,
or 12"/8" mounted), the suggested places to move, his weapons' short and long range, a
line to every enemy with the number he needs on the die, and his actions as buttons beside
him (on a phone, in a dock under the table, `_dock`). Under the keyboard or pointer cursor a ghost base shows where a Move would end, with
the rules' preview of it (`ui["preview"]`, from `Rules.preview`): its length, the allowance
left, the rough ground it crosses, and where and why a Move out of reach stops short.

The renderer reads only the view (and the game's content): whatever takes the rules to
work out is in view["derived"].
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Optional

from tabletown.engine.draw import PALETTE, Board, Controls, esc, fit_lines
from tabletown.engine.words import plural

from . import cards as K
from . import content as C
from . import ground as G
from .phrases import (
    CHARACTER_ROLES,
    LABELS,
    LOCATION_NAMES,
    MOD_NAMES,
    NODE_NAMES,
    POSSE_NAMES,
    SCENARIO_NAMES,
    SHOP_NAMES,
    SHOP_TEXT,
    TABLE_NAMES,
    TERRAIN_NAMES,
    TRAIT_NAMES,
    TRAIT_TEXT,
    WEAPON_NAMES,
    card_text,
    card_words,
    inches,
    name,
    need_text,
)

W = 1120
PANEL_X = 730
PANEL_W = 382
TABLE_BOX = (700, 690)
# On a phone the panel goes under the table and the table shrinks to the panel's width, so the
# panel's words keep their size (the table can be zoomed with the fingers).
NARROW_W = PANEL_W + 20
INK, MUTED, ACCENT = PALETTE["ink"], PALETTE["muted"], PALETTE["accent"]
SEATS = PALETTE["seats"]
TERRAIN_FILL = {
    "building": "#8a6a4a", "rock": "#8d8578", "wagon": "#7a5230", "embankment": "#b59a6a", "fence": "#6b4a2a",
    "scrub": "#9fb27a", "doorway": "#d9c29a", "trough": "#7fa0b8", "haystack": "#d8c06a", "water": "#a9c6d6",
    "street": "#e3d3b4", "road": "#dcc8a4", "boardwalk": "#c9ad84", "rails": "#6e665c",
}
ROW = 26


def about(topic: str, svg: str) -> str:
    """`svg` as something a player may ask about: the page links it to the paragraph of
    `topic` (a key of data/rule_index.json)."""
    return f'<g data-topic="{topic}">{svg}</g>'


def terrain_topic(piece: G.Piece) -> str:
    """What a piece of the table is about: the cover it gives, else the rough ground it is."""
    if piece.cover == "hard":
        return "board:hard-cover"
    if piece.cover == "soft":
        return "board:soft-cover"
    return "board:rough" if piece.rough else "board:terrain"


def model_topic(m: dict[str, Any]) -> str:
    """What a character on the table is about: his state first (out cold, nerve gone, covering)."""
    if m["status"] == "dead":
        return "board:killed"
    if m["status"] == "down":
        return "board:unconscious"
    if m.get("lily"):
        return "board:lily"
    return "board:model"


def render(view: dict[str, Any], ui: dict[str, Any]) -> str:
    d = view["derived"]
    legal = ui.get("legal") or []
    names = ui.get("names") or []
    viewer = ui.get("viewer")
    g = G.ground(view["table"])
    show_map, narrow, scale = _layout(view, ui)
    controls = Controls(legal)  # marks each action the board draws a control for
    ctx = {"view": view, "d": d, "legal": legal, "controls": controls, "names": names, "viewer": viewer, "g": g,
           "scale": scale, "ui": ui, "panel_at": (0.0, 0.0)}
    if narrow:
        dock = _dock_layout(ctx) if view["phase"] != "build" else None  # the picked model's actions
        table_h = (_editor_size(view, True)[1] if view["phase"] == "build"
                   else g.height * scale + ZOOM_STRIP + (dock["height"] + 8 if dock else 0)) + 16
        ctx["panel_at"] = (10 - PANEL_X, table_h)
        width, height = NARROW_W, round(table_h + _panel_height(ctx))  # until the panel is measured
    else:
        width, height = W, max(720, _panel_height(ctx))
    title = SCENARIO_NAMES.get(view["mode"], "Ruthless")
    b = Board(width, height, f"Ruthless: {title}", game_over=view["phase"] == "over", controls=controls)
    if view["phase"] == "build":
        with b.part("editor"):
            _editor(b, ctx)
    elif show_map:
        with b.part("map"):
            _territory(b, ctx)
    else:
        with b.part(f"terrain-{g.id}"):
            b.add(_terrain_svg(g.id, scale))
        with b.part("overlay"):
            _overlay(b, ctx)
        _models(b, ctx)
        with b.part("marks"):
            _marks(b, ctx)
        with b.part("at-model"):
            _at_model(b, ctx)
        with b.part("ghost"):
            _ghost(b, ctx)
    # the board is as tall as the panel's rows (a row of long buttons takes two lines)
    ctx["panel_bottom"] = _panel_bottom(ctx)
    b.height = round(ctx["panel_at"][1] + ctx["panel_bottom"] + 24) if narrow else max(720, round(ctx["panel_bottom"] + 24))
    _panel(b, ctx)
    if view["phase"] != "build" and not show_map:
        with b.part("zoom"):
            _zoom_buttons(b, ctx)
    return b.svg()


ZOOM_BUTTON = 46  # drawn units: about 43 px on a phone, a finger's width
ZOOM_STRIP = ZOOM_BUTTON + 8  # the row under the table that holds them


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
    b.text(x - 4, top + size / 2 + 6, "Pinch to zoom, or" if _on_phone(ctx) else "Zoom: wheel, pinch or", size=15,
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
    ctx = {"view": view, "d": view["derived"], "legal": ui.get("legal") or [], "names": ui.get("names") or [],
           "viewer": ui.get("viewer"), "g": G.ground(view["table"]), "scale": scale, "controls": Controls(ui.get("legal")), "ui": ui}
    b = Board(W, 720, "")
    with b.part("ghost"):
        _ghost(b, ctx)
    return b.svg().parts[0][1]


# =============================================================================================
# The table
# =============================================================================================
def _shape_svg(piece: G.Piece, fill: str, extra: str = "") -> str:
    kind = piece.spec[0]
    if kind == "rect":
        x0, y0, x1, y1 = piece.spec[1]
        return f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" fill="{fill}"{extra}/>'
    if kind == "circle":
        cx, cy, r = piece.spec[1]
        return f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}"{extra}/>'
    if kind == "poly":
        pts = " ".join(f"{x},{y}" for x, y in piece.spec[1])
        return f'<polygon points="{pts}" fill="{fill}"{extra}/>'
    pts = " ".join(f"{x},{y}" for x, y in piece.spec[1])
    return f'<polyline points="{pts}" fill="none" stroke="{fill}" stroke-width="{piece.spec[2]}" stroke-linejoin="round"/>'


@lru_cache(maxsize=16)
def _terrain_svg(table_id: str, scale: float) -> str:
    """The table itself never changes during a game: drawn once per table."""
    g = G.ground(table_id)
    b = Board(W, 720, "")
    with b.part("terrain"):
        _terrain(b, {"g": g, "scale": scale})
    svg = b.svg()
    return svg.parts[0][1][len('<g data-part="terrain">'):-len("</g>")]


def _terrain(b: Board, ctx: dict[str, Any]) -> None:
    g, scale = ctx["g"], ctx["scale"]
    table_id = g.id
    b.add(f'<rect x="8" y="8" width="{g.width * scale + 4:.1f}" height="{g.height * scale + 4:.1f}" fill="{PALETTE["wood"]}"/>')
    with b.frame("table", x=10, y=10, scale=scale, window=_window(ctx)):
        b.add(f'<rect x="0" y="0" width="{g.width}" height="{g.height}" fill="#e8d9b8"/>')
        if table_id != "wagon-road":  # the areas where posses deploy (and citizens join)
            for z, (x0, y0, x1, y1) in enumerate(g.zones[:2]):
                b.add(f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" fill="{SEATS[z]}" opacity="0.07" data-topic="board:area"/>')
        for piece in g.pieces:
            fill = TERRAIN_FILL.get(piece.kind, "#ccc")
            stroke = f' stroke="{INK}" stroke-width="8"' if piece.impassable else ""
            if piece.kind == "water":
                stroke = ' stroke="#6e93a8" stroke-width="6" stroke-dasharray="30 20"'
            body = _shape_svg(piece, fill, stroke)
            if piece.kind == "scrub":
                body += _shape_svg(piece, "url(#none)", ' fill-opacity="0" stroke="#5e7a3a" stroke-width="10" stroke-dasharray="12 18"')
            b.add(about(terrain_topic(piece), body))
        for piece in g.pieces:
            if piece.label:
                x0, y0, x1, y1 = piece.box
                text = LABELS.get(piece.label, piece.label)
                if piece.kind == "building":
                    b.text((x0 + x1) / 2, (y0 + y1) / 2 + 30, text, size=90, anchor="middle", fill="#fff8e8", weight="bold")
                else:  # a long piece: named at its west end, out of the way of the models
                    b.text(x0 + 80, (y0 + y1) / 2 + 25, text, size=70, fill="#fff8e8", weight="bold")
        # a ruler along the edges: a tick every inch, a number every 6"
        ticks = []
        for x in range(0, g.width + 1, 100):
            long_ = x % 600 == 0
            ticks.append(f'<line x1="{x}" y1="0" x2="{x}" y2="{60 if long_ else 30}" stroke="{INK}" stroke-width="{6 if long_ else 3}"/>')
        for y in range(0, g.height + 1, 100):
            long_ = y % 600 == 0
            ticks.append(f'<line x1="0" y1="{y}" x2="{60 if long_ else 30}" y2="{y}" stroke="{INK}" stroke-width="{6 if long_ else 3}"/>')
        b.add("".join(ticks))
        for x in range(600, g.width, 600):
            b.text(x, 140, f'{x // 100}″', size=70, anchor="middle", fill=INK)
        for y in range(600, g.height, 600):
            b.text(80, y + 25, f'{y // 100}″', size=70, fill=INK)


def _window(ctx: dict[str, Any]) -> tuple[int, int]:
    """The table as a window the player may zoom and pan (engine/draw.py `Board.frame`)."""
    return (ctx["g"].width, ctx["g"].height)


def _models(b: Board, ctx: dict[str, Any]) -> None:
    view, d, scale, controls = ctx["view"], ctx["d"], ctx["scale"], ctx["controls"]
    select_of = {a["model"]: i for i, a in controls.of_type("select")}
    shot_of: dict[Any, int] = {}
    for i, a in controls.of_type("shoot", "covered", "snap"):
        if a["type"] != "snap" or "weapon" in a:
            key = a.get("target", a.get("model")) if a["type"] != "covered" else view["pending"]["window"]["ctx"]["mover"]
            if a["type"] == "snap":
                key = view["pending"]["window"]["ctx"]["threat"]
            shot_of.setdefault(key, i)
    mount_of = {a["horse"]: i for i, a in controls.of_type("mount") if a["horse"] != "coach"}
    labels = _labels(ctx)
    # The stagecoach and strongbox are one part and each model its own, so a move redraws the
    # models it changed, not every model (each part has its own frame in the table's units).
    with b.part("models"), b.frame("table", x=10, y=10, scale=scale, window=_window(ctx)):
        coach = view.get("coach")
        if coach and not coach["gone"]:
            cd = d["coach"]
            pts = " ".join(f"{x},{y}" for x, y in cd["corners"])
            tx, ty = cd["team"]
            b.add(about("board:coach", f'<polygon points="{pts}" fill="#6b3d1f" stroke="{INK}" stroke-width="12"/>'
                        f'<circle cx="{tx}" cy="{ty}" r="70" fill="#a0703a" stroke="{INK}" stroke-width="8"/>'))
            riders = [o for o in view["models"] if o["kind"] == "char" and o["aboard"] and o["status"] in ("ok", "down")]
            aboard = ", ".join(name(d["models"][o["id"]]["who"]).split(" ")[-1] + (" (reins)" if o["driver"] else "")
                               for o in riders)
            caption = "Stagecoach" + (" (team down)" if cd["pairs_dead"] >= 2 else "") + (f": {aboard}" if aboard else "")
            b.text(coach["pos"][0], coach["pos"][1] - 150, caption, size=64, anchor="middle", weight="bold", fill=INK,
                   stroke="#f6efe2", stroke_width="12", paint_order="stroke")
        box = view.get("strongbox")
        if box and box["on"] == "ground":
            bx, by = box["pos"]
            b.add(f'<rect x="{bx - 40}" y="{by - 28}" width="80" height="56" fill="{PALETTE["gold"]}" stroke="{INK}" '
                  f'stroke-width="8" aria-label="The strongbox" data-topic="board:strongbox"/>')
    for m in view["models"]:
        with b.part(f"model-{m['id']}"), b.frame("table", x=10, y=10, scale=scale, window=_window(ctx)):
            _model(b, ctx, m, labels, select_of, shot_of, mount_of)


def _labels(ctx: dict[str, Any]) -> dict[int, tuple[str, float, float]]:
    """Each model's name and its place, worked out once a drawing. A man the acting character may
    shoot at has what the shot needs written after his name (so the two never collide). On a
    phone the names are larger and shorter."""
    if "labels" not in ctx:
        narrow = _on_phone(ctx)
        ctx["label_size"] = PHONE_LABEL_SIZE if narrow else LABEL_SIZE
        ctx["label_needs"] = _shot_needs(ctx["d"])
        ctx["labels"] = _place_labels(ctx["view"], ctx["d"], ctx["label_size"], short=narrow, tails=ctx["label_needs"])
    return ctx["labels"]


def _best_shots(d: dict[str, Any]) -> dict[Any, dict[str, Any]]:
    """The acting character's best shot at each target (one he can take first, then the surest)."""
    best: dict[Any, dict[str, Any]] = {}
    for s in (d.get("selected") or {}).get("shots", []):
        cur = best.get(s["target"])
        if cur is None or (s["ok"], -s["need"]) > (cur["ok"], -cur["need"]):
            best[s["target"]] = s
    return best


def _shot_needs(d: dict[str, Any]) -> dict[Any, str]:
    """What the acting character's best shot at each target needs ("6+", "10+ (hard)"), for the
    targets he can shoot at from where he stands."""
    return {t: need_text(s["need"]) + (f" ({s['cover']})" if s["cover"] else "")
            for t, s in _best_shots(d).items() if s["ok"]}


def _on_phone(ctx: dict[str, Any]) -> bool:
    """Whether the board has its phone layout (the panel moved under the table)."""
    return ctx["panel_at"] != (0.0, 0.0)


def _model(b: Board, ctx: dict[str, Any], m: dict[str, Any], labels: dict[int, tuple[str, float, float]],
           select_of: dict[Any, int], shot_of: dict[Any, int], mount_of: dict[Any, int]) -> None:
    view, d, legal = ctx["view"], ctx["d"], ctx["legal"]
    if m["kind"] == "horse":
        if m["status"] != "ok" or m["rider"] is not None:
            return
        body = _horse_svg(m["pos"], m["facing"], None)
        label = f"A riderless horse ({m['hits']} of 3 hits)"
        if m["id"] in mount_of:
            b.control(mount_of[m["id"]], "Mount this horse", body, text="Mount", data_topic="board:horse")
        else:
            b.add(f'<g aria-label="{esc(label)}" data-topic="board:horse">{body}</g>')
        return
    if m["status"] in ("waiting", "gone"):
        return
    figures = d["models"][m["id"]]
    who = name(figures["who"])
    if m["status"] == "dead":
        x, y = m["pos"]
        b.add(f'<g aria-label="{esc(who)}, killed" opacity="0.6" data-topic="board:killed"><path d="M{x - 40},{y - 40}L{x + 40},{y + 40}M{x - 40},{y + 40}L{x + 40},{y - 40}" '
              f'stroke="{PALETTE["bad"]}" stroke-width="14"/></g>')
        return
    body = _model_svg(view, m, figures, who, labels.get(m["id"]), ctx["label_size"], ctx["label_needs"].get(m["id"]))
    state_words = _state_words(view, m)
    if m["id"] in select_of:
        b.control(select_of[m["id"]], f"Pick {who} to act ({state_words})", body, text=who,
                  data_topic=model_topic(m))
    elif m["id"] in shot_of:
        a = legal[shot_of[m["id"]]]
        # a target is asked about as the shot it offers (action:shoot, covered, snap)
        b.control(shot_of[m["id"]], f"{_action_text(ctx, a)[1]} ({who}: {state_words})", body, text=who,
                  data_confirm="shot" if a["type"] == "shoot" else None)
    else:
        b.add(f'<g role="img" aria-label="{esc(who)}: {esc(state_words)}" data-topic="{model_topic(m)}">{body}</g>')


def _horse_svg(pos: list[int], facing: int, colour: Optional[str]) -> str:
    x, y = pos
    return (f'<ellipse cx="{x}" cy="{y}" rx="95" ry="55" transform="rotate({facing} {x} {y})" fill="#9a6a3a" '
            f'stroke="{colour or INK}" stroke-width="12"/>')


LABEL_SIZE = 62  # hundredths of an inch
PHONE_LABEL_SIZE = 100  # on a phone's narrow table: about 10 px across the whole table, more zoomed in
BOLD_CHAR = 0.58  # a bold character's width, as a share of the font size
R_BASE = 50  # a model's base: 1″ across, its real size on the 36″ table
MARK_AT, MARK_R = 40, 27  # a token on the base's rim: its offset from the centre (each way) and radius


def _label_box(x: float, y: float, text: str, size: float = LABEL_SIZE) -> tuple[float, float, float, float]:
    half = len(text) * size * BOLD_CHAR / 2 + 12  # with the name's light outline, and a little air
    return (x - half, y - size, x + half, y + 12)


def _base_box(m: dict[str, Any]) -> tuple[float, float, float, float]:
    """A model's base with its outline, its facing line (one and a half radii long) and the marks
    on its rim (the Lily Livered token at the upper left, the wounds at the lower right) and
    "out cold" under it."""
    x, y = m["pos"]
    r = R_BASE + 6
    a = math.radians(m["facing"])
    tip_x, tip_y = x + 75 * math.cos(a), y + 75 * math.sin(a)
    token = MARK_AT + MARK_R + 3
    lily, wounded = m.get("lily"), any(m.get("wounds", {}).values())
    left, top = (x - token, y - token) if lily else (x - r, y - r)
    right = x + token if wounded else x + r
    bottom = y + R_BASE + 80 if m["status"] == "down" else (y + token if wounded else y + r)
    return (min(left, tip_x - 6), min(top, tip_y - 6), max(right, tip_x + 6), max(bottom, tip_y + 6))


def _covered(box: tuple[float, float, float, float], names: list[tuple[float, float, float, float]],
             bases: list[tuple[float, float, float, float]]) -> float:
    """How much of a label box lies over names already placed (counted ten times: names must stay
    readable) and over other models' bases and marks."""
    def overlap(o: tuple[float, float, float, float]) -> float:
        return max(0.0, min(box[2], o[2]) - max(box[0], o[0])) * max(0.0, min(box[3], o[3]) - max(box[1], o[1]))
    return 10 * sum(overlap(o) for o in names) + sum(overlap(o) for o in bases)


def _place_labels(view: dict[str, Any], d: dict[str, Any], size: float = LABEL_SIZE,
                  short: bool = False, tails: Optional[dict[Any, str]] = None) -> dict[int, tuple[str, float, float]]:
    """Where each standing model's one name goes (text, x, y), so that it neither runs into another
    name nor hides under another model's base or marks: above the base, else below it, else the
    surname alone above or below, else beside the base, else farther off. With `short` (a phone)
    the surname alone from the start. A model's `tails` text follows his name (placed with it).
    Where a crowd leaves no clear place, the one that covers least."""
    shown = [m for m in view["models"] if m["kind"] == "char" and m["status"] in ("ok", "down") and not m["aboard"]]
    bases = {m["id"]: _base_box(m) for m in view["models"] if m["status"] in ("ok", "down") and not m.get("aboard")}
    placed: list[tuple[float, float, float, float]] = []
    out: dict[int, tuple[str, float, float]] = {}
    whos = {m["id"]: name(d["models"][m["id"]]["who"]) for m in shown}
    surnames = [w.split(" ")[-1] for w in whos.values()]
    row = size + 14
    for m in sorted(shown, key=lambda m: (m["pos"][1], m["pos"][0])):
        x, y = m["pos"]
        who = whos[m["id"]]
        surname = who.split(" ")[-1]
        if surnames.count(surname) > 1:  # Bat and Jim Masterson: the first name tells them apart
            surname = who.split(" ")[0]
        full = surname if short else (who if len(who) <= 16 else surname)
        tail = f" {tails[m['id']]}" if tails and m["id"] in tails else ""
        left_, top_, right_, bottom_ = _base_box(m)
        up = top_ - 22 - (40 if m["horse"] is not None else 0)
        down = bottom_ + size + (40 if m["horse"] is not None else 0)
        half = len(surname + tail) * size * BOLD_CHAR / 2
        choices = [(full, x, up), (full, x, down), (surname, x, up), (surname, x, down),
                   (surname, right_ + 14 + half, y + size / 3), (surname, left_ - 14 - half, y + size / 3)]
        for k in (1, 2, 3):  # farther off: rows above and below, and corners
            choices += [(surname, x, up - k * row), (surname, x, down + k * row),
                        (surname, right_ + 14 + half, up - (k - 1) * row), (surname, left_ - 14 - half, up - (k - 1) * row),
                        (surname, right_ + 14 + half, down + (k - 1) * row), (surname, left_ - 14 - half, down + (k - 1) * row)]
        others = [box for mid, box in bases.items() if mid != m["id"]]
        # the first place clear of everything, else the one that covers the least
        covers = [_covered(_label_box(x_, y_, text_ + tail, size), placed, others) for text_, x_, y_ in choices]
        clear = [c for c, area in zip(choices, covers) if area == 0]
        text, at_x, at = clear[0] if clear else choices[covers.index(min(covers))]
        placed.append(_label_box(at_x, at, text + tail, size))
        out[m["id"]] = (text, at_x, at)
    return out


def _model_svg(view: dict[str, Any], m: dict[str, Any], figures: dict[str, Any], who: str,
               label: Optional[tuple[str, float, float]] = None, size: float = LABEL_SIZE, need: Optional[str] = None) -> str:
    colour = SEATS[m["side"] % len(SEATS)]
    x, y = m["pos"]
    r = R_BASE
    parts = []
    if m["aboard"]:
        # passengers sit on the coach: the box up front, the rest inside
        x, y = _aboard_spot(view, m)
        r = 40
    elif m["horse"] is not None:
        parts.append(_horse_svg(m["pos"], m["facing"], colour))
    if m["status"] == "down":  # tipped over
        parts.append(f'<ellipse cx="{x}" cy="{y}" rx="{r}" ry="{r // 2}" transform="rotate({m["facing"] + 90} {x} {y})" '
                     f'fill="{colour}" opacity="0.55" stroke="{INK}" stroke-width="8"/>')
        parts.append(f'<text x="{x}" y="{y + r + 10 + size * 0.85:.0f}" font-size="{size * 0.85:.0f}" text-anchor="middle" '
                     f'font-style="italic" fill="{INK}" stroke="#f6efe2" stroke-width="10" paint-order="stroke" '
                     f'aria-hidden="true">out cold</text>')
    else:
        parts.append(f'<circle cx="{x}" cy="{y}" r="{r}" fill="{colour}" stroke="{INK}" stroke-width="8"/>')
        a = math.radians(m["facing"])
        parts.append(f'<line x1="{x}" y1="{y}" x2="{x + r * 1.5 * math.cos(a):.0f}" y2="{y + r * 1.5 * math.sin(a):.0f}" '
                     f'stroke="{INK}" stroke-width="12"/>')
    if m["covering"]:  # the Got You Covered! marker: a dashed ring
        parts.append(f'<circle cx="{x}" cy="{y}" r="{r + 28}" fill="none" stroke="{PALETTE["bad"]}" stroke-width="10" stroke-dasharray="22 14"/>')
    if m["aim"]:
        parts.append(f'<circle cx="{x + r}" cy="{y - r}" r="22" fill="#fff" stroke="{PALETTE["bad"]}" stroke-width="8"/>'
                     f'<circle cx="{x + r}" cy="{y - r}" r="6" fill="{PALETTE["bad"]}"/>')
    # tokens sit on the base's rim (never beside it, where a neighbour's base may stand)
    if m["lily"]:  # the Lily Livered token, at the upper left
        lx, ly = x - MARK_AT, y - MARK_AT
        parts.append(f'<circle cx="{lx}" cy="{ly}" r="{MARK_R}" fill="{PALETTE["gold"]}" stroke="{INK}" stroke-width="5"/>'
                     f'<text x="{lx}" y="{ly + 11}" font-size="30" text-anchor="middle" font-weight="bold" fill="{INK}" '
                     f'aria-hidden="true">LL</text>')
    wounds = sum(m["wounds"].values())
    if wounds:  # how many wound boxes are crossed off, at the lower right
        wx, wy = x + MARK_AT, y + MARK_AT
        parts.append(f'<circle cx="{wx}" cy="{wy}" r="{MARK_R}" fill="{PALETTE["bad"]}" stroke="#fff" stroke-width="5"/>'
                     f'<text x="{wx}" y="{wy + 12}" font-size="34" text-anchor="middle" font-weight="bold" fill="#fff" '
                     f'aria-hidden="true">{wounds}</text>')
    if m["strongbox"]:
        parts.append(f'<rect x="{x - 30}" y="{y + r - 10}" width="60" height="40" fill="{PALETTE["gold"]}" stroke="{INK}" stroke-width="6"/>')
    if m["aboard"]:  # the coach's caption names who is aboard
        return "".join(parts)
    if label is None:
        label = (who if len(who) <= 16 else who.split(" ")[-1], x, y - r - 30 - (40 if m["horse"] is not None else 0))
    short, label_x, label_y = label
    tail = f'<tspan fill="{PALETTE["good"]}"> {esc(need)}</tspan>' if need else ""
    half = len(short + (f" {need}" if need else "")) * size * BOLD_CHAR / 2
    # one press anywhere on the base or the name reaches the control
    left, right = min(label_x - half, x - r - 40), max(label_x + half, x + r + 40)
    top, bottom = min(label_y - size, y - r - 20), max(label_y + 15, y + r + 20)
    parts.insert(0, f'<rect x="{left:.0f}" y="{top:.0f}" width="{right - left:.0f}" height="{bottom - top:.0f}" '
                    f'fill="#fff" fill-opacity="0"/>')
    parts.append(f'<text x="{label_x:.0f}" y="{label_y:.0f}" font-size="{size:g}" text-anchor="middle" font-weight="bold" fill="{INK}" '
                 f'stroke="#f6efe2" stroke-width="{size * 0.22:.0f}" paint-order="stroke">{esc(short)}{tail}</text>')
    return "".join(parts)


def _aboard_spot(view: dict[str, Any], m: dict[str, Any]) -> tuple[float, float]:
    coach = view["coach"]
    aboard = [o for o in view["models"] if o["kind"] == "char" and o["aboard"] and o["status"] in ("ok", "down")]
    box = [o["id"] for o in aboard if o["aboard"] == "box"]
    inside = [o["id"] for o in aboard if o["aboard"] == "inside"]
    a = math.radians(coach["facing"])
    ux, uy, px, py = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
    cx, cy = coach["pos"]
    if m["aboard"] == "box":
        i = box.index(m["id"]) if m["id"] in box else 0
        along, across = 90, (-45 if i == 0 else 45)
    else:
        i = inside.index(m["id"]) if m["id"] in inside else 0
        along, across = -60 - 110 * (i // 2), (-45 if i % 2 == 0 else 45)
    return (round(cx + ux * along + px * across), round(cy + uy * along + py * across))


def _state_words(view: dict[str, Any], m: dict[str, Any]) -> str:
    words = []
    if m["status"] == "down":
        words.append("Unconscious")
    if m["horse"] is not None:
        words.append("mounted")
    if m["aboard"]:
        words.append("on the stagecoach")
    if m["lily"]:
        words.append("Lily Livered")
    if m["covering"]:
        words.append("Got You Covered!")
    if m["aim"]:
        words.append("aiming")
    wounds = [f"{LOCATION_NAMES[loc]} {n}" for loc, n in m["wounds"].items() if n]
    if wounds:
        words.append("wounds: " + ", ".join(wounds))
    return ", ".join(words) or "steady"


def _overlay(b: Board, ctx: dict[str, Any]) -> None:
    view, d, _legal, scale, g = ctx["view"], ctx["d"], ctx["legal"], ctx["scale"], ctx["g"]
    b.add('<g pointer-events="none">')
    with b.frame("table", x=10, y=10, scale=scale, window=_window(ctx)):
        sel = d.get("selected")
        if sel:
            ox, oy = sel["origin"]
            m = view["models"][sel["id"]]
            # weapons' short and long range (weapons with the same ranges share a ring)
            rings: dict[tuple[str, int], list[str]] = {}
            for wid, _ammo, _cap in d["models"][m["id"]]["weapons"]:
                w = C.WEAPONS.by_id[wid]
                for band, reach in (("short", w["short"]), ("long", w["long"])):
                    if reach:
                        rings.setdefault((band, reach), []).append(WEAPON_NAMES[wid])
            for k, ((band, reach), weapon_names) in enumerate(sorted(rings.items(), key=lambda kv: kv[0][1])):
                dash = ' stroke-dasharray="40 30"' if band == "long" else ""
                b.add(f'<circle cx="{ox}" cy="{oy}" r="{reach}" fill="none" stroke="{PALETTE["bad"]}" '
                      f'stroke-width="6" opacity="0.55"{dash} data-topic="board:range-{band}"/>')
                lx = min(max(ox + reach * 0.71, 300), g.width - 300)
                ly = min(max(oy - reach * 0.71 + 70 * (k % 2), 80), g.height - 40)
                b.text(lx, ly, f"{' & '.join(weapon_names)} {band} {inches(reach)}", size=58, anchor="middle",
                       fill=PALETTE["bad"], stroke="#f6efe2", stroke_width="10", paint_order="stroke")
            if sel["can_move"]:
                b.add(about("board:reach",
                            f'<circle cx="{ox}" cy="{oy}" r="{sel["reach"]}" fill="{PALETTE["good"]}" fill-opacity="0.10" '
                            f'stroke="{PALETTE["good"]}" stroke-width="10"/>'
                            f'<circle cx="{ox}" cy="{oy}" r="{sel["rough"]}" fill="none" stroke="{PALETTE["good"]}" '
                            f'stroke-width="6" stroke-dasharray="25 20"/>'))
                b.text(ox, oy + sel["reach"] + 70, f'move {inches(sel["reach"])} open, {inches(sel["rough"])} through rough',
                       size=58, anchor="middle", fill=PALETTE["good"])
            # lines of fire and what each shot needs (after a standing target's name, _labels)
            names = _labels(ctx)
            for t, s in _best_shots(d).items():
                tx, ty = d["coach"]["team"] if t == "team" else _target_point(view, t)
                colour = PALETTE["good"] if s["ok"] else MUTED
                dash = "" if s["ok"] else ' stroke-dasharray="20 25"'
                b.add(f'<line x1="{ox}" y1="{oy}" x2="{tx}" y2="{ty}" stroke="{colour}" stroke-width="7"{dash} opacity="0.8"/>')
                if not s["ok"] or t in names:
                    continue  # the dashed line says there is no shot (the panel says why); a name carries its number
                text = need_text(s["need"]) + (f' ({s["cover"]} cover)' if s["cover"] else "")
                b.text(tx, ty + 130, text, size=64, anchor="middle", weight="bold", fill=colour,
                       stroke="#f6efe2", stroke_width="12", paint_order="stroke")
        pend = d.get("pending")
        if pend and pend["kind"] == "place":
            x0, y0, x1, y1 = pend["zone"]
            b.add(f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" fill="none" stroke="{ACCENT}" stroke-width="14" stroke-dasharray="40 30" data-topic="board:area"/>')
        if pend and pend["kind"] == "snap":
            a = view["models"][pend["threat"]]
            t = view["models"][pend["model"]]
            b.add(f'<line x1="{a["pos"][0]}" y1="{a["pos"][1]}" x2="{t["pos"][0]}" y2="{t["pos"][1]}" stroke="{PALETTE["bad"]}" stroke-width="12"/>')
    b.add("</g>")


def _marks(b: Board, ctx: dict[str, Any]) -> None:
    """Suggested points to press (moves, drives, dashes, where a citizen may stand)."""
    scale = ctx["scale"]
    with b.frame("table", x=10, y=10, scale=scale, window=_window(ctx)):  # clipped to the table at any zoom
        for i, a in ctx["controls"].of_type("move", "drive", "place", "snap"):
            if a["type"] != "snap" or "to" in a:
                x, y = a["to"]
                tag = _move_tag(ctx, a)
                half = max(60, len(tag) * 17)
                body = (f'<rect x="{x - half}" y="{y - 60}" width="{2 * half}" height="190" fill="#fff" fill-opacity="0"/>'
                        f'<circle cx="{x}" cy="{y}" r="55" fill="#fff" fill-opacity="0.85" stroke="{ACCENT}" stroke-width="10"/>'
                        f'<text x="{x}" y="{y + 110}" font-size="60" text-anchor="middle" fill="{ACCENT}" font-weight="bold">{esc(tag)}</text>')
                b.control(i, _action_text(ctx, a)[1], body, text=tag)


def _target_point(view: dict[str, Any], t: int) -> list[int]:
    m = view["models"][t]
    if m["aboard"]:
        return list(view["coach"]["pos"])
    return list(m["pos"])


def _straight_path(b: Board, g: G.Ground, p: dict[str, Any]) -> None:
    """A drive's or a dash's path under the cursor, as the rules' preview gives it (preview.straight_path)."""
    (ox, oy), (cx, cy) = p["from"], p["to"]
    colour = PALETTE["good"] if p["ok"] else PALETTE["bad"]
    for piece in p["rough"] + p["walls"]:
        b.add(_shape_svg(g.pieces[piece["index"]], "none", f' stroke="{PALETTE["warn"]}" stroke-width="16"'))
    b.add(f'<line x1="{ox}" y1="{oy}" x2="{cx}" y2="{cy}" stroke="{colour}" stroke-width="12" data-topic="board:path"/>')
    words = f"{inches(p['dist'])} of {inches(p['limit'])}"
    if p["rough"]:
        words += ", rough ground"
    if p["walls"]:
        words += ", blocked"
    b.text(cx, cy - 60, words, size=64, anchor="middle", weight="bold", fill=colour, stroke="#f6efe2",
           stroke_width="12", paint_order="stroke")


def _move_tag(ctx: dict[str, Any], a: dict[str, Any]) -> str:
    d = ctx["d"]
    if a["type"] == "place":
        return "here"
    if a["type"] == "snap":
        return "dive"
    if a["type"] == "drive":
        for tag, p in d.get("selected", {}).get("drives", []):
            if p == a["to"]:
                return {"ahead": "drive on", "left": "bear left", "right": "bear right", "away": "off the edge!"}[tag]
        return "drive"
    for tag, p in d.get("selected", {}).get("moves", []):
        if p == a["to"]:
            return {"cover": "to cover", "charge": "charge!", "advance": "advance", "back": "fall back"}[tag]
    return "move"


# =============================================================================================
# Play on the table: the Move under the pointer (the ghost) and the actions beside the model
# =============================================================================================
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


def _ghost(b: Board, ctx: dict[str, Any]) -> None:
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
        with b.frame("table", x=10, y=10, scale=ctx["scale"], window=_window(ctx)):
            if p:
                _straight_path(b, g, p)
            b.add(f'<circle cx="{cursor[0]}" cy="{cursor[1]}" r="30" fill="none" stroke="{PALETTE["focus"]}" stroke-width="10"/>')
        b.add("</g>")
        return
    view, d = ctx["view"], ctx["d"]
    m = view["models"][p["model"]]
    radius = d["models"][m["id"]].get("radius", 50)
    colour = PALETTE["good"] if p["ok"] else PALETTE["bad"]
    (ox, oy), (tx, ty), (ax, ay) = p["from"], p["to"], p["asked"]
    b.add('<g pointer-events="none" data-topic="board:path">')
    with b.frame("table", x=10, y=10, scale=ctx["scale"], window=_window(ctx)):
        for c in p["crosses"]:
            b.add(_shape_svg(g.pieces[c["index"]], "none", f' stroke="{PALETTE["warn"]}" stroke-width="16"'))
        blame = p.get("because") or {}
        if "index" in blame:
            b.add(_shape_svg(g.pieces[blame["index"]], "none", f' stroke="{PALETTE["bad"]}" stroke-width="18" stroke-dasharray="30 20"'))
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
    dock = _dock_layout(ctx)
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


def _at_model(b: Board, ctx: dict[str, Any]) -> None:
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
    best = _best_shots(d)
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
                text = AT_MODEL_WORDS.get(typ) or _action_text(ctx, a)[0]
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
        label = _action_text(ctx, ctx["legal"][i])[1]
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
    tx, ty = _on_board(ctx, d["coach"]["team"] if t == "team" else _target_point(view, t))
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
            b.control(i, _action_text(ctx, legal[i])[1], body, text=text)
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


def _dock_layout(ctx: dict[str, Any]) -> Optional[dict[str, Any]]:
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
    dock = _dock_layout(ctx)
    if dock is None:
        return
    d = ctx["d"]
    sel = d["selected"]
    ox, oy = sel["origin"]
    radius = d["models"][sel["id"]].get("radius", 50)
    b.add('<g pointer-events="none">')  # the ring zooms with the table: it is drawn in its frame
    with b.frame("table", x=10, y=10, scale=ctx["scale"], window=_window(ctx)):
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


# =============================================================================================
# The panel
# =============================================================================================
def _panel_height(ctx: dict[str, Any]) -> int:
    rows = len(_action_rows(ctx)) + 3
    return 150 + 44 * ctx["view"]["seats"] + 300 + rows * (ROW + 2) + 80


def _panel(b: Board, ctx: dict[str, Any]) -> None:
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
        who = _seat_name(ctx, s)
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
    b.text(x + 6, ty + 4, _state_words(ctx["view"], m), size=13, fill=MUTED, width=PANEL_W - 24)
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


def _panel_bottom(ctx: dict[str, Any]) -> int:
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
        text, label, group = _action_text(ctx, a)
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
                       + (f"A card of rank {_rank_name(need)} or higher makes a Snap Shot." if need else "Nothing beats it."))
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


LANDMARK_KINDS = ("street", "road", "rails", "water", "embankment")


def _where_words(g: G.Ground, point: list[int]) -> str:
    """Where a point on the table is, as a player says it: by the nearest named building or
    landmark ("north of the street", "on the road", "south-west of the Depot")."""
    x, y = point
    best: Optional[tuple[float, str, tuple[int, int, int, int]]] = None
    for piece in g.pieces:
        if piece.label:
            what = LABELS.get(piece.label, piece.label)
        elif piece.kind in LANDMARK_KINDS:
            what = TERRAIN_NAMES[piece.kind]
        else:
            continue
        x0, y0, x1, y1 = piece.box
        far = math.hypot(max(x0 - x, 0, x - x1), max(y0 - y, 0, y - y1))
        if best is None or far < best[0]:
            best = (far, what, piece.box)
    if best is None:
        return f"{inches(x)} from the west edge, {inches(y)} from the north edge"
    far, what, (x0, y0, x1, y1) = best
    if far == 0:
        return f"on the {what}"
    north_south = "north" if y < y0 else "south" if y > y1 else ""
    east_west = "west" if x < x0 else "east" if x > x1 else ""
    return f"{'-'.join(w for w in (north_south, east_west) if w)} of the {what}"


def _rank_name(rank: int) -> str:
    return {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}.get(rank, str(rank))


def _shot_label(ctx: dict[str, Any], m_id: int, t: Any, wi: int, fan: bool = False) -> str:
    d = ctx["d"]
    sel = d.get("selected")
    target = "the team" if t == "team" else name(d["models"][t]["who"])
    if not sel:
        return target
    for s in sel["shots"]:
        if s["target"] == t and s["wi"] == wi:
            mods = ", ".join(f"{MOD_NAMES.get(k, TRAIT_NAMES.get(k[6:], k))} {v:+d}" for k, v in s["mods"])
            text = f"{target}: {WEAPON_NAMES[s['weapon']]}, {s['band']} range {inches(s['dist'])}"
            if s["cover"]:
                text += f", {s['cover']} cover"
            if mods and not fan:
                text += f" ({mods})"
            return text + (", needs 10s" if fan else f", needs {need_text(s['need'])}")
    return target


def _action_text(ctx: dict[str, Any], a: dict[str, Any]) -> tuple[str, str, str]:
    """(button text, accessible label, group heading) for a listed action."""
    view, d = ctx["view"], ctx["d"]
    t = a["type"]

    def who(mid: int) -> str:
        return name(d["models"][mid]["who"])

    if t == "select":
        return f"Pick {who(a['model'])}", f"Pick {who(a['model'])} to act", "Pick a character"
    if t == "end":
        return "End activation", "End this posse's activation", "Done"
    if t == "hold":
        return f"Hold {who(a['model'])}", f"Hold {who(a['model'])}: no more actions this turn", "Done"
    if t == "move":
        tag = _move_tag(ctx, a)
        return f"Move {who(a['model'])} {tag}", f"Move {who(a['model'])} {tag}", "Move"
    if t == "drive":
        tag = _move_tag(ctx, a)
        return f"Drive the coach: {tag}", f"Drive the stagecoach: {tag}", "Stagecoach"
    if t == "whip":
        return "Whip the team", "Whip the team (+3″ this turn)", "Stagecoach"
    if t == "reins":
        return "Take the reins", f"{who(a['model'])} takes the reins", "Stagecoach"
    if t == "shoot":
        label = _shot_label(ctx, a["model"], a["target"], a["weapon"])
        target = "the team" if a["target"] == "team" else who(a["target"])
        text = label.split(", needs ")[-1]
        return f"Shoot {target} · {WEAPON_NAMES[M_weapon(view, a)]} · {text}", "Shoot at " + label, "Shoot"
    if t == "fanfire":
        label = _shot_label(ctx, a["model"], a["target"], a["weapon"], fan=True)
        target = "the team" if a["target"] == "team" else who(a["target"])
        return (f"Fanfire {a['rounds']} at {target}", f"Fanfire {plural(a['rounds'], 'round')} at {label}",
                "Fanfire (revolver, short range, 10s hit)")
    if t == "aim":
        return f"{who(a['model'])} aims", f"{who(a['model'])} takes aim", "Other actions"
    if t == "cover":
        return f"{who(a['model'])}: Got You Covered!", f"{who(a['model'])}: Got You Covered!", "Other actions"
    if t == "reload":
        wid = view_weapons(view, a["model"])[a["weapon"]]
        return f"Reload {WEAPON_NAMES[wid]}", f"Reload the {WEAPON_NAMES[wid]} (three rounds)", "Other actions"
    if t == "mount":
        what = "the stagecoach" if a["horse"] == "coach" else "a horse"
        return f"Mount {what}", f"{who(a['model'])} mounts {what}", "Other actions"
    if t == "dismount":
        return f"{who(a['model'])} dismounts", f"{who(a['model'])}: Dismount", "Other actions"
    if t == "courage":
        c = a["card"]
        text = "Without a card" if c is None else f"With {card_text(c)}"
        label = f"{who(a['model'])}: Get Your Courage Up " + ("without a card" if c is None else f"with the {card_words(c)}")
        return text, label, f"{who(a['model'])}: Get Your Courage Up (d10 + card ≥ Toughness; J, Q, K, A pass)"
    if t == "holler":
        return f"{who(a['model'])} hollers", f"{who(a['model'])}: Holler (Loud Mouth)", "Other actions"
    if t == "patch":
        return f"Patch up {who(a['friend'])}", f"{who(a['model'])} patches up {who(a['friend'])} (Sawbones)", "Other actions"
    if t == "cheat":
        return (f"Swap {card_text(a['card'])} with {_seat_name(ctx, a['victim'])}",
                f"Dirty Cheat: swap the {card_words(a['card'])} with a random card of {_seat_name(ctx, a['victim'])}",
                "Dirty Cheat (swap a card)")
    if t == "grab":
        return "Grab the strongbox", f"{who(a['model'])} grabs the strongbox", "Strongbox"
    if t == "escape":
        return "Ride off with it", f"{who(a['model'])} rides off the table with the strongbox", "Strongbox"
    if t == "pass":
        return "Let it go", "Do nothing", "Answer"
    if t == "snap":  # drawn in one row per card (_snap_rows): the row names the card
        pend = view["pending"]["window"]["ctx"]
        if "weapon" in a:
            wid = view_weapons(view, pend["model"])[a["weapon"]]
            return (f"Shoot first: {WEAPON_NAMES[wid]}",
                    f"Snap Shot with the {card_words(a['card'])}: shoot {who(pend['threat'])} first with the {WEAPON_NAMES[wid]}",
                    "Answer")
        return ("Dive 3″", f"Snap Shot with the {card_words(a['card'])}: {who(pend['model'])} dives 3″ toward cover",
                "Answer")
    if t == "covered":
        wid = view_weapons(view, a["model"])[a["weapon"]]
        mover = who(view["pending"]["window"]["ctx"]["mover"])
        return (f"{who(a['model'])} shoots {mover} ({WEAPON_NAMES[wid]})",
                f"{who(a['model'])} takes the Got You Covered! shot at {mover} ({WEAPON_NAMES[wid]})", "Answer")
    if t == "adjust":
        roll = d["pending"]["roll"] + a["by"]
        res = LOCATION_NAMES[C.wound_row(roll)["id"]]
        word = {-1: "down", 0: "keep", 1: "up"}[a["by"]]
        text = f"Keep the wound roll: {roll} {res}" if word == "keep" else f"Wound roll {word} to {roll}: {res}"
        return text, f"Wound roll {word}: {roll}, {res}. {text}", "Answer"
    if t == "place":
        placed = who(d["pending"]["model"]) if d.get("pending") and isinstance(d["pending"].get("model"), int) else "the citizen"
        x, width = a["to"][0], ctx["g"].width
        edge = f"{inches(x)} from the west edge" if x <= width / 2 else f"{inches(width - x)} from the east edge"
        text = f"Place {placed} here ({_where_words(ctx['g'], a['to'])}, {edge})"
        return text, text, "Answer"
    if t == "discard":
        return f"Discard {card_text(a['card'])}", f"Discard the {card_words(a['card'])}", "Discard (you played a 3)"
    if t == "keep":
        return "Keep the rest", "Keep the rest of your hand", "Discard (you played a 3)"
    if view["phase"] == "build":
        return _editor_text(ctx, a)
    return _campaign_text(ctx, a)


def M_weapon(view: dict[str, Any], a: dict[str, Any]) -> str:
    return view_weapons(view, a["model"])[a["weapon"]]


def view_weapons(view: dict[str, Any], mid: int) -> list[str]:
    return [w for w, _, _ in view["derived"]["models"][mid]["weapons"]]


def _seat_name(ctx: dict[str, Any], s: int) -> str:
    """A player's name as typed (the page hands them over escaped; the render kit escapes once)."""
    names = ctx["names"]
    return names[s] if s < len(names) else f"posse {s + 1}"


# =============================================================================================
# The campaign's map and shop
# =============================================================================================
def _campaign_text(ctx: dict[str, Any], a: dict[str, Any]) -> tuple[str, str, str]:
    t = a["type"]
    if t == "ready":
        return "Ready", "Ready: start the act", "Ready"
    if t == "buy":
        item = C.SHOP.by_id[a["item"]]
        pick = f" {name(a['pick'])}" if a["pick"] else ""
        return (f"{SHOP_NAMES[a['item']]}{pick} (${item['cost']})",
                f"Buy {SHOP_NAMES[a['item']]}{pick} for {item['cost']} Silver Dollars: {SHOP_TEXT[a['item']]}",
                "Spend Silver Dollars")
    if t == "ride":
        return NODE_NAMES[a["to"]], f"Ride to {NODE_NAMES[a['to']]}", "Ride toward the border"
    return NODE_NAMES[a["at"]], f"Guess {NODE_NAMES[a['at']]}", "Where are the Cowboys?"


def _territory(b: Board, ctx: dict[str, Any]) -> None:
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
            b.control(i, _campaign_text(ctx, legal[i])[1], body, text=NODE_NAMES[row["id"]])
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


# =============================================================================================
# The posse editor
# =============================================================================================
def _editor_text(ctx: dict[str, Any], a: dict[str, Any]) -> tuple[str, str, str]:
    view = ctx["view"]
    t = a["type"]
    if t == "add":
        return "Add a blank card", "Add a blank character card", "Posse"
    if t == "ready":
        return "Posse ready", "The posse is ready", "Posse"
    card = view["custom"].get(a.get("card", ""), {})
    who = name(C.name_ref(card["name"])) if card else ""
    if t == "edit":
        return f"Edit {who}", f"Edit the card of {who}", "Posse"
    if t == "rename":
        return "Next name", f"Give {who} the next name on the list", "Name"
    if t == "toughness":
        return str(a["value"]), f"Toughness {a['value']}", "Toughness (3 veteran … 8 nervous)"
    if t == "weapon":
        have = a["weapon"] in card.get("weapons", [])
        return ("− " if have else "+ ") + WEAPON_NAMES[a["weapon"]], ("Drop the " if have else "Take the ") + WEAPON_NAMES[a["weapon"]], "Weapons (one or two)"
    if t == "trait":
        have = a["trait"] in card.get("traits", [])
        return ("− " if have else "+ ") + TRAIT_NAMES[a["trait"]], ("Drop " if have else "Give ") + TRAIT_NAMES[a["trait"]] + ": " + TRAIT_TEXT[a["trait"]], "Traits (one or two)"
    if t == "remove":
        return "Tear up this card", f"Remove {who} from the posse", "Posse"
    return t, t, "Other"


EDITOR_CARD = (236, 150)  # a blank card in the posse editor, two to a row
EDITOR_CARD_NARROW = (PANEL_W - 28, 100)  # on a phone, one to a row at the panel's width


def _editor_size(view: dict[str, Any], narrow: bool) -> tuple[int, int]:
    """The posse editor's box: the table's place, or on a phone a column as wide as the panel
    and as tall as the cards it holds."""
    if not narrow:
        return TABLE_BOX
    cards = len(view["build"]["cards"].get(str(view["asked"]), []))
    return PANEL_W, 122 + max(cards, 1) * (EDITOR_CARD_NARROW[1] + 8)


def _editor(b: Board, ctx: dict[str, Any]) -> None:
    view = ctx["view"]
    build = view["build"]
    seat = view["asked"]
    narrow = ctx["panel_at"] != (0.0, 0.0)
    width, height = _editor_size(view, narrow)
    card_w, card_h = EDITOR_CARD_NARROW if narrow else EDITOR_CARD
    b.add(f'<rect x="10" y="10" width="{width}" height="{height}" fill="#ead9b0" stroke="{PALETTE["wood"]}" stroke-width="4" '
          'data-topic="board:editor"/>')
    who = _seat_name(ctx, seat)
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
