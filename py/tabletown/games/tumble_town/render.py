"""Tumble Town's board, drawn with the render kit from the view alone.

Keyed parts, so the page redraws only what changed: "head" (whose turn, the dice
supply), "row-1".."row-3" (the Plan decks and the face-up plans), "panel" (the player
whose turn it is: dice, construction, powers and the buttons to act; board_panel.py),
"rivals" (the Outlaw or the Sole Surveyor), "town-N" (each player's Town card, hand and
buildings; board_town.py), "missions" and, at the end, "result" (what the page's score
table does not say). The pieces they are drawn from are in board_pieces.py.

What keeps a click cheap:

- Each part is drawn in its own coordinates and moved into place (`Board.part`'s `dy`),
  and every part keeps its height while the game runs: the panel has a fixed height, a
  Town always keeps room for a line of plans in hand and a line of buildings. So the
  board's frame (its viewBox and <defs>) stays the same from click to click and the page
  swaps only the parts whose SVG changed.
- Dice (by colour and face), icons, empty positions and the Main Street of the game's Town
  card are symbols drawn once in <defs> and placed with <use>. Plan cards are not: a
  symbol for each plan turned face up would change the frame, and the whole board would
  be drawn again at each reveal.
- A part that is a function of a few inputs (a row, a Town) is kept (`Board.kept`), so a
  click draws again only the parts it changed.

Names arrive as typed (`ui["names"]`) and reach the SVG only through the kit's `text`,
which escapes them once. Every element a player may ask about carries `data-topic` (a key
of data/rule_index.json), so the page can link it to the paragraph of the rules that
governs it.

With `ui["narrow"]` (a phone) the board is 420 units wide and lays out fewer cards per
line, so plan text and die buttons keep their size on a 390 px screen.
"""

from __future__ import annotations

from typing import Any, Callable

from tabletown.engine.draw import Board, Controls, names_in, seat_names
from tabletown.engine.words import plural

from .board_panel import panel
from .board_pieces import (
    BOLD,
    GREEN,
    MUTED,
    PLAN_H,
    RED,
    Layout,
    about,
    box,
    define_symbols,
    die,
    offer,
    plan_card,
    spec,
)
from .board_town import town
from .content import BACKS, LEVEL_NAMES, MISSIONS, PLANS, TOWN_NAMES


def render(view: dict[str, Any], ui: dict[str, Any]) -> str:
    L = Layout(bool(ui.get("narrow")))
    names = seat_names(ui, view["n"])  # as typed: the kit escapes them
    acts = Controls(ui.get("legal"))
    viewer = ui.get("viewer")
    b = Board(L.W, 100, "Tumble Town board", game_over=view["over"], controls=acts)
    define_symbols(b, L, view["town"], not view["opts"]["no_main_street"])
    y = 0.0

    def put(key: str, draw: Callable[[], float], gap: float = 0) -> None:
        """A part drawn in its own coordinates (`draw` returns its height), moved down to where
        the parts above it end: a part pushed down keeps its SVG, so the page only moves it."""
        nonlocal y
        with b.part(key, dy=y + gap):
            height = draw()
        y += gap + height

    put("head", lambda: _head(b, L, view, names))
    if view["derived"].get("result"):
        put("result", lambda: _result(b, L, view, names), 4)
    if any(view["missions"]) and not view["over"]:
        put("missions", lambda: _missions(b, L, view, names))
    for r in range(3):
        put(f"row-{r + 1}", lambda r=r: _row(b, L, view, r), 4)
    if not view["over"]:
        put("panel", lambda: panel(b, L, view, names), 4)
    if view["outlaw"] or view["surveyor"]:
        put("rivals", lambda: _rivals(b, L, view))
    order = list(range(view["n"]))
    if viewer is not None and viewer in order:
        order.remove(viewer)
        order.insert(0, viewer)
    for s in order:
        put(f"town-{s}", lambda s=s: town(b, L, view, s, names, viewer))
    if acts.rest():  # any legal move not drawn elsewhere still gets a button
        put("more", lambda: b.buttons(acts.rest(), lambda a: f"Move {acts.find(a) + 1}: {a.get('type', '')}", L.pad, 0,
                                      L.W - 2 * L.pad, height=50, size=15, fill="#555555", least=190) + 10)
    b.height = int(y + 10)
    return b.svg()


def _head(b: Board, L: Layout, view: dict[str, Any], names: list[str]) -> float:
    """The game's title and options, whose turn it is, the dice supply and the Plan End cards."""
    d = view["derived"]
    W = L.W
    box(b, 0, 0, W, 96, "#5b3a1e", rx=0)
    b.text(L.pad, 30, "Tumble Town", 24, weight=BOLD, fill="#f8e7b8")
    sub = {"multi": plural(view["n"], "player"), "outlaw": f"Solo against the Outlaw ({view['opts']['difficulty']})",
           "no-outlaw": "Solo, No Outlaw chart", "sole-surveyor": "Solo, Sole Surveyor"}[view["mode"]]
    extras = [TOWN_NAMES[view["town"]] + " town"]
    if view["opts"]["no_main_street"]:
        extras.append("No Main Street")
    if view["opts"]["surplus"]:
        extras.append("Surplus")
    with about(b, "card:town"):
        b.text(W - L.pad, 28, sub + " · " + ", ".join(extras), size=13, width=W * 0.55, anchor="end", fill="#f5e6c4")
    if view["over"]:
        status = names_in(d["result"]["headline"], names) if d.get("result") else "The game is over"
    else:
        seat = view["start_seat"] if view["phase"] == "start" else view["turn"]
        status = f"Round {view['round']} · {names[seat]}’s turn"
    b.text(L.pad, 58, status, 18, weight=BOLD, fill="#ffffff", data_topic="board:round")
    if d["last_round"] and not view["over"]:
        with about(b, "board:end-warning"):
            b.text(W - L.pad, 58, "Last round!", 17, anchor="end", weight=BOLD, fill="#ffcf5a")
    with about(b, "board:supply"):
        x = L.pad
        for color in ("brown", "gray", "black", "gold"):
            n = view["supply"][color]
            low = n <= 2
            die(b, x, 66, 24, color, None, ring="#ff7a6a" if low else "")
            b.text(x + 30, 85, str(n), 17, weight=BOLD, fill="#ff9d8f" if low else "#ffffff")
            x += 72
    ends = sum(1 for s in d["deck_sizes"] if s == 0)
    with about(b, "card:plan-end"):
        b.text(W - L.pad, 85, f"Plan Ends showing: {ends}", 14, anchor="end", fill="#f5e6c4")
    return 100


def _row(b: Board, L: Layout, view: dict[str, Any], r: int) -> float:
    """A row of face-up plans with its deck: what a claim from it takes. Kept: drawn again
    only when the row, its deck or the claims offered change."""
    assert b.controls is not None
    claims = [b.controls.find({"type": "claim", "row": r, "col": c}) for c in range(4)]
    size = view["derived"]["deck_sizes"][r]
    inputs = ["row", L.narrow, r, view["rows"][r], view["backs"][r], size, view["v"], claims]
    return b.kept(inputs, lambda: _draw_row(b, L, view, r, size))


def _draw_row(b: Board, L: Layout, view: dict[str, Any], r: int, size: int) -> float:
    W, pad = L.W, L.pad
    level = r + 1
    back = BACKS[view["backs"][r]]
    with about(b, "board:row"):
        b.text(pad, 18, f"{LEVEL_NAMES[level]} row · " + (f"{size} in the deck" if size else "Plan End"), 16, weight=BOLD)
    with about(b, "card:plan-back" if size else "card:plan-end"):
        dx = W - pad - 26
        slots = list(back["fixed"]) + ["choice"] * len(back["choice"])
        for color in reversed(slots):
            if color != "choice":
                die(b, dx, 2, 22, color, None)
            else:
                spec(b, dx, 2, 22, "any")
            dx -= 26
        if not L.narrow:
            b.text(dx - 2, 18, "A claim takes", 13, anchor="end", fill=MUTED)
    card_w = L.card_w
    for col in range(4):
        cx = pad + (col % L.per_row) * (card_w + 8)
        cy = 28 + (col // L.per_row) * (PLAN_H + 8)
        pid = view["rows"][r][col]
        if pid is None:
            with about(b, "board:columns"):
                box(b, cx, cy, card_w, PLAN_H, "none", "#b89b72", 2, dash="8 6")
                b.text(cx + card_w / 2, cy + PLAN_H / 2, f"column {col + 1}: empty", 13, anchor="middle", fill=MUTED)
            continue
        plan = PLANS[pid]
        with offer(b, {"type": "claim", "row": r, "col": col},
                   f"Claim the {plan['name']} ({LEVEL_NAMES[level]} row, column {col + 1})", text=plan["name"]):
            plan_card(b, plan, cx, cy, card_w, PLAN_H, view["v"], note=f"col {col + 1}")
    lines = (4 + L.per_row - 1) // L.per_row
    return 28 + lines * (PLAN_H + 8) + 4


def _rivals(b: Board, L: Layout, view: dict[str, Any]) -> float:
    """The solo opponent: the Outlaw's haul and last roll, or the Sole Surveyor's last roll."""
    W, pad = L.W, L.pad
    o = view["outlaw"]
    s = view["surveyor"]
    y = 0
    if o:
        info = view["derived"]["outlaw"]
        h = 150 if L.narrow else 120
        with about(b, "board:outlaw"):
            box(b, 4, y, W - 8, h, "#3b2a1e", rx=14)
            b.text(pad, y + 28, "The Outlaw", 20, weight=BOLD, fill="#ffcf5a")
            b.text(pad, y + 52, f"{plural(len(o['plans']), 'plan')} stolen ({plural(info['points'], 'point')}) · "
                   f"{plural(o['penalties'], 'Penalty token')} · {plural(info['horses'], 'secret Horse')}", size=15,
                   width=W - 2 * pad, lines=2, fill="#ffffff")
            held = ", ".join(f"{n} {color}" for color, n in o["dice"].items() if n)
            b.text(pad, y + 92, f"Dice taken: {held or 'none'}", 14, fill="#f5e6c4")
            last = o.get("last")
            if last:
                x = W - pad - 3 * 40
                ly = y + 8 if not L.narrow else y + 100
                for i, (color, v) in enumerate(last["roll"].items()):
                    die(b, x + i * 40, ly, 34, color, v)
                if not L.narrow:
                    stolen = ", ".join(PLANS[p]["name"] for p in last["plans"]) or "nothing"
                    b.text(W - pad, y + 70, f"Stole: {stolen}", size=13, width=W / 2 - pad, anchor="end", fill="#ffffff")
        y += h + 8
    if s:
        with about(b, "board:surveyor"):
            box(b, 4, y, W - 8, 80, "#3b4a2e", rx=14)
            b.text(pad, y + 28, "The Sole Surveyor", 20, weight=BOLD, fill="#e8f5d0")
            last = s.get("last")
            if last:
                die(b, pad, y + 38, 34, "brown", last["roll"])
                cleared = ", ".join(PLANS[p]["name"] for p in last["plans"])
                msg = (f"cleared column {last['roll']}: {cleared or 'nothing left there'}" if last["roll"] <= 4
                       else "rolled 5 or 6: nothing happens")
                b.text(pad + 44, y + 60, msg, size=14, width=W - 2 * pad - 44, fill="#ffffff")
            else:
                b.text(pad, y + 60, "Rolls after each of your turns and clears a column of plans on 1–4.", size=14,
                       width=W - 2 * pad, fill="#ffffff")
        y += 88
    return y


def _missions(b: Board, L: Layout, view: dict[str, Any], names: list[str]) -> float:
    """Each player's mission card, while the game runs."""
    y = 0
    with about(b, "board:missions"):
        for s, m in enumerate(view["missions"]):
            if not m:
                continue
            info = MISSIONS[m - 1]
            msg = f"Mission {m}: {info['score']}+ points and {info['text'].lower()}"
            if view["n"] == 1 and view["opts"]["mission_hard"]:
                msg += "; beat the Outlaw too"
            b.text(L.pad, y + 18, f"{names[s]} — ", 14, weight=BOLD, fill=MUTED)
            y += 20 * b.text(L.pad, y + 36, msg, size=14, width=L.W - 2 * L.pad, lines=3, fill=MUTED) + 22
    return y


def _result(b: Board, L: Layout, view: dict[str, Any], names: list[str]) -> float:
    """At the end, what the page's score table does not say: the headline, the Outlaw's tally,
    the chart's verdict and each mission's checks."""
    res = view["derived"]["result"]
    W, pad = L.W, L.pad
    with b.apart() as inside:
        b.text(pad, 28, names_in(res["headline"], names), 19, weight=BOLD)
        y = 40.0
        op = res.get("outlaw")
        if op:
            msg = (f"The Outlaw: {op['buildings']} from plans, {op['horse']} from its Horse"
                   + (f", {op['sets']} from sets" if op.get("sets") else "") + f", {op['penalties']} penalties"
                   + (f", {op['street']} (No Main Street)" if op.get("street") else "") + f" = {op['total']}")
            with about(b, "board:outlaw"):
                y += 20 * b.text(pad, y + 8, msg, size=15, width=W - 2 * pad, lines=2) + 6
        if res.get("verdict"):
            with about(b, "board:verdict"):
                y += 20 * b.text(pad, y + 8, res["verdict"], size=15, width=W - 2 * pad, lines=3, fill=MUTED) + 6
        for s, m in enumerate(res.get("missions") or []):
            if not m:
                continue
            ok = "cleared" if m["success"] else "not cleared"
            checks = [f"score {'✓' if m['score_ok'] else '✗'}", f"requirement {'✓' if m['extra_ok'] else '✗'}"]
            if m.get("hard"):
                checks.append(f"beat the Outlaw {'✓' if m['outlaw_ok'] else '✗'}")
            with about(b, "board:missions"):
                b.text(pad, y + 14, f"{names[s]} — Mission {m['mission']}: {ok} ({', '.join(checks)})", 15, weight=BOLD,
                       fill=GREEN if m["success"] else RED)
                y += 20 + 18 * b.text(pad, y + 34, f"{m['need']}+ points and: {m['text'].lower()}", size=13,
                                      width=W - 2 * pad, lines=2, fill=MUTED)
        y += 10
    box(b, 4, 0, W - 8, y, "#f8e7b8", "#8a6a10", 3, 14)
    b.add("".join(inside))
    return y + 8
