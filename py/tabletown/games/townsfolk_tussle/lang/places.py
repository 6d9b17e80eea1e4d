"""The content language's steps about the landscape and where characters stand (guide 4):
exhausting, removing and placing terrain; placing, swapping and removing characters; and
where a character may be put."""

from __future__ import annotations

from typing import Any, Optional

from .. import content as C
from ..board import dist_to_foot, foot, manhattan, side_of
from ..play import Ctx, R


class Places:
    """Mixin: terrain and placement steps."""

    # --- terrain ---------------------------------------------------------------------------------------
    def do_exhaust(self, st: dict, ctx: Ctx) -> None:
        for i in self.terrain_pieces("this", ctx):
            self.pieces()[i]["exh"] = True
            self.emit("exhaust", terrain=self.pieces()[i]["t"])

    def do_remove_terrain(self, st: dict, ctx: Ctx) -> None:
        word = st["terrain"]
        if word == "this" and isinstance(ctx.this, dict) and ctx.this.get("piece") is None and ctx.event \
                and ctx.event.get("terrain") is not None:
            targets = [ctx.event["terrain"]]  # a terrain trigger removes the piece the event was about
        else:
            targets = self.terrain_pieces(word, ctx)
            if word == "this" and isinstance(ctx.this, dict) and ctx.this.get("piece") is not None:
                card = self.pieces()[ctx.this["piece"]]["t"]
                targets = [i for i in self.live_pieces() if self.pieces()[i]["t"] == card]
        for i in targets:
            if not self.pieces()[i].get("gone"):
                self.pieces()[i]["gone"] = True
                self.emit("terrain_gone", terrain=self.pieces()[i]["t"])
        self.terrain_changed()

    def do_place_terrain(self, st: dict, ctx: Ctx) -> None:
        if self.fight is None:
            return
        tid = st["terrain"]
        row = C.TERRAIN[tid]
        piece_name = next(iter(C.pieces_of(tid)))
        from ..shapes import placement_cells

        opts = self.place_options(st["at"], ctx, None, terrain=(tid, st.get("rot", 0)))
        if not opts:
            return
        at = self.ask(self.decider(ctx.targets[0] if ctx.targets else None), "terrain-spot", sorted(opts))
        cells, door = placement_cells(row, {"at": list(at), "rot": st.get("rot", 0), "piece": piece_name})
        self.fight["terrain"].append({"t": tid, "piece": piece_name, "cells": [list(c) for c in cells],
                                  "door": list(door) if door else None, "type": row["type"], "gone": False,
                                  "exh": False})
        self.terrain_changed()
        self.emit("terrain_placed", terrain=tid, at=list(at))

    def do_effect(self, st: dict, ctx: Ctx) -> None:
        C.EFFECTS(st["effect"], self, ctx, st.get("args") or {})

    # ======================================================================================
    # Places (3.6)

    def free_for_folk(self, sq: Any, seat: Any = None) -> bool:
        g = self.grid()
        if not g.on_board(sq) or (sq[0], sq[1]) in g.obstacles:
            return False
        f = self.fight
        if f is not None and not f.get("out") and sq[0] in (f["pos"][0], f["pos"][0] + 1) \
                and sq[1] in (f["pos"][1], f["pos"][1] + 1):
            return False
        other = self.folk_at(sq)
        return other is None or other == seat

    def free_for_ruffian(self, pos: Any) -> bool:
        if not self.grid().ruffian_fits(pos):
            return False
        return all(self.folk_at(c) is None for c in foot(pos))

    def empty_square(self, sq: Any) -> bool:
        """No terrain, no Ruffian, no townsfolk (rulebook's Quick Lookup)."""
        return self.free_for_folk(sq) and self.piece_at(sq) is None

    def nearest_free(self, spots: list[tuple[int, int]], ruffian: bool, seat: Any = None,
                     test: Any = None) -> list[tuple[int, int]]:
        """Free spots at the least distance from any of `spots` (themselves when free)."""
        free = test or ((lambda p: self.free_for_ruffian(p)) if ruffian else (lambda p: self.free_for_folk(p, seat)))
        here = [s for s in spots if free(s)]
        if here:
            return sorted(set(here))
        if not spots:
            return []
        pool = self.grid().ruffian_positions() if ruffian else self.grid().squares()
        best: Optional[int] = None
        out: list[tuple[int, int]] = []
        for p in pool:
            if not free(p):
                continue
            d = min(manhattan(p, s) for s in spots)
            if best is None or d < best:
                best, out = d, [p]
            elif d == best:
                out.append(p)
        return out

    def all_positions(self) -> list[tuple[int, int]]:
        """Every top-left square the 2 × 2 Ruffian could have on the board, blocked or not."""
        g = self.grid()
        return [(c, r) for r in range(g.rows - 1) for c in range(g.cols - 1)]

    def place_options(self, spec: Any, ctx: Ctx, ch: Any, terrain: Any = None) -> list[tuple[int, int]]:
        """Where a character (or a terrain piece) may be placed; [] when nowhere."""
        ruffian = ch == R
        g = self.grid()
        f = self.fight
        test = None
        if terrain is not None:
            from ..shapes import placement_cells

            tid, rot = terrain
            row = C.TERRAIN[tid]
            piece_name = next(iter(C.pieces_of(tid)))

            def test(p: Any) -> bool:
                cells, _ = placement_cells(row, {"at": list(p), "rot": rot, "piece": piece_name})
                return all(g.on_board(c) and self.empty_square(c) for c in cells)
        if spec == "center":
            spots = [(5, 5)] if ruffian else [(5, 5), (6, 5), (5, 6), (6, 6)]
            return self.nearest_free(spots, ruffian, ch, test)
        if spec == "start":
            if ruffian:
                return self.nearest_free([tuple(C.RUFFIANS[f["rid"]]["landscape"]["r"])], True)
            ts = [tuple(t) for t in C.RUFFIANS[f["rid"]]["landscape"]["t"]]
            return self.nearest_free(ts, False, ch, test)
        key = next(k for k in spec if k != "of")
        val = spec[key]
        if key == "adjacent":
            who = [ctx.owner] if val == "self" else self.select(val, ctx)
            cells = [c for w in who[:1] for c in self.cells_of(w)]
            if not cells:
                return []
            if ruffian:
                near = [p for p in self.all_positions() if min(dist_to_foot(c, p) for c in cells) == 1]
                return self.nearest_free(near, True)
            near = [n for c in cells for n in g.neighbours(c) if n not in cells]
            return self.nearest_free(sorted(set(near)), False, ch, test)
        if key == "corner":
            size = 2 if ruffian else 1
            corners = {"top-left": (0, 0), "top-right": (g.cols - size, 0), "bottom-left": (0, g.rows - size),
                       "bottom-right": (g.cols - size, g.rows - size)}
            if val in corners:
                return self.nearest_free([corners[val]], ruffian, ch, test)
            mine = self.cells_of(ch)[0] if ch is not None and self.cells_of(ch) else (0, 0)
            ranked = sorted(corners.values(), key=lambda c: manhattan(c, mine))
            pick = ranked[0] if val == "nearest" else ranked[-1]
            return self.nearest_free([pick], ruffian, ch, test)
        if key in ("inside", "next-to", "door"):
            if key == "inside" and isinstance(val, str) and val not in ("this", "target"):
                pieces = self.closest_piece(val, ch, ctx)
            else:
                pieces = self.terrain_pieces(val, ctx)
            cells = [(c[0], c[1]) for i in pieces for c in self.pieces()[i]["cells"]]
            if not cells:
                return []
            if key == "door":
                doors = [self.door_of(i) for i in pieces if self.door_of(i)]
                return self.nearest_free(doors, ruffian, ch, test)
            if key == "inside":
                if ruffian:
                    cellset = set(cells)
                    scored = [(sum(1 for c in foot(p) if c in cellset), p) for p in g.ruffian_positions()]
                    top = max((s for s, _ in scored), default=0)
                    best = [p for s, p in scored if s == top and s > 0]
                    free = [p for p in best if self.free_for_ruffian(p)]
                    return free or self.nearest_free(best, True)
                return self.nearest_free(cells, False, ch, test)
            near = sorted({n for c in cells for n in g.neighbours(c) if n not in cells})
            if ruffian:
                near_pos = [p for p in self.all_positions()
                            if min(manhattan(a, b) for a in foot(p) for b in cells) == 1]
                return self.nearest_free(near_pos, True)
            return self.nearest_free(near, False, ch, test)
        if key in ("behind", "in-front"):
            if f is None or f.get("out"):
                return []
            want = "back" if key == "behind" else "front"
            near = [n for c in foot(f["pos"]) for n in g.neighbours(c)
                    if not (f["pos"][0] <= n[0] <= f["pos"][0] + 1 and f["pos"][1] <= n[1] <= f["pos"][1] + 1)
                    and side_of(n, f["pos"], f["face"]) == want]
            return self.nearest_free(sorted(set(near)), False, ch, test)
        if key == "across":
            mine = self.cells_of(ch)
            if not mine:
                return []
            cells = set(self.this_cells(ctx))
            out = []
            for d in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                sq = (mine[0][0] + d[0], mine[0][1] + d[1])
                if sq not in cells:
                    continue
                while sq in cells:
                    sq = (sq[0] + d[0], sq[1] + d[1])
                if self.free_for_folk(sq, ch):  # the fence's text: only if that square is empty
                    out.append(sq)
            return out
        if key == "farthest-from":
            who = [ctx.owner] if val == "self" else self.select(val, ctx)
            cells = [c for w in who[:1] for c in self.cells_of(w)]
            if not cells:
                return []
            pool = g.ruffian_positions() if ruffian else g.squares()
            free = [p for p in pool if (self.free_for_ruffian(p) if ruffian else self.free_for_folk(p, ch))]
            if not free:
                return []
            score = {p: min(manhattan(a, b) for a in (foot(p) if ruffian else [p]) for b in cells) for p in free}
            top = max(score.values())
            return [p for p in free if score[p] == top]
        if key == "within":
            cells = self.anchor_cells(spec["of"], ctx)
            if not cells:
                return []
            return [sq for sq in g.squares() if min(manhattan(sq, c) for c in cells) <= val
                    and self.free_for_folk(sq, ch) and (test is None or test(sq))]
        raise ValueError(spec)

    def closest_piece(self, tid: str, ch: Any, ctx: Ctx) -> list[int]:
        pieces = self.terrain_pieces(tid, ctx)
        if len(pieces) <= 1 or ch is None:
            return pieces
        mine = self.cells_of(ch)
        if not mine:
            return pieces[:1]
        return [min(pieces, key=lambda i: min(manhattan(a, b) for a in mine for b in self.pieces()[i]["cells"]))]

    def do_place(self, st: dict, ctx: Ctx) -> None:
        if self.fight is None:
            return
        for who in self.select(st["who"], ctx):
            if who != R and ctx.ruffian_side and self.immune(who, "place"):
                continue
            opts = self.place_options(st["at"], ctx, who)
            if not opts:
                self.emit("no_room", who=self.name_of(who))
                continue
            asker = who if who != R else self.decider(ctx.targets[0] if ctx.targets else None)
            spot = self.ask(asker, "place", sorted(list(o) for o in opts), who=self.name_of(who))
            self.put(who, (spot[0], spot[1]), "placed")

    def do_swap(self, st: dict, ctx: Ctx) -> None:
        if self.fight is None:
            return
        a = self.select(st["who"], ctx)
        b = self.select(st["with"], ctx)
        if not a or not b or a[0] == R or b[0] == R or a[0] == b[0]:
            return
        pa, pb = self.folk(a[0])["pos"], self.folk(b[0])["pos"]
        self.folk(a[0])["pos"] = None
        self.put(b[0], (pa[0], pa[1]), "placed")
        self.put(a[0], (pb[0], pb[1]), "placed")

    def do_remove(self, st: dict, ctx: Ctx) -> None:
        if self.fight is None:
            return
        for who in self.select(st["who"], ctx):
            until = self.resolve_until(st["until"], who, ctx.user)
            info = {"until": until, "return": st["return"], "ctx": {"kind": ctx.kind, "owner": ctx.owner,
                                                                     "this": ctx.this, "row": ctx.row}}
            self.invalidate()
            if who == R:
                self.fight["out"] = info
            else:
                self.folk(who)["out"] = info
                self.expire("moved", who)
            self.emit("removed", who=self.name_of(who))
            if who != R:
                turn = self.fight.get("turn")
                if turn and turn.get("who") == who:
                    self.fight["end_turn"] = True
                self.check_loss()

    def return_to_board(self, ch: Any) -> None:
        info = self.fight["out"] if ch == R else self.folk(ch)["out"]
        saved = info["ctx"]
        self.invalidate()
        ctx = Ctx(saved["kind"], saved["owner"], this=saved["this"], row=saved["row"])
        if ch == R:
            self.fight["out"] = None
        else:
            self.folk(ch)["out"] = None
            self.folk(ch)["pos"] = None
        opts = self.place_options(info["return"], ctx, ch)
        if ch != R and not opts:
            opts = self.nearest_free([tuple(p) for p in C.RUFFIANS[self.fight["rid"]]["landscape"]["t"]], False, ch)
        self.emit("returned", who=self.name_of(ch))
        if opts:
            asker = ch if ch != R else self.decider()
            spot = self.ask(asker, "place", sorted(list(o) for o in opts), who=self.name_of(ch))
            self.put(ch, (spot[0], spot[1]), "placed")
