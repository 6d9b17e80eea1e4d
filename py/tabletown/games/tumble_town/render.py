"""Tumble Town board as one SVG string: the three rows of plans with their decks and
Plan Ends, the dice supply, the current player's panel (dice, construction with its
penalties and where the building may stand, powers, Gold Pan) and every Town card
with Main Street, Storehouse, hand and buildings."""

from __future__ import annotations

import json
from typing import Any, Optional

from tabletown.engine.svg import action_attrs, esc, names_in, svg_open

from .bots import best_fill
from .content import (
    BACKS,
    BEST_IN_THE_WEST,
    HORSES,
    LEVEL_NAMES,
    MISSIONS,
    PENALTY_VALUE,
    PLANS,
    PLOTS,
    STOREHOUSE,
    TOWN_NAMES,
    TOWNS,
)
from .scoring import occupancy, penalty_detail

W = 1000
FILL = {"brown": "#8a5a2e", "gray": "#a3aab2", "black": "#2b2b2b", "gold": "#e2b134"}
INK = {"brown": "#fff", "gray": "#111", "black": "#fff", "gold": "#2e2100"}
LEVEL_BG = {1: "#f6ead2", 2: "#e9efe4", 3: "#f8e7b8"}
POWER_BG = {"once": "#8a5a2e", "one": "#7d848c", "end": "#d7a21f"}
POWER_TAG = {"once": "↻ each turn", "one": "1× when built", "end": "★ game end"}
FONT = "font-family:Georgia,'Times New Roman',serif"
SANS = "font-family:'Trebuchet MS',Verdana,sans-serif"


def _key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


class Acts:
    """Maps legal actions to their index, and remembers which ones were drawn."""

    def __init__(self, legal: list[dict[str, Any]]):
        self.legal = legal
        self.index = {_key(a): i for i, a in enumerate(legal)}
        self.drawn: set[int] = set()

    def get(self, action: dict[str, Any]) -> Optional[int]:
        return self.index.get(_key(action))

    def attrs(self, action: dict[str, Any], label: str) -> str:
        i = self.get(action)
        if i is None:
            return ""
        self.drawn.add(i)
        return action_attrs(i, label)


# ------------------------------------------------------------------------------------
# Small pieces


def _text(x: float, y: float, s: str, size: int = 20, fill: str = "#2a1d10", anchor: str = "start",
          weight: str = "normal", font: str = SANS, extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}" style="{font}"{extra}>{s}</text>')


def _die(x: float, y: float, size: float, color: str, value: Optional[int], attrs: str = "", bad: bool = False,
         ring: str = "") -> str:
    r = size * 0.18
    stroke = "#c0392b" if bad else (ring or "#00000066")
    sw = 4 if bad or ring else 1.5
    out = [f'<g{attrs}><rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" rx="{r:.1f}" '
           f'fill="{FILL[color]}" stroke="{stroke}" stroke-width="{sw}"/>']
    if value:
        out.append(_text(x + size / 2, y + size * 0.72, str(value), int(size * 0.62), INK[color], "middle", "bold"))
    out.append("</g>")
    return "".join(out)


def _spec(x: float, y: float, size: float, spec: str, label: str = "") -> str:
    """An empty position: its colour requirement."""
    r = size * 0.18
    if spec in FILL:
        body = (f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" rx="{r:.1f}" fill="{FILL[spec]}" '
                f'fill-opacity="0.35" stroke="{FILL[spec]}" stroke-width="3" stroke-dasharray="5 3"/>')
    elif spec == "plain":
        third = size / 3
        body = "".join(
            f'<rect x="{x + i * third:.1f}" y="{y:.1f}" width="{third:.1f}" height="{size:.1f}" fill="{FILL[c]}" fill-opacity="0.45"/>'
            for i, c in enumerate(("brown", "gray", "black")))
        body += (f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" rx="{r:.1f}" fill="none" '
                 f'stroke="#555" stroke-width="2.5" stroke-dasharray="5 3"/>')
    else:
        body = (f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" rx="{r:.1f}" fill="#fff" '
                f'stroke="#555" stroke-width="2.5" stroke-dasharray="5 3"/>'
                + _text(x + size / 2, y + size * 0.7, "?", int(size * 0.55), "#555", "middle", "bold"))
    if label:
        body += _text(x + size / 2, y + size * 0.68, label, int(size * 0.45), "#111", "middle", "bold")
    return body


def icon(kind: str, cx: float, cy: float, s: float) -> str:
    """Style icons (hat, pickaxe, horseshoe, boot) and features (windmill, agave)."""
    h = s / 2
    if kind == "hat":
        return (f'<g><ellipse cx="{cx:.1f}" cy="{cy + h * 0.45:.1f}" rx="{h:.1f}" ry="{h * 0.28:.1f}" fill="#5b3a1e"/>'
                f'<rect x="{cx - h * 0.5:.1f}" y="{cy - h * 0.7:.1f}" width="{h:.1f}" height="{h * 1.1:.1f}" rx="{h * 0.2:.1f}" fill="#5b3a1e"/>'
                f'<rect x="{cx - h * 0.5:.1f}" y="{cy + h * 0.05:.1f}" width="{h:.1f}" height="{h * 0.18:.1f}" fill="#d9a441"/></g>')
    if kind == "pickaxe":
        return (f'<g stroke-linecap="round"><line x1="{cx - h * 0.6:.1f}" y1="{cy + h * 0.8:.1f}" x2="{cx + h * 0.5:.1f}" '
                f'y2="{cy - h * 0.5:.1f}" stroke="#7a4b22" stroke-width="{s * 0.13:.1f}"/>'
                f'<path d="M{cx - h * 0.6:.1f},{cy - h * 0.75:.1f} Q{cx + h * 0.3:.1f},{cy - h * 1.0:.1f} {cx + h * 0.95:.1f},{cy + h * 0.1:.1f}" '
                f'fill="none" stroke="#59616b" stroke-width="{s * 0.16:.1f}"/></g>')
    if kind == "horseshoe":
        return (f'<path d="M{cx - h * 0.6:.1f},{cy + h * 0.8:.1f} L{cx - h * 0.7:.1f},{cy:.1f} A{h * 0.7:.1f},{h * 0.7:.1f} 0 0 1 '
                f'{cx + h * 0.7:.1f},{cy:.1f} L{cx + h * 0.6:.1f},{cy + h * 0.8:.1f}" fill="none" stroke="#6b7077" '
                f'stroke-width="{s * 0.2:.1f}" stroke-linecap="round"/>')
    if kind == "boot":
        return (f'<path d="M{cx - h * 0.45:.1f},{cy - h * 0.85:.1f} h{h * 0.7:.1f} v{h * 1.05:.1f} l{h * 0.55:.1f},{h * 0.25:.1f} '
                f'v{h * 0.4:.1f} h{-h * 1.25:.1f} z" fill="#7a4b22"/>'
                f'<circle cx="{cx + h * 0.55:.1f}" cy="{cy + h * 0.8:.1f}" r="{h * 0.16:.1f}" fill="#d9a441"/>')
    if kind == "windmill":
        arms = "".join(
            f'<line x1="{cx:.1f}" y1="{cy - h * 0.2:.1f}" x2="{cx + dx * h * 0.85:.1f}" y2="{cy - h * 0.2 + dy * h * 0.85:.1f}" '
            f'stroke="#3f5f7a" stroke-width="{s * 0.12:.1f}"/>'
            for dx, dy in ((0.7, -0.7), (-0.7, -0.7), (0.7, 0.7), (-0.7, 0.7)))
        return (f'<g><line x1="{cx:.1f}" y1="{cy - h * 0.2:.1f}" x2="{cx:.1f}" y2="{cy + h:.1f}" stroke="#3f5f7a" '
                f'stroke-width="{s * 0.1:.1f}"/>{arms}</g>')
    if kind == "agave":
        leaves = "".join(
            f'<path d="M{cx + dx * h * 0.25:.1f},{cy + h * 0.8:.1f} L{cx + dx * h:.1f},{cy - h * 0.2 - abs(dx) * 0.1 * h:.1f} '
            f'L{cx + dx * h * 0.05:.1f},{cy + h * 0.8:.1f} z" fill="#4f8a4b"/>'
            for dx in (-0.9, -0.45, 0.0, 0.45, 0.9))
        return f"<g>{leaves}</g>"
    return ""


def req_label(req: dict[str, Any]) -> str:
    k = req["k"]
    return {
        "none": "any value", "range": f"{req.get('lo')}–{req.get('hi')}", "pairs": "AA-BB", "seq": "ABC",
        "distinct": "≠", "odd": "ODD", "even": "EVEN", "sum_le": f"Σ ≤ {req.get('n')}",
        "sum_eq": f"Σ = {req.get('n')}", "sum_ge": f"Σ ≥ {req.get('n')}",
    }[k]


def power_short(power: dict[str, Any]) -> str:
    k = power["k"]
    return {
        "flip": "Flip a die over", "plusminus": "+1 one die, −1 another", "adjust1": "±1 to a die",
        "adjust2": "±2 to a die", "black_split": "Black → brown + gray", "reroll": "Reroll any dice",
        "swap": "Swap a plain die", "gain_die": "Gain a plain die", "warehouse": "3 dice + 3 spaces",
        "tokens": "3 Dice Tokens", "pairs": f"{power.get('pts')} per pair stored",
        "feature": f"{power.get('pts')} per {power.get('f')}", "height": f"{power.get('pts')} per height-{power.get('h')}",
        "sets": f"{power.get('pts')} per icon set", "neighbor": f"{power.get('pts')} per neighbour {power.get('icon')}",
    }[k]


def shape_svg(plan: dict[str, Any], x: float, y: float, size: float, dice: Optional[list[Any]] = None,
              numbers: bool = False, bad: tuple[int, ...] = ()) -> tuple[str, float, float]:
    """The building's positions, level 1 at the bottom. Returns (svg, width, height)."""
    levels = max(lv for lv, _ in plan["pos"])
    gap = size * 0.08
    step = size + gap
    width = plan["width"] * step - gap
    height = levels * step - gap
    out = []
    for i, (lv, px) in enumerate(plan["pos"]):
        dx = x + px / 2 * step
        dy = y + (levels - lv) * step
        d = dice[i] if dice else None
        if d is not None:
            out.append(_die(dx, dy, size, d[0], d[1], bad=i in bad))
        else:
            out.append(_spec(dx, dy, size, plan["colors"][i], str(i + 1) if numbers else ""))
    return "".join(out), width, height


def plan_card(plan: dict[str, Any], x: float, y: float, w: float, h: float, attrs: str = "", note: str = "") -> str:
    """A face-up Building Plan: points, style, features, shape, value requirement, power."""
    out = [f'<g{attrs}>',
           f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="12" fill="{LEVEL_BG[plan["level"]]}" '
           f'stroke="#6b4a2b" stroke-width="2.5"/>']
    out.append(f'<circle cx="{x + 30:.1f}" cy="{y + 30:.1f}" r="22" fill="#2f6b3b" stroke="#f5e6c4" stroke-width="2"/>')
    out.append(_text(x + 30, y + 41, str(plan["points"]), 30, "#fff", "middle", "bold", FONT))
    out.append(icon(plan["style"], x + w - 28, y + 28, 34))
    for i, f in enumerate(plan["features"]):
        out.append(icon(f, x + w - 64 - i * 34, y + 28, 28))
    for i in range(plan["level"]):
        cx = x + 62 + i * 14
        out.append(f'<path d="M{cx:.1f},{y + 40:.1f} v-18 m0,8 h-5 v-6 m5,6 h5 v-4" stroke="#3d7a3a" stroke-width="3.5" '
                   f'fill="none" stroke-linecap="round"/>')
    name = plan["name"]
    size = 24 if len(name) <= 13 else 21 if len(name) <= 15 else 19
    out.append(_text(x + w / 2, y + 76, esc(name), size, "#2a1d10", "middle", "bold", FONT))
    sz = 34 if plan["width"] <= 3 else 28
    levels = max(lv for lv, _ in plan["pos"])
    if levels >= 3:
        sz = min(sz, 28)
    shape_w = plan["width"] * sz * 1.08
    shape_h = levels * sz * 1.08
    body, sw, sh = shape_svg(plan, x + (w - shape_w) / 2, y + 88 + (104 - shape_h) / 2, sz)
    out.append(body)
    out.append(f'<rect x="{x + 10:.1f}" y="{y + 198:.1f}" width="{w - 20:.1f}" height="32" rx="8" fill="#fffaf0" stroke="#b89b72"/>')
    out.append(_text(x + w / 2, y + 223, esc(req_label(plan["req"])), 27, "#2a1d10", "middle", "bold"))
    pt = plan["ptype"]
    out.append(f'<rect x="{x + 4:.1f}" y="{y + 236:.1f}" width="{w - 8:.1f}" height="{h - 240:.1f}" rx="9" fill="{POWER_BG[pt]}"/>')
    out.append(_text(x + w / 2, y + 256, POWER_TAG[pt], 16, "#fff" if pt != "end" else "#2e2100", "middle", "bold"))
    text = power_short(plan["power"])
    fs = min(20, int((w - 14) / (0.58 * len(text))))
    out.append(_text(x + w / 2, y + 281, esc(text), fs, "#fff" if pt != "end" else "#2e2100", "middle", "bold"))
    if note:
        out.append(_text(x + w / 2, y + h - 6, esc(note), 15, "#fff", "middle"))
    out.append("</g>")
    return "".join(out)


def mini_plan(plan: dict[str, Any], x: float, y: float, w: float, attrs: str = "", sub: str = "") -> str:
    """A compact plan for hands and lists (height 96)."""
    h = 96
    out = [f'<g{attrs}><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h}" rx="10" fill="{LEVEL_BG[plan["level"]]}" '
           f'stroke="#6b4a2b" stroke-width="2"/>',
           f'<circle cx="{x + 22:.1f}" cy="{y + 24:.1f}" r="16" fill="#2f6b3b"/>',
           _text(x + 22, y + 32, str(plan["points"]), 22, "#fff", "middle", "bold", FONT),
           _text(x + 44, y + 30, esc(plan["name"]), 19, "#2a1d10", "start", "bold", FONT),
           icon(plan["style"], x + w - 20, y + 22, 24)]
    body, sw, sh = shape_svg(plan, x + 10, y + 40, 22)
    out.append(body)
    out.append(_text(x + 16 + sw, y + 62, esc(req_label(plan["req"])), 18, "#2a1d10", "start", "bold"))
    pt = plan["ptype"]
    out.append(_text(x + 16 + sw, y + 86, esc(power_short(plan["power"])), 15,
                     {"once": "#6b3f14", "one": "#4d545c", "end": "#8a6200"}[pt]))
    if sub:
        out.append(_text(x + w - 8, y + 86, esc(sub), 15, "#8a1c1c", "end", "bold"))
    out.append("</g>")
    return "".join(out)


def _button(x: float, y: float, w: float, h: float, label: str, attrs: str, fill: str = "#2f6b3b",
            ink: str = "#fff", size: int = 22) -> str:
    return (f'<g{attrs}><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="10" fill="{fill}" '
            f'stroke="#1c3a22" stroke-width="2"/>'
            + _text(x + w / 2, y + h / 2 + size * 0.36, esc(label), size, ink, "middle", "bold") + "</g>")


# ------------------------------------------------------------------------------------
# Sections


def _header(view: dict[str, Any], ui: dict[str, Any], names: list[str], acts: Acts) -> tuple[str, float]:
    out = [f'<rect x="0" y="0" width="{W}" height="118" fill="#5b3a1e"/>',
           _text(24, 46, "Tumble Town", 38, "#f8e7b8", "start", "bold", FONT)]
    mode = view["mode"]
    sub = {"multi": f"{view['seats']} players", "outlaw": f"Solo against the Outlaw ({view['opts']['difficulty']})",
           "no-outlaw": "Solo, No Outlaw scoring chart", "sole-surveyor": "Solo, Sole Surveyor"}[mode]
    extras = [TOWN_NAMES[view["town"]] + " town"]
    if view["opts"]["no_main_street"]:
        extras.append("No Main Street")
    if view["opts"]["surplus"]:
        extras.append("Surplus")
    out.append(_text(W - 24, 40, esc(sub + " · " + ", ".join(extras)), 18, "#f5e6c4", "end"))
    if view["over"]:
        head = view["outcome"].get("headline", "The game is over")
        status = names_in(esc(head), names)
    else:
        turn = view["turn"]
        who = names[turn] if turn < len(names) else esc(f"Player {turn + 1}")
        status = f"Round {view['round']} · {who}’s turn"
        if view["phase"] == "start":
            status = names[view["start_seat"]] + " chooses a starting die"
    out.append(_text(24, 86, status, 26, "#fff", "start", "bold", extra=' id="tt-status"'))
    if view["ending"] and not view["over"]:
        out.append(_text(W - 24, 86, "Last round!", 24, "#ffcf5a", "end", "bold"))
    prompt = view.get("asked")
    if prompt:
        out.append(_text(24, 110, esc(prompt), 18, "#f5e6c4"))
    return "".join(out), 126


def _supply(view: dict[str, Any], y: float) -> tuple[str, float]:
    out = [_text(24, y + 34, "Dice supply", 22, "#2a1d10", "start", "bold", FONT)]
    x = 180
    for c in ("brown", "gray", "black", "gold"):
        n = view["supply"][c]
        low = n <= 2
        out.append(_die(x, y + 6, 40, c, None, ring="#c0392b" if low else ""))
        out.append(_text(x + 50, y + 36, str(n), 26, "#c0392b" if low else "#2a1d10", "start", "bold"))
        x += 120
    ends = sum(1 for s in view["deck_sizes"] if s == 0)
    out.append(_text(W - 24, y + 34, f"Plan Ends showing: {ends}", 20, "#2a1d10", "end"))
    return "".join(out), y + 58


def _market(view: dict[str, Any], acts: Acts, y: float) -> tuple[str, float]:
    out = []
    card_w, card_h, gap = 200, 292, 8
    deck_w = W - 16 - 4 * (card_w + gap)
    for c in range(4):
        out.append(_text(deck_w + 4 + c * (card_w + gap) + card_w / 2, y + 18, f"column {c + 1}", 17, "#5b3a1e", "middle", "bold"))
    y += 26
    for r in range(3):
        ry = y + r * (card_h + 14)
        # deck: the back of the top plan, or the Plan End
        backname = view["backs"][r]
        back = BACKS[backname]
        size = view["deck_sizes"][r]
        bx = 10
        if size:
            out.append(f'<rect x="{bx}" y="{ry:.1f}" width="{deck_w - 8:.1f}" height="{card_h}" rx="12" fill="#6b8f4e" '
                       f'stroke="#34502a" stroke-width="3"/>')
            for i in range(r + 1):
                cx = bx + 30 + i * 30
                out.append(f'<path d="M{cx:.1f},{ry + 62:.1f} v-34 m0,14 h-9 v-10 m9,10 h9 v-7" stroke="#e8f5d0" '
                           f'stroke-width="6" fill="none" stroke-linecap="round"/>')
            out.append(_text(bx + (deck_w - 8) / 2, ry + 100, f"{LEVEL_NAMES[r + 1]}", 20, "#fff", "middle", "bold"))
            out.append(_text(bx + (deck_w - 8) / 2, ry + 126, f"{size} in deck", 20, "#fff", "middle"))
        else:
            out.append(f'<rect x="{bx}" y="{ry:.1f}" width="{deck_w - 8:.1f}" height="{card_h}" rx="12" fill="#7b5a3a" '
                       f'stroke="#3b2614" stroke-width="3"/>')
            out.append(_text(bx + (deck_w - 8) / 2, ry + 50, "PLAN END", 24, "#ffcf5a", "middle", "bold", FONT))
            out.append(_text(bx + (deck_w - 8) / 2, ry + 78, LEVEL_NAMES[r + 1], 18, "#fff", "middle"))
        out.append(_text(bx + (deck_w - 8) / 2, ry + 160, "A claim here", 17, "#fff", "middle"))
        out.append(_text(bx + (deck_w - 8) / 2, ry + 181, "takes:", 17, "#fff", "middle"))
        dy = ry + 194
        dx = bx + 14
        for c in back["fixed"]:
            out.append(_die(dx, dy, 30, c, None))
            dx += 36
            if dx > bx + deck_w - 50:
                dx, dy = bx + 14, dy + 36
        for choice in back["choice"]:
            if dx > bx + deck_w - 50:
                dx, dy = bx + 14, dy + 36
            out.append(_spec(dx, dy, 30, "any" if len(choice) == 4 else "plain"))
            dx += 36
        if back["choice"]:
            out.append(_text(bx + (deck_w - 8) / 2, ry + card_h - 14, "striped: your pick", 15, "#fff", "middle"))
        for c in range(4):
            pid = view["rows"][r][c]
            cx = deck_w + 4 + c * (card_w + gap)
            if pid is None:
                out.append(f'<rect x="{cx:.1f}" y="{ry:.1f}" width="{card_w}" height="{card_h}" rx="12" fill="none" '
                           f'stroke="#b89b72" stroke-width="2" stroke-dasharray="8 6"/>')
                continue
            plan = PLANS[pid]
            attrs = acts.attrs({"type": "claim", "row": r, "col": c},
                               f"Claim the {plan['name']} ({LEVEL_NAMES[plan['level']]} row, column {c + 1})")
            out.append(plan_card(plan, cx, ry, card_w, card_h, attrs))
        out.append(_text(deck_w + 4 + 4 * (card_w + gap) - 6, ry - 2, "", 10))
    # column numbers (the Outlaw and the Surveyor use them)
    return "".join(out), y + 3 * (card_h + 14)


def _pool(dice: list[list[Any]], x: float, y: float, size: float, acts: Acts, make: Any = None,
          max_w: float = W - 40, chosen: tuple[int, ...] = ()) -> tuple[str, float]:
    """A row of dice; `make(i)` gives (action, label) to make a die clickable."""
    out = []
    cx, cy = x, y
    for i, d in enumerate(dice):
        attrs = ""
        ring = "#e2a21a" if i in chosen else ""
        if make is not None:
            res = make(i)
            if res is not None:
                attrs = acts.attrs(res[0], res[1])
                ring = "#1d6fd6" if attrs else ring
        out.append(_die(cx, cy, size, d[0], d[1], attrs, ring=ring))
        cx += size + 12
        if cx + size > x + max_w:
            cx, cy = x, cy + size + 12
    return "".join(out), (cy + size + 12 if dice else y)


def _street_grid(view: dict[str, Any], built: list[dict[str, Any]], x0: float, y: float, plot_w: float,
                 street: Optional[dict[str, Any]] = None) -> tuple[str, float]:
    """Main Street: the north plots, the street and the south plots, with buildings.
    Each plot shows its request at the outer edge and a tick when it scores."""
    rows = TOWNS[view["town"]]["rows"]
    lvl = 32
    label_h = 30
    name_h = 20
    plot_h = label_h + name_h + 3 * (lvl + 3) + 4
    street_h = 34
    out = []
    total_h = plot_h * 2 + street_h
    out.append(f'<rect x="{x0 - 6:.1f}" y="{y - 6:.1f}" width="{PLOTS * plot_w + 12:.1f}" height="{total_h + 12:.1f}" '
               f'rx="10" fill="#eadbb8" stroke="#8a6a44" stroke-width="2"/>')
    sy = y + plot_h
    out.append(f'<rect x="{x0:.1f}" y="{sy:.1f}" width="{PLOTS * plot_w:.1f}" height="{street_h}" fill="#b48a5a"/>')
    out.append(_text(x0 + PLOTS * plot_w / 2, sy + 24, "MAIN STREET", 18, "#f8ecd4", "middle", "bold"))
    scores = street["plots"] if street else [[0] * PLOTS, [0] * PLOTS]
    for side in range(2):
        for p in range(PLOTS):
            px = x0 + p * plot_w
            py = y if side == 0 else sy + street_h
            code = rows[side][p]
            fill = "#cfe0b8" if code == "cactus" else "#f3e8cf"
            out.append(f'<rect x="{px + 1:.1f}" y="{py:.1f}" width="{plot_w - 2:.1f}" height="{plot_h}" fill="{fill}" '
                       f'stroke="#c9b08a" stroke-width="1"/>')
            ly = py + 22 if side == 0 else py + plot_h - 9
            out.append(_request(code, px + 6, ly))
            if scores[side][p]:
                out.append(f'<circle cx="{px + plot_w - 14:.1f}" cy="{ly - 6:.1f}" r="10" fill="#2f8f3b"/>'
                           + _text(px + plot_w - 14, ly - 1, "✓", 15, "#fff", "middle", "bold"))
    if street:
        for p, f in enumerate(street.get("faceoff", [])):
            if f:
                out.append(_text(x0 + p * plot_w + plot_w - 12, sy + 22, "⚔", 16, "#fff", "middle"))
    for b in built:
        at = b.get("at")
        if not at:
            continue
        side, start, mirror = at
        plan = PLANS[b["plan"]]
        w = plan["width"]
        levels = max(lv for lv, _ in plan["pos"])
        lo, hi = max(start, 0), min(start + w, PLOTS)
        if lo < hi:
            fh = levels * (lvl + 3) + 6
            fy = sy - fh if side == 0 else sy + street_h
            out.append(f'<rect x="{x0 + lo * plot_w + 4:.1f}" y="{fy:.1f}" width="{(hi - lo) * plot_w - 8:.1f}" height="{fh:.1f}" '
                       f'rx="6" fill="#c9a877" fill-opacity="0.35" stroke="#8a6a44" stroke-width="1.5"/>')
        for (lv, px), d in zip(plan["pos"], b["dice"]):
            if mirror:
                px = 2 * (w - 1) - px
            col = start + px / 2
            if col < -0.6 or col > PLOTS - 0.4:
                continue
            dx = x0 + col * plot_w + (plot_w - lvl) / 2
            if side == 0:
                dy = sy - lv * (lvl + 3)
            else:
                dy = sy + street_h + (lv - 1) * (lvl + 3) + 3
            out.append(_die(dx, dy, lvl, d[0], d[1]))
        on = [c for c in range(start, start + w) if 0 <= c < PLOTS]
        if on:
            lx = x0 + (on[0] + on[-1] + 1) / 2 * plot_w
            ly = sy - levels * (lvl + 3) - 7 if side == 0 else sy + street_h + levels * (lvl + 3) + 17
            off = len(on) < w
            out.append(_text(lx, ly, esc(plan["name"] + (" ↔" if off else "")), 15, "#3b2614", "middle", "bold"))
    return "".join(out), y + total_h + 12


def _request(code: str, x: float, y: float) -> str:
    """A plot's request, drawn from its left edge."""
    if code in ("h1", "h2", "h3"):
        n = int(code[1])
        bars = "".join(f'<rect x="{x + i * 7:.1f}" y="{y - (i + 1) * 6:.1f}" width="6" height="{(i + 1) * 6:.1f}" fill="#5b3a1e"/>'
                       for i in range(n))
        return bars + _text(x + 24, y, f"height {n}", 16, "#3b2614", "start", "bold")
    if len(code) == 2 and code[0] in "bgky":
        color = {"b": "brown", "g": "gray", "k": "black", "y": "gold"}[code[0]]
        return _die(x, y - 17, 20, color, None) + _text(x + 25, y, f"level {code[1]}", 16, "#3b2614", "start", "bold")
    if code == "alley":
        return _text(x + 4, y, "alley", 17, "#1d6fd6", "start", "bold")
    if code == "cactus":
        return (f'<path d="M{x + 14:.1f},{y + 2:.1f} v-22 m0,9 h-7 v-7 m7,7 h7 v-5" stroke="#3d7a3a" stroke-width="4" fill="none" '
                f'stroke-linecap="round"/>' + _text(x + 30, y, "cactus", 15, "#3d7a3a", "start", "bold"))
    if code == "any":
        return _text(x + 4, y, "any", 17, "#3b2614", "start", "bold")
    return ""


def _town(view: dict[str, Any], seat: int, names: list[str], acts: Acts, y: float, viewer: Optional[int]) -> tuple[str, float]:
    pl = view["players"][seat]
    out = []
    top = y
    is_turn = view["turn"] == seat and not view["over"]
    out.append(f'<rect x="6" y="{y:.1f}" width="{W - 12}" height="__H__" rx="14" fill="#fbf3e2" '
               f'stroke="{"#1d6fd6" if is_turn else "#8a6a44"}" stroke-width="{4 if is_turn else 2}"/>')
    title = names[seat] if seat < len(names) else esc(f"Player {seat + 1}")
    you = " (you)" if viewer == seat else ""
    out.append(_text(24, y + 38, title + esc(you), 28, "#2a1d10", "start", "bold", FONT))
    score = pl["score"]
    out.append(_text(W - 24, y + 38, f"{score['total']} points" + ("" if pl["horse"] is not None else " + Horse"),
                     26, "#2f6b3b", "end", "bold"))
    y += 52
    # horse, penalties, tokens
    if pl["horse"] is not None:
        horse = HORSES[pl["horse"]]
        out.append(f'<rect x="20" y="{y:.1f}" width="250" height="44" rx="10" fill="#fff" stroke="#8a6a44"/>')
        out.append(icon(horse["icon"], 46, y + 22, 30))
        out.append(_text(70, y + 29, esc(f"Horse: {horse['name']}"), 19, "#2a1d10", "start", "bold"))
    else:
        out.append(f'<rect x="20" y="{y:.1f}" width="250" height="44" rx="10" fill="#7b5a3a"/>')
        out.append(_text(145, y + 29, "Horse: secret", 19, "#fff", "middle", "bold"))
    out.append(f'<circle cx="306" cy="{y + 22:.1f}" r="19" fill="#b03a2e"/>'
               + _text(306, y + 30, str(pl["penalties"]), 22, "#fff", "middle", "bold")
               + _text(332, y + 29, f"Penalty (−{PENALTY_VALUE} each)", 18, "#2a1d10"))
    tx = 560
    if pl["tokens"]:
        out.append(f'<circle cx="{tx}" cy="{y + 22:.1f}" r="19" fill="#1d6fd6"/>'
                   + _text(tx, y + 30, str(pl["tokens"]), 22, "#fff", "middle", "bold")
                   + _text(tx + 26, y + 29, "Dice Tokens", 18, "#2a1d10"))
    y += 60
    # storehouse
    out.append(_text(24, y + 26, "Storehouse", 20, "#2a1d10", "start", "bold", FONT))
    slots = list(STOREHOUSE) + ["any"] * pl["extra"]
    dice = list(pl["dice"])
    placed: list[Optional[list[Any]]] = [None] * len(slots)
    rest = []
    for d in dice:
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
    sx = 150
    for j, s in enumerate(slots):
        d = placed[j]
        if d is not None:
            out.append(_die(sx, y, 40, d[0], d[1], ring="#c0392b" if s == "over" else ""))
        elif s in FILL:
            out.append(_spec(sx, y, 40, s))
        else:
            out.append(_spec(sx, y, 40, "any"))
        sx += 48
    if any(s == "over" for s in slots):
        out.append(_text(sx + 6, y + 28, "over the Storehouse", 17, "#c0392b", "start", "bold"))
        sx += 180
    # the Gold Pan printed on the Town card
    gx = max(sx + 20, 620)
    pan = {"type": "pan"}
    attrs = acts.attrs(pan, "Gold Pan: trade dice") if seat == viewer else ""
    # A transparent backing makes the whole label clickable, not just the painted shapes.
    out.append(f'<g{attrs}><rect x="{gx:.1f}" y="{y:.1f}" width="{min(330, W - 10 - gx):.1f}" height="46" rx="8" fill="transparent"/>'
               f'<ellipse cx="{gx + 26:.1f}" cy="{y + 22:.1f}" rx="24" ry="13" fill="#b8891c" stroke="#6b4a2b" stroke-width="2"/>'
               f'<ellipse cx="{gx + 26:.1f}" cy="{y + 19:.1f}" rx="15" ry="6" fill="#e2b134"/>'
               f'<rect x="{gx + 48:.1f}" y="{y + 18:.1f}" width="22" height="6" rx="3" fill="#6b4a2b"/>'
               + _text(gx + 78, y + 18, "Gold Pan", 17, "#2a1d10", "start", "bold")
               + _text(gx + 78, y + 38, "2 alike → 1 of choice · gold → any", 14, "#5b3a1e") + "</g>")
    y += 56
    # hand
    if pl["hand"]:
        out.append(_text(24, y + 24, "Plans in hand", 20, "#2a1d10", "start", "bold", FONT))
        y += 34
        hx: float = 20
        for pid in pl["hand"]:
            plan = PLANS[pid]
            attrs = acts.attrs({"type": "build", "plan": pid}, f"Build the {plan['name']}") if seat == viewer else ""
            if hx + 310 > W - 10:
                hx, y = 20, y + 104
            out.append(mini_plan(plan, hx, y, 310, attrs))
            hx += 318
        y += 106
    # built powers
    if pl["built"]:
        out.append(_text(24, y + 24, "Buildings", 20, "#2a1d10", "start", "bold", FONT))
        bx: float = 140
        by = y + 4
        for k, b in enumerate(pl["built"]):
            plan = PLANS[b["plan"]]
            label = f"{plan['name']} · {power_short(plan['power'])}"
            wlab = 12 + len(label) * 8.6
            if bx + wlab > W - 20:
                bx, by = 140, by + 36
            used = b["used"] and plan["ptype"] == "once"
            fill = POWER_BG[plan["ptype"]] if not used else "#cbbfa8"
            attrs = acts.attrs({"type": "power", "b": k}, f"Use the {plan['name']}") if seat == viewer else ""
            out.append(f'<g{attrs}><rect x="{bx:.1f}" y="{by:.1f}" width="{wlab:.1f}" height="30" rx="8" fill="{fill}"/>'
                       + _text(bx + 6, by + 21, esc(label + (" (used)" if used else "")), 16,
                               "#2e2100" if plan["ptype"] == "end" else "#fff") + "</g>")
            bx += wlab + 8
        y = by + 44
    # Main Street
    if not view["opts"]["no_main_street"]:
        grid, y = _street_grid(view, pl["built"], 36, y + 10, (W - 72) / PLOTS, street=pl["street"])
        out.append(grid)
        off = [b for b in pl["built"] if not b.get("at")]
        if off:
            out.append(_text(24, y + 18, esc("Beside the town: " + ", ".join(PLANS[b["plan"]]["name"] for b in off)), 17))
            y += 26
    else:
        bx = 24.0
        for b in pl["built"]:
            plan = PLANS[b["plan"]]
            body, sw, sh = shape_svg(plan, bx, y + 10, 26, b["dice"])
            out.append(body)
            bx += sw + 24
        y += 110 if pl["built"] else 0
    parts = (f"Buildings {score['buildings']} · Gold {score['gold']} · Horse "
             f"{score['horse'] if pl['horse'] is not None else '?'} · Main Street {score['street']} · Penalties {score['penalties']}")
    out.append(_text(24, y + 22, esc(parts), 18, "#5b3a1e"))
    y += 40
    svg = "".join(out).replace("__H__", f"{y - top:.1f}")
    return svg, y + 12


def _placement_buttons(view: dict[str, Any], plan: dict[str, Any], dice: list[Any], spots: list[dict[str, Any]],
                       acts: Acts, x: float, y: float) -> tuple[str, float]:
    out = []
    place_all = {"type": "place"}
    if acts.get(place_all) is not None:
        label = "Build it" if view["opts"]["no_main_street"] else "Build it beside the town (no room on Main Street)"
        out.append(_button(x, y, W - 2 * x, 54, label, acts.attrs(place_all, label), "#2f6b3b"))
        return "".join(out), y + 66
    spots = sorted(spots, key=lambda s: (-s["gain"], s["side"], s["start"], s["mirror"]))
    occ = occupancy(view["players"][view["turn"]]["built"])
    taken = [set(occ[0]), set(occ[1])]
    bw, bh, gap = 232, 84, 8
    per_row = 4
    for n, s in enumerate(spots):
        bx = x + (n % per_row) * (bw + gap)
        by = y + (n // per_row) * (bh + gap)
        cols = [s["start"] + i for i in range(plan["width"])]
        on = [c + 1 for c in cols if 0 <= c < PLOTS]
        where = f"plot {on[0]}" if len(on) == 1 else f"plots {on[0]}–{on[-1]}"
        side = ("North", "South")[s["side"]]
        label = f"{side} side, {where}{', mirrored' if s['mirror'] else ''}: +{s['gain']} Main Street"
        action = {"type": "place", "side": s["side"], "start": s["start"], "mirror": s["mirror"]}
        attrs = acts.attrs(action, label)
        good = s["gain"] > 0
        out.append(f'<g{attrs}><rect x="{bx:.1f}" y="{by:.1f}" width="{bw}" height="{bh}" rx="10" '
                   f'fill="{"#e4f2df" if good else "#f3ece0"}" stroke="#2f6b3b" stroke-width="2"/>')
        out.append(_text(bx + 10, by + 26, esc(f"{side} · {where}"), 18, "#2a1d10", "start", "bold"))
        out.append(_text(bx + 10, by + 48, "mirrored" if s["mirror"] else "as printed", 16, "#5b3a1e"))
        out.append(_text(bx + bw - 12, by + 50, f"+{s['gain']}", 34, "#2f6b3b" if good else "#8a7a66", "end", "bold"))
        # mini street: the plots this building covers
        mw = (bw - 28) / PLOTS
        for p in range(PLOTS):
            fill = "#1d6fd6" if p in cols else "#6b4a2b" if p in taken[s["side"]] else "#d8c9ad"
            out.append(f'<rect x="{bx + 14 + p * mw:.1f}" y="{by + 60:.1f}" width="{mw - 2:.1f}" height="14" fill="{fill}"/>')
        if cols[0] < 0:
            out.append(f'<path d="M{bx + 12:.1f},{by + 60:.1f} l-8,7 l8,7 z" fill="#1d6fd6"/>')
        if cols[-1] >= PLOTS:
            out.append(f'<path d="M{bx + bw - 12:.1f},{by + 60:.1f} l8,7 l-8,7 z" fill="#1d6fd6"/>')
        out.append("</g>")
    rows = (len(spots) + per_row - 1) // per_row
    return "".join(out), y + rows * (bh + gap) + 4


def _panel(view: dict[str, Any], ui: dict[str, Any], names: list[str], acts: Acts, y: float) -> tuple[str, float]:
    """The player whose turn it is: dice, construction, powers, and the buttons to act."""
    if view["over"]:
        return "", y
    seat = view["turn"] if view["phase"] != "start" else view["start_seat"]
    pl = view["players"][seat]
    legal = ui["legal"]
    mine = bool(legal)
    out = []
    top = y
    out.append(f'<rect x="6" y="{y:.1f}" width="{W - 12}" height="__H__" rx="14" fill="#fff8e8" stroke="#1d6fd6" stroke-width="4"/>')
    who = names[seat] if seat < len(names) else esc(f"Player {seat + 1}")
    head = "Your move" if mine else f"{who} is playing"
    out.append(_text(24, y + 38, head, 28, "#1d4f96", "start", "bold", FONT))
    if view.get("asked"):
        out.append(_text(24, y + 70, esc(view["asked"]), 22, "#2a1d10"))
    y += 84
    phase = view["phase"]
    sub = view.get("sub")
    build = view.get("build")
    dice = pl["dice"]

    # choices of colour (claim dice, starting die, the Outlaw's steps, gains, pans, swaps)
    color_acts = [a for a in legal if a["type"] in ("take", "start_die", "outlaw_take", "outlaw_return", "color")]
    if color_acts:
        bx: float = 24
        for a in color_acts:
            c = a.get("color", a.get("c"))
            label = {"take": f"Take a {c} die", "start_die": f"Start with {c}",
                     "outlaw_take": f"Take from {c}", "outlaw_return": f"Return a {c} die",
                     "color": f"Get a {c} die"}[a["type"]]
            if c == "none":
                label = "No gray or black die left"
            attrs = acts.attrs(a, label)
            fill = FILL.get(c, "#2f6b3b")
            bw = max(170.0, len(label) * 12.5 + 30)
            if bx + bw > W - 10:
                bx, y = 24, y + 66
            out.append(_button(bx, y, bw, 56, label, attrs, fill, INK.get(c, "#fff"), 21))
            bx += bw + 12
        y += 70
    if phase == "outlaw" and view.get("outlaw"):
        ask = view["outlaw"]["ask"]
        if ask and ask["kind"] == "take":
            out.append(_text(24, y + 20, f"The Outlaw still needs {ask['n']} dice: the smallest supplies are tied.", 19))
        elif ask:
            out.append(_text(24, y + 20, f"The Outlaw returns one die of each of two tied colours ({ask['left']} left).", 19))
        y += 34

    # the dice of the player
    if phase in ("main", "discard") and dice or sub:
        out.append(_text(24, y + 22, "Dice" + (" (choose)" if mine and (phase == "discard" or sub) else ""),
                         20, "#2a1d10", "start", "bold", FONT))
        y += 32

        def make(i: int) -> Any:
            if not mine:
                return None
            for a in legal:
                if a.get("die") == i and a["type"] in ("discard", "pick"):
                    verb = "Discard" if a["type"] == "discard" else "Choose"
                    return a, f"{verb} the {dice[i][0]} {dice[i][1]}"
            return None

        adj = [a for a in legal if a["type"] == "adj"]
        if not adj:
            chosen = tuple(sub.get("sel", [])) + ((sub["die"],) if sub and sub.get("die") is not None else ()) if sub else ()
            pool_svg, ny = _pool(dice, 24, y, 56, acts, make, chosen=chosen)
            out.append(pool_svg)
        else:
            # each die with its +/- buttons under it
            cx, cy = 24.0, y
            for i, d in enumerate(dice):
                if cx + 112 > W - 10:
                    cx, cy = 24.0, cy + 124
                out.append(_die(cx + 28, cy, 56, d[0], d[1]))
                for a in adj:
                    if a["die"] == i:
                        ox = 0 if a["d"] > 0 else 58
                        lab = f"{'+' if a['d'] > 0 else '−'}{abs(a['d'])}"
                        attrs = acts.attrs(a, f"Make the {d[0]} {d[1]} a {d[1] + a['d']}")
                        out.append(_button(cx + ox, cy + 62, 52, 46, lab, attrs, "#1d6fd6", "#fff", 22))
                cx += 124
            ny = cy + 124
        y = ny + 4
        if sub and sub.get("sel"):
            out.append(_text(24, y + 16, esc("Chosen: " + ", ".join(f"{dice[i][0]} {dice[i][1]}" for i in sub["sel"])),
                             18, "#1d4f96", "start", "bold"))
            y += 28
        if sub and sub.get("die") is not None:
            d = dice[sub["die"]]
            out.append(_text(24, y + 16, esc(f"Chosen: {d[0]} {d[1]}"), 18, "#1d4f96", "start", "bold"))
            y += 28
    values = [a for a in legal if a["type"] == "value"]
    if values:
        bx = 24.0
        for a in values:
            out.append(_button(bx, y, 70, 56, str(a["v"]), acts.attrs(a, f"Change it to {a['v']}"), "#1d6fd6", "#fff", 28))
            bx += 80
        y += 68

    # construction in progress
    if build is not None:
        plan = PLANS[build["plan"]]
        prev = view.get("preview") or {}
        out.append(_text(24, y + 26, esc(f"Building the {plan['name']}"), 24, "#2a1d10", "start", "bold", FONT))
        body, sw, sh = shape_svg(plan, 30, y + 40, 52, build["dice"], numbers=True, bad=tuple(prev.get("bad", ())))
        out.append(body)
        info_x = 60 + sw
        pen = prev.get("penalty", 0)
        full = prev.get("full", False)
        out.append(_text(info_x, y + 64, esc(f"Needs {req_label(plan['req'])} · worth {plan['points']} points"), 20))
        pen_text = (f"{pen} Penalty token{'s' if pen != 1 else ''}" + ("" if full else " so far"))
        out.append(_text(info_x, y + 94, esc(pen_text), 24, "#b03a2e" if pen else "#2f6b3b", "start", "bold"))
        if pen:
            out.append(_text(info_x, y + 120, esc(f"(−{PENALTY_VALUE * pen} points; red dice miss their colour or value)"), 17, "#b03a2e"))
        y += max(sh + 56, 140)
        empty = [i for i, d in enumerate(build["dice"]) if d is None]
        puts = [a for a in legal if a["type"] == "put"]
        if puts:
            kinds = sorted({a["die"] for a in puts})
            out.append(_text(24, y + 20, "Put a die on a position: choose the row of the die and the column of the position", 18))
            y += 30
            cw = min(170.0, (W - 150) / max(1, len(empty)))
            for j, p in enumerate(empty):
                out.append(_spec(130 + j * cw + (cw - 44) / 2, y, 44, plan["colors"][p], str(p + 1)))
            y += 52
            for i in kinds:
                d = dice[i]
                out.append(_die(36, y + 4, 52, d[0], d[1]))
                for j, p in enumerate(empty):
                    a = {"type": "put", "die": i, "pos": p}
                    trial = list(build["dice"])
                    trial[p] = d
                    miss = p in penalty_detail(plan, trial)["color"] or p in penalty_detail(plan, trial)["value"]
                    label = f"Put the {d[0]} {d[1]} on position {p + 1}" + (" (penalty)" if miss else "")
                    attrs = acts.attrs(a, label)
                    cx = 130 + j * cw
                    out.append(f'<g{attrs}><rect x="{cx + 4:.1f}" y="{y + 2:.1f}" width="{cw - 8:.1f}" height="56" rx="8" '
                               f'fill="{"#f7d9d4" if miss else "#e4f2df"}" stroke="{"#b03a2e" if miss else "#2f6b3b"}" stroke-width="2"/>'
                               + _text(cx + cw / 2, y + 38, "✗ here" if miss else "here", 22,
                                       "#b03a2e" if miss else "#2f6b3b", "middle", "bold") + "</g>")
                y += 64
        spots = prev.get("spots", [])
        if full:
            out.append(_text(24, y + 22, "Where it may stand (click to build):", 20, "#2a1d10", "start", "bold", FONT))
            y += 32
            psvg, y = _placement_buttons(view, plan, build["dice"], spots, acts, 20, y)
            out.append(psvg)

    # the other moves as buttons
    labels: list[tuple[dict[str, Any], str, str]] = []
    for a in legal:
        t = a["type"]
        if t == "build":
            p = PLANS[a["plan"]]
            best = best_fill(p, [None] * len(p["pos"]), dice, [0.0] * len(dice), width=3)
            hint = f" (best: {best[1]:.0f} penalt{'y' if best[1] == 1 else 'ies'})" if best else ""
            labels.append((a, f"Build {p['name']}{hint}", "#2f6b3b"))
        elif t == "power":
            p = PLANS[pl["built"][a["b"]]["plan"]]
            labels.append((a, f"Use {p['name']}: {power_short(p['power'])}", "#8a5a2e"))
        elif t == "token":
            labels.append((a, "Spend a Dice Token", "#1d6fd6"))
        elif t == "pan":
            labels.append((a, "Gold Pan: trade dice", "#b8891c"))
        elif t == "roll":
            labels.append((a, "Reroll the chosen dice", "#1d6fd6"))
        elif t == "done":
            labels.append((a, "Done with this power", "#2f6b3b"))
        elif t == "back":
            labels.append((a, "Never mind", "#7d848c"))
        elif t == "cancel":
            labels.append((a, "Take the dice back", "#7d848c"))
        elif t == "end":
            labels.append((a, "End turn", "#b03a2e"))
    if labels:
        bx = 24.0
        for a, label, fill in labels:
            bw = min(W - 48, max(180, 30 + len(label) * 11.8))
            if bx + bw > W - 20:
                bx, y = 24, y + 66
            out.append(_button(bx, y, bw, 56, label, acts.attrs(a, label), fill, "#fff", 20))
            bx += bw + 12
        y += 70
    if phase == "claim" and mine:
        out.append(_text(24, y + 10, "Click a plan in the rows above to claim it.", 20, "#2a1d10"))
        y += 26
    y += 10
    svg = "".join(out).replace("__H__", f"{y - top:.1f}")
    return svg, y + 10


def _rivals(view: dict[str, Any], y: float) -> tuple[str, float]:
    out = []
    o = view.get("outlaw")
    if o:
        out.append(f'<rect x="6" y="{y:.1f}" width="{W - 12}" height="150" rx="14" fill="#3b2a1e"/>')
        out.append(_text(24, y + 38, "The Outlaw", 28, "#ffcf5a", "start", "bold", FONT))
        pts = sum(PLANS[p]["points"] for p in o["plans"])
        out.append(_text(24, y + 72, esc(f"{len(o['plans'])} plans stolen ({pts} points) · {o['penalties']} Penalty "
                                         f"tokens · {o['n_horses']} secret Horse{'s' if o['n_horses'] > 1 else ''}"), 20, "#fff"))
        held = ", ".join(f"{n} {c}" for c, n in o["dice"].items() if n)
        out.append(_text(24, y + 102, esc(f"Dice taken: {held or 'none'}"), 19, "#f5e6c4"))
        last = o.get("last")
        if last:
            x = 560
            out.append(_text(x, y + 38, "Last roll", 20, "#f5e6c4", "start", "bold"))
            for i, (c, v) in enumerate(last["roll"].items()):
                out.append(_die(x + i * 58, y + 50, 48, c, v))
            stolen = ", ".join(PLANS[p]["name"] for p in last["plans"]) or "nothing"
            out.append(_text(x, y + 132, esc(f"Stole: {stolen}"), 17, "#fff"))
        y += 162
    s = view.get("surveyor")
    if s:
        out.append(f'<rect x="6" y="{y:.1f}" width="{W - 12}" height="110" rx="14" fill="#3b4a2e"/>')
        out.append(_text(24, y + 38, "The Sole Surveyor", 28, "#e8f5d0", "start", "bold", FONT))
        last = s.get("last")
        if last:
            out.append(_die(24, y + 50, 48, "brown", last["roll"]))
            cleared = ", ".join(PLANS[p]["name"] for p in last["plans"]) or "nothing (5 or 6)"
            out.append(_text(90, y + 82, esc(f"cleared column {last['roll']}: {cleared}" if last["roll"] <= 4 else
                                             "rolled a 5 or 6: nothing happens"), 19, "#fff"))
        else:
            out.append(_text(24, y + 80, "Rolls after each of your turns and clears a column of plans on 1–4.", 19, "#fff"))
        y += 122
    return "".join(out), y


def _final(view: dict[str, Any], names: list[str], y: float) -> tuple[str, float]:
    oc = view["outcome"]
    out = []
    top = y
    out.append(f'<rect x="6" y="{y:.1f}" width="{W - 12}" height="__H__" rx="14" fill="#f8e7b8" stroke="#b8891c" stroke-width="4"/>')
    out.append(_text(W / 2, y + 44, names_in(esc(oc.get("headline", "Final scores")), names), 28, "#2a1d10", "middle", "bold", FONT))
    y += 64
    cols = ["Buildings", "Gold buildings", "Horse", "Main Street", "Penalties", "Dice left"]
    heads = ["Build.", "Gold", "Horse", "Street", "Pen.", "Dice", "Total"]
    xs = [330, 430, 520, 610, 700, 790, 900]
    for x, h in zip(xs, heads):
        out.append(_text(x, y + 20, h, 18, "#5b3a1e", "middle", "bold"))
    y += 30
    order = sorted(range(view["seats"]), key=lambda s: oc["places"][s])
    for s in order:
        d = oc["details"][s]
        out.append(_text(24, y + 26, f"{oc['places'][s]}. " + (names[s] if s < len(names) else ""), 22, "#2a1d10", "start", "bold"))
        out.append(_text(200, y + 26, esc(str(d.get("Horse card", ""))), 16, "#5b3a1e"))
        for x, c in zip(xs, cols):
            out.append(_text(x, y + 26, str(d.get(c, "")), 22, "#2a1d10", "middle"))
        out.append(_text(xs[-1], y + 26, str(oc["scores"][s]), 24, "#2f6b3b", "middle", "bold"))
        y += 36
    if oc.get("outlaw"):
        op = oc["outlaw"]
        out.append(_text(24, y + 26, esc(f"The Outlaw: {op['buildings']} from plans, {op['horse']} from its Horse"
                                         + (f", {op['sets']} from sets" if op.get("sets") else "")
                                         + f", {op['penalties']} penalties" + (f", {op['street']} (No Main Street)" if op.get("street") else "")
                                         + f" = {op['total']}"), 19, "#2a1d10"))
        y += 34
    if view["seats"] == 1 and oc.get("verdict"):
        out.append(_text(24, y + 24, esc(oc["verdict"]), 18, "#5b3a1e"))
        y += 32
    for s, m in enumerate(oc.get("missions") or []):
        if not m:
            continue
        ok = "cleared" if m["success"] else "not cleared"
        checks = [f"score {'✓' if m['score_ok'] else '✗'}", f"requirement {'✓' if m['extra_ok'] else '✗'}"]
        if m.get("hard"):
            checks.append(f"beat the Outlaw {'✓' if m['outlaw_ok'] else '✗'}")
        line = f" — Mission {m['mission']}: {ok} ({', '.join(checks)})"
        out.append(_text(24, y + 24, (names[s] if s < len(names) else "") + esc(line), 18,
                         "#2f6b3b" if m["success"] else "#b03a2e", "start", "bold"))
        out.append(_text(24, y + 48, esc(f"{m['need']}+ points and: {m['text'].lower()}"), 16, "#5b3a1e"))
        y += 56
    for t in oc.get("tiebreaks", []):
        if view["seats"] > 1:
            out.append(_text(24, y + 24, names_in(esc(t), names), 17, "#5b3a1e"))
            y += 28
    out.append(_text(24, y + 26, esc(BEST_IN_THE_WEST), 16, "#5b3a1e"))
    y += 44
    svg = "".join(out).replace("__H__", f"{y - top:.1f}")
    return svg, y + 12


def _missions_banner(view: dict[str, Any], names: list[str], y: float) -> tuple[str, float]:
    ms = view.get("missions") or []
    if not any(ms) or view["over"]:
        return "", y
    out = []
    for s, m in enumerate(ms):
        if not m:
            continue
        info = MISSIONS[m - 1]
        text = f" — Mission {m}: {info['score']}+ points and {info['text'].lower()}"
        if view["seats"] == 1 and view["opts"].get("mission_hard"):
            text += "; beat the Outlaw too"
        out.append(_text(24, y + 22, (names[s] if s < len(names) else "") + esc(text), 17, "#5b3a1e", "start", "bold"))
        y += 28
    return "".join(out), y + 6


def render(view: dict[str, Any], ui: dict[str, Any]) -> str:
    legal = list(ui.get("legal") or [])
    names = list(ui.get("names") or [])
    while len(names) < view["seats"]:
        names.append(esc(f"Player {len(names) + 1}"))
    acts = Acts(legal)
    viewer = ui.get("viewer")
    parts = []
    svg, y = _header(view, ui, names, acts)
    parts.append(svg)
    if view["over"]:
        svg, y = _final(view, names, y + 6)
        parts.append(svg)
    svg, y = _missions_banner(view, names, y)
    parts.append(svg)
    svg, y = _supply(view, y)
    parts.append(svg)
    svg, y = _market(view, acts, y + 4)
    parts.append(svg)
    svg, y = _panel(view, ui, names, acts, y + 4)
    parts.append(svg)
    svg, y = _rivals(view, y)
    parts.append(svg)
    order = list(range(view["seats"]))
    if viewer is not None and viewer in order:
        order.remove(viewer)
        order.insert(0, viewer)
    for s in order:
        svg, y = _town(view, s, names, acts, y, viewer)
        parts.append(svg)
    # any legal move not drawn above still gets a button
    missing = [i for i in range(len(legal)) if i not in acts.drawn]
    if missing:
        bx: float = 24
        for i in missing:
            label = f"Move {i + 1}: {legal[i].get('type', '')}"
            parts.append(_button(bx, y, 200, 50, label, action_attrs(i, label), "#555", "#fff", 18))
            bx += 210
            if bx + 200 > W:
                bx, y = 24, y + 60
        y += 62
    height = int(y + 10)
    head = svg_open(W, height, "Tumble Town board")
    if view["over"]:
        head = head.replace("<svg ", '<svg data-game-over="true" ', 1)
    bg = f'<rect x="0" y="0" width="{W}" height="{height}" fill="#f3e6c8"/>'
    return head + bg + "".join(parts) + "</svg>"
