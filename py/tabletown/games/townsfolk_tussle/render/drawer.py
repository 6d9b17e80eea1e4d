"""The Drawer: one board drawn from a view, part by part (each part a keyed `<g>` the page can
redraw alone); the parts themselves are drawn by its mixins (grid, cards, actions)."""

from __future__ import annotations

import json
from typing import Any, Optional

from tabletown.engine.draw import Board, Controls, seat_names

from .. import content as C
from .actions import ActionParts
from .cards import CardParts
from .common import (
    CHECKLIST,
    P,
    action_topic,
    folk_name,
    open_about,
    write,
)
from .grid import GridParts

# Parts drawn before, by everything they show: a part whose inputs did not change is reused as
# it was (its SVG, its height and the controls it drew).
_PARTS: dict[str, tuple[list[str], float, set[int]]] = {}


class Drawer(GridParts, CardParts, ActionParts):
    """One board drawn from a view and the page's `ui` (the render contract, engine/draw.py)."""

    def __init__(self, view: dict[str, Any], ui: dict[str, Any]):
        self.view = view
        self.ui = ui
        self.controls = Controls(ui.get("legal"))  # which legal actions are drawn, found by exact JSON
        self.legal = self.controls.legal
        self.drawn = self.controls.drawn  # the Board marks each control it draws
        self.names = seat_names(ui, len(view["folk"]))  # raw, as typed: only the kit escapes them
        self.narrow = bool(ui.get("narrow"))
        self.W = 430 if self.narrow else 1000
        self.viewer = ui.get("viewer")
        self.parts: list[tuple[str, list[str], int]] = []  # (key, svg chunks, height)
        self.derived = view.get("derived") or {}
        self.fight = view.get("fight")
        self.q = (view.get("pending") or {}).get("q")

    # --- helpers --------------------------------------------------------------------------------------------
    def indices_of(self, kinds: tuple[str, ...]) -> list[int]:
        return [i for i, a in enumerate(self.legal) if a.get("type") in kinds]

    def idx(self, action: dict[str, Any]) -> Optional[int]:
        return self.controls.find(action)

    def who(self, seat: int) -> str:
        return f"{folk_name(self.view, seat)} ({self.names[seat]})"

    def button(self, b: Board, i: int, x: float, y: float, w: float, h: float, text: str, label: str = "",
               fill: str = P["card"], size: int = 13) -> None:
        body = (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="{fill}" stroke="{P["accent"]}" '
                f'stroke-width="1.5"/>')
        b.control(i, label or text, body, text=text, data_topic=self.control_topic(self.legal[i]))
        write(b, x + 8, y + h / 2 + size * 0.35, text, size=size, width=w - 14, fill=P["ink"])

    def buttons(self, b: Board, items: list[tuple[int, str, str]], x: float, y: float, w: float,
                cols: int = 1, h: int = 30, gap: int = 6) -> float:
        """A block of buttons (index, text, label); returns the y below it."""
        col_w = (w - gap * (cols - 1)) / cols
        for n, (i, text, label) in enumerate(items):
            cx = x + (n % cols) * (col_w + gap)
            cy = y + (n // cols) * (h + gap)
            self.button(b, i, cx, cy, col_w, h, text, label)
        rows = (len(items) + cols - 1) // cols
        return y + rows * (h + gap)

    def control_topic(self, a: dict[str, Any]) -> str:
        """An answer links to the question asked, any other control to its kind of action."""
        if a.get("type") == "answer" and self.q is not None:
            return f"prompt:{self.q['k']}"
        return action_topic(a)

    # --- the whole board -------------------------------------------------------------------------------------
    def draw(self) -> Any:
        view, f, d = self.view, self.fight, self.derived
        b = Board(self.W, 100, "Townsfolk Tussle board", game_over=bool(d.get("over")), controls=self.controls)
        stage = view["stage"]["kind"]
        mine = self.indices_of
        head = [stage, view["round"], view["map_seen"], view["bar"], view["variant"]["map"],
                [f["rid"], f["level"], f["final"]] if f else None, [t["id"] for t in view["folk"]]]
        y = self.block(b, "head", self.header, 0, 0, self.W, same=head)
        if view.get("result"):
            y = self.block(b, "ending", self.ending, 0, y, self.W, same=view["result"])
        if self.q is not None:
            y = self.block(b, "question", self.question, 0, y, self.W)
        if stage == "pick":
            y = self.block(b, "pick", self.pick, 0, y, self.W,
                           same=[[t["id"] for t in view["folk"]], mine(("pick",)), self.legal])
        elif f is not None:
            terrain = [[p["t"], p["cells"][0], p.get("gone"), p.get("exh")] for p in f["terrain"]]
            ruffian = [f["rid"], f["level"], f["final"], f["hp"], f["max"], f["face"], f["counters"], f["stolen"],
                       f["weak"], f.get("card"), f.get("top"), f["kept"], f.get("targets"), len(f["deck"]),
                       len(f["disc"]), d.get("ruffian"), [t["id"] for t in view["folk"]], f.get("trail"), f.get("pushes"),
                       f.get("walk_from")]
            legend = [terrain, self.marks()]
            if self.narrow:  # a phone: what to press comes straight under the grid, the legends after it
                y = self.block(b, "grid", self.grid, 0, y, self.W)
                y = self.block(b, "actions", self.actions, 0, y, self.W)
                y = self.block(b, "legend", self.legend, 0, y, self.W, same=legend)
                y = self.block(b, "ruffian", self.ruffian, 0, y, self.W, same=ruffian)
            else:
                left = self.block(b, "grid", self.grid, 0, y, 566)
                left = self.block(b, "legend", self.legend, 0, left, 566, same=legend)
                right = self.block(b, "ruffian", self.ruffian, 576, y, 420, same=ruffian)
                right = self.block(b, "actions", self.actions, 576, right, 420)
                y = max(left, right)
        else:
            y = self.block(b, "shop", self.shop, 0, y, self.W,
                           same=[view["peddler"]["shop"], len(view["peddler"]["deck"]), d.get("prices"), mine(("buy",)),
                                 self.legal if mine(("buy",)) else None])
            y = self.block(b, "actions", self.actions, 0, y, self.W)
        if stage != "pick":
            y = self.folk_cards(b, y)
        y = self.block(b, "aids", self.aids, 0, y, self.W, same="fight" if f is not None else "town")
        # Anything legal not drawn yet gets a plain button at the end: no move is ever out of reach.
        rest = self.controls.rest()
        if rest:
            with b.part("more"):
                y = b.buttons(rest, self.describe, 10, y, self.W - 20, height=30, gap=6, size=13) + 6
        b.height = int(y + 10)
        return b.svg()

    def block(self, b: Board, key: str, fn: Any, x: float, y: float, w: float, same: Any = None) -> float:
        """Draw one keyed part, from y=0 and moved down to `y` (a part pushed down by a taller one
        above keeps its contents: the page only moves it). With `same` (everything the part shows),
        a part drawn before from the same inputs is reused as it was, controls and all."""
        with b.part(key, dy=y):
            if same is None:
                return y + fn(b, x, 0, w) + 8
            cache_key = json.dumps([key, x, w, self.narrow, same], sort_keys=True, separators=(",", ":"))
            hit = _PARTS.get(cache_key)
            if hit is not None:
                for chunk in hit[0]:
                    b.add(chunk)
                self.drawn |= hit[2]
                return y + hit[1]
            before = set(self.drawn)
            end = fn(b, x, 0, w) + 8
            # What the part holds once drawn (a box's height is filled in after its text is laid out).
            recorded = list(b._current or [])
            if len(_PARTS) > 400:
                _PARTS.clear()
            _PARTS[cache_key] = (recorded, end, self.drawn - before)
            return y + end

    # --- header: phase, Town Map, Buyin'/Beatin' bar ---------------------------------------------------------------
    def header(self, b: Board, x: float, y: float, w: float) -> float:
        view = self.view
        f = self.fight
        rnd = view["round"]
        if view["stage"]["kind"] == "pick":
            title = "Choose your townsfolk"
        elif f is not None:
            ruff = C.RUFFIANS[f["rid"]]
            title = f"Fight {rnd} of 4: {ruff['name']} ({C.LEVEL_NAMES[f['level']]})" + (" — the Final Fight" if f["final"] else "")
        else:
            title = f"Town Phase {rnd + 1}"
        b.add(f'<rect x="0" y="{y}" width="{self.W}" height="{110 if self.narrow else 64}" fill="{P["wood"]}"/>')
        b.add(open_about("card:final-fight" if f is not None and f["final"] else "board:round"))
        write(b, 12, y + 24, title, size=18, weight="bold", fill=P["paper"], width=self.W - 24)
        b.add("</g>")
        # Town Map
        side = C.MAP_SIDES[view["variant"]["map"]]
        mx = 12 if self.narrow else 470
        my = y + (34 if self.narrow else 8)
        b.add(open_about("board:town-map"))
        write(b, mx, my + 12, "Town Map", size=11, fill=P["gold"])
        for k in range(4):
            seen = view["map_seen"][k] if k < len(view["map_seen"]) else None
            tx = mx + 70 + k * (85 if self.narrow else 88)
            current = f is not None and k == rnd - 1
            b.add(f'<rect x="{tx}" y="{my}" width="82" height="44" rx="5" fill="{P["card"] if seen else P["muted"]}" '
                  f'stroke="{P["gold"] if current else P["line"]}" stroke-width="{3 if current else 1}"/>')
            write(b, tx + 41, my + 18, C.RUFFIANS[seen]["name"] if seen else "?", size=11, anchor="middle",
                   width=78, fill=P["ink"] if seen else P["paper"], weight="bold")
            b.add(open_about("board:level"))
            write(b, tx + 41, my + 36, C.LEVEL_NAMES[side[k]], size=10, anchor="middle",
                   fill=P["ink"] if seen else P["paper"])
            b.add("</g>")
        b.add("</g>")
        # Buyin'/Beatin' bar
        bar = view["bar"]
        if f is not None:  # the fight goes top-down, the Ruffian first; the town bottom-up
            label, order = "Beatin' order", " → ".join(["Ruffian"] + [folk_name(view, s) for s in bar])
        else:
            label, order = "Buyin' order", " → ".join(folk_name(view, s) for s in reversed(bar))
        by = y + (90 if self.narrow else 56)
        b.add(open_about("board:bar"))
        if not self.narrow:
            write(b, 12, y + 48, f"{label}: {order}", size=12, fill=P["paper"], width=440)
        else:
            write(b, 12, by, f"{label}: {order}", size=11, fill=P["paper"], width=self.W - 24)
        b.add("</g>")
        return y + (110 if self.narrow else 64)

    # --- the ending ----------------------------------------------------------------------------------------------------
    def ending(self, b: Board, x: float, y: float, w: float) -> float:
        res = self.view["result"]
        end = C.ENDINGS[res["ending"]]
        b.add(open_about("card:ending"))
        b.add(f'<rect x="8" y="{y}" width="{w - 16}" height="170" rx="8" fill="{P["highlight"]}" '
              f'stroke="{P["accent"]}" stroke-width="2"/>')
        write(b, 20, y + 26, f"{'You win!' if res['won'] else 'You lose.'} {end['number']}. {end['title']}", size=18,
               weight="bold", width=w - 40, fill=P["good"] if res["won"] else P["bad"])
        n = write(b, 20, y + 50, end["text"], size=12, width=w - 40, lines=7)
        if res["unlocks"]:
            names = " and ".join(C.GEAR[g]["name"] for g in res["unlocks"])
            write(b, 20, y + 58 + n * 15, f"Unlocked for your next games: {names}.", size=13, weight="bold",
                   width=w - 40, fill=P["accent"])
        b.add("</g>")
        return y + 170

    # --- player aids -------------------------------------------------------------------------------------------------
    def aids(self, b: Board, x: float, y: float, w: float) -> float:
        phase = "fight" if self.fight is not None else "town"
        col_w = w - 24 if self.narrow else (w - 36) / 2
        b.add(open_about(f"phase:{phase}"))
        write(b, 12, y + 16, "Phase checklist", size=13, weight="bold")
        yy = y + 22
        for line in CHECKLIST[phase]:
            yy += 14 * write(b, 20, yy + 12, "• " + line, size=11, width=col_w - 10)
        b.add("</g>")
        cx = 12 if self.narrow else 24 + col_w
        cy = yy + 8 if self.narrow else y
        b.add(open_about("card:crit-hit"))
        write(b, cx, cy + 16, "Crit Hit! (roll on a critical hit)", size=13, weight="bold")
        cy += 22
        for row in C.CRIT_CHART["table"]:
            lo, hi = row["min"], row["max"]
            label = f"{lo}" if lo == hi else (f"{lo}+" if hi is None else f"{lo}–{hi}")
            cy += 13 * write(b, cx + 8, cy + 12, f"{label}: {row['text']}", size=10, width=col_w - 10, lines=3)
        b.add("</g>")
        return max(yy, cy) + 6
