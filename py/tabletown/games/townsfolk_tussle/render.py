"""The Townsfolk Tussle board as SVG: the grid landscape with its terrain and legend, the
Ruffian's footprint and facing, reachable squares and attack range for the townsfolk whose turn
it is, the Ruffian's card and the action card being played, the townsfolk cards with slots and
stash, the Peddler's table, the Town Map, the Buyin'/Beatin' bar, and the player aids (turn order,
the phase checklist, the Crit Hit chart).

Every element a player may ask about carries `data-topic` (a key of data/pages/rule_index.json),
which the page links to the rules paragraph behind it.

Every legal action is drawn as exactly one control. The board is made of keyed parts so the page
can redraw only what changed. With `ui["narrow"]` the same parts stack in one column for a phone.
"""

from __future__ import annotations

import json
from typing import Any, Optional

from tabletown.engine.draw import PALETTE, Board, Controls, esc, fit_lines, seat_names
from tabletown.engine.words import plural

from . import content as C
from .board import foot

P = PALETTE
CELL = 44
GRID = 12
TERRAIN_FILL = {
    "murky-moat": "#8fa7a0", "dangerous-ditch": "#b98a5e", "town-pond": "#6fa3c7", "rickety-farm": "#9b6a45",
    "dense-woods": "#4f7a45", "overgrown-cornfield": "#c9b458", "vegetable-patch": "#86a85a", "docs-hut": "#a9866a",
    "wooden-fence": "#8a6a42", "hidey-haystack": "#d9c27a", "deserted-picnic": "#d58f8f", "old-jalopy": "#7b7f86",
    "tool-shed": "#8c7356", "wishing-well": "#7f8fa3", "buzzing-hive": "#d9a83f", "foul-outhouse": "#7d6b4f",
    "mushroom-grove": "#b08bb5", "big-barrel-terrain": "#a0703f", "bear-trap": "#9a9a9a",
    "dynamite-detonator": "#c0504d",
}
DIR_ARROW = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
DIR_NAME = {"n": "north", "e": "east", "s": "south", "w": "west"}
SLOT_NAMES = {"left-hand": "Left hand", "right-hand": "Right hand", "head": "Head", "chest": "Chest", "leg": "Leg",
              "accessory": "Accessory", "hands": "Both hands"}
CHECKLIST = {
    "town": ["Draw Feats up to 3", "The Peddler lays out 10 items", "Reset the shop? (2 Coins per townsfolk)",
             "Town Events in Buyin' order", "Buy or sell one item a turn; equip freely", "All pass: to the fight"],
    "fight": ["Reveal the Ruffian; set up the landscape", "Townsfolk take T squares in Beatin' order",
              "The Ruffian plays its action deck first", "Each townsfolk: move, attack, use terrain and gear",
              "Breaking points at 18, 12, 7 and 4 HP", "Defeat: 6 Coins, loot, rotate the bar"],
}


def open_about(topic: str) -> str:
    """The opening tag of something a player may ask about; close it with `</g>`."""
    return f'<g data-topic="{esc(topic)}">'


def action_topic(a: dict[str, Any]) -> str:
    return f"action:{a.get('type')}"


_TEXT: dict[tuple, tuple[str, int]] = {}
_PARTS: dict[str, tuple[list[str], float, set[int]]] = {}


def write(b: Board, x: float, y: float, text: Any, size: float = 14, width: Optional[float] = None, lines: int = 1,
          anchor: str = "start", weight: str = "normal", fill: str = P["ink"]) -> int:
    """Text on the board, wrapped to `width` in at most `lines` lines; it never takes a click meant
    for the control beneath it. Returns the lines used. The same text is laid out once and kept."""
    key = (x, y, str(text), size, width, lines, anchor, weight, fill)
    found = _TEXT.get(key)
    if found is None:
        rows = fit_lines(str(text), width, size, lines) if width else [str(text)]
        head = (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" text-anchor="{anchor}" '
                f'font-weight="{weight}" fill="{fill}" pointer-events="none">')
        if len(rows) == 1:
            svg = head + esc(rows[0]) + "</text>"
        else:
            svg = head + "".join(f'<tspan x="{_n(x)}" dy="{_n(0 if i == 0 else size * 1.2)}">{esc(r)}</tspan>'
                                 for i, r in enumerate(rows)) + "</text>"
        if len(_TEXT) > 20000:
            _TEXT.clear()
        found = _TEXT[key] = (svg, len(rows))
    b.add(found[0])
    return found[1]


def _n(value: float) -> str:
    if isinstance(value, int) or float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def square_name(sq: Any) -> str:
    return f"{'ABCDEFGHIJKL'[sq[0]]}{sq[1] + 1}"


def folk_name(view: dict[str, Any], seat: int) -> str:
    tid = view["folk"][seat]["id"]
    return C.TOWNSFOLK[tid]["short"] if tid else f"Seat {seat + 1}"


# What to do with a question answered on the grid, said under it.
QUESTION_HINTS = {
    "path": "Each dashed, numbered footprint is where the Ruffian ends on that path (dots mark its steps). "
            "Press one to choose it.",
    "push": "The Ruffian has moved onto {name}'s square: press a green square to push {name} there.",
}


def footprint_name(pos: Any) -> str:
    """The four squares a Ruffian at `pos` (its top-left square) covers, as "C4–D5"."""
    return f"{square_name(pos)}–{square_name((pos[0] + 1, pos[1] + 1))}"


def path_text(path: list, n: int) -> str:
    return f"Path {n + 1}: {plural(len(path) - 1, 'step')}, ends on {footprint_name(path[-1])}"


def gear_line(inst: str) -> str:
    g = C.gear_of(inst)
    parts = []
    if g["slot"] == "special":
        parts.append("Special Gear")
    elif g.get("weapon"):
        w = g["weapon"]
        parts.append(f"{w['style'].capitalize()}, {g.get('hands', 1)}-handed {w['type']}")
        if "dmg" in w:
            parts.append(f"{w['mox']} MOX, {w['acc']}+, {w['dmg']} DMG" + (f", range {w['range']}" if w.get("range") else ""))
    else:
        parts.append(SLOT_NAMES.get(g["slot"], g["slot"]))
    bonus = g.get("bonus") or {}
    if bonus:
        parts.append(" ".join(f"{'+' if v > 0 else ''}{v} {k.upper()}" for k, v in bonus.items()))
    return "; ".join(parts)


class Drawer:
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

    # --- a question in the middle of an action ---------------------------------------------------------------------------
    def question(self, b: Board, x: float, y: float, w: float) -> float:
        q = self.q
        kind = q["k"]
        from .phrases import QUESTIONS

        seat = q["seat"]
        text = QUESTIONS.get(kind, "Decide").format(name=folk_name(self.view, seat),
                                                    gear=C.gear_of(q["g"])["name"] if q.get("g") else "gear")
        b.add(open_about(f"prompt:{kind}"))
        b.add(f'<rect x="8" y="{y}" width="{w - 16}" height="34" rx="6" fill="{P["highlight"]}"/>')
        write(b, 18, y + 22, f"{self.who(seat)}: {text}", size=14, weight="bold", width=w - 36)
        b.add("</g>")
        y += 40
        items = []
        for i, a in enumerate(self.legal):
            if a.get("type") != "answer":
                continue
            v = a["v"]
            if isinstance(v, list) and len(v) == 2 and all(isinstance(c, int) for c in v) and self.fight is not None \
                    and kind not in ("exchange",):
                continue  # squares are chosen on the grid
            if kind == "path" and self.fight is not None:
                continue  # each path is its footprint on the grid
            items.append((i, self.answer_text(q, v), self.answer_text(q, v)))
        if items:
            y = self.buttons(b, items, 12, y, w - 24, cols=1 if self.narrow else 3)
        hint = QUESTION_HINTS.get(kind) if self.fight is not None else None
        if hint:
            y += 16 * write(b, 18, y + 12, hint.format(name=folk_name(self.view, seat)), size=13, width=w - 36, lines=3)
        return y

    def answer_text(self, q: dict[str, Any], v: Any) -> str:
        kind = q["k"]
        if kind == "react":
            return "Yes, react" if v else "No"
        if kind == "equip":
            return "Keep it in the stash" if v == "stash" else f"Equip: {SLOT_NAMES.get(v, v)}"
        if kind == "gear":
            prefix = {"give": "Give", "discard": "Lose", "unequip": "Unequip", "steal": "Lose", "take": "Take",
                      "recover": "Get back", "attack": "Attack with"}.get(q.get("why"), "The")
            return f"{prefix} the {C.gear_of(v)['name']}"
        if kind == "sheriff":
            return "Roll for it" if v == "roll" else f"{folk_name(self.view, v)} is sheriff"
        if kind == "path":
            return path_text(q["paths"][v], v)
        if kind == "face":
            return f"Face {DIR_NAME[v]}"
        if kind == "direction":
            return f"Push {DIR_NAME[v]}"
        if kind in ("pay", "give"):
            return plural(v, "Coin")
        if kind == "agree":
            return "Agree" if v else "Refuse"
        if kind == "exchange":
            if v is None:
                return "No trade"
            other, take = v
            return f"Ask {folk_name(self.view, other)} for the {C.gear_of(take)['name']}"
        if kind == "option":
            texts = C.CHOICES.get(q.get("choice"), [])
            return texts[v] if v < len(texts) else f"Option {v + 1}"
        if kind == "tie":
            return folk_name(self.view, v)
        if isinstance(v, list):
            return f"Square {square_name(v)}"
        return str(v)

    # --- choosing townsfolk ---------------------------------------------------------------------------------------
    def pick(self, b: Board, x: float, y: float, w: float) -> float:
        cols = 1 if self.narrow else 2
        cw = (w - 24 - 10 * (cols - 1)) / cols
        ch = 178
        taken = {t["id"] for t in self.view["folk"] if t["id"]}
        for n, tid in enumerate(C.TOWNSFOLK_IDS):
            row = C.TOWNSFOLK[tid]
            cx = 12 + (n % cols) * (cw + 10)
            cy = y + (n // cols) * (ch + 10)
            b.add(open_about("card:townsfolk"))
            b.add(f'<rect x="{cx}" y="{cy}" width="{cw}" height="{ch}" rx="8" fill="{P["muted"] if tid in taken else P["card"]}" '
                  f'stroke="{P["line"]}"/>')
            st = row["stats"]
            write(b, cx + 10, cy + 20, f"{row['name']}", size=15, weight="bold", width=cw - 20)
            write(b, cx + 10, cy + 38, f"HP {st['hp']['start']}, MVMT {st['mvmt']['start']}, MOX {st['mox']['start']}, "
                                      f"ACC {st['acc']['start']:+d}", size=12, width=cw - 20)
            ab = "; ".join(f"{a['name']}: {a['text']}" for a in row["abilities"])
            write(b, cx + 10, cy + 56, ab, size=11, width=cw - 20, lines=4)
            kit = ", ".join(C.GEAR[g]["name"] for g in C.STARTING[tid])
            b.add(open_about("card:starting-gear"))
            write(b, cx + 10, cy + 120, f"Starting gear: {kit}", size=11, width=cw - 20, lines=1, fill=P["muted"])
            b.add("</g>")
            bx = cx + 10
            for alt in (False, True):
                i = self.idx({"type": "pick", "folk": tid, "alt": alt})
                if i is None:
                    continue
                label = f"Play {row['short']}" + (" with the alternative gear" if alt else "")
                text = "Play with " + ", ".join(C.GEAR[g]["name"] for g in C.ALTERNATIVE[tid]) if alt else f"Play {row['short']}"
                bw = (cw - 30) / 2
                self.button(b, i, bx, cy + ch - 40, bw, 30, text, label)
                bx += bw + 10
            b.add("</g>")
        rows = (len(C.TOWNSFOLK_IDS) + cols - 1) // cols
        return y + rows * (ch + 10)

    # --- the grid ---------------------------------------------------------------------------------------------------
    def grid(self, b: Board, x: float, y: float, w: float) -> float:
        view, f, d = self.view, self.fight, self.derived
        cell = (w - 30) / GRID if self.narrow else CELL
        ox, oy = x + 22, y + 20
        b.add(open_about("board:grid"))
        b.add(f'<rect x="{ox}" y="{oy}" width="{cell * GRID}" height="{cell * GRID}" fill="#e9e2c8" stroke="{P["line"]}"/>')
        for k in range(GRID):
            write(b, ox + k * cell + cell / 2, oy - 6, "ABCDEFGHIJKL"[k], size=11, anchor="middle", fill=P["muted"])
            write(b, ox - 6, oy + k * cell + cell / 2 + 4, str(k + 1), size=11, anchor="end", fill=P["muted"])
        lines = "".join(f'<path d="M{ox + k * cell} {oy}V{oy + GRID * cell}M{ox} {oy + k * cell}H{ox + GRID * cell}"/>'
                        for k in range(1, GRID))
        b.add(f'<g stroke="{P["line"]}" stroke-width="0.6">{lines}</g>')
        # terrain
        for p in f["terrain"]:
            if p.get("gone"):
                continue
            fill = TERRAIN_FILL.get(p["t"], "#999")
            b.add(open_about(f"card:{p['type']}"))  # an obstacle or a feature
            for c in p["cells"]:
                dash = ' stroke-dasharray="3 2"' if p["type"] == "feature" else ""
                b.add(f'<rect x="{ox + c[0] * cell + 1}" y="{oy + c[1] * cell + 1}" width="{cell - 2}" height="{cell - 2}" '
                      f'fill="{fill}" opacity="{0.9 if p["type"] == "obstacle" else 0.55}" stroke="{P["ink"]}"{dash}/>')
            c0 = p["cells"][0]
            name = C.TERRAIN[p["t"]]["name"]
            short = "".join(word[0] for word in name.replace("&", "").split())[:3]
            write(b, ox + c0[0] * cell + 4, oy + c0[1] * cell + 13, short + ("×" if p.get("exh") else ""), size=10,
                   weight="bold", fill=P["ink"])
            if p.get("door"):
                dc = p["door"]
                b.add(f'<rect x="{ox + dc[0] * cell + 4}" y="{oy + dc[1] * cell + 4}" width="{cell - 8}" height="{cell - 8}" '
                      f'fill="none" stroke="{P["accent"]}" stroke-width="2" stroke-dasharray="4 3"/>')
            b.add("</g>")
        # start squares during positioning
        if view["stage"]["kind"] == "position":
            b.add(open_about("board:start-square"))
            for t in C.RUFFIANS[f["rid"]]["landscape"]["t"]:
                write(b, ox + t[0] * cell + cell / 2, oy + t[1] * cell + cell / 2 + 5, "T", size=16, anchor="middle",
                       weight="bold", fill=P["accent"])
            b.add("</g>")
        # attack range of the townsfolk whose turn it is
        turn = d.get("turn")
        if turn and self.q is None:
            b.add(open_about("board:attack-range"))
            for sq in turn["range"]:
                b.add(f'<rect x="{ox + sq[0] * cell + 2}" y="{oy + sq[1] * cell + 2}" width="{cell - 4}" height="{cell - 4}" '
                      f'fill="none" stroke="{P["bad"]}" stroke-width="1" opacity="0.5"/>')
            b.add("</g>")
        # the Ruffian's last action: the trail it moved along, whom it targeted, where it pushed them
        trail = f.get("trail") or []
        start = f.get("walk_from")
        if trail and start:  # where the walk began: the footprint it left, dashed
            b.add(f'<rect x="{_n(ox + start[0] * cell + 3)}" y="{_n(oy + start[1] * cell + 3)}" width="{_n(2 * cell - 6)}" '
                  f'height="{_n(2 * cell - 6)}" rx="10" fill="none" stroke="{P["bad"]}" stroke-width="2" '
                  f'stroke-dasharray="6 4" opacity="0.6"/>')
            trail = [start] + trail
        if len(trail) > 1:
            pts = " ".join(f"{_n(ox + sq[0] * cell + cell)},{_n(oy + sq[1] * cell + cell)}" for sq in trail)
            b.add(f'<polyline points="{pts}" fill="none" stroke="{P["bad"]}" stroke-width="2" stroke-dasharray="4 3" '
                  f'opacity="0.5"/>')
        for sq in trail:
            b.add(f'<circle cx="{ox + sq[0] * cell + cell}" cy="{oy + sq[1] * cell + cell}" r="4" fill="{P["bad"]}" opacity="0.5"/>')
        for target in f.get("targets") or []:
            if isinstance(target, int) and view["folk"][target]["pos"] is not None:
                tp = view["folk"][target]["pos"]
                b.add(f'<circle cx="{ox + tp[0] * cell + cell / 2}" cy="{oy + tp[1] * cell + cell / 2}" r="{cell * 0.47}" '
                      f'fill="none" stroke="{P["bad"]}" stroke-width="3" stroke-dasharray="5 3"/>')
        for _, sq in f.get("pushes") or []:
            b.add(f'<rect x="{ox + sq[0] * cell + 2}" y="{oy + sq[1] * cell + 2}" width="{cell - 4}" height="{cell - 4}" '
                  f'fill="none" stroke="{P["warn"]}" stroke-width="2"/>')
        # the Ruffian
        if not f.get("out"):
            px, py = ox + f["pos"][0] * cell, oy + f["pos"][1] * cell
            ruff = C.RUFFIANS[f["rid"]]
            b.add(open_about("board:ruffian"))
            b.add(f'<rect x="{px + 2}" y="{py + 2}" width="{2 * cell - 4}" height="{2 * cell - 4}" rx="10" '
                  f'fill="{P["bad"]}" stroke="{P["ink"]}" stroke-width="2"/>')
            if self.narrow:  # a phone's smaller squares: the name on up to two lines, not cut short
                write(b, px + cell, py + cell - 9, ruff["name"], size=9, anchor="middle", weight="bold",
                      fill=P["paper"], width=2 * cell - 6, lines=2)
                write(b, px + cell, py + cell + 16, f"{f['hp']} HP", size=10, anchor="middle", fill=P["paper"])
            else:
                write(b, px + cell, py + cell - 2, ruff["name"], size=11 if len(ruff["name"]) < 12 else 9,
                      anchor="middle", weight="bold", fill=P["paper"], width=2 * cell - 8)
                write(b, px + cell, py + cell + 14, f"{f['hp']} HP", size=11, anchor="middle", fill=P["paper"])
            dx, dy = DIR_ARROW[f["face"]]
            cx, cy = px + cell + dx * (cell - 6), py + cell + dy * (cell - 6)
            b.add(open_about("board:facing") + f'<circle cx="{cx}" cy="{cy}" r="6" fill="{P["gold"]}" stroke="{P["ink"]}"/></g>')
            b.add("</g>")
        # townsfolk
        under = {tuple(c) for c in foot(f["pos"])} if not f.get("out") else set()
        for s, t in enumerate(view["folk"]):
            if t["pos"] is None or t["out"] is not None or t["ko"]:
                continue
            if tuple(t["pos"]) in under:
                continue  # the Ruffian moved onto them: they wait for their push, drawn on the squares offered
            cx, cy = ox + t["pos"][0] * cell + cell / 2, oy + t["pos"][1] * cell + cell / 2
            colour = P["seats"][s % len(P["seats"])]
            ring = P["gold"] if turn and turn["who"] == s else P["paper"]
            b.add(open_about("card:townsfolk"))
            b.add(f'<circle cx="{cx}" cy="{cy}" r="{cell * 0.38}" fill="{colour}" stroke="{ring}" stroke-width="3"/>')
            write(b, cx, cy + 4, folk_name(view, s)[:2], size=12, anchor="middle", weight="bold", fill=P["paper"])
            if f.get("sheriff") == s:
                b.add(open_about("board:sheriff"))
                write(b, cx + cell * 0.3, cy - cell * 0.2, "★", size=12, anchor="middle", fill=P["gold"])
                b.add("</g>")
            b.add("</g>")
        # controls on squares: moves, starting squares, square answers
        q = self.q
        paths = q.get("paths") if q and q["k"] == "path" else None
        if paths:
            self.path_options(b, paths, ox, oy, cell)
        for i, a in enumerate(self.legal):
            sq = None
            what = ""
            if a.get("type") == "move":
                sq, what = a["to"], f"Move to {square_name(a['to'])}"
            elif a.get("type") == "start":
                sq, what = a["at"], f"Start at {square_name(a['at'])}"
            elif a.get("type") == "answer" and isinstance(a["v"], list) and len(a["v"]) == 2 \
                    and all(isinstance(c, int) for c in a["v"]) and q and q["k"] not in ("exchange",):
                sq, what = a["v"], f"{square_name(a['v'])}"
                if q["k"] == "place" and q.get("who") in C.RUFFIANS:
                    what = f"Place the Ruffian at {square_name(a['v'])}"
                elif q["k"] == "spot":
                    what = f"The Ruffian goes to {square_name(a['v'])}"
                else:
                    what = f"Go to {square_name(a['v'])}"
            if sq is None:
                continue
            body = (f'<rect x="{ox + sq[0] * cell + 3}" y="{oy + sq[1] * cell + 3}" width="{cell - 6}" height="{cell - 6}" '
                    f'rx="4" fill="{P["good"]}" opacity="0.35" stroke="{P["good"]}" stroke-width="2"/>')
            if a.get("type") == "answer" and q["k"] == "push":  # who would stand there
                what = f"Push {folk_name(view, q['seat'])} to {square_name(sq)}"
                body += (f'<text x="{_n(ox + sq[0] * cell + cell / 2)}" y="{_n(oy + sq[1] * cell + cell / 2 + 4)}" '
                         f'font-size="12" text-anchor="middle" font-weight="bold" fill="{P["ink"]}" opacity="0.7" '
                         f'pointer-events="none">{esc(folk_name(view, q["seat"])[:2])}</text>')
            b.control(i, what, body, data_topic=self.control_topic(a))
        b.add("</g>")
        return oy + GRID * cell + 8

    def path_options(self, b: Board, paths: list, ox: float, oy: float, cell: float) -> None:
        """Each path the players may choose, as the Ruffian's footprint where it ends (numbered, dashed,
        in its own colour) with a dot for each step on the way; the footprint is the control."""
        ends = [foot(p[-1]) for p in paths]
        for n, path in enumerate(paths):
            colour = P["seats"][n % len(P["seats"])]
            b.add(open_about("prompt:path"))
            for p in path[1:-1]:
                b.add(f'<circle cx="{_n(ox + p[0] * cell + cell)}" cy="{_n(oy + p[1] * cell + cell)}" r="4" '
                      f'fill="{colour}" stroke="{P["paper"]}"/>')
            end = path[-1]
            inset = 3 + 3 * (n % 3)  # footprints that overlap stay told apart
            body = (f'<rect x="{_n(ox + end[0] * cell + inset)}" y="{_n(oy + end[1] * cell + inset)}" '
                    f'width="{_n(2 * cell - 2 * inset)}" height="{_n(2 * cell - 2 * inset)}" rx="8" fill="{colour}" '
                    f'fill-opacity="0.15" stroke="{colour}" stroke-width="3" stroke-dasharray="8 4"/>')
            i = self.idx({"type": "answer", "v": n})
            if i is not None:
                b.control(i, path_text(path, n), body, data_topic="prompt:path")
            else:
                b.add(body)
            # the number goes on a square of this footprint no other ending covers, if there is one
            free = [c for c in ends[n] if not any(c in other for k, other in enumerate(ends) if k != n)]
            lx, ly = free[0] if free else (end[0] + 0.5, end[1] + 0.5)
            write(b, ox + lx * cell + cell / 2, oy + ly * cell + cell / 2 + 6, str(n + 1), size=18, anchor="middle",
                  weight="bold", fill=colour)
            b.add("</g>")

    def marks(self) -> list[str]:
        """The kinds of mark the grid shows now, in the order the legend explains them."""
        f, view, q = self.fight, self.view, self.q
        turn = self.derived.get("turn")
        out = []
        if any(a.get("type") in ("move", "start") or (a.get("type") == "answer" and isinstance(a.get("v"), list)
                                                     and q is not None and q["k"] != "exchange") for a in self.legal):
            out.append("choose")
        if q is not None and q["k"] == "path":
            out.append("paths")
        if turn and q is None and turn.get("range"):
            out.append("range")
        if any(isinstance(t, int) and view["folk"][t]["pos"] is not None for t in f.get("targets") or []):
            out.append("target")
        if f.get("trail"):
            out.append("trail")
        if f.get("pushes"):
            out.append("pushes")
        if not f.get("out"):
            out.append("facing")
        live = [p for p in f["terrain"] if not p.get("gone")]
        if any(p["type"] == "feature" for p in live):
            out.append("feature")
        if any(p["type"] == "obstacle" for p in live):
            out.append("obstacle")
        if any(p.get("door") for p in live):
            out.append("door")
        if view["stage"]["kind"] == "position":
            out.append("start")
        if f.get("sheriff") is not None:
            out.append("sheriff")
        return out

    def mark_swatch(self, b: Board, kind: str, x: float, y: float) -> None:
        """A small copy of a grid mark, drawn the way the grid draws it."""
        s = 16
        swatch = {
            "choose": f'<rect x="{x}" y="{y}" width="{s}" height="{s}" rx="3" fill="{P["good"]}" fill-opacity="0.35" '
                      f'stroke="{P["good"]}" stroke-width="2"/>',
            "paths": f'<rect x="{x}" y="{y}" width="{s}" height="{s}" rx="3" fill="{P["seats"][0]}" fill-opacity="0.15" '
                     f'stroke="{P["seats"][0]}" stroke-width="2" stroke-dasharray="4 2"/>',
            "range": f'<rect x="{x}" y="{y}" width="{s}" height="{s}" fill="none" stroke="{P["bad"]}" stroke-width="1" '
                     f'opacity="0.5"/>',
            "target": f'<circle cx="{x + s / 2}" cy="{y + s / 2}" r="{s / 2 - 1}" fill="none" stroke="{P["bad"]}" '
                      f'stroke-width="2" stroke-dasharray="3 2"/>',
            "trail": f'<rect x="{x}" y="{y}" width="{s}" height="{s}" rx="3" fill="none" stroke="{P["bad"]}" '
                     f'stroke-width="1.5" stroke-dasharray="4 2" opacity="0.6"/>'
                     f'<circle cx="{x + s / 2}" cy="{y + s / 2}" r="4" fill="{P["bad"]}" opacity="0.5"/>',
            "pushes": f'<rect x="{x}" y="{y}" width="{s}" height="{s}" fill="none" stroke="{P["warn"]}" stroke-width="2"/>',
            "facing": f'<circle cx="{x + s / 2}" cy="{y + s / 2}" r="6" fill="{P["gold"]}" stroke="{P["ink"]}"/>',
            "feature": f'<rect x="{x}" y="{y}" width="{s}" height="{s}" fill="#c9b458" opacity="0.55" stroke="{P["ink"]}" '
                       f'stroke-dasharray="3 2"/>',
            "obstacle": f'<rect x="{x}" y="{y}" width="{s}" height="{s}" fill="#8a6a42" opacity="0.9" stroke="{P["ink"]}"/>',
            "door": f'<rect x="{x}" y="{y}" width="{s}" height="{s}" fill="none" stroke="{P["accent"]}" stroke-width="2" '
                    f'stroke-dasharray="4 3"/>',
            "start": f'<text x="{x + s / 2}" y="{y + 13}" font-size="15" text-anchor="middle" font-weight="bold" '
                     f'fill="{P["accent"]}">T</text>',
            "sheriff": f'<text x="{x + s / 2}" y="{y + 13}" font-size="14" text-anchor="middle" fill="{P["gold"]}">★</text>',
        }[kind]
        b.add(swatch)

    def mark_text(self, kind: str) -> str:
        turn = self.derived.get("turn") or {}
        name = folk_name(self.view, turn["who"]) if "who" in turn else "the townsfolk"
        return {
            "choose": "Green square: a square you can choose now (press it).",
            "paths": "Dashed footprint with a number: where the Ruffian ends on that path; dots mark its steps.",
            "range": f"Thin red outline: a square from which {name} can attack the Ruffian.",
            "target": "Dashed red ring: the townsfolk the Ruffian's card targets.",
            "trail": "Red dots: the Ruffian's last move, from the dashed red outline where it began, one dot "
                     "(its centre) for each step.",
            "pushes": "Brown outline: where the Ruffian pushed a townsfolk.",
            "facing": "Gold dot on the Ruffian: the way it faces.",
            "feature": "Dashed, pale squares: a feature, walked through (stand inside to use it).",
            "obstacle": "Solid squares: an obstacle, nobody passes (stand next to it to use it).",
            "door": "Dashed red-brown square: the door (stand there to use that terrain).",
            "start": "T: a starting square for a townsfolk.",
            "sheriff": "★: the sheriff.",
        }[kind]

    def legend(self, b: Board, x: float, y: float, w: float) -> float:
        """What each mark on the grid means, then the terrain cards below the landscape, with
        their colours on the grid."""
        f = self.fight
        ox = x + 22
        ly = y
        b.add(open_about("board:grid"))
        write(b, ox, ly + 12, "Marks on the grid", size=13, weight="bold")
        ly += 18
        for kind in self.marks():
            self.mark_swatch(b, kind, ox, ly)
            ly += 16 * write(b, ox + 22, ly + 12, self.mark_text(kind), size=12, width=w - ox - 30, lines=3) + 4
        b.add("</g>")
        ly += 6
        cards = []
        for p in f["terrain"]:
            if not p.get("gone") and p["t"] not in cards:
                cards.append(p["t"])
        b.add(open_about("board:terrain"))
        write(b, ox, ly + 12, "Terrain", size=13, weight="bold")
        ly += 18
        for tid in cards:
            row = C.TERRAIN[tid]
            name = row["name"]
            short = "".join(word[0] for word in name.replace("&", "").split())[:3]
            b.add(f'<rect x="{ox}" y="{ly}" width="16" height="16" fill="{TERRAIN_FILL.get(tid, "#999")}"/>')
            text = f"{short} {name} ({row['type']}). {row['text']} {row.get('interact_text', '')}"
            n = write(b, ox + 22, ly + 12, text, size=10, width=w - ox - 30, lines=3)
            ly += 14 * n + 4
        b.add("</g>")
        return ly

    # --- the Ruffian's card and the action card ---------------------------------------------------------------------------
    def ruffian(self, b: Board, x: float, y: float, w: float) -> float:
        f = self.fight
        ruff = C.RUFFIANS[f["rid"]]
        x0 = x + 6
        b.add(f'<rect x="{x0}" y="{y}" width="{w - 12}" height="10" fill="none"/>')
        b.add(open_about("card:ruffian"))
        write(b, x0, y + 18, ruff["full_name"], size=15, weight="bold", width=w - 12)
        b.add("</g>")
        # HP bar with breaking points
        bw = w - 20
        top = max(1, f["max"])
        b.add(open_about("board:ruffian-hp"))
        b.add(f'<rect x="{x0}" y="{y + 26}" width="{bw}" height="14" rx="3" fill="{P["line"]}"/>')
        b.add(f'<rect x="{x0}" y="{y + 26}" width="{bw * max(0, f["hp"]) / top:.1f}" height="14" rx="3" fill="{P["bad"]}"/>')
        for bp in C.BREAKING_POINTS:
            if bp < top:
                bx = x0 + bw * bp / top
                # a tick wide enough to tap, on the breaking point's place on the bar
                b.add(open_about("board:breaking-point")
                      + f'<path d="M{bx:.1f} {y + 22}V{y + 44}" stroke="{P["ink"]}" stroke-width="2"/>'
                      + f'<rect x="{bx - 5:.1f}" y="{y + 22}" width="10" height="22" fill="none" pointer-events="all"/></g>')
        b.add("</g>")
        mv = self.derived.get("ruffian", {}).get("mvmt", 0)
        b.add(open_about("board:ruffian-mvmt"))
        write(b, x0, y + 58, f"HP {f['hp']} of {f['max']} · MVMT {mv} · facing {DIR_NAME[f['face']]}", size=12, width=bw)
        b.add("</g>")
        ab = ruff["abilities"][f["level"]]
        yy = y + 76
        b.add(open_about("board:level"))
        yy += 15 * write(b, x0, yy, f"{C.LEVEL_NAMES[f['level']]}: {ab['name']}. {ab['text']}", size=11, width=bw, lines=4)
        b.add("</g>")
        weak = ruff["weakness"]
        b.add(open_about("card:weakness"))
        yy += 15 * write(b, x0, yy, f"Weakness{' (ACTIVE)' if f['weak'] else ''}: {weak['name']}. {weak['text']}", size=11,
                          width=bw, lines=4, fill=P["good"] if f["weak"] else P["ink"])
        b.add("</g>")
        if f["final"]:
            b.add(open_about("card:final-fight"))
            ff = ruff["final_fight"]
            yy += 15 * write(b, x0, yy, f"Final Fight: {ff['rules']['name']}. {ff['rules']['text']}", size=11, width=bw,
                              lines=5, fill=P["accent"])
            yy += 15 * write(b, x0, yy, f"Win: {ff['win']['text']} Lose: {ff['loss']['text']} Special: {ff['special']['text']}",
                              size=11, width=bw, lines=4)
            b.add("</g>")
        if f["counters"]:
            text = ", ".join(f"{n} {k}" for k, n in sorted(f["counters"].items()))
            b.add(open_about("board:counters"))
            yy += 15 * write(b, x0, yy, f"Counters: {text}", size=12, width=bw, weight="bold")
            b.add("</g>")
        if f["stolen"]:
            text = ", ".join(f"{C.gear_of(s['g'])['name']} ({folk_name(self.view, s['owner'])})" for s in f["stolen"])
            b.add(open_about("card:ruffian-gear"))
            yy += 15 * write(b, x0, yy, f"Taken: {text}", size=11, width=bw, lines=2)
            b.add("</g>")
        deck_left = len(f["deck"])
        b.add(open_about("board:action-deck"))
        yy += 15 * write(b, x0, yy, f"Action deck: {deck_left} left, {len(f['disc'])} discarded", size=11, width=bw,
                          fill=P["muted"])
        b.add("</g>")
        # the card being played (or last played), the revealed top card, kept cards
        if f.get("card"):
            b.add(open_about("card:action"))
            yy = self.card_box(b, x0, yy + 4, bw, f["card"], "Action card", f.get("targets"))
            b.add("</g>")
        if f.get("top"):
            b.add(open_about("board:revealed-action"))
            yy = self.card_box(b, x0, yy + 4, bw, f["top"], "Next action (revealed)", None)
            b.add("</g>")
        for k in f["kept"]:
            holders = "the group" if k["with"] == "group" else ", ".join(folk_name(self.view, h) for h in k["with"])
            b.add(open_about("board:kept-card"))
            yy += 15 * write(b, x0, yy + 4, f"Kept in front of {holders}: {C.CARDS[k['card']]['name']}", size=11,
                              width=bw, lines=2, fill=P["warn"])
            b.add("</g>")
        return yy + 4

    def card_box(self, b: Board, x: float, y: float, w: float, cid: str, title: str, targets: Any) -> float:
        c = C.CARDS[cid]
        lines = [f"{title}: {c['name']}", f"Target: {c['target_text']}", c["act_text"]]
        if c.get("after_text"):
            lines.append("Aftereffect: " + c["after_text"])
        if targets:
            names = [folk_name(self.view, t) if isinstance(t, int) else "the terrain" for t in targets]
            lines.append("Targeted: " + ", ".join(names))
        if title == "Action card":  # what the card did on the grid
            f = self.fight
            if f.get("trail"):
                start = f" from {footprint_name(f['walk_from'])}" if f.get("walk_from") else ""
                lines.append(f"Moved {plural(len(f['trail']), 'step')} (red dots){start} to {footprint_name(f['trail'][-1])}")
            for seat, sq in f.get("pushes") or []:
                lines.append(f"Pushed {folk_name(self.view, seat)} to {square_name(sq)} (brown outline)")
        h = 8
        parts = []
        for n, line in enumerate(lines):
            parts.append((line, 13 if n == 0 else 11, "bold" if n == 0 else "normal"))
        start = y
        b.add(f'<rect x="{x - 4}" y="{y}" width="{w + 8}" height="__H__" rx="6" fill="{P["card"]}" stroke="{P["accent"]}"/>')
        y += 16
        for line, size, weight in parts:
            y += (size + 3) * write(b, x + 4, y, line, size=size, weight=weight, width=w - 8, lines=4)
        h = y - start
        # patch the box height now that the text is laid out
        chunks = b._current
        for k in range(len(chunks) - 1, -1, -1):
            if "__H__" in chunks[k]:
                chunks[k] = chunks[k].replace("__H__", f"{h:.0f}")
                break
        return y + 4

    # --- actions for whoever is to act ----------------------------------------------------------------------------------------
    def actions(self, b: Board, x: float, y: float, w: float) -> float:
        view = self.view
        items = []
        seat = view["stage"].get("seat")
        for i, a in enumerate(self.legal):
            if i in self.drawn:
                continue
            kind = a.get("type")
            if kind in ("move", "start", "answer", "pick", "buy"):
                continue
            items.append((i, self.describe(a), self.describe(a)))
        if not items and self.q is None and seat is None:
            return y
        if seat is not None and self.q is None:
            t = self.derived.get("turn")
            if t and t["who"] == seat:
                b.add(open_about("prompt:turn"))
                write(b, x + 8, y + 16, f"{self.who(seat)}: {t['mvmt']} MVMT and {t['mox']} MOX left", size=13,
                       weight="bold", width=w - 16)
                b.add("</g>")
                y += 24
        if items:
            y = self.buttons(b, items, x + 6, y, w - 12, cols=1 if (self.narrow or self.fight is not None) else 3, h=28, gap=4)
        return y

    def describe(self, a: dict[str, Any]) -> str:
        kind = a.get("type")
        seat = self.view["stage"].get("seat")
        if kind == "attack":
            info = (self.derived.get("turn") or {}).get("weapons", {}).get(a["g"], {})
            w = C.gear_of(a["g"])["weapon"]
            return f"Attack with the {C.gear_of(a['g'])['name']} ({info.get('mox', w['mox'])} MOX, {w['acc']}+, " \
                   f"{w['dmg']} DMG, range {info.get('range', w.get('range', 1))})"
        if kind == "interact":
            p = self.fight["terrain"][a["p"]]
            return f"Use the {C.TERRAIN[p['t']]['name']}: {C.TERRAIN[p['t']].get('interact_text', '')}"
        if kind == "use":
            return self.use_text(seat, a)
        if kind == "equip":
            cost = (self.derived.get("turn") or {}).get("change")
            extra = f" ({cost} MOX)" if self.fight is not None and cost is not None else ""
            return f"Equip the {C.gear_of(a['g'])['name']} in {SLOT_NAMES[a['slot']].lower()}{extra}"
        if kind == "unequip":
            return f"Unequip the {C.gear_of(a['g'])['name']}"
        if kind == "end":
            return "End the turn"
        if kind == "pass":
            return "Pass (done shopping)"
        if kind == "sell":
            value = self.derived["folk"][seat]["sell"].get(a["g"], 0) if seat is not None else 0
            return f"Sell the {C.gear_of(a['g'])['name']} for {plural(value, 'Coin')}"
        if kind == "give":
            return f"Give the {C.gear_of(a['g'])['name']} to {folk_name(self.view, a['to'])}"
        if kind == "no-reset":
            return "No shop reset"
        if kind == "pledge":
            return f"Pledge {plural(a['n'], 'Coin')} to reset the shop"
        if kind == "discard-feat":
            return f"Discard the Feat {C.FEATS[a['feat']]['name']}"
        if kind == "keep-feats":
            return "Keep the other Feats"
        if kind == "buy":
            return f"Buy the {C.gear_of(a['g'])['name']}"
        if kind == "pick":
            return f"Play {C.TOWNSFOLK[a['folk']]['short']}"
        if kind == "move":
            return f"Move to {square_name(a['to'])}"
        if kind == "start":
            return f"Start at {square_name(a['at'])}"
        if kind == "answer":
            return self.answer_text(self.q, a["v"]) if self.q else "Answer"
        return kind or "Act"

    def use_text(self, seat: int, a: dict[str, Any]) -> str:
        key = a["k"]
        chosen = a.get("chosen")
        target = f" on {folk_name(self.view, chosen)}" if isinstance(chosen, int) else ""
        parts = key.split(":")
        if parts[0] == "a":
            tid = self.view["folk"][seat]["id"]
            ab = C.TOWNSFOLK[tid]["abilities"][int(parts[1])]
            return f"{ab['name']}{target}: {ab['text']}"
        if parts[0] == "g":
            inst = ":".join(parts[1:-1])
            g = C.gear_of(inst)
            return f"Use the {g['name']}{target}: {g['text']}"
        rules = C.RUFFIANS[self.fight["rid"]]["final_fight"]["rules"]
        return f"{rules['name']}{target}"

    # --- the Peddler's table -------------------------------------------------------------------------------------------
    def shop(self, b: Board, x: float, y: float, w: float) -> float:
        """The ten pieces on the Peddler's table: five to a row on a wide screen; on a phone one to a row,
        in letters as large as the page's own (the board is drawn 430 wide and shown about 370 px wide).
        Each row is as tall as its longest card's words."""
        view = self.view
        shop = view["peddler"]["shop"]
        b.add(open_about("board:peddler-table"))
        write(b, 12, y + 18, "The Peddler's table", size=15, weight="bold")
        write(b, 200 if not self.narrow else 12, y + (18 if not self.narrow else 36),
              f"Peddler deck: {plural(len(view['peddler']['deck']), 'card')}", size=14 if self.narrow else 11, fill=P["muted"])
        y += 26 if not self.narrow else 46
        cols = 1 if self.narrow else 5
        cw = (w - 24 - 8 * (cols - 1)) / cols
        size = 15 if self.narrow else 12  # the card's words
        step = size * 1.25
        head = 34 if self.narrow else 40  # the name and the price above the words
        most = 6 if self.narrow else 8
        prices = self.derived.get("prices", {})
        words = [(fit_lines(gear_line(inst), cw - 12, size, 2),
                  fit_lines(C.gear_of(inst)["text"], cw - 12, size, most) if C.gear_of(inst).get("text") else [])
                 for inst in shop]
        heights = [head + step * (len(line) + len(text)) + (8 if text else 0) + 6 for line, text in words]
        row_top = y
        for n, inst in enumerate(shop):
            g = C.gear_of(inst)
            row = n // cols
            ch = max(heights[row * cols:(row + 1) * cols])
            if n % cols == 0 and n:
                row_top += max(heights[(row - 1) * cols:row * cols]) + 8
            cx = 12 + (n % cols) * (cw + 8)
            cy = row_top
            i = self.idx({"type": "buy", "g": inst})
            price = prices.get(inst, g.get("cost"))
            line, text = words[n]
            body = (f'<rect x="{_n(cx)}" y="{_n(cy)}" width="{_n(cw)}" height="{_n(ch)}" rx="6" fill="{P["card"]}" '
                    f'stroke="{P["good"] if i is not None else P["line"]}" stroke-width="{2 if i is not None else 1}"/>')
            b.add(open_about("card:peddler-gear"))
            if i is not None:
                b.control(i, f"Buy the {g['name']} for {plural(price, 'Coin')}", body, data_topic="action:buy")
            else:
                b.add(body)
            if self.narrow:  # the name, and the price on the same line at the card's right
                write(b, cx + 8, cy + 22, g["name"], size=16, weight="bold", width=cw - 110)
                b.add(open_about("board:price"))
                write(b, cx + cw - 8, cy + 22, plural(price, "Coin"), size=16, fill=P["accent"], weight="bold", anchor="end")
            else:
                write(b, cx + 6, cy + 16, g["name"], size=13, weight="bold", width=cw - 12)
                b.add(open_about("board:price"))
                write(b, cx + 6, cy + 32, plural(price, "Coin"), size=12, fill=P["accent"], weight="bold")
            b.add("</g>")
            ty = cy + head + size - 4
            write(b, cx + 6, ty, gear_line(inst), size=size, width=cw - 12, lines=2)
            if text:
                write(b, cx + 6, ty + step * len(line) + 8, g["text"], size=size, width=cw - 12, lines=most)
            b.add("</g>")
        b.add("</g>")
        if not shop:
            return y
        last = (len(shop) - 1) // cols
        return row_top + max(heights[last * cols:(last + 1) * cols]) + 8

    # --- townsfolk cards ------------------------------------------------------------------------------------------------
    def folk_cards(self, b: Board, y: float) -> float:
        """One card per townsfolk, each its own part (a move changes one card, not all of them):
        side by side, or stacked on a narrow screen."""
        view, w = self.view, self.W
        n = len(view["folk"])
        derived = self.derived.get("folk") or [None] * 8
        sheriff = self.fight.get("sheriff") if self.fight else None

        def card(s: int) -> Any:
            return lambda b, x, top, cw: top + self.folk_card(b, s, x, top, cw)

        def same(s: int) -> list[Any]:
            return [view["folk"][s], derived[s], self.viewer == s, self.names[s] if s < len(self.names) else None,
                    sheriff == s]

        if self.narrow:
            for s in range(n):
                y = self.block(b, f"folk-{s}", card(s), 12, y, w - 24, same=same(s))
            return y + 8
        cw = (w - 24 - 8 * (n - 1)) / n
        return max(self.block(b, f"folk-{s}", card(s), 12 + s * (cw + 8), y, cw, same=same(s)) for s in range(n))

    def folk_card(self, b: Board, s: int, x: float, y: float, w: float) -> float:
        view = self.view
        t = view["folk"][s]
        d = (self.derived.get("folk") or [None] * 8)[s] or {}
        colour = P["seats"][s % len(P["seats"])]
        start = y
        b.add(open_about("card:townsfolk"))
        b.add(f'<rect x="{x}" y="{y}" width="{w}" height="__H__" rx="8" fill="{P["card"]}" stroke="{colour}" stroke-width="3"/>')
        name = folk_name(view, s)
        status = " — knocked out" if t["ko"] else (" — removed" if t["out"] else "")
        sheriff = " ★ sheriff" if self.fight and self.fight.get("sheriff") == s else ""
        write(b, x + 8, y + 18, f"{name} ({self.names[s]}){sheriff}{status}", size=13,
               weight="bold", width=w - 16)
        y += 34
        write(b, x + 8, y, f"HP {t['hp']}/{d.get('max', '?')} · MVMT {d.get('mvmt', '?')} · MOX {d.get('mox', '?')} · "
                         f"ACC {d.get('acc', 0):+d} · {plural(t['coins'], 'Coin')}", size=11, width=w - 16)
        y += 16
        b.add(open_about("board:feats"))
        write(b, x + 8, y, f"Feats: {len(t['done'])} done ({plural(d.get('points', 0), 'point')}), {len(t['feats'])} face down",
               size=11, width=w - 16, fill=P["muted"])
        b.add("</g>")
        y += 14
        b.add(open_about("board:gear-slots"))
        for slot in ("left-hand", "right-hand", "head", "chest", "leg", "accessory"):
            inst = t["eq"].get(slot)
            text = f"{SLOT_NAMES[slot]}: {C.gear_of(inst)['name'] if inst else '—'}"
            if inst and slot == "right-hand" and t["eq"].get("left-hand") == inst:
                text = f"{SLOT_NAMES[slot]}: (both hands)"
            y += 14 * write(b, x + 8, y + 2, text, size=11, width=w - 16)
            if inst and not (slot == "right-hand" and t["eq"].get("left-hand") == inst):
                b.add(open_about("card:weapon" if C.gear_of(inst).get("weapon") else "card:gear"))
                y += 13 * write(b, x + 16, y + 1, gear_line(inst) + (". " + C.gear_of(inst)["text"] if C.gear_of(inst)["text"] else ""),
                                 size=9, width=w - 24, lines=3, fill=P["muted"])
                b.add("</g>")
        b.add("</g>")
        if t["stash"]:
            b.add(open_about("board:stash"))
            y += 14 * write(b, x + 8, y + 2, "Stash: " + ", ".join(C.gear_of(g)["name"] for g in t["stash"]), size=11,
                             width=w - 16, lines=4)
            b.add("</g>")
        if self.viewer == s:
            for fid in t["feats"]:
                if fid is None or fid == "?":
                    continue
                feat = C.FEATS[fid]
                b.add(open_about("card:feat"))
                y += 13 * write(b, x + 8, y + 2, f"Feat (hidden): {feat['name']}: {feat['goal_text']} "
                                                f"({plural(feat['points'], 'pt')}{'; ' + feat['reward_text'] if feat['reward_text'] else ''})",
                                 size=10, width=w - 16, lines=3, fill=P["accent"])
                b.add("</g>")
            for eid in t["secrets"]:
                if eid is None or eid == "?":
                    continue
                ev = C.EVENTS[C.base_id(eid)]
                b.add(open_about("card:secret-event"))
                y += 13 * write(b, x + 8, y + 2, f"Secret event: {ev['name']}: {ev['text']}", size=10, width=w - 16,
                                 lines=3, fill=P["bad"])
                b.add("</g>")
        for fid in t["done"]:
            feat = C.FEATS[fid]
            b.add(open_about("board:feat-points"))
            y += 13 * write(b, x + 8, y + 2, f"✓ {feat['name']} ({plural(feat['points'], 'pt')})", size=10, width=w - 16,
                             fill=P["good"])
            b.add("</g>")
        b.add("</g>")
        y += 8
        h = y - start
        chunks = b._current
        for k in range(len(chunks) - 1, -1, -1):
            if "__H__" in chunks[k]:
                chunks[k] = chunks[k].replace("__H__", f"{h:.0f}")
                break
        return h

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


def render(view: dict[str, Any], ui: dict[str, Any]) -> Any:
    return Drawer(view, ui).draw()


__all__ = ["render", "foot", "esc"]
