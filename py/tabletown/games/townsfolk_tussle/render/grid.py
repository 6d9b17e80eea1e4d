"""The grid: the landscape, the characters, the squares to press, the paths offered, and its legend."""

from __future__ import annotations

from tabletown.engine.draw import Board, esc

from .. import content as C
from ..board import foot
from .common import (
    CELL,
    DIR_ARROW,
    GRID,
    TERRAIN_FILL,
    P,
    _n,
    folk_name,
    open_about,
    path_text,
    square_name,
    write,
)


class GridParts:
    """Mixin of the Drawer (drawer.py): the grid: the landscape, the characters, the squares to press, the paths offered, and its legend."""

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
