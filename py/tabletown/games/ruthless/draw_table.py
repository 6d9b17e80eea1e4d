"""The Ruthless table: terrain, models with their names and state, and, for the acting
character, his reach, his weapons' ranges, his lines of fire and the suggested points to press.

The table is a frame (`data-frame="table"`) whose own units are hundredths of an inch, so a press
on it is a point the rules can check."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Optional

from tabletown.engine.draw import PALETTE, Board, esc

from . import content as C
from . import ground as G
from .draw_style import ACCENT, INK, MUTED, SEATS, TERRAIN_FILL, W, about, model_topic, terrain_topic
from .draw_words import action_text, model_state_words, move_tag
from .phrases import (
    LABELS,
    WEAPON_NAMES,
    inches,
    name,
    need_text,
)


def shape_svg(piece: G.Piece, fill: str, extra: str = "") -> str:
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
def terrain_svg(table_id: str, scale: float, areas: tuple[tuple[int, ...], ...] = ()) -> str:
    """The table itself never changes during a game: drawn once per table (with its posses'
    deployment areas, which depend on how many posses play)."""
    g = G.ground(table_id)
    b = Board(W, 720, "")
    with b.part("terrain"):
        _terrain(b, {"g": g, "scale": scale, "areas": areas})
    svg = b.svg()
    return svg.parts[0][1][len('<g data-part="terrain">'):-len("</g>")]


FLAT_GROUND = ("street", "boardwalk")


def _areas(b: Board, areas: tuple[tuple[int, ...], ...]) -> None:
    for z, (x0, y0, x1, y1) in enumerate(areas):
        b.add(f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" fill="{SEATS[z]}" opacity="0.07" data-topic="board:area"/>')


def _piece(b: Board, piece: G.Piece) -> None:
    fill = TERRAIN_FILL.get(piece.kind, "#ccc")
    stroke = f' stroke="{INK}" stroke-width="8"' if piece.impassable else ""
    if piece.kind == "water":
        stroke = ' stroke="#6e93a8" stroke-width="6" stroke-dasharray="30 20"'
    body = shape_svg(piece, fill, stroke)
    if piece.kind == "scrub":
        body += shape_svg(piece, "url(#none)", ' fill-opacity="0" stroke="#5e7a3a" stroke-width="10" stroke-dasharray="12 18"')
    b.add(about(terrain_topic(piece), body))


def _terrain(b: Board, ctx: dict[str, Any]) -> None:
    g, scale = ctx["g"], ctx["scale"]
    b.add(f'<rect x="8" y="8" width="{g.width * scale + 4:.1f}" height="{g.height * scale + 4:.1f}" fill="{PALETTE["wood"]}"/>')
    with b.frame("table", x=10, y=10, scale=scale, window=table_window(ctx)):
        b.add(f'<rect x="0" y="0" width="{g.width}" height="{g.height}" fill="#e8d9b8"/>')
        # where each posse deploys (and citizens join): above the ground a town is laid on (its
        # street and boardwalks, drawn first), below everything that stands on it
        flat = next((i for i, p in enumerate(g.pieces) if p.kind not in FLAT_GROUND), len(g.pieces))
        for piece in g.pieces[:flat]:
            _piece(b, piece)
        _areas(b, ctx["areas"])
        for piece in g.pieces[flat:]:
            _piece(b, piece)
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


def table_window(ctx: dict[str, Any]) -> tuple[int, int]:
    """The table as a window the player may zoom and pan (engine/draw.py `Board.frame`)."""
    return (ctx["g"].width, ctx["g"].height)


def draw_models(b: Board, ctx: dict[str, Any]) -> None:
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
    with b.part("models"), b.frame("table", x=10, y=10, scale=scale, window=table_window(ctx)):
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
            b.text(_caption_x(coach["pos"][0], caption, COACH_CAPTION_SIZE, ctx["g"].width), coach["pos"][1] - 150, caption,
                   size=COACH_CAPTION_SIZE, anchor="middle", weight="bold", fill=INK,
                   stroke="#f6efe2", stroke_width="12", paint_order="stroke")
        box = view.get("strongbox")
        if box and box["on"] == "ground":
            bx, by = box["pos"]
            b.add(f'<rect x="{bx - 40}" y="{by - 28}" width="80" height="56" fill="{PALETTE["gold"]}" stroke="{INK}" '
                  f'stroke-width="8" aria-label="The strongbox" data-topic="board:strongbox"/>')
    for m in view["models"]:
        with b.part(f"model-{m['id']}"), b.frame("table", x=10, y=10, scale=scale, window=table_window(ctx)):
            _model(b, ctx, m, labels, select_of, shot_of, mount_of)


def _labels(ctx: dict[str, Any]) -> dict[int, tuple[str, float, float]]:
    """Each model's name and its place, worked out once a drawing. A man the acting character may
    shoot at has what the shot needs written after his name (so the two never collide). On a
    phone the names are larger and shorter."""
    if "labels" not in ctx:
        narrow = on_phone(ctx)
        ctx["label_size"] = PHONE_LABEL_SIZE if narrow else LABEL_SIZE
        ctx["label_needs"] = _shot_needs(ctx["d"])
        ctx["labels"] = _place_labels(ctx["view"], ctx["d"], ctx["label_size"], short=narrow, tails=ctx["label_needs"],
                                      table=(ctx["g"].width, ctx["g"].height))
    return ctx["labels"]


def best_shots(d: dict[str, Any]) -> dict[Any, dict[str, Any]]:
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
            for t, s in best_shots(d).items() if s["ok"]}


def on_phone(ctx: dict[str, Any]) -> bool:
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
    state_words = model_state_words(view, m)
    if m["id"] in select_of:
        b.control(select_of[m["id"]], f"Pick {who} to act ({state_words})", body, text=who,
                  data_topic=model_topic(m))
    elif m["id"] in shot_of:
        a = legal[shot_of[m["id"]]]
        # a target is asked about as the shot it offers (action:shoot, covered, snap)
        b.control(shot_of[m["id"]], f"{action_text(ctx, a)[1]} ({who}: {state_words})", body, text=who,
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
COACH_CAPTION_SIZE = 64  # who rides the stagecoach, written over it
R_BASE = 50  # a model's base: 1″ across, its real size on the 36″ table
MARK_AT, MARK_R = 40, 27  # a token on the base's rim: its offset from the centre (each way) and radius


def _half_width(text: str, size: float) -> float:
    """Half the width of a bold line of text, from its length (no font metrics in Python)."""
    return len(text) * size * BOLD_CHAR / 2


def _caption_x(x: float, text: str, size: float, table_width: int) -> float:
    """Where a centred caption goes so that it stays on the table: over `x`, moved in from an
    edge it would run past (the coach starts 6″ from the west edge with a long caption)."""
    half = _half_width(text, size) + 20
    return min(max(x, half), table_width - half) if 2 * half < table_width else table_width / 2


def _label_box(x: float, y: float, text: str, size: float = LABEL_SIZE) -> tuple[float, float, float, float]:
    half = _half_width(text, size) + 12  # with the name's light outline, and a little air
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
             bases: list[tuple[float, float, float, float]], table: Optional[tuple[int, int]] = None) -> float:
    """How much of a label box lies over names already placed or off the table's edge (counted ten
    times: names must stay readable, and the edge cuts them off) and over other models' bases and
    marks."""
    def overlap(o: tuple[float, float, float, float]) -> float:
        return max(0.0, min(box[2], o[2]) - max(box[0], o[0])) * max(0.0, min(box[3], o[3]) - max(box[1], o[1]))
    off = overlap(box) - overlap((0, 0, *table)) if table else 0.0
    return 10 * (sum(overlap(o) for o in names) + off) + sum(overlap(o) for o in bases)


def _place_labels(view: dict[str, Any], d: dict[str, Any], size: float = LABEL_SIZE,
                  short: bool = False, tails: Optional[dict[Any, str]] = None,
                  table: Optional[tuple[int, int]] = None) -> dict[int, tuple[str, float, float]]:
    """Where each standing model's one name goes (text, x, y), so that it neither runs into another
    name nor hides under another model's base or marks: above the base, else below it, else the
    surname alone above or below, else beside the base, else farther off. With `short` (a phone)
    the surname alone from the start. A model's `tails` text follows his name (placed with it).
    A name is never placed where the `table`'s edge (width, height) would cut it off if another
    place will do. Where a crowd leaves no clear place, the one that covers least."""
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
        half = _half_width(surname + tail, size)
        choices = [(full, x, up), (full, x, down), (surname, x, up), (surname, x, down),
                   (surname, right_ + 14 + half, y + size / 3), (surname, left_ - 14 - half, y + size / 3)]
        for k in (1, 2, 3):  # farther off: rows above and below, and corners
            choices += [(surname, x, up - k * row), (surname, x, down + k * row),
                        (surname, right_ + 14 + half, up - (k - 1) * row), (surname, left_ - 14 - half, up - (k - 1) * row),
                        (surname, right_ + 14 + half, down + (k - 1) * row), (surname, left_ - 14 - half, down + (k - 1) * row)]
        others = [box for mid, box in bases.items() if mid != m["id"]]
        # the first place clear of everything, else the one that covers the least
        covers = [_covered(_label_box(x_, y_, text_ + tail, size), placed, others, table) for text_, x_, y_ in choices]
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
    half = _half_width(short + (f" {need}" if need else ""), size)
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


def draw_overlay(b: Board, ctx: dict[str, Any]) -> None:
    view, d, _legal, scale, g = ctx["view"], ctx["d"], ctx["legal"], ctx["scale"], ctx["g"]
    b.add('<g pointer-events="none">')
    with b.frame("table", x=10, y=10, scale=scale, window=table_window(ctx)):
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
            for t, s in best_shots(d).items():
                tx, ty = d["coach"]["team"] if t == "team" else target_point(view, t)
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


def draw_marks(b: Board, ctx: dict[str, Any]) -> None:
    """Suggested points to press (moves, drives, dashes, where a citizen may stand)."""
    scale = ctx["scale"]
    with b.frame("table", x=10, y=10, scale=scale, window=table_window(ctx)):  # clipped to the table at any zoom
        for i, a in ctx["controls"].of_type("move", "drive", "place", "snap"):
            if a["type"] != "snap" or "to" in a:
                x, y = a["to"]
                tag = move_tag(ctx, a)
                half = max(60, len(tag) * 17)
                body = (f'<rect x="{x - half}" y="{y - 60}" width="{2 * half}" height="190" fill="#fff" fill-opacity="0"/>'
                        f'<circle cx="{x}" cy="{y}" r="55" fill="#fff" fill-opacity="0.85" stroke="{ACCENT}" stroke-width="10"/>'
                        f'<text x="{x}" y="{y + 110}" font-size="60" text-anchor="middle" fill="{ACCENT}" font-weight="bold">{esc(tag)}</text>')
                b.control(i, action_text(ctx, a)[1], body, text=tag)


def target_point(view: dict[str, Any], t: int) -> list[int]:
    m = view["models"][t]
    if m["aboard"]:
        return list(view["coach"]["pos"])
    return list(m["pos"])


def draw_straight_path(b: Board, g: G.Ground, p: dict[str, Any]) -> None:
    """A drive's or a dash's path under the cursor, as the rules' preview gives it (preview.straight_path)."""
    (ox, oy), (cx, cy) = p["from"], p["to"]
    colour = PALETTE["good"] if p["ok"] else PALETTE["bad"]
    for piece in p["rough"] + p["walls"]:
        b.add(shape_svg(g.pieces[piece["index"]], "none", f' stroke="{PALETTE["warn"]}" stroke-width="16"'))
    b.add(f'<line x1="{ox}" y1="{oy}" x2="{cx}" y2="{cy}" stroke="{colour}" stroke-width="12" data-topic="board:path"/>')
    words = f"{inches(p['dist'])} of {inches(p['limit'])}"
    if p["rough"]:
        words += ", rough ground"
    if p["walls"]:
        words += ", blocked"
    b.text(cx, cy - 60, words, size=64, anchor="middle", weight="bold", fill=colour, stroke="#f6efe2",
           stroke_width="12", paint_order="stroke")
