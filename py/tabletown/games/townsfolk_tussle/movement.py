"""Everything that moves on the grid: the Ruffian's 2 × 2 footprint and the townsfolk.

The Ruffian moves its footprint along the cheapest path, never a longer one to avoid DMG but
never a harmful one when an equal harmless one exists, pushing townsfolk it collides with into a
square of their choice. Placing is not moving. Townsfolk movement (walking, dashing, being
pushed, pulled or placed) is here too, so every square entered fires the same `entered` and
`moved` events. The content language's movement steps (move, move-into, forward, retreat, face,
push, pull, dash) are the `do_<word>` methods here.
"""

from __future__ import annotations

from typing import Any, Optional

from . import content as C
from .board import (
    ORDER,
    dist_to_foot,
    facings_toward,
    foot,
    gaps,
    in_foot,
    manhattan,
    step,
)
from .lang import HARMFUL
from .play import Ctx, R


class Movement:
    """Mixin: the Ruffian's movement, and moving townsfolk about."""

    # --- costs ---------------------------------------------------------------------------------------
    def ruffian_cost_fn(self):
        """What entering a square costs the Ruffian (None: 1 everywhere, the common case)."""
        pieces = self.pieces()
        if not any(not p.get("gone") and (C.TERRAIN[p["t"]].get("move_cost") or {}).get("ruffians") for p in pieces):
            return None
        return self._terrain_cost(self.mods_for("move-cost", R), ruffian=True)

    def ruffian_cost_map(self) -> dict[tuple[int, int], int]:
        f = self.fight
        key = (tuple(f["pos"]), id(self.grid()), self._epoch)
        cache = self._cost_cache
        if cache is not None and cache[0] == key:
            return cache[1]
        costs = self.grid().ruffian_costs(f["pos"], self.ruffian_cost_fn())
        self._cost_cache = (key, costs)
        return costs

    def folk_cost_fn(self, seat: int):
        return self._terrain_cost(self.mods_for("move-cost", seat), ruffian=False)

    def _terrain_cost(self, mods: list, ruffian: bool):
        """What entering a square costs: 1, or its terrain's move cost (for a Ruffian only terrain
        that slows Ruffians), lowered by the mover's move-cost modifiers for that terrain."""
        pieces = self.pieces()
        grid = self.grid()

        def cost(sq: tuple[int, int]) -> int:
            i = grid.piece_at.get(sq)
            if i is None:
                return 1
            p = pieces[i]
            mc = C.TERRAIN[p["t"]].get("move_cost")
            if not mc or (ruffian and not mc["ruffians"]):
                return 1
            c = mc["cost"]
            for m, _ in mods:
                if m["terrain"] in ("all", "features", p["t"]):
                    c = min(c, m["cost"])
            return c

        return cost

    def harm_fn(self):
        pieces = self.pieces()
        grid = self.grid()

        def harm(sq: tuple[int, int]) -> bool:
            i = grid.piece_at.get(sq)
            return i is not None and HARMFUL.get(pieces[i]["t"], False)

        return harm

    # --- putting characters on squares ---------------------------------------------------------------
    def put(self, ch: Any, sq: tuple[int, int], how: str) -> None:
        """Place a character (no movement, no collisions): `placed`, then `entered` for its terrain."""
        if ch == R:
            f = self.fight
            old = set(foot(f["pos"]))
            f["pos"] = [sq[0], sq[1]]
            self.emit("ruffian_at", who=f["rid"], at=[sq[0], sq[1]], how=how)
            self._cost_cache = None
            self.fire("placed", R)
            self.entered(R, [c for c in foot(sq) if c not in old])
            self.face_closest()
            return
        t = self.folk(ch)
        t["pos"] = [sq[0], sq[1]]
        self.emit("at", who=ch, at=[sq[0], sq[1]], how=how)
        self.fire("placed", ch)
        self.entered(ch, [sq])
        self.expire("moved", ch)

    def entered(self, ch: Any, cells: list[tuple[int, int]]) -> None:
        """`entered` once per terrain piece newly covered."""
        seen: list[int] = []
        for c in cells:
            i = self.piece_at(c)
            if i is not None and i not in seen:
                seen.append(i)
                self.fire("entered", ch, None, terrain=i)

    def face(self, direction: str) -> None:
        f = self.fight
        if f["face"] != direction:
            f["face"] = direction
            self.emit("face", who=f["rid"], to=direction)

    def face_cells(self, cells: list[tuple[int, int]], asker: Any = None) -> None:
        if not cells or self.fight.get("out"):
            return
        options = facings_toward(self.fight["pos"], cells)
        if not options:
            return
        self.face(self.ask(self.decider(asker), "face", options) if len(options) > 1 else options[0])

    def face_closest(self) -> None:
        team = self.team()
        if not team:
            return
        ctx = Ctx("ruffian", R, row=self.fight["rid"])
        closest = self.pick({"pick": "closest"}, ctx)
        if closest:
            self.face_cells(self.cells_of(closest[0]), closest[0])

    # --- destinations (3.6) ----------------------------------------------------------------------------
    def destination(self, spec: Any, ctx: Ctx) -> tuple[str, Any]:
        """("char", ch) | ("terrain", [piece indexes]) | ("spots", [positions]) | ("none", None)."""
        if isinstance(spec, str):
            if spec in ("target", "event", "by", "chosen", "sheriff"):
                if spec == "target" and ctx.terrain_target is not None:
                    return ("terrain", [ctx.terrain_target])
                who = [w for w in self.select(spec, ctx) if w != R]
                return ("char", who[0]) if who else ("none", None)
            if spec == "center":
                return ("spots", [(5, 5)])
            if spec == "start":
                return ("spots", [tuple(C.RUFFIANS[self.fight["rid"]]["landscape"]["r"])])
        if isinstance(spec, dict):
            if "pick" in spec:
                who = self.pick(spec, ctx)
                return ("char", who[0]) if who else ("none", None)
            if "terrain" in spec:
                pieces = self.terrain_pieces(spec["terrain"], ctx)
                if not pieces:
                    return ("none", None)
                dist = {i: self.foot_to(self.pieces()[i]["cells"]) for i in pieces}
                pick = min(pieces, key=lambda i: dist[i]) if spec.get("choose", "closest") == "closest" \
                    else max(pieces, key=lambda i: dist[i])
                return ("terrain", [pick])
            if "corner" in spec:
                g = self.grid()
                corners = {"top-left": (0, 0), "top-right": (g.cols - 2, 0), "bottom-left": (0, g.rows - 2),
                           "bottom-right": (g.cols - 2, g.rows - 2)}
                if spec["corner"] in corners:
                    return ("spots", [corners[spec["corner"]]])
                ranked = sorted(corners.values(), key=lambda p: manhattan(p, self.fight["pos"]))
                return ("spots", [ranked[0] if spec["corner"] == "nearest" else ranked[-1]])
        return ("none", None)

    def foot_to(self, cells: list) -> int:
        return min(dist_to_foot(c, self.fight["pos"]) for c in cells)

    def dest_cells(self, dest: tuple[str, Any]) -> list[tuple[int, int]]:
        kind, what = dest
        if kind == "char":
            return self.cells_of(what)
        if kind == "terrain":
            return [(c[0], c[1]) for i in what for c in self.pieces()[i]["cells"]]
        if kind == "spots":
            return [c for p in what for c in foot(p)]
        return []

    # --- the Ruffian's movement steps ------------------------------------------------------------------
    def do_face(self, st: dict, ctx: Ctx) -> None:
        if self.fight is None or self.fight.get("out"):
            return
        dest = self.destination(st["to"], ctx)
        self.face_cells(self.dest_cells(dest), ctx.targets[0] if ctx.targets else None)

    def do_move(self, st: dict, ctx: Ctx, into: bool = False) -> None:
        f = self.fight
        if f is None or f.get("out"):
            return
        dest = self.destination(st["to"], ctx)
        if dest[0] == "none":
            self.emit("stays", who=f["rid"], why="no-target")
            return
        cells = self.dest_cells(dest)
        asker = ctx.targets[0] if ctx.targets else (dest[1] if dest[0] == "char" else None)
        g = self.grid()  # (it turns to face `to` as it sets off; it faces it again when it stops, which is what counts)
        if into:
            goals = self.into_goals(dest)
        elif dest[0] == "char":
            sq = cells[0]
            goals = {p for p in g.ruffian_positions() if dist_to_foot(sq, p) == 1}
        elif dest[0] == "terrain":
            goals = {p for p in g.ruffian_positions() if min(dist_to_foot(c, p) for c in cells) <= 1}
        else:
            goals = {p for p in dest[1] if g.ruffian_fits(p)}
        budget = self.squares_of(st.get("squares"))
        self.travel(goals, cells, budget, ctx, asker)
        self.fire("moved", R)
        self.face_cells(self.dest_cells(dest), asker)
        if dest[0] == "char":
            reached = self.dist(R, dest[1]) == 1
            if reached and dest[1] in ctx.targets:
                ctx.reached = True
                self.fire("reached", dest[1], R)
            elif ctx.targets and self.dist(R, ctx.targets[0]) == 1:
                ctx.reached = True
            if st.get("dmg") is not None:
                # the attack of "move towards target; if you reach them, deal DMG": told either way
                self.emit("reach" if reached else "out_of_reach", who=f["rid"], to=dest[1])
            if reached and st.get("dmg") is not None:
                lost = self.deal(dest[1], self.amount(st["dmg"], ctx), "ruffian", by=R)
                if lost and dest[1] in ctx.targets and dest[1] not in ctx.damaged:
                    ctx.damaged.append(dest[1])

    def do_move_into(self, st: dict, ctx: Ctx) -> None:
        self.do_move(st, ctx, into=True)

    def into_goals(self, dest: tuple[str, Any]) -> set[tuple[int, int]]:
        g = self.grid()
        cells = set(self.dest_cells(dest))
        if dest[0] == "char":
            return {p for p in g.ruffian_positions() if any(c in cells for c in foot(p))}
        scored = {p: sum(1 for c in foot(p) if c in cells) for p in g.ruffian_positions()}
        top = max(scored.values(), default=0)
        return {p for p, s in scored.items() if s == top and s > 0}

    def travel(self, goals: set, toward: list, budget: int, ctx: Ctx, asker: Any = None) -> None:
        """Move along a cheapest path toward the nearest goal, spending up to `budget` MVMT."""
        f = self.fight
        g = self.grid()
        start = (f["pos"][0], f["pos"][1])
        if start in goals or budget <= 0:
            return
        cost = self.ruffian_cost_fn()
        costs = self.ruffian_cost_map()
        reachable = {p for p in goals if p in costs}
        if not reachable:
            # Even if it cannot get there, the Ruffian still moves towards its goal: to the reachable
            # positions nearest to it.
            if not toward:
                return
            best = min(min(dist_to_foot(c, p) for c in toward) for p in costs)
            reachable = {p for p in costs if min(dist_to_foot(c, p) for c in toward) == best}
            if start in reachable:
                return
        paths = g.ruffian_paths(start, reachable, budget, cost)
        if not paths:
            return
        self.follow(self.choose_path(paths, ctx, asker), ctx)

    def choose_path(self, paths: list[list[tuple[int, int]]], ctx: Ctx, asker: Any = None) -> list:
        """Among equally cheap paths the players choose, but never one that takes DMG when a
        harmless one exists; paths that end the same way (same square, same townsfolk collided
        with) are one choice."""
        harm = self.harm_fn()

        def harmful(path: list) -> bool:
            for a, b in zip(path, path[1:]):
                old = set(foot(a))
                if any(harm(c) for c in foot(b) if c not in old):
                    return True
            return False

        safe = [p for p in paths if not harmful(p)]
        pool = safe or paths
        outcomes: dict[tuple, list] = {}
        for p in pool:
            hit = []
            for pos in p[1:]:
                for c in foot(pos):
                    who = self.folk_at(c)
                    if who is not None and who not in hit:
                        hit.append(who)
            key = (p[-1], tuple(sorted(hit)))
            outcomes.setdefault(key, p)
        options = list(outcomes.values())
        if len(options) == 1:
            return options[0]
        pick = self.ask(self.decider(asker), "path", list(range(len(options))),
                        paths=[[list(c) for c in p] for p in options])
        return options[pick]

    def follow(self, path: list[tuple[int, int]], ctx: Ctx) -> None:
        cost = self.ruffian_cost_fn()
        self.stop_move = False
        for nxt in path[1:]:
            if self.fight.get("out"):
                break
            cur = tuple(self.fight["pos"])
            self.ruffian_step(cur, nxt, ctx, self.grid().ruffian_step_cost(cur, nxt, cost))
            if self.stop_move:
                break
        self.stop_move = False

    def ruffian_step(self, cur: tuple[int, int], nxt: tuple[int, int], ctx: Ctx, spent: int = 1,
                     dmg: Optional[int] = None) -> None:
        """One step of the footprint: townsfolk on the new squares are collided with, then terrain entered."""
        f = self.fight
        old = set(foot(cur))
        new = [c for c in foot(nxt) if c not in old]
        if not f["trail"] and f.get("walk_from") is None:
            f["walk_from"] = [cur[0], cur[1]]  # where this turn's walk began (the board outlines it)
        f["trail"].append([nxt[0], nxt[1]])  # before any collision asks where to push: the board shows it
        f["pos"] = [nxt[0], nxt[1]]
        self._cost_cache = None
        self.tally(R, "squares-moved")
        self.emit("ruffian_step", who=f["rid"], at=[nxt[0], nxt[1]], frm=[cur[0], cur[1]])
        for c in foot(nxt):
            who = self.folk_at(c)
            if who is not None:
                self.collide(who, ctx)
                if dmg:
                    lost = self.deal(who, dmg, "ruffian", by=R)
                    if lost and who in ctx.targets and who not in ctx.damaged:
                        ctx.damaged.append(who)
        self.entered(R, new)

    def collide(self, seat: int, ctx: Ctx) -> None:
        """The Ruffian moved onto a townsfolk: they go to an adjacent square of their choice that is
        free and not under the footprint, or else the nearest free square (their choice)."""
        if seat not in ctx.collided:
            ctx.collided.append(seat)
        pos = self.folk(seat)["pos"]
        g = self.grid()
        fpos = self.fight["pos"]
        near = [n for n in g.neighbours(pos) if not in_foot(n, fpos) and self.free_for_folk(n, seat)
                and self.folk_at(n) is None]
        if not near:
            self.folk(seat)["pos"] = None
            near = self.nearest_free([(pos[0], pos[1])], False, seat)
            self.folk(seat)["pos"] = pos
        if not near:
            return
        spot = self.ask(seat, "push", sorted(list(n) for n in near))
        t = self.folk(seat)
        t["pos"] = [spot[0], spot[1]]
        self.tally(seat, "pushed")
        self.emit("pushed", who=seat, at=list(spot), cause="collision", by=self.fight["rid"])
        self.fight["pushes"].append([seat, list(spot)])
        self.fire("pushed", seat, R, cause="collision")
        self.entered(seat, [(spot[0], spot[1])])
        self.expire("moved", seat)

    def do_forward(self, st: dict, ctx: Ctx) -> None:
        f = self.fight
        if f is None or f.get("out"):
            return
        budget = self.squares_of(st.get("squares"))
        if st.get("face") is not None:
            dest = self.destination(st["face"], ctx)
            cells = self.dest_cells(dest)
            if cells:
                self.face(self.forward_facing(cells, budget, ctx))
        cost = self.ruffian_cost_fn()
        g = self.grid()
        dmg = self.amount(st["dmg"], ctx) if st.get("dmg") is not None else None
        spent = 0
        self.stop_move = False
        while True:
            cur = (f["pos"][0], f["pos"][1])
            nxt = step(cur, f["face"])
            if not g.ruffian_fits(nxt):
                self.emit("bumped", who=f["rid"])
                self.fire("bumped", R)
                break
            c = g.ruffian_step_cost(cur, nxt, cost)
            if spent + c > budget:
                break
            spent += c
            self.ruffian_step(cur, nxt, ctx, c, dmg)
            if self.stop_move or f.get("out"):
                break
        self.stop_move = False
        self.fire("moved", R)
        if ctx.targets and self.dist(R, ctx.targets[0]) == 1:
            ctx.reached = True
            self.fire("reached", ctx.targets[0], R)

    def forward_facing(self, cells: list, budget: int, ctx: Ctx) -> str:
        f = self.fight
        gx, gy = gaps(f["pos"], cells)
        if gx == 0 and gy == 0:
            return f["face"]
        if gx == 0 or gy == 0:
            return facings_toward(f["pos"], cells)[0]
        options = ["e" if gx > 0 else "w", "s" if gy > 0 else "n"]
        g = self.grid()
        cost = self.ruffian_cost_fn()
        result = {}
        for d in options:
            pos = (f["pos"][0], f["pos"][1])
            spent = 0
            while True:
                nxt = step(pos, d)
                if not g.ruffian_fits(nxt):
                    break
                c = g.ruffian_step_cost(pos, nxt, cost)
                if spent + c > budget:
                    break
                spent += c
                pos = nxt
            result[d] = min(dist_to_foot(c, pos) for c in cells)
        best = min(result.values())
        choices = sorted([d for d in options if result[d] == best], key=ORDER.index)
        if len(choices) == 1:
            return choices[0]
        return self.ask(self.decider(ctx.targets[0] if ctx.targets else None), "face", choices)

    def do_retreat(self, st: dict, ctx: Ctx) -> None:
        f = self.fight
        if f is None or f.get("out"):
            return
        dest = self.destination(st["from"], ctx)
        cells = self.dest_cells(dest)
        if not cells:
            return
        budget = self.squares_of(st.get("squares"))
        costs = {p: c for p, c in self.ruffian_cost_map().items() if c <= budget}
        score = {p: min(dist_to_foot(c, p) for c in cells) for p in costs}
        far = max(score.values())
        best = [p for p in costs if score[p] == far]
        least = min(costs[p] for p in best)
        best = sorted(p for p in best if costs[p] == least)
        start = (f["pos"][0], f["pos"][1])
        asker = dest[1] if dest[0] == "char" else None
        if len(best) > 1:
            pick = self.ask(self.decider(asker), "spot", [list(p) for p in best], why="retreat")
            goal = (pick[0], pick[1])
        else:
            goal = best[0]
        if goal != start:
            paths = self.grid().ruffian_paths(start, {goal}, budget, self.ruffian_cost_fn())
            if paths:
                self.follow(self.choose_path(paths, ctx, asker), ctx)
        self.fire("moved", R)
        self.face_cells(cells, asker)

    # --- townsfolk on the move ---------------------------------------------------------------------------
    def walk(self, seat: int, path: list[tuple[int, int]], how: str) -> int:
        """A townsfolk enters each square of `path` in turn; returns the squares entered (a Bear
        Trap or the like can end the movement)."""
        self.stop_move = False
        n = 0
        for sq in path:
            t = self.folk(seat)
            if t["ko"] or t["out"] is not None:
                break
            t["pos"] = [sq[0], sq[1]]
            n += 1
            self.tally(seat, "squares-moved")
            self.emit("step", who=seat, at=[sq[0], sq[1]], how=how)
            self.entered(seat, [sq])
            self.fire("moved", seat)
            self.expire("moved", seat)
            if self.stop_move:
                break
        stopped = self.stop_move
        self.stop_move = False
        if stopped and self.fight.get("turn") and self.fight["turn"].get("who") == seat:
            self.fight["turn"]["stopped"] = True
        return n

    def dash_squares(self, seat: int, n: int) -> list[tuple[int, int]]:
        pos = self.folk(seat)["pos"]
        blocked = set(self.cells_of(R))
        costs = self.grid().folk_costs(pos, blocked, n, None, self.harm_fn())
        return sorted(sq for sq in costs if sq != (pos[0], pos[1]) and self.folk_at(sq) is None)

    def do_dash(self, st: dict, ctx: Ctx) -> None:
        if self.fight is None:
            return
        for who in self.select(st["who"], ctx):
            if who == R or not self.on_board(who):
                continue
            pos = self.folk(who)["pos"]
            opts = [list(pos)] + [list(sq) for sq in self.dash_squares(who, st["squares"])]
            spot = self.ask(who, "dash", opts, always=True)
            if spot == list(pos):
                continue
            path = self.grid().folk_path(pos, spot, set(self.cells_of(R)), st["squares"], None, self.harm_fn())
            if path:
                self.walk(who, path, "dash")

    @staticmethod
    def away_directions(pos: Any, cells: list, toward: bool = False) -> list[str]:
        """The straight directions that lead directly away from (or toward) a group of squares: along
        the column when the square is within their columns, along the row when within their rows,
        otherwise either of the two that lead away (the player chooses)."""
        c0, c1 = min(c[0] for c in cells), max(c[0] for c in cells)
        r0, r1 = min(c[1] for c in cells), max(c[1] for c in cells)
        x, y = pos[0], pos[1]
        horiz = "w" if x < c0 else ("e" if x > c1 else None)
        vert = "n" if y < r0 else ("s" if y > r1 else None)
        if toward:
            flip = {"n": "s", "s": "n", "e": "w", "w": "e", None: None}
            horiz, vert = flip[horiz], flip[vert]
        if c0 <= x <= c1:
            return [vert] if vert else []
        if r0 <= y <= r1:
            return [horiz] if horiz else []
        return sorted([d for d in (horiz, vert) if d], key=ORDER.index)

    def do_push(self, st: dict, ctx: Ctx, pull: bool = False) -> None:
        if self.fight is None:
            return
        frm = st.get("from", "ruffian") if not pull else "ruffian"
        if frm == "ruffian":
            away = self.cells_of(R)
        elif frm == "self":
            away = self.cells_of(ctx.owner)
        else:
            away = self.this_cells(ctx)
        if not away:
            return
        for who in self.select(st["who"], ctx):
            if who == R or not self.on_board(who):
                continue
            if ctx.ruffian_side and self.immune(who, "push"):
                continue
            dirs = self.away_directions(self.folk(who)["pos"], away, toward=pull)
            if not dirs:
                continue
            d = self.ask(who, "direction", dirs) if len(dirs) > 1 else dirs[0]
            bumped = self.shove(who, d, st["squares"], pull)
            self.tally(who, "pushed")
            self.emit("pushed", who=who, at=list(self.folk(who)["pos"]), cause="pull" if pull else "push",
                        by=self.fight["rid"] if ctx.ruffian_side else ctx.owner)
            self.fire("pushed", who, R if ctx.ruffian_side else ctx.owner, cause="push")
            if bumped:
                self.emit("bumped", who=who)
                self.fire("bumped", who)
                if st.get("dmg") is not None:
                    source, by = self.dmg_source(ctx)
                    self.deal(who, self.amount(st["dmg"], ctx), source, by=by)

    def do_pull(self, st: dict, ctx: Ctx) -> None:
        self.do_push(st, ctx, pull=True)

    def shove(self, seat: int, d: str, n: int, pull: bool) -> bool:
        """Move a townsfolk up to n squares in a straight line (passing over townsfolk, never ending on
        one); True when an obstacle, the Ruffian or the edge stopped it early."""
        g = self.grid()
        t = self.folk(seat)
        start = (t["pos"][0], t["pos"][1])
        cur = start
        last_free = start
        bumped = False
        for _ in range(n):
            nxt = step(cur, d)
            if not g.on_board(nxt) or nxt in g.obstacles or in_foot(nxt, self.fight["pos"]):
                bumped = True
                break
            cur = nxt
            if self.folk_at(cur) is None:
                last_free = cur
            if pull and dist_to_foot(cur, self.fight["pos"]) == 1:
                break
        if last_free != start:
            t["pos"] = [last_free[0], last_free[1]]
            self.entered(seat, [last_free])
            self.expire("moved", seat)
        return bumped
