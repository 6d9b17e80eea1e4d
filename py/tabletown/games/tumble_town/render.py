"""Tumble Town's board, drawn with the render kit from the view alone.

Keyed parts, so the page redraws only what changed: "head" (whose turn, the dice
supply), "row-1".."row-3" (the Plan decks and the face-up plans), "panel" (the player
whose turn it is: dice, construction, powers and the buttons to act), "rivals" (the
Outlaw or the Sole Surveyor), "town-N" (each player's Town card, hand and buildings),
"missions" and, at the end, "result" (what the page's score table does not say).

Dice, icons and empty positions are symbols drawn once in <defs> and placed with <use>.
With `ui["narrow"]` (a phone) the board is 420 units wide and lays out fewer cards per
line, so plan text and die buttons keep their size on a 390 px screen.
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Iterator, Optional

from tabletown.engine.draw import PALETTE, Board, esc, names_in
from tabletown.engine.words import plural

from .content import (
    BACKS,
    HORSES,
    LEVEL_NAMES,
    MISSIONS,
    PLANS,
    PLOTS,
    STOREHOUSE,
    TOWN_NAMES,
    TOWNS,
    penalty_value,
    points,
)
from .phrases import power_text

FILL = {"brown": "#8a5a2e", "gray": "#a3aab2", "black": "#2b2b2b", "gold": "#e2b134"}
INK = {"brown": "#ffffff", "gray": "#111111", "black": "#ffffff", "gold": "#2e2100"}
LEVEL_BG = {1: "#f6ead2", 2: "#e9efe4", 3: "#f8e7b8"}
POWER_BG = {"once": "#8a5a2e", "one": "#6b737b", "end": "#d7a21f"}
POWER_INK = {"once": "#ffffff", "one": "#ffffff", "end": "#2e2100"}
POWER_TAG = {"once": "↻ each turn", "one": "1× when built", "end": "★ game end"}
BLUE = PALETTE["focus"]
GREEN = PALETTE["good"]
RED = PALETTE["bad"]
INKC = PALETTE["ink"]
MUTED = PALETTE["muted"]

# --- symbols -----------------------------------------------------------------------------
_ICONS = {
    "hat": '<ellipse cx="50" cy="72" rx="48" ry="14" fill="#5b3a1e"/><rect x="25" y="15" width="50" height="58" rx="10" '
           'fill="#5b3a1e"/><rect x="25" y="52" width="50" height="9" fill="#d9a441"/>',
    "pickaxe": '<line x1="20" y1="90" x2="75" y2="25" stroke="#7a4b22" stroke-width="13" stroke-linecap="round"/>'
               '<path d="M20,12 Q65,0 98,55" fill="none" stroke="#59616b" stroke-width="16" stroke-linecap="round"/>',
    "horseshoe": '<path d="M20,90 L15,50 A35,35 0 0 1 85,50 L80,90" fill="none" stroke="#6b7077" stroke-width="20" '
                 'stroke-linecap="round"/>',
    "boot": '<path d="M27,8 h35 v52 l28,13 v20 h-63 z" fill="#7a4b22"/><circle cx="78" cy="90" r="8" fill="#d9a441"/>',
    "windmill": '<g stroke="#3f5f7a" stroke-width="10"><line x1="50" y1="40" x2="50" y2="100"/><line x1="50" y1="40" '
                'x2="85" y2="5"/><line x1="50" y1="40" x2="15" y2="5"/><line x1="50" y1="40" x2="85" y2="75"/>'
                '<line x1="50" y1="40" x2="15" y2="75"/></g>',
    "agave": '<path d="M45,95 L5,30 L48,95 M47,95 L28,12 L52,95 M50,95 L50,0 L54,95 M53,95 L72,12 L58,95 M55,95 L95,30 '
             'L60,95" fill="#4f8a4b" stroke="#4f8a4b" stroke-width="6"/>',
    "cactus": '<path d="M50,100 V10 M50,55 H25 V30 M50,45 H75 V25" stroke="#3d7a3a" stroke-width="14" fill="none" '
              'stroke-linecap="round"/>',
}


def _symbols(b: Board) -> None:
    for color, fill in FILL.items():
        b.symbol(f"d-{color}", f'<rect width="100" height="100" rx="18" fill="{fill}" stroke="#00000066" stroke-width="4"/>',
                 "0 0 100 100")
        b.symbol(f"s-{color}", f'<rect x="3" y="3" width="94" height="94" rx="18" fill="{fill}" fill-opacity="0.35" '
                 f'stroke="{fill}" stroke-width="7" stroke-dasharray="12 7"/>', "0 0 100 100")
    stripes = "".join(f'<rect x="{i * 33.3:.1f}" width="33.4" height="100" fill="{FILL[c]}" fill-opacity="0.45"/>'
                      for i, c in enumerate(("brown", "gray", "black")))
    b.symbol("s-plain", stripes + '<rect x="3" y="3" width="94" height="94" rx="18" fill="none" stroke="#555" '
             'stroke-width="6" stroke-dasharray="12 7"/>', "0 0 100 100")
    b.symbol("s-any", '<rect x="3" y="3" width="94" height="94" rx="18" fill="#fff" stroke="#555" stroke-width="6" '
             'stroke-dasharray="12 7"/><text x="50" y="72" font-size="60" text-anchor="middle" fill="#555">?</text>',
             "0 0 100 100")
    for name, body in _ICONS.items():
        b.symbol(f"i-{name}", body, "0 0 100 100")


# --- small pieces ----------------------------------------------------------------------------


class Controls:
    """Legal actions by their canonical JSON, and which of them the board has drawn."""

    def __init__(self, legal: list[dict[str, Any]]):
        self.legal = legal
        self.index = {json.dumps(a, sort_keys=True): i for i, a in enumerate(legal)}
        self.drawn: set[int] = set()

    def find(self, action: dict[str, Any]) -> Optional[int]:
        return self.index.get(json.dumps(action, sort_keys=True))

    def draw(self, b: Board, action: dict[str, Any], label: str, body: str, text: str = "") -> bool:
        """Draw `body` as the control for `action` if it is legal; else draw it inert."""
        i = self.find(action)
        if i is None:
            b.add(body)
            return False
        self.drawn.add(i)
        b.control(i, label, body, text=text)
        return True


def _n(v: float) -> str:
    """A coordinate: whole numbers without a point, others to one decimal (called very often)."""
    if type(v) is int:
        return str(v)
    r = round(v, 1)
    i = int(r)
    return str(i) if i == r else str(r)


def die(x: float, y: float, size: float, color: str, value: Optional[int], ring: str = "") -> str:
    out = f'<use href="#d-{color}" x="{_n(x)}" y="{_n(y)}" width="{_n(size)}" height="{_n(size)}"/>'
    if ring:
        out += (f'<rect x="{_n(x - 2)}" y="{_n(y - 2)}" width="{_n(size + 4)}" height="{_n(size + 4)}" rx="{_n(size * 0.2)}" '
                f'fill="none" stroke="{ring}" stroke-width="4"/>')
    if value:
        out += (f'<text x="{_n(x + size / 2)}" y="{_n(y + size * 0.72)}" font-size="{_n(size * 0.62)}" text-anchor="middle" '
                f'font-weight="bold" fill="{INK[color]}">{value}</text>')
    return out


def spec(x: float, y: float, size: float, kind: str, label: str = "") -> str:
    """An empty position showing its colour requirement."""
    out = f'<use href="#s-{kind}" x="{_n(x)}" y="{_n(y)}" width="{_n(size)}" height="{_n(size)}"/>'
    if label:
        out += (f'<text x="{_n(x + size / 2)}" y="{_n(y + size * 0.68)}" font-size="{_n(size * 0.45)}" '
                f'text-anchor="middle" font-weight="bold" fill="#111">{esc(label)}</text>')
    return out


def icon(kind: str, x: float, y: float, size: float) -> str:
    return f'<use href="#i-{kind}" x="{_n(x)}" y="{_n(y)}" width="{_n(size)}" height="{_n(size)}"/>'


def text(x: float, y: float, s: str, size: float = 16, fill: str = INKC, anchor: str = "start", bold: bool = False) -> str:
    # Defaults are left out (ink is inherited from the part's group): the board stays small.
    extra = ("" if fill == INKC else f' fill="{fill}"') + ("" if anchor == "start" else f' text-anchor="{anchor}"')
    extra += ' font-weight="bold"' if bold else ""
    return f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}"{extra}>{esc(s)}</text>'


@contextmanager
def part(b: Board, key: str) -> Iterator[None]:
    """A keyed part whose text is ink-coloured unless it says otherwise."""
    with b.part(key):
        b.add(f'<g fill="{INKC}">')
        yield
        b.add("</g>")


def rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", sw: float = 0, rx: float = 10,
         extra: str = "") -> str:
    st = f' stroke="{stroke}" stroke-width="{_n(sw)}"' if sw else ""
    return f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(rx)}" fill="{fill}"{st}{extra}/>'


def button(x: float, y: float, w: float, h: float, label: str, fill: str = GREEN, ink: str = "#ffffff", size: float = 18) -> str:
    return rect(x, y, w, h, fill, "#00000055", 2, 10) + text(x + w / 2, y + h / 2 + size * 0.36, label, size, ink, "middle", True)


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


def shape(plan: dict[str, Any], x: float, y: float, size: float, dice: Optional[list[Any]] = None,
          numbers: bool = False, bad: tuple[int, ...] = ()) -> tuple[str, float, float]:
    """The building's positions, level 1 at the bottom. Returns (svg, width, height)."""
    levels = max(lv for lv, _ in plan["pos"])
    step = size * 1.08
    out = []
    for i, (lv, px) in enumerate(plan["pos"]):
        dx = x + px / 2 * step
        dy = y + (levels - lv) * step
        d = dice[i] if dice else None
        if d is not None:
            out.append(die(dx, dy, size, d[0], d[1], ring=RED if i in bad else ""))
        else:
            out.append(spec(dx, dy, size, plan["colors"][i], str(i + 1) if numbers else ""))
    return "".join(out), plan["width"] * step - size * 0.08, levels * step - size * 0.08


def plan_card(plan: dict[str, Any], x: float, y: float, w: float, h: float, version: int, note: str = "") -> str:
    """A face-up Building Plan: points, style, features, shape, value requirement and power."""
    return _plan_card(plan["id"], x, y, w, h, version, note)


@lru_cache(maxsize=512)
def _plan_card(pid: int, x: float, y: float, w: float, h: float, version: int, note: str) -> str:
    # A card drawn at the same place looks the same every time: drawn once, reused.
    plan = PLANS[pid]
    out = [rect(x, y, w, h, LEVEL_BG[plan["level"]], "#6b4a2b", 2)]
    out.append(f'<circle cx="{_n(x + 20)}" cy="{_n(y + 20)}" r="15" fill="#2f6b3b"/>')
    out.append(text(x + 20, y + 27, str(points(plan, version)), 20, "#ffffff", "middle", True))
    out.append(icon(plan["style"], x + w - 30, y + 6, 24))
    for i, f in enumerate(plan["features"]):
        out.append(icon(f, x + w - 54 - i * 22, y + 8, 20))
    name = plan["name"]
    size = 15 if len(name) <= 14 else 13
    out.append(text(x + 40, y + 27, name, size, INKC, "start", True))
    levels = max(lv for lv, _ in plan["pos"])
    sz = 16 if levels == 3 else 22 if plan["width"] <= 3 else 18
    body, sw, sh = shape(plan, x + 8, y + 38, sz)
    out.append(body)
    out.append(text(x + w - 8, y + 62, req_label(plan["req"]), 16, INKC, "end", True))
    pt = plan["ptype"]
    out.append(rect(x + 3, y + h - 44, w - 6, 41, POWER_BG[pt], rx=8))
    out.append(text(x + 9, y + h - 28, POWER_TAG[pt], 13, POWER_INK[pt], "start", True))
    out.append(text(x + 9, y + h - 11, power_short(plan["power"]), 14, POWER_INK[pt], "start", True))
    if note:
        out.append(text(x + w - 8, y + h - 28, note, 13, POWER_INK[pt], "end", True))
    return "".join(out)


PLAN_H = 140


# --- parts ------------------------------------------------------------------------------------


class Layout:
    def __init__(self, narrow: bool):
        self.narrow = narrow
        self.W = 420 if narrow else 1000
        self.pad = 10 if narrow else 16
        self.per_row = 2 if narrow else 4


def _head(b: Board, L: Layout, view: dict[str, Any], names: list[str], y: float) -> float:
    d = view["derived"]
    W = L.W
    with part(b, "head"):
        b.add(rect(0, y, W, 96, "#5b3a1e", rx=0))
        b.add(text(L.pad, y + 30, "Tumble Town", 24, "#f8e7b8", "start", True))
        mode = view["mode"]
        sub = {"multi": f"{view['n']} players", "outlaw": f"Solo against the Outlaw ({view['opts']['difficulty']})",
               "no-outlaw": "Solo, No Outlaw chart", "sole-surveyor": "Solo, Sole Surveyor"}[mode]
        extras = [TOWN_NAMES[view["town"]] + " town"]
        if view["opts"]["no_main_street"]:
            extras.append("No Main Street")
        if view["opts"]["surplus"]:
            extras.append("Surplus")
        b.text(W - L.pad, y + 28, sub + " · " + ", ".join(extras), size=13, width=W * 0.55, anchor="end", fill="#f5e6c4")
        if view["over"]:
            status = names_in(esc(d["result"]["headline"]), names) if d.get("result") else "The game is over"
        else:
            seat = view["start_seat"] if view["phase"] == "start" else view["turn"]
            status = f"Round {view['round']} · {names[seat]}’s turn"
        b.add(f'<text x="{L.pad}" y="{_n(y + 58)}" font-size="18" fill="#ffffff" font-weight="bold">{status}</text>')
        if d["last_round"] and not view["over"]:
            b.add(text(W - L.pad, y + 58, "Last round!", 17, "#ffcf5a", "end", True))
        # the dice supply
        x = L.pad
        for c in ("brown", "gray", "black", "gold"):
            n = view["supply"][c]
            low = n <= 2
            b.add(die(x, y + 66, 24, c, None, ring="#ff7a6a" if low else ""))
            b.add(text(x + 30, y + 85, str(n), 17, "#ff9d8f" if low else "#ffffff", "start", True))
            x += 72
        ends = sum(1 for s in d["deck_sizes"] if s == 0)
        b.add(text(W - L.pad, y + 85, f"Plan Ends showing: {ends}", 14, "#f5e6c4", "end"))
    return y + 100


def _row(b: Board, L: Layout, view: dict[str, Any], acts: Controls, r: int, y: float) -> float:
    d = view["derived"]
    W = L.W
    level = r + 1
    card_w = (W - 2 * L.pad - (L.per_row - 1) * 8) / L.per_row
    with part(b, f"row-{level}"):
        back = BACKS[view["backs"][r]]
        size = d["deck_sizes"][r]
        title = f"{LEVEL_NAMES[level]} row · " + (f"{size} in the deck" if size else "Plan End")
        b.add(text(L.pad, y + 18, title, 16, INKC, "start", True))
        label = "A claim takes"
        dx = W - L.pad - 26
        slots = list(back["fixed"]) + ["choice"] * len(back["choice"])
        for c in reversed(slots):
            b.add(die(dx, y + 2, 22, c, None) if c != "choice" else spec(dx, y + 2, 22, "any"))
            dx -= 26
        if not L.narrow:
            b.add(text(dx - 2, y + 18, label, 13, MUTED, "end"))
        y += 28
        for c in range(4):
            cx = L.pad + (c % L.per_row) * (card_w + 8)
            cy = y + (c // L.per_row) * (PLAN_H + 8)
            pid = view["rows"][r][c]
            if pid is None:
                b.add(rect(cx, cy, card_w, PLAN_H, "none", "#b89b72", 2, extra=' stroke-dasharray="8 6"'))
                b.add(text(cx + card_w / 2, cy + PLAN_H / 2, f"column {c + 1}: empty", 13, MUTED, "middle"))
                continue
            plan = PLANS[pid]
            acts.draw(b, {"type": "claim", "row": r, "col": c},
                      f"Claim the {plan['name']} ({LEVEL_NAMES[level]} row, column {c + 1})",
                      plan_card(plan, cx, cy, card_w, PLAN_H, view["v"], note=f"col {c + 1}"), text=plan["name"])
        lines = (4 + L.per_row - 1) // L.per_row
    return y + lines * (PLAN_H + 8) + 4


def _dice_row(b: Board, L: Layout, dice: list[list[Any]], y: float, acts: Controls, make: Any, chosen: tuple[int, ...] = ()) -> float:
    size = 48
    x = L.pad
    for i, d in enumerate(dice):
        if x + size > L.W - L.pad:
            x, y = L.pad, y + size + 10
        ring = "#e2a21a" if i in chosen else ""
        found = make(i) if make else None
        if found is not None and acts.find(found[0]) is not None:
            acts.draw(b, found[0], found[1], die(x, y, size, d[0], d[1], ring=BLUE), text=f"{d[0]} {d[1]}")
        else:
            b.add(die(x, y, size, d[0], d[1], ring=ring))
        x += size + 10
    return y + size + 12 if dice else y


def _panel(b: Board, L: Layout, view: dict[str, Any], acts: Controls, names: list[str], y: float) -> float:
    if view["over"]:
        return y
    W, pad = L.W, L.pad
    seat = view["start_seat"] if view["phase"] == "start" else view["turn"]
    pl = view["players"][seat]
    legal = acts.legal
    hints = view["derived"]["hints"] or {}
    with part(b, "panel"):
        top = y
        chunks_at = len(b._current or [])  # the frame is drawn once the height is known
        b.add("")
        b.add(text(pad, y + 28, "Your move" if legal else f"{names[seat]} is playing", 20, "#1d4f96", "start", True))
        y += 34
        prompt = view["derived"]["prompt"]
        if prompt:
            y += 20 * b.text(pad, y + 18, prompt, size=16, width=W - 2 * pad, lines=3) + 6
        phase = view["phase"]
        sub = view["sub"]
        build = view["build"]
        dice = pl["dice"]
        # colour choices: claim dice, the starting die, the Outlaw's steps, gains, pans, swaps
        color_acts = [a for a in legal if a["type"] in ("take", "start_die", "outlaw_take", "outlaw_return", "color")]
        if color_acts:
            x = pad
            y += 6
            for a in color_acts:
                c = a.get("color", a.get("c"))
                label = {"take": f"Take a {c} die", "start_die": f"Start with {c}", "outlaw_take": f"Take from {c}",
                         "outlaw_return": f"Return a {c} die", "color": f"Get a {c} die"}[a["type"]]
                if c == "none":
                    label = "No gray or black die left"
                bw = max(120.0, len(label) * 9.5 + 24)
                if x + bw > W - pad:
                    x, y = pad, y + 58
                acts.draw(b, a, label, button(x, y, bw, 48, label, FILL.get(c, GREEN), INK.get(c, "#ffffff"), 16), text=label)
                x += bw + 8
            y += 58
        if phase == "outlaw" and view["outlaw"] and view["outlaw"]["ask"]:
            ask = view["outlaw"]["ask"]
            msg = (f"The Outlaw still needs {ask['n']} dice: the smallest supplies are tied." if ask["kind"] == "take"
                   else f"The Outlaw returns one die of each of two tied colours ({ask['left']} left).")
            y += 20 * b.text(pad, y + 14, msg, size=15, width=W - 2 * pad, lines=2) + 4
        # the dice
        if (phase in ("main", "discard") and dice) or sub:
            b.add(text(pad, y + 18, "Dice" + (" (choose one)" if legal and (phase == "discard" or sub) else ""), 16, INKC,
                       "start", True))
            y += 26
            adj = [a for a in legal if a["type"] == "adj"]
            if adj:
                x = pad
                for i, d in enumerate(dice):
                    if x + 104 > W - pad:
                        x, y = pad, y + 112
                    b.add(die(x + 26, y, 48, d[0], d[1]))
                    for a in adj:
                        if a["die"] == i:
                            ox = 0 if a["d"] > 0 else 52
                            lab = f"{'+' if a['d'] > 0 else '−'}{abs(a['d'])}"
                            acts.draw(b, a, f"Make the {d[0]} {d[1]} a {d[1] + a['d']}",
                                      button(x + ox, y + 54, 48, 48, lab, BLUE, "#ffffff", 18), text=lab)
                    x += 112
                y += 112
            else:
                chosen = tuple(sub.get("sel", [])) + ((sub["die"],) if sub and sub.get("die") is not None else ()) if sub else ()

                def make(i: int) -> Optional[tuple[dict[str, Any], str]]:
                    for a in legal:
                        if a.get("die") == i and a["type"] in ("discard", "pick"):
                            verb = "Discard" if a["type"] == "discard" else "Choose"
                            return a, f"{verb} the {dice[i][0]} {dice[i][1]}"
                    return None

                y = _dice_row(b, L, dice, y, acts, make, chosen)
        values = [a for a in legal if a["type"] == "value"]
        if values:
            x = pad
            for a in values:
                acts.draw(b, a, f"Change it to {a['v']}", button(x, y, 52, 52, str(a["v"]), BLUE, "#ffffff", 22), text=str(a["v"]))
                x += 60
            y += 62
        if build is not None:
            y = _construction(b, L, view, acts, pl, build, hints, y)
        # the other moves, as buttons
        labels: list[tuple[dict[str, Any], str, str]] = []
        for a in legal:
            t = a["type"]
            if t == "build":
                p = PLANS[a["plan"]]
                least = hints.get("least", {}).get(str(a["plan"]))
                hint = f" ({least} penalt{'y' if least == 1 else 'ies'} at best)" if least is not None else ""
                labels.append((a, f"Build {p['name']}{hint}", GREEN))
            elif t == "power":
                p = PLANS[pl["built"][a["b"]]["plan"]]
                labels.append((a, f"Use {p['name']}: {power_short(p['power'])}", "#8a5a2e"))
            elif t == "token":
                labels.append((a, "Spend a Dice Token", BLUE))
            elif t == "pan":
                labels.append((a, "Gold Pan: trade dice", "#8a6a10"))
            elif t == "roll":
                labels.append((a, "Reroll the chosen dice", BLUE))
            elif t == "done":
                labels.append((a, "Done with this power", GREEN))
            elif t == "back":
                labels.append((a, "Never mind", "#5f5245"))
            elif t == "cancel":
                labels.append((a, "Take the dice back", "#5f5245"))
            elif t == "end":
                labels.append((a, "End turn", RED))
        if labels:
            x = pad
            for a, label, fill in labels:
                bw = min(W - 2 * pad, max(140.0, 24 + len(label) * 9.2))
                if x + bw > W - pad:
                    x, y = pad, y + 58
                acts.draw(b, a, label, button(x, y, bw, 50, label, fill, "#ffffff", 16), text=label)
                x += bw + 8
            y += 60
        if phase == "claim" and legal:
            b.add(text(pad, y + 14, "Tap a plan in the rows above to claim it.", 16, INKC))
            y += 24
        y += 8
        assert b._current is not None
        b._current[chunks_at] = rect(4, top, W - 8, y - top, "#fff8e8", BLUE, 3, 14)
    return y + 8


def _construction(b: Board, L: Layout, view: dict[str, Any], acts: Controls, pl: dict[str, Any], build: dict[str, Any],
                  hints: dict[str, Any], y: float) -> float:
    W, pad = L.W, L.pad
    plan = PLANS[build["plan"]]
    b.add(text(pad, y + 22, f"Building the {plan['name']}", 19, INKC, "start", True))
    body, sw, sh = shape(plan, pad + 4, y + 34, 44, build["dice"], numbers=True, bad=tuple(hints.get("bad", ())))
    b.add(body)
    pen = hints.get("penalty", 0)
    info_x = pad + sw + 20
    if L.narrow and info_x > W - 170:
        info_x, iy = pad, y + 40 + sh
    else:
        iy = y + 34
    b.text(info_x, iy + 16, f"Needs {req_label(plan['req'])} · worth {points(plan, view['v'])} points", size=15, width=W - info_x - pad, lines=2)
    pen_text = f"{pen} Penalty token{'s' if pen != 1 else ''}" + ("" if hints.get("full") else " so far")
    b.text(info_x, iy + 58, pen_text, size=17, width=W - info_x - pad, lines=1, fill=RED if pen else GREEN, weight="bold")
    if pen:
        lost = plural(penalty_value(view["v"]) * pen, "point")
        b.text(info_x, iy + 80, f"(−{lost}; red-ringed dice miss their colour or value)",
               size=13, width=W - info_x - pad, lines=2, fill=RED)
    y = max(y + 44 + sh, iy + 100)
    puts = [a for a in acts.legal if a["type"] == "put"]
    if puts:
        empty = [i for i, d in enumerate(build["dice"]) if d is None]
        misses = {(m[0], m[1]) for m in hints.get("misses", [])}
        y += 20 * b.text(pad, y + 14, "Put a die on a position: the die's row, the position's column", size=14,
                         width=W - 2 * pad, lines=2) + 4
        left = 64
        cw = max(48.0, min(120.0, (W - left - pad) / max(1, len(empty))))
        for j, p in enumerate(empty):
            b.add(spec(left + j * cw + (cw - 36) / 2, y, 36, plan["colors"][p], str(p + 1)))
        y += 42
        dice = pl["dice"]
        for i in sorted({a["die"] for a in puts}):
            d = dice[i]
            b.add(die(pad, y + 2, 46, d[0], d[1]))
            for j, p in enumerate(empty):
                miss = (i, p) in misses
                cx = left + j * cw
                body = (rect(cx + 2, y, cw - 4, 50, "#f7d9d4" if miss else "#e4f2df", RED if miss else GREEN, 2, 8)
                        + text(cx + cw / 2, y + 32, "✗" if miss else "✓", 20, RED if miss else GREEN, "middle", True))
                word = "penalty" if miss else "fits"
                acts.draw(b, {"type": "put", "die": i, "pos": p}, f"Put the {d[0]} {d[1]} on position {p + 1} ({word})",
                          body, text=word)
            y += 56
    if hints.get("full"):
        place_all = {"type": "place"}
        if acts.find(place_all) is not None:
            label = "Build it" if view["opts"]["no_main_street"] else "Build it beside the town (no room on Main Street)"
            acts.draw(b, place_all, label, button(pad, y, W - 2 * pad, 50, label, GREEN, "#ffffff", 16), text=label)
            y += 60
        else:
            b.add(text(pad, y + 18, "Where it may stand (tap to build):", 16, INKC, "start", True))
            y += 26
            y = _placements(b, L, view, acts, plan, hints.get("spots", []), y)
    return y


def _placements(b: Board, L: Layout, view: dict[str, Any], acts: Controls, plan: dict[str, Any], spots: list[dict[str, Any]],
                y: float) -> float:
    W, pad = L.W, L.pad
    spots = sorted(spots, key=lambda s: (-s["gain"], s["side"], s["start"], s["mirror"]))
    taken = [set(), set()]
    for bt in view["players"][view["turn"]]["built"]:
        if bt.get("at"):
            side, start, _ = bt["at"]
            taken[side].update(range(start, start + PLANS[bt["plan"]]["width"]))
    per = 2 if L.narrow else 4
    bw = (W - 2 * pad - (per - 1) * 8) / per
    bh = 80
    for k, s in enumerate(spots):
        bx = pad + (k % per) * (bw + 8)
        by = y + (k // per) * (bh + 8)
        cols = [s["start"] + i for i in range(plan["width"])]
        on = [c + 1 for c in cols if 0 <= c < PLOTS]
        where = f"plot {on[0]}" if len(on) == 1 else f"plots {on[0]}–{on[-1]}"
        side = ("North", "South")[s["side"]]
        good = s["gain"] > 0
        body = [rect(bx, by, bw, bh, "#e4f2df" if good else "#f3ece0", GREEN, 2),
                text(bx + 8, by + 22, f"{side} · {where}", 15, INKC, "start", True),
                text(bx + 8, by + 42, "mirrored" if s["mirror"] else "as printed", 13, MUTED),
                text(bx + bw - 10, by + 44, f"+{s['gain']}", 26, GREEN if good else MUTED, "end", True)]
        mw = (bw - 24) / PLOTS
        body.append(rect(bx + 12, by + 56, mw * PLOTS, 12, "#d8c9ad", rx=2))
        for p in sorted(taken[s["side"]]):
            if 0 <= p < PLOTS:
                body.append(rect(bx + 12 + p * mw, by + 56, mw, 12, "#6b4a2b", rx=0))
        lo, hi = max(0, cols[0]), min(PLOTS, cols[-1] + 1)
        body.append(rect(bx + 12 + lo * mw, by + 56, (hi - lo) * mw, 12, BLUE, rx=2))
        label = f"{side} side, {where}{', mirrored' if s['mirror'] else ''}: +{s['gain']} Main Street"
        acts.draw(b, {"type": "place", "side": s["side"], "start": s["start"], "mirror": s["mirror"]}, label, "".join(body),
                  text=f"{side} {where}")
    rows = (len(spots) + per - 1) // per
    return y + rows * (bh + 8) + 4


def _rivals(b: Board, L: Layout, view: dict[str, Any], y: float) -> float:
    W, pad = L.W, L.pad
    o = view["outlaw"]
    s = view["surveyor"]
    if not o and not s:
        return y
    with part(b, "rivals"):
        if o:
            info = view["derived"]["outlaw"]
            h = 150 if L.narrow else 120
            b.add(rect(4, y, W - 8, h, "#3b2a1e", rx=14))
            b.add(text(pad, y + 28, "The Outlaw", 20, "#ffcf5a", "start", True))
            horses = info["horses"]
            b.text(pad, y + 52, f"{len(o['plans'])} plans stolen ({info['points']} points) · {o['penalties']} Penalty tokens · "
                   f"{horses} secret Horse{'s' if horses > 1 else ''}", size=15, width=W - 2 * pad, lines=2, fill="#ffffff")
            held = ", ".join(f"{n} {c}" for c, n in o["dice"].items() if n)
            b.add(text(pad, y + 92, f"Dice taken: {held or 'none'}", 14, "#f5e6c4"))
            last = o.get("last")
            if last:
                x = W - pad - 3 * 40
                ly = y + 8 if not L.narrow else y + 100
                for i, (c, v) in enumerate(last["roll"].items()):
                    b.add(die(x + i * 40, ly, 34, c, v))
                if not L.narrow:
                    stolen = ", ".join(PLANS[p]["name"] for p in last["plans"]) or "nothing"
                    b.text(W - pad, y + 70, f"Stole: {stolen}", size=13, width=W / 2 - pad, anchor="end", fill="#ffffff")
            y += h + 8
        if s:
            b.add(rect(4, y, W - 8, 80, "#3b4a2e", rx=14))
            b.add(text(pad, y + 28, "The Sole Surveyor", 20, "#e8f5d0", "start", True))
            last = s.get("last")
            if last:
                b.add(die(pad, y + 38, 34, "brown", last["roll"]))
                cleared = ", ".join(PLANS[p]["name"] for p in last["plans"])
                msg = f"cleared column {last['roll']}: {cleared or 'nothing left there'}" if last["roll"] <= 4 else "rolled 5 or 6: nothing happens"
                b.text(pad + 44, y + 60, msg, size=14, width=W - 2 * pad - 44, fill="#ffffff")
            else:
                b.text(pad, y + 60, "Rolls after each of your turns and clears a column of plans on 1–4.", size=14,
                       width=W - 2 * pad, fill="#ffffff")
            y += 88
    return y


def _street(view: dict[str, Any], built: list[dict[str, Any]], street: dict[str, Any], x0: float, y: float,
            plot_w: float) -> tuple[str, float]:
    """Main Street: the north plots, the street and the south plots, with buildings."""
    rows = TOWNS[view["town"]]["rows"]
    lvl = min(26.0, plot_w * 0.62)
    plot_h = 22 + 3 * (lvl + 3) + 18
    street_h = 24
    out = [rect(x0 - 4, y - 4, PLOTS * plot_w + 8, plot_h * 2 + street_h + 8, "#eadbb8", "#8a6a44", 1.5, 8)]
    sy = y + plot_h
    out.append(rect(x0, sy, PLOTS * plot_w, street_h, "#b48a5a", rx=0))
    out.append(text(x0 + PLOTS * plot_w / 2, sy + 17, "MAIN STREET", 13, "#f8ecd4", "middle", True))
    fs = 12 if plot_w < 60 else 13
    for side in range(2):
        py = y if side == 0 else sy + street_h
        out.append(rect(x0, py, PLOTS * plot_w, plot_h, "#f3e8cf", rx=0))
        out.append(f'<path d="{"".join(f"M{_n(x0 + p * plot_w)} {_n(py)}v{_n(plot_h)}" for p in range(1, PLOTS))}" '
                   'stroke="#c9b08a" stroke-width="1.5"/>')
        for p in range(PLOTS):
            px = x0 + p * plot_w
            code = rows[side][p]
            if code == "cactus":
                out.append(rect(px + 1, py, plot_w - 2, plot_h, "#cfe0b8", rx=0))
            ly = py + 15 if side == 0 else py + plot_h - 5
            out.append(_request(code, px + 3, ly, fs))
            if street["plots"][side][p]:
                out.append(text(px + plot_w - 4, ly, "✓", fs + 2, GREEN, "end", True))
    for p, f in enumerate(street.get("faceoff", [])):
        if f:
            out.append(text(x0 + p * plot_w + plot_w - 6, sy + 17, "⚔", 13, "#ffffff", "end"))
    for bt in built:
        at = bt.get("at")
        if not at:
            continue
        side, start, mirror = at
        plan = PLANS[bt["plan"]]
        w = plan["width"]
        for (lv, px), d in zip(plan["pos"], bt["dice"]):
            if mirror:
                px = 2 * (w - 1) - px
            col = start + px / 2
            if col < -0.6 or col > PLOTS - 0.4:
                continue
            dx = x0 + col * plot_w + (plot_w - lvl) / 2
            dy = sy - lv * (lvl + 3) if side == 0 else sy + street_h + (lv - 1) * (lvl + 3) + 3
            out.append(die(dx, dy, lvl, d[0], d[1]))
    return "".join(out), y + plot_h * 2 + street_h + 10


def _request(code: str, x: float, y: float, fs: float) -> str:
    if code in ("h1", "h2", "h3"):
        return text(x, y, f"h{code[1]}", fs, "#3b2614", "start", True)
    if len(code) == 2 and code[0] in "bgky":
        color = {"b": "brown", "g": "gray", "k": "black", "y": "gold"}[code[0]]
        return die(x, y - fs + 1, fs, color, None) + text(x + fs + 2, y, f"L{code[1]}", fs, "#3b2614", "start", True)
    if code == "alley":
        return text(x, y, "alley", fs, BLUE, "start", True)
    if code == "cactus":
        return icon("cactus", x, y - fs, fs + 2)
    if code == "any":
        return text(x, y, "any", fs, "#3b2614", "start", True)
    return ""


def _town(b: Board, L: Layout, view: dict[str, Any], seat: int, names: list[str], acts: Controls, viewer: Optional[int],
          y: float) -> float:
    W, pad = L.W, L.pad
    pl = view["players"][seat]
    score = view["derived"]["scores"][seat]
    shown = view.get("shown")
    horse_id = shown["players"][seat] if shown else pl["horse"]
    mine = seat == viewer
    with part(b, f"town-{seat}"):
        top = y
        at = len(b._current or [])
        b.add("")
        is_turn = view["turn"] == seat and not view["over"]
        b.add(f'<text x="{pad}" y="{_n(y + 28)}" font-size="20" font-weight="bold" fill="{INKC}">{names[seat]}'
              f'{" (you)" if mine else ""}</text>')
        b.add(text(W - pad, y + 28, f"{score['total']} points" + ("" if score["horse_known"] else " + Horse"), 18, GREEN,
                   "end", True))
        y += 40
        if isinstance(horse_id, int):
            horse = HORSES[horse_id]
            b.add(icon(horse["icon"], pad, y, 26) + text(pad + 32, y + 19, f"Horse: {horse['name']}", 15, INKC, "start", True))
        else:
            b.add(text(pad, y + 19, "Horse: secret", 15, MUTED, "start", True))
        hx = 220 if not L.narrow else 180
        b.add(f'<circle cx="{hx}" cy="{_n(y + 13)}" r="13" fill="{RED}"/>' + text(hx, y + 19, str(pl["penalties"]), 15, "#ffffff", "middle", True)
              + text(hx + 18, y + 19, f"Penalty (−{penalty_value(view['v'])} each)", 14, INKC))
        if pl["tokens"]:
            tx = hx if L.narrow else 440
            ty = y + 30 if L.narrow else y
            b.add(f'<circle cx="{tx}" cy="{_n(ty + 13)}" r="13" fill="{BLUE}"/>' + text(tx, ty + 19, str(pl["tokens"]), 15, "#ffffff", "middle", True)
                  + text(tx + 18, ty + 19, "Dice Tokens", 14, INKC))
            if L.narrow:
                y += 30
        y += 36
        # the Storehouse
        b.add(text(pad, y + 20, "Storehouse", 15, INKC, "start", True))
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
        sx = pad + 96
        for j, s in enumerate(slots):
            if sx + 32 > W - pad:
                sx, y = pad + 96, y + 36
            d = placed[j]
            if d is not None:
                b.add(die(sx, y, 30, d[0], d[1], ring=RED if s == "over" else ""))
            else:
                b.add(spec(sx, y, 30, s if s in FILL else "any"))
            sx += 36
        y += 40
        # the Gold Pan printed on the Town card
        if mine:
            label = "Gold Pan: 2 alike → 1 of choice · gold → any"
            acts.draw(b, {"type": "pan"}, "Gold Pan: trade dice", rect(pad, y, min(W - 2 * pad, 380), 34, "#f3e3b0", "#8a6a10", 1.5, 8)
                      + text(pad + 10, y + 22, label, 14, INKC, "start", True), text="Gold Pan")
            y += 42
        # plans in hand
        if pl["hand"]:
            b.add(text(pad, y + 18, "Plans in hand", 15, INKC, "start", True))
            y += 26
            per = L.per_row
            cw = (W - 2 * pad - (per - 1) * 8) / per
            for k, pid in enumerate(pl["hand"]):
                cx = pad + (k % per) * (cw + 8)
                cy = y + (k // per) * (PLAN_H + 8)
                plan = PLANS[pid]
                body = plan_card(plan, cx, cy, cw, PLAN_H, view["v"])
                if mine:
                    acts.draw(b, {"type": "build", "plan": pid}, f"Build the {plan['name']}", body, text=plan["name"])
                else:
                    b.add(body)
            y += ((len(pl["hand"]) + per - 1) // per) * (PLAN_H + 8)
        # buildings and their powers
        if pl["built"]:
            b.add(text(pad, y + 18, "Buildings", 15, INKC, "start", True))
            y += 26
            bx = pad
            for k, bt in enumerate(pl["built"]):
                plan = PLANS[bt["plan"]]
                label = f"{plan['name']} · {power_short(plan['power'])}"
                used = bt["used"] and plan["ptype"] == "once"
                wl = min(W - 2 * pad, 16 + len(label + (" (used)" if used else "")) * 7.6)
                if bx + wl > W - pad:
                    bx, y = pad, y + 40
                pt = plan["ptype"]
                body = (rect(bx, y, wl, 34, POWER_BG[pt] if not used else "#cbbfa8", rx=8)
                        + text(bx + 8, y + 22, label + (" (used)" if used else ""), 14, POWER_INK[pt] if not used else INKC))
                if mine:
                    acts.draw(b, {"type": "power", "b": k}, f"Use the {plan['name']}: {power_text(plan['power'])}", body,
                              text=label)
                else:
                    b.add(body)
                bx += wl + 8
            y += 44
        if not view["opts"]["no_main_street"]:
            plot_w = (W - 2 * pad - 8) / PLOTS
            svg, y = _street(view, pl["built"], view["derived"]["streets"][seat], pad + 4, y + 6, plot_w)
            b.add(svg)
            off = [bt for bt in pl["built"] if not bt.get("at")]
            if off:
                y += 18 * b.text(pad, y + 14, "Beside the town: " + ", ".join(PLANS[bt["plan"]]["name"] for bt in off),
                                 size=13, width=W - 2 * pad, lines=2)
        parts = (f"Buildings {score['buildings']} · Gold {score['gold']} · Horse "
                 f"{score['horse'] if score['horse_known'] else '?'} · Main Street {score['street']} · "
                 f"Penalties {score['penalties']}")
        y += 20 * b.text(pad, y + 18, parts, size=14, width=W - 2 * pad, lines=2, fill=MUTED) + 8
        assert b._current is not None
        b._current[at] = rect(4, top, W - 8, y - top, "#fbf3e2", BLUE if is_turn else "#8a6a44", 3 if is_turn else 1.5, 14)
    return y + 8


def _missions(b: Board, L: Layout, view: dict[str, Any], names: list[str], y: float) -> float:
    ms = view["missions"]
    if not any(ms) or view["over"]:
        return y
    with part(b, "missions"):
        for s, m in enumerate(ms):
            if not m:
                continue
            info = MISSIONS[m - 1]
            msg = f"Mission {m}: {info['score']}+ points and {info['text'].lower()}"
            if view["n"] == 1 and view["opts"]["mission_hard"]:
                msg += "; beat the Outlaw too"
            b.add(f'<text x="{L.pad}" y="{_n(y + 18)}" font-size="14" font-weight="bold" fill="{MUTED}">{names[s]} — </text>')
            y += 20 * b.text(L.pad, y + 36, msg, size=14, width=L.W - 2 * L.pad, lines=3, fill=MUTED) + 22
    return y


def _result(b: Board, L: Layout, view: dict[str, Any], names: list[str], y: float) -> float:
    res = view["derived"].get("result")
    if not res:
        return y
    W, pad = L.W, L.pad
    with part(b, "result"):
        top = y
        at = len(b._current or [])
        b.add("")
        b.add(f'<text x="{pad}" y="{_n(y + 28)}" font-size="19" font-weight="bold" fill="{INKC}">'
              f'{names_in(esc(res["headline"]), names)}</text>')
        y += 40
        op = res.get("outlaw")
        if op:
            msg = (f"The Outlaw: {op['buildings']} from plans, {op['horse']} from its Horse"
                   + (f", {op['sets']} from sets" if op.get("sets") else "") + f", {op['penalties']} penalties"
                   + (f", {op['street']} (No Main Street)" if op.get("street") else "") + f" = {op['total']}")
            y += 20 * b.text(pad, y + 8, msg, size=15, width=W - 2 * pad, lines=2) + 6
        if res.get("verdict"):
            y += 20 * b.text(pad, y + 8, res["verdict"], size=15, width=W - 2 * pad, lines=3, fill=MUTED) + 6
        for s, m in enumerate(res.get("missions") or []):
            if not m:
                continue
            ok = "cleared" if m["success"] else "not cleared"
            checks = [f"score {'✓' if m['score_ok'] else '✗'}", f"requirement {'✓' if m['extra_ok'] else '✗'}"]
            if m.get("hard"):
                checks.append(f"beat the Outlaw {'✓' if m['outlaw_ok'] else '✗'}")
            b.add(f'<text x="{pad}" y="{_n(y + 14)}" font-size="15" font-weight="bold" fill="{GREEN if m["success"] else RED}">'
                  f'{names[s]} — Mission {m["mission"]}: {ok} ({esc(", ".join(checks))})</text>')
            y += 20 + 18 * b.text(pad, y + 34, f"{m['need']}+ points and: {m['text'].lower()}", size=13,
                                  width=W - 2 * pad, lines=2, fill=MUTED)
        y += 10
        assert b._current is not None
        b._current[at] = rect(4, top, W - 8, y - top, "#f8e7b8", "#8a6a10", 3, 14)
    return y + 8


def render(view: dict[str, Any], ui: dict[str, Any]) -> str:
    L = Layout(bool(ui.get("narrow")))
    legal = list(ui.get("legal") or [])
    names = list(ui.get("names") or [])
    while len(names) < view["n"]:
        names.append(esc(f"Player {len(names) + 1}"))
    acts = Controls(legal)
    viewer = ui.get("viewer")
    b = Board(L.W, 100, "Tumble Town board", game_over=view["over"])
    _symbols(b)
    y = _head(b, L, view, names, 0)
    y = _result(b, L, view, names, y + 4)
    y = _missions(b, L, view, names, y)
    for r in range(3):
        y = _row(b, L, view, acts, r, y + 4)
    y = _panel(b, L, view, acts, names, y + 4)
    y = _rivals(b, L, view, y)
    order = list(range(view["n"]))
    if viewer is not None and viewer in order:
        order.remove(viewer)
        order.insert(0, viewer)
    for s in order:
        y = _town(b, L, view, s, names, acts, viewer, y)
    missing = [i for i in range(len(legal)) if i not in acts.drawn]
    if missing:  # any legal move not drawn above still gets a button
        with part(b, "more"):
            x = L.pad
            for i in missing:
                label = f"Move {i + 1}: {legal[i].get('type', '')}"
                if x + 200 > L.W - L.pad:
                    x, y = L.pad, y + 58
                b.control(i, label, button(x, y, 190, 50, label, "#555555", "#ffffff", 15), text=label)
                x += 200
            y += 60
    b.height = int(y + 10)
    return b.svg()
